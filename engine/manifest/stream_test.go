package manifest

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TestDecodeStreamItemByItem reads a List in JSON and in YAML: every item
// is decoded on its own (Items), progress is told of each, and the objects
// come in stream order.
func TestDecodeStreamItemByItem(t *testing.T) {
	tests := []struct{ name, text string }{
		{name: "json", text: `{"apiVersion": "v1", "items": [
  {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n1"}},
  {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p1"}},
  {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "p2"}}
], "kind": "List"}`},
		{name: "yaml", text: "apiVersion: v1\nitems:\n- apiVersion: v1\n  kind: Node\n  metadata:\n    name: n1\n" +
			"- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: p1\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: p2\nkind: List\n"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var told []int
			s, err := DecodeStream(strings.NewReader(tc.text), core.NewProblemCap(), StreamLimits{Nodes: 10, Pods: 10},
				func(bytes int64, objects int) { told = append(told, objects) })
			if err != nil {
				t.Fatal(err)
			}
			if s.Items != 3 || len(told) != 3 || told[2] != 3 {
				t.Errorf("%d items, progress told %v; want 3 items, told after each", s.Items, told)
			}
			if len(s.Nodes) != 1 || len(s.Pods) != 2 || s.Pods[0].Name != "p1" || s.Pods[1].Name != "p2" {
				t.Errorf("nodes %v, pods %v", s.Nodes, s.Pods)
			}
			if s.Bytes != int64(len(tc.text)) {
				t.Errorf("read %d bytes, want %d", s.Bytes, len(tc.text))
			}
		})
	}
}

// TestDecodeStreamLimits keeps at most limits.Pods pods, with a limit error
// for the next, and stops at an item over MaxInputBytes.
func TestDecodeStreamLimits(t *testing.T) {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nitems:\n")
	for range 3 {
		b.WriteString("- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: p\n")
	}
	b.WriteString("kind: List\n")
	s, err := DecodeStream(strings.NewReader(b.String()), core.NewProblemCap(), StreamLimits{Nodes: 1, Pods: 2}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Pods) != 2 || len(s.Diagnostics) != 1 || s.Diagnostics[0].Code != core.CodeLimit || s.Diagnostics[0].Source.Line != 11 {
		t.Errorf("pods %d, diagnostics %+v; want 2 pods and a limit error on line 11", len(s.Pods), s.Diagnostics)
	}
	for name, huge := range map[string]string{
		"json": `{"items": [{"kind": "Pod", "metadata": {"name": "` + strings.Repeat("x", MaxInputBytes) + `"}}]}`,
		"yaml": "items:\n- kind: Pod\n" + strings.Repeat("  # a comment line\n", MaxInputBytes/19+1),
	} {
		if _, err := DecodeStream(strings.NewReader(huge), core.NewProblemCap(), StreamLimits{Nodes: 1, Pods: 1}, nil); !errors.Is(err, ErrPartTooLarge) {
			t.Errorf("%s: an item over MaxInputBytes: %v, want ErrPartTooLarge", name, err)
		}
	}
}

// TestDecodeStreamDeviceLimit keeps at most limits.DeviceObjects
// resource.k8s.io objects of each editor, with a limit error for the next
// one, however many one text's decoder (maxObjects) would take; without
// it, maxObjects applies.
func TestDecodeStreamDeviceLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("apiVersion: v1\nitems:\n")
	for i := range 3 {
		fmt.Fprintf(&b, "- apiVersion: resource.k8s.io/v1\n  kind: ResourceClaim\n  metadata: {name: c%d, namespace: ml}\n  spec: {}\n", i)
	}
	b.WriteString("kind: List\n")
	for _, tc := range []struct {
		name   string
		limit  int
		claims int
	}{
		{"the stream's limit", 2, 2},
		{"maxObjects without one", 0, 3},
	} {
		s, err := DecodeStream(strings.NewReader(b.String()), core.NewProblemCap(), StreamLimits{Nodes: 1, Pods: 1, DeviceObjects: tc.limit}, nil)
		if err != nil {
			t.Fatal(err)
		}
		limited := len(s.Diagnostics) == 1 && s.Diagnostics[0].Code == core.CodeLimit && s.Diagnostics[0].Source.Line == 11
		if len(s.Claims.Claims) != tc.claims || limited != (tc.claims < 3) {
			t.Errorf("%s: %d claims, diagnostics %+v; want %d claims, a limit error on line 11 for the third when cut", tc.name, len(s.Claims.Claims), s.Diagnostics, tc.claims)
		}
	}
}
