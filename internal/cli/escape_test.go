package cli

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

func TestPrintable(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{name: "plain text is left alone", in: `gpu-1 "quoted" back\slash é`, want: `gpu-1 "quoted" back\slash é`},
		{name: "a carriage return and a colour", in: "x\r\x1b[32mall good", want: `x\r\x1b[32mall good`},
		{name: "a window title (OSC 0)", in: "\x1b]0;pwned\a", want: `\x1b]0;pwned\a`},
		{name: "a newline and a tab", in: "a\nb\tc", want: `a\nb\tc`},
		{name: "C1 controls and DEL", in: "a\u009b2Jb\u0085\x7f", want: `a\u009b2Jb\u0085\x7f`},
		{name: "a bidi override", in: "abc\u202edef", want: `abc\u202edef`},
		{name: "invalid UTF-8", in: "ok\xff\xfe", want: `ok\xff\xfe`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, printable(tc.in)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// hostileCluster names a node, a pod and its namespace, and a taint's key and
// value with terminal escapes: a window title (OSC 0), a link (OSC 8), a
// screen clear, a carriage return that rewrites the line, and a C1 CSI.
const hostileCluster = `apiVersion: v1
kind: Node
metadata:
  name: "n1\e]0;pwned\a"
spec:
  taints:
  - key: "k\e[2J"
    value: "x\r\e[32mall good, pod fits\u009b"
    effect: NoExecute
---
apiVersion: v1
kind: Pod
metadata:
  name: "p\e]8;;http://evil\e\\link\e]8;;\e\\"
  namespace: "ns\r"
spec:
  nodeName: "n1\e]0;pwned\a"
---
apiVersion: v1
kind: Pod
metadata:
  name: pending
  namespace: "ns\r"
`

// hostileNode and hostilePod are the names above as the engine reads them.
const (
	hostileNode = "n1\x1b]0;pwned\a"
	hostilePod  = "ns\r/p\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\"
)

// terminalSafe returns what in s a terminal would act on: a control
// character other than a newline (C0, DEL, C1), or a byte that is not UTF-8.
func terminalSafe(s string) string {
	if !utf8.ValidString(s) {
		return "invalid UTF-8"
	}
	for _, r := range s {
		if (r < 0x20 && r != '\n') || (r >= 0x7f && r <= 0x9f) {
			return "control character " + printable(string(r))
		}
	}
	return ""
}

// TestCommandsEscapeInputText runs every command, in every format a
// terminal reads, on objects whose names, namespace and taint hold terminal
// escapes: what they print holds none, and the escapes show as \x1b.
func TestCommandsEscapeInputText(t *testing.T) {
	writeFiles(t, map[string]string{"cluster.yaml": hostileCluster})
	tests := []struct {
		name string
		args []string
	}{
		{name: "check table", args: []string{"check", "-f", "cluster.yaml"}},
		{name: "check yaml", args: []string{"check", "-f", "cluster.yaml", "-o", "yaml"}},
		{name: "check json", args: []string{"check", "-f", "cluster.yaml", "-o", "json"}},
		{name: "explain table", args: []string{"explain", "-f", "cluster.yaml", hostilePod, hostileNode}},
		{name: "explain json", args: []string{"explain", "-f", "cluster.yaml", "-o", "json", hostilePod, hostileNode}},
		{name: "whatif table", args: []string{"whatif", "-f", "cluster.yaml", "--", "kubectl", "taint", "nodes", hostileNode, "k2=v:NoExecute"}},
		{name: "whatif json", args: []string{"whatif", "-f", "cluster.yaml", "-o", "json", "--", "kubectl", "taint", "nodes", hostileNode, "k2=v:NoExecute"}},
		{name: "simulate table", args: []string{"simulate", "-f", "cluster.yaml", "--until", "10", "--event", "1 kubectl taint nodes '" + hostileNode + "' k2=v:NoExecute"}},
		{name: "explain of an unknown pod", args: []string{"explain", "-f", "cluster.yaml", "x\x1b[2J", hostileNode}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, "", false, tc.args...)
			for stream, text := range map[string]string{"stdout": got.stdout, "stderr": got.stderr} {
				if bad := terminalSafe(text); bad != "" {
					t.Errorf("%s holds %s:\n%s", stream, bad, printable(text))
				}
			}
			if !strings.Contains(got.stdout+got.stderr, `\x1b`) && !strings.Contains(got.stdout+got.stderr, `\u001b`) && !strings.Contains(got.stdout, `\e`) {
				t.Errorf("no escaped ESC in the output:\n%s%s", got.stdout, got.stderr)
			}
			if strings.Contains(strings.Join(tc.args, " "), "json") && !json.Valid([]byte(got.stdout)) {
				t.Errorf("-o json is not JSON:\n%s", got.stdout)
			}
		})
	}
}

// TestFileNamesAreEscaped names files with an escape and with a byte that is
// not UTF-8: the positions of their diagnostics, and the error for one that
// cannot be read, show them escaped.
func TestFileNamesAreEscaped(t *testing.T) {
	bad := "bad\x1b]0;pwned\a.yaml"
	notUTF8 := "bad\xff.yaml"
	writeFiles(t, map[string]string{bad: badNodesYAML, notUTF8: badNodesYAML})
	tests := []struct {
		name, file, want string
	}{
		{name: "an escape in a diagnostic's position", file: bad, want: `bad\x1b]0;pwned\a.yaml:9:`},
		{name: "invalid UTF-8 in a diagnostic's position", file: notUTF8, want: `bad\xff.yaml:9:`},
		{name: "an escape in a file that cannot be read", file: "missing\x1b[2J.yaml", want: `missing\x1b[2J.yaml`},
		{name: "invalid UTF-8 in a file that cannot be read", file: "missing\xfe.yaml", want: `missing\xfe.yaml`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := run(t, "", false, "check", "-f", tc.file)
			if bad := terminalSafe(got.stderr); bad != "" {
				t.Errorf("stderr holds %s:\n%s", bad, printable(got.stderr))
			}
			if !strings.Contains(got.stderr, tc.want) || got.status != ExitInvalid {
				t.Errorf("status %d, stderr does not name %s:\n%s", got.status, tc.want, got.stderr)
			}
		})
	}
}
