package manifest

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestPastedTerminalOutput pastes real kubectl output as it comes out of a
// terminal, after the prompt and command that printed it: the objects read
// must be those of the output alone (with an empty line, or a separator,
// where an ignored line was, so that lines agree), with one warning per
// ignored line.
func TestPastedTerminalOutput(t *testing.T) {
	nodesYAML := readFixture(t, "decode_nodes_get.yaml")
	nodesJSON := readFixture(t, "decode_nodes_get.json")
	describe := readFixture(t, "decode_nodes_describe.txt")
	podsYAML := readFixture(t, "decode_pods_get.yaml")
	tests := []struct {
		name string
		// pods decodes with DecodePods, and compares with the pods of output.
		pods   bool
		text   string
		output string
		want   []string
	}{
		{
			name:   "$ kubectl get nodes -o yaml",
			text:   "$ kubectl get nodes -o yaml\n" + nodesYAML,
			output: "\n" + nodesYAML,
			want:   []string{`warning paste line 1: ignored the shell prompt and command "$ kubectl get nodes -o yaml" (at 1:1)`},
		},
		{
			name:   "user@host:~$ kubectl describe nodes",
			text:   "user@host:~$ kubectl describe nodes\n" + describe,
			output: "\n" + describe,
			want:   []string{`warning paste line 1: ignored the shell prompt and command "user@host:~$ kubectl describe nodes" (at 1:1)`},
		},
		{
			name:   "a root prompt, and the next prompt after the output",
			text:   "root@cp-1:/# kubectl get nodes -o json\n" + nodesJSON + "root@cp-1:/# \n",
			output: "\n" + nodesJSON,
			want: []string{
				`warning paste line 1: ignored the shell prompt and command "root@cp-1:/# kubectl get nodes -o json" (at 1:1)`,
				fmt.Sprintf(`warning paste line %d: ignored the shell prompt "root@cp-1:/#" (at %d:1)`, 2+countLines(nodesJSON), 2+countLines(nodesJSON)),
			},
		},
		{
			name:   "PowerShell",
			text:   "PS C:\\Users\\me> kubectl get pods -o yaml\n" + podsYAML,
			pods:   true,
			output: "\n" + podsYAML,
			want:   []string{`warning paste line 1: ignored the shell prompt and command "PS C:\\Users\\me> kubectl get pods -o yaml" (at 1:1)`},
		},
		{
			name:   "a bracketed prompt and zsh's %",
			text:   "[me@bastion ~]$ kubectl get pods -o yaml\n" + podsYAML + "% \n",
			pods:   true,
			output: "\n" + podsYAML,
			want: []string{
				`warning paste line 1: ignored the shell prompt and command "[me@bastion ~]$ kubectl get pods -o yaml" (at 1:1)`,
				fmt.Sprintf(`warning paste line %d: ignored the shell prompt "%%" (at %d:1)`, 2+countLines(podsYAML), 2+countLines(podsYAML)),
			},
		},
		{
			name:   "two commands and their outputs: each output is read on its own",
			text:   "$ kubectl get node a -o yaml\nkind: Node\nmetadata: {name: a}\n$ kubectl get node b -o yaml\nkind: Node\nmetadata: {name: b}\n",
			output: "\nkind: Node\nmetadata: {name: a}\n---\nkind: Node\nmetadata: {name: b}\n",
			want: []string{
				`warning paste line 1: ignored the shell prompt and command "$ kubectl get node a -o yaml" (at 1:1)`,
				`warning paste line 4: ignored the shell prompt and command "$ kubectl get node b -o yaml" (at 4:1)`,
			},
		},
		{
			name:   "a prompt before kubectl taint keeps the command, in its place",
			text:   "kind: Node\nmetadata: {name: n1}\n---\nuser@host:~$ kubectl taint nodes n1 k=v:NoSchedule\n",
			output: "kind: Node\nmetadata: {name: n1}\n---\n             kubectl taint nodes n1 k=v:NoSchedule\n",
		},
		{
			name:   "a byte order mark before describe output",
			text:   "\uFEFF" + describe,
			output: describe,
			want:   []string{`warning paste line 1: ignored the byte order mark (U+FEFF) at the start of the text (at 1:1)`},
		},
		{
			name:   "a byte order mark before a kubectl line",
			text:   "\uFEFFkubectl taint nodes node1 key1=value1:NoSchedule\n",
			output: "kubectl taint nodes node1 key1=value1:NoSchedule\n",
			want:   []string{`warning paste line 1: ignored the byte order mark (U+FEFF) at the start of the text (at 1:1)`},
		},
		{
			name:   "a byte order mark before compact JSON",
			text:   "\uFEFF" + `{"kind":"Pod","metadata":{"name":"p"},"spec":{"tolerations":[{"operator":"Exists"}]}}`,
			pods:   true,
			output: `{"kind":"Pod","metadata":{"name":"p"},"spec":{"tolerations":[{"operator":"Exists"}]}}`,
			want:   []string{`warning paste line 1: ignored the byte order mark (U+FEFF) at the start of the text (at 1:1)`},
		},
		{
			name:   "# kubectl is a comment, and an indented prompt is part of a value",
			text:   "# kubectl get pods -o yaml\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    args:\n    - |\n      $ kubectl get pods\n",
			pods:   true,
			output: "# kubectl get pods -o yaml\nkind: Pod\nmetadata: {name: p}\nspec:\n  containers:\n  - name: c\n    args:\n    - |\n      $ kubectl get pods\n",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var got, want any
			var diags, wantDiags []core.Diagnostic
			if tc.pods {
				got, diags = DecodePods(tc.text)
				want, wantDiags = DecodePods(tc.output)
			} else {
				got, diags = DecodeNodes(tc.text)
				want, wantDiags = DecodeNodes(tc.output)
			}
			if len(wantDiags) > 0 {
				t.Fatalf("the output alone gives diagnostics: %v", wantDiags)
			}
			if diff := cmp.Diff(want, got, cmpopts.EquateEmpty()); diff != "" {
				t.Errorf("objects (-output alone +pasted):\n%s", diff)
			}
			var gotDiags []string
			for _, d := range diags {
				gotDiags = append(gotDiags, fmt.Sprintf("%s %s %s (at %d:%d)", d.Severity, d.Code, d.Message, d.Source.Line, d.Source.Column))
			}
			if diff := cmp.Diff(tc.want, gotDiags); diff != "" {
				t.Errorf("diagnostics (-want +got):\n%s", diff)
			}
		})
	}
}

