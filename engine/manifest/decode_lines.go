package manifest

import (
	"fmt"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/kubectl"
	"github.com/taint-playground/taint-playground/engine/yamltext"
)

// lineSteps reads a document of kubectl taint commands and bare taints, one
// per line; a line ending in a backslash continues on the next, blank lines
// and # comments are skipped, and a "$ " prompt before kubectl is allowed.
// Sources point at the editor's lines.
func (d *decoder) lineSteps(doc yamltext.Part) []nodeStep {
	var steps []nodeStep
	commands := 0
	lines := strings.Split(doc.Text, "\n")
	for i := 0; i < len(lines); i++ {
		first := i
		command := lines[i]
		for strings.HasSuffix(lines[i], "\\") && i+1 < len(lines) {
			i++
			command += "\n" + lines[i]
		}
		line := doc.FirstLine + first
		trimmed := strings.TrimSpace(command)
		at := core.Source{Line: line, Column: 1 + len(command) - len(strings.TrimLeft(command, " \t"))}
		switch {
		case trimmed == "" || strings.HasPrefix(trimmed, "#") || (first == 0 && trimmed == "---"):
		case isKubectlLine(trimmed):
			if commands == maxCommands {
				d.report(core.SeverityError, core.CodeLimit, at, fmt.Sprintf("more than %d kubectl commands; the rest are not read", maxCommands))
				return steps
			}
			commands++
			if cmd := d.kubectlLine(command, at); cmd != nil {
				steps = append(steps, nodeStep{command: cmd})
			}
		case isBareTaintLine(trimmed):
			steps = append(steps, d.bareTaints(command, line)...)
		default:
			d.report(core.SeverityError, core.CodeDecode, at, "expected a kubectl taint command or a taint such as key=value:NoSchedule")
		}
	}
	return steps
}

// kubectlLine parses one command that starts at the editor's position at.
func (d *decoder) kubectlLine(command string, at core.Source) *kubectl.TaintCommand {
	line := at.Line
	if prompt := strings.Index(command, "$ "); prompt >= 0 && strings.TrimSpace(command[:prompt]) == "" {
		command = command[:prompt] + " " + command[prompt+1:]
	}
	cmd, err := kubectl.ParseTaintCommand(command)
	if err != nil {
		d.report(core.SeverityError, core.CodeKubectl, at, err.Error())
		return nil
	}
	cmd.Source = d.shift(cmd.Source, line)
	for _, taints := range [][]core.Taint{cmd.Add, cmd.Remove} {
		for i := range taints {
			taints[i].Source = d.shift(taints[i].Source, line)
			setSpecFields(&taints[i])
		}
	}
	return cmd
}

// shift moves a Source that counts lines from 1 at the command to the
// editor's lines.
func (d *decoder) shift(src core.Source, line int) core.Source {
	src.Editor = d.editor
	src.Line += line - 1
	return src
}

// setSpecFields gives each part written in a taint spec the spec's line
// and column: a spec may be quoted, so where in it a part starts is not known.
func setSpecFields(t *core.Taint) {
	t.Source.Fields = map[string]int{"key": t.Source.Line}
	t.Source.Columns = map[string]int{"key": t.Source.Column}
	for part, written := range map[string]bool{"value": t.Value != "", "effect": t.Effect != ""} {
		if written {
			t.Source.Fields[part], t.Source.Columns[part] = t.Source.Line, t.Source.Column
		}
	}
}

// bareTaints reads a line of taint specs, each an addition as kubectl parses it.
func (d *decoder) bareTaints(text string, line int) []nodeStep {
	words, err := kubectl.SplitShellWords(text)
	if err != nil {
		d.report(core.SeverityError, core.CodeKubectl, core.Source{Line: line}, err.Error())
		return nil
	}
	var steps []nodeStep
	for _, word := range words {
		src := d.shift(core.Source{Line: word.Line, Column: word.Column}, line)
		add, _, err := kubectl.ParseTaintSpecs([]string{word.Text})
		switch {
		case err != nil:
			d.report(core.SeverityError, core.CodeKubectl, src, err.Error())
		case len(add) == 0:
			d.report(core.SeverityError, core.CodeKubectl, src, fmt.Sprintf("%s removes a taint; a bare line can only add one (use kubectl taint nodes NAME %s)", word.Text, word.Text))
		default:
			taint := add[0]
			taint.Source = src
			setSpecFields(&taint)
			steps = append(steps, nodeStep{bare: &taint})
		}
	}
	return steps
}
