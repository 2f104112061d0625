package api

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// encodedHTML is the answer {html}, encoded as Highlight encodes it.
func encodedHTML(t *testing.T, html string) Encoded {
	t.Helper()
	answer, err := encode(0, func(dst []byte) ([]byte, error) {
		return append(append(append(dst, `{"html":"`...), html...), `"}`...), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return answer
}

func TestRespond(t *testing.T) {
	tests := []struct {
		name  string
		value any
		err   error
		want  string
	}{
		{name: "a value", value: map[string]int{"a": 1}, want: `{"ok":true,"value":{"a":1}}`},
		{name: "an empty value is still there", value: []int{}, want: `{"ok":true,"value":[]}`},
		{name: "an error keeps its line and field", err: &Error{Message: "bad", Line: 3, Field: "spec.taints[0]"},
			want: `{"ok":false,"error":{"message":"bad","line":3,"field":"spec.taints[0]"}}`},
		{name: "a wrapped *Error is found", err: fmt.Errorf("context: %w", &Error{Message: "bad", Field: "pod"}),
			want: `{"ok":false,"error":{"message":"bad","line":0,"field":"pod"}}`},
		{name: "any other error gives its message", err: errors.New("plain"),
			want: `{"ok":false,"error":{"message":"plain","line":0,"field":""}}`},
		{name: "the value is dropped when there is an error", value: 1, err: errors.New("plain"),
			want: `{"ok":false,"error":{"message":"plain","line":0,"field":""}}`},
		{name: "an encoded answer goes out as it is", value: encodedHTML(t, "<b>"), want: `{"ok":true,"value":{"html":"<b>"}}`},
		{name: "an encoded answer is dropped when there is an error", value: encodedHTML(t, "<b>"), err: errors.New("plain"),
			want: `{"ok":false,"error":{"message":"plain","line":0,"field":""}}`},
		{name: "a value JSON cannot encode becomes an error", value: func() {},
			want: `{"ok":false,"error":{"message":"encoding the answer: json: unsupported type: func()","line":0,"field":""}}`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, string(Respond(tc.value, tc.err))); diff != "" {
				t.Errorf("Respond (-want +got):\n%s", diff)
			}
		})
	}
}
