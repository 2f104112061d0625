package main

import (
	"testing"
	"time"
)

func TestErrorLine(t *testing.T) {
	tests := []struct{ name, stderr, want string }{
		{name: "the error line, not the usage hint after it",
			stderr: "warning: x\nerror: cluster.json: the input is too large\nSee 'taint-playground check --help'.\n",
			want:   "error: cluster.json: the input is too large"},
		{name: "the last line without an error line", stderr: "a\nb\n", want: "b"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := errorLine(tc.stderr); got != tc.want {
				t.Errorf("errorLine = %q, want %q", got, tc.want)
			}
		})
	}
}

func TestNoRatioWithoutAnAnswer(t *testing.T) {
	upstream := result{cpu: time.Second, maxRSS: 100, status: 0}
	if got := (result{cpu: 2 * time.Second, maxRSS: 400, status: 1}).ratio(upstream); got != "; ×2.0 upstream's CPU, ×4.0 its memory" {
		t.Errorf("ratio = %q", got)
	}
	if got := (result{cpu: time.Millisecond, maxRSS: 10, status: 2}).ratio(upstream); got != "" {
		t.Errorf("a refused run has ratio %q, want none", got)
	}
}

func TestAgainstAnotherForm(t *testing.T) {
	json := result{wall: 10 * time.Second, cpu: 20 * time.Second, status: 1}
	if got := (result{wall: 25 * time.Second, cpu: 30 * time.Second, status: 1}).against(json, "json"); got != "; ×2.5 the json form's wall time, ×1.5 its CPU" {
		t.Errorf("against = %q", got)
	}
	if got := (result{wall: time.Second, cpu: time.Second, status: 1}).against(result{status: 2, cpu: time.Second}, "json"); got != "" {
		t.Errorf("against a refused run = %q, want none", got)
	}
}
