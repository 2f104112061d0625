package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// readmeExample is one command of the README's "From the command line"
// section, the locale it is run in (LANG=ja_JP.UTF-8 before the command),
// what it prints (standard error first, as a terminal shows the
// diagnostics before the verdicts) and its status.
type readmeExample struct {
	lang   string
	args   []string
	output string
	status int
}

// TestREADME runs every command of the README's "From the command line"
// section, in its ```console blocks, from the repository's root, and
// compares with the output and status the README shows.
func TestREADME(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	examples := readmeExamples(t, string(readme))
	if len(examples) < 5 {
		t.Fatalf("found %d commands in the README's section, want every command shown", len(examples))
	}
	t.Chdir(root)
	for _, ex := range examples {
		var stdout, stderr bytes.Buffer
		env := &Env{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr,
			Language: Language(func(name string) string { return map[string]string{"LANG": ex.lang}[name] })}
		got := result{status: Run(env, ex.args), stdout: stdout.String(), stderr: stderr.String()}
		if diff := cmp.Diff(strings.Split(ex.output, "\n"), strings.Split(got.stderr+got.stdout, "\n")); diff != "" {
			t.Errorf("taint-playground %s: the README shows (-) and the command prints (+):\n%s", strings.Join(ex.args, " "), diff)
		}
		if got.status != ex.status {
			t.Errorf("taint-playground %s: status %d, the README says %d", strings.Join(ex.args, " "), got.status, ex.status)
		}
	}
}

// readmeExamples reads the console blocks of the section: "$ taint-playground
// ARGS" (or "$ LANG=LOCALE taint-playground ARGS"), the output, then "$ echo
// $?" and the status.
func readmeExamples(t *testing.T, readme string) []readmeExample {
	_, section, ok := strings.Cut(readme, "\n## From the command line\n")
	if !ok {
		t.Fatal(`the README has no "## From the command line" section`)
	}
	section, _, _ = strings.Cut(section, "\n## ")
	var examples []readmeExample
	for _, block := range strings.Split(section, "```console\n")[1:] {
		block, _, _ = strings.Cut(block, "```")
		lines := strings.Split(strings.TrimSuffix(block, "\n"), "\n")
		for i := 0; i < len(lines); i++ {
			line, ok := strings.CutPrefix(lines[i], "$ ")
			var ex readmeExample
			if lang, rest, set := strings.Cut(line, " "); set && strings.HasPrefix(lang, "LANG=") {
				ex.lang, line = strings.TrimPrefix(lang, "LANG="), rest
			}
			command, program := strings.CutPrefix(line, "taint-playground ")
			if !ok || !program {
				t.Fatalf("a console block line is not a command: %q", lines[i])
			}
			args, err := splitWords(command)
			if err != nil {
				t.Fatal(err)
			}
			ex.args = args
			var output []string
			for i++; i < len(lines) && lines[i] != "$ echo $?"; i++ {
				output = append(output, lines[i])
			}
			if i+1 >= len(lines) {
				t.Fatalf("%s: no status after the output (write $ echo $? and the status)", command)
			}
			i++
			if ex.status, err = strconv.Atoi(lines[i]); err != nil {
				t.Fatalf("%s: the status %q is not a number", command, lines[i])
			}
			ex.output = strings.Join(output, "\n") + "\n"
			examples = append(examples, ex)
		}
	}
	return examples
}

// splitWords splits a command line as a shell does, for the README's
// quoting: words separated by spaces, single quotes around a word.
func splitWords(line string) ([]string, error) {
	var words []string
	for line = strings.TrimSpace(line); line != ""; line = strings.TrimSpace(line) {
		if quoted, ok := strings.CutPrefix(line, "'"); ok {
			word, after, closed := strings.Cut(quoted, "'")
			if !closed {
				return nil, os.ErrInvalid
			}
			words, line = append(words, word), after
			continue
		}
		word, after, _ := strings.Cut(line, " ")
		words, line = append(words, word), after
	}
	return words, nil
}
