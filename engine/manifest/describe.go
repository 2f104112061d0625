package manifest

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/kubectl"
	"github.com/taint-playground/taint-playground/engine/yamltext"
)

// describeSteps reads `kubectl describe node` output. kubectl prints each
// field as "Key:" at the start of a line, its value after blanks and, for
// multi-line fields, on the following indented lines:
//
//   - Name: starts a node.
//   - Labels: one key=value per line, or <none>.
//   - Taints: one taint per line as Taint.String prints it, or <none>;
//     kubectl sorts them by effect, then key.
//   - Unschedulable: true or false.
//   - Conditions: a table whose first two columns are Type and Status, after
//     a header line and a line of dashes.
//
// Other fields are skipped. A block that starts without a Name line belongs
// to node1.
func (d *decoder) describeSteps(doc yamltext.Part) []nodeStep {
	var nodes []*core.Node
	var section string
	current := func(line int) *core.Node {
		if len(nodes) == 0 {
			node := nodeNamedAt(implicitNodeName, core.Source{Line: line, Column: 1})
			nodes = append(nodes, &node)
		}
		return nodes[len(nodes)-1]
	}
	for i, text := range strings.Split(doc.Text, "\n") {
		line := doc.FirstLine + i
		value := text
		if key, rest, ok := describeField(text); ok {
			section, value = key, rest
			if key == "Name" {
				node := nodeNamedAt(strings.TrimSpace(rest), core.Source{Line: line, Column: 1})
				nodes = append(nodes, &node)
				continue
			}
		} else if strings.TrimSpace(text) == "" || !startsWithBlank(text) {
			section = ""
			continue
		}
		trimmed := strings.TrimSpace(value)
		if trimmed == "" || trimmed == "<none>" {
			continue
		}
		column := 1 + utf8.RuneCountInString(text[:len(text)-len(strings.TrimLeft(value, " \t"))])
		d.describeValue(current(line), section, trimmed, core.Source{Editor: d.editor, Line: line, Column: column})
	}
	steps := make([]nodeStep, len(nodes))
	for i, node := range nodes {
		steps[i] = nodeStep{node: node}
	}
	return steps
}

// describeField splits a "Key:  value" line that starts a field.
func describeField(text string) (key, value string, ok bool) {
	key, value, ok = strings.Cut(text, ":")
	if !ok || key == "" || startsWithBlank(text) || strings.ContainsAny(key, "\t") {
		return "", "", false
	}
	if value != "" && !startsWithBlank(value) {
		return "", "", false
	}
	return key, value, true
}

// isDescribeKey reports whether a line starts the named describe field.
func isDescribeKey(line, key string) bool {
	k, _, ok := describeField(line)
	return ok && k == key
}

func startsWithBlank(s string) bool {
	return s != "" && (s[0] == ' ' || s[0] == '\t')
}

// describeValue reads one line of a field's value, written at src, into
// the node.
func (d *decoder) describeValue(node *core.Node, section, trimmed string, src core.Source) {
	switch section {
	case "Labels":
		key, labelValue, _ := strings.Cut(trimmed, "=")
		if node.Labels == nil {
			node.Labels = make(map[string]string)
		}
		node.Labels[key] = labelValue
	case "Taints":
		taint, err := kubectl.ParseTaintSpec(trimmed)
		if err == nil && taint.Effect == "" {
			err = fmt.Errorf("invalid taint spec: %v", trimmed)
		}
		if err != nil {
			d.report(core.SeverityError, core.CodeDecode, src, err.Error())
			return
		}
		taint.Source = src
		taint.Source.Field = fmt.Sprintf("spec.taints[%d]", len(node.Taints))
		setSpecFields(&taint)
		node.Taints = append(node.Taints, taint)
	case "Unschedulable":
		unschedulable, err := strconv.ParseBool(trimmed)
		if err != nil {
			src.Field = "spec.unschedulable"
			d.report(core.SeverityError, core.CodeDecode, src, fmt.Sprintf("expected true or false, got %q", trimmed))
			return
		}
		node.Unschedulable = unschedulable
		node.Source.Fields["unschedulable"] = src.Line
	case "Conditions":
		columns := strings.Fields(trimmed)
		if len(columns) < 2 || columns[0] == "Type" || strings.HasPrefix(columns[0], "---") {
			return
		}
		src.Field = fmt.Sprintf("status.conditions[%d]", len(node.Conditions))
		src.Fields = map[string]int{"type": src.Line, "status": src.Line}
		node.Conditions = append(node.Conditions, core.NodeCondition{Type: columns[0], Status: columns[1], Source: src})
	}
}
