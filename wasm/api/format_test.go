package api

import (
	"encoding/json"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFormat(t *testing.T) {
	tests := []struct {
		name    string
		arg     string
		want    FormatResult
		wantErr *Error
	}{
		{
			name: "messy YAML comes back re-indented and changed",
			arg:  `{"text": "kind: Pod\nmetadata:\n      name: web\n"}`,
			want: FormatResult{Text: "kind: Pod\nmetadata:\n  name: web\n", Changed: true},
		},
		{
			name: "formatted YAML comes back unchanged",
			arg:  `{"text": "kind: Pod\nmetadata:\n  name: web\n"}`,
			want: FormatResult{Text: "kind: Pod\nmetadata:\n  name: web\n"},
		},
		{
			name:    "broken YAML names its line and the text field",
			arg:     `{"text": "kind: Pod\nmetadata:\n  name: a\n    labels: b\n"}`,
			wantErr: &Error{Message: "format: line 4: mapping values are not allowed in this context", Line: 4, Field: "text"},
		},
		{
			name:    "an unknown argument is refused",
			arg:     `{"txt": "a: b"}`,
			wantErr: &Error{Message: `format: unknown argument "txt"`, Field: "txt"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var s Session
			value, callErr := call(t, s.export("format"), tc.arg)
			if diff := cmp.Diff(tc.wantErr, callErr); diff != "" {
				t.Fatalf("error (-want +got):\n%s", diff)
			}
			if callErr != nil {
				return
			}
			var got FormatResult
			if err := json.Unmarshal(value, &got); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("format (-want +got):\n%s", diff)
			}
		})
	}
}