// countLines is the number of lines of a text that ends in a newline.
func countLines(text string) int {
	n := 0
	for _, c := range text {
		if c == '\n' {
			n++
		}
	}
	return n
}

func TestShellPrompt(t *testing.T) {
	tests := []struct {
		line            string
		prompt, command string
		ok              bool
	}{
		{line: "$ kubectl get nodes", prompt: "$", command: "kubectl get nodes", ok: true},
		{line: "user@host:~/k8s$ kubectl describe nodes", prompt: "user@host:~/k8s$", command: "kubectl describe nodes", ok: true},
		{line: "root@host:/# ", prompt: "root@host:/#", ok: true},
		{line: "[ec2-user@ip-10-0-0-1 ~]$ kubectl get po -o json", prompt: "[ec2-user@ip-10-0-0-1 ~]$", command: "kubectl get po -o json", ok: true},
		{line: "% kubectl get nodes", prompt: "%", command: "kubectl get nodes", ok: true},
		{line: `PS C:\> kubectl get nodes`, prompt: `PS C:\>`, command: "kubectl get nodes", ok: true},
		{line: `C:\Users\me> kubectl get nodes`, prompt: `C:\Users\me>`, command: "kubectl get nodes", ok: true},
		{line: "# kubectl get nodes"},
		{line: "#comment"},
		{line: "apiVersion: v1"},
		{line: "Taints:             k=v:NoSchedule"},
		{line: "key1=value1:NoSchedule"},
		{line: "kubectl taint nodes n k-"},
		{line: "$HOME: x"},
		{line: "host$ kubectl get nodes"},
		{line: `C:\Program Files> kubectl get nodes`, prompt: `C:\Program Files>`, command: "kubectl get nodes", ok: true},
		{line: "[me@host my dir]# kubectl get nodes", prompt: "[me@host my dir]#", command: "kubectl get nodes", ok: true},
		{line: "me@host:~%", prompt: "me@host:~%", ok: true},
	}
	for _, tc := range tests {
		prompt, command, ok := shellPrompt(tc.line)
		if prompt != tc.prompt || command != tc.command || ok != tc.ok {
			t.Errorf("shellPrompt(%q) = %q, %q, %v; want %q, %q, %v", tc.line, prompt, command, ok, tc.prompt, tc.command, tc.ok)
		}
		if ok && !mayBePrompt(tc.line) {
			t.Errorf("mayBePrompt(%q) is false, so stripPaste would not see the prompt", tc.line)
		}
	}
}
