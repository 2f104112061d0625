package core_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/internal/upstream"
)

// The cases of TestTaintToString and TestMatchTaint in k8s.io/api v0.37.2
// core/v1/taint_test.go (Apache-2.0). TestTaintToString's cases are unnamed
// upstream; they are named here by the string they expect.

func TestTaintString(t *testing.T) {
	testCases := []struct {
		name  string
		taint core.Taint
		want  string
	}{
		{name: "foo=bar:NoSchedule", taint: core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoSchedule}, want: "foo=bar:NoSchedule"},
		{name: "foo:NoSchedule", taint: core.Taint{Key: "foo", Effect: core.TaintEffectNoSchedule}, want: "foo:NoSchedule"},
		{name: "foo", taint: core.Taint{Key: "foo"}, want: "foo"},
		{name: "foo=bar:", taint: core.Taint{Key: "foo", Value: "bar"}, want: "foo=bar:"},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.taint.String()); diff != "" {
				t.Errorf("String() (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMatchTaint(t *testing.T) {
	testCases := []struct {
		name         string
		taint        core.Taint
		taintToMatch core.Taint
		want         bool
	}{
		{
			name:         "two taints with the same key,value,effect should match",
			taint:        core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoSchedule},
			taintToMatch: core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoSchedule},
			want:         true,
		},
		{
			name:         "two taints with the same key,effect but different value should match",
			taint:        core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoSchedule},
			taintToMatch: core.Taint{Key: "foo", Value: "different-value", Effect: core.TaintEffectNoSchedule},
			want:         true,
		},
		{
			name:         "two taints with the different key cannot match",
			taint:        core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoSchedule},
			taintToMatch: core.Taint{Key: "different-key", Value: "bar", Effect: core.TaintEffectNoSchedule},
			want:         false,
		},
		{
			name:         "two taints with the different effect cannot match",
			taint:        core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoSchedule},
			taintToMatch: core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectPreferNoSchedule},
			want:         false,
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.taint.MatchTaint(&tc.taintToMatch)); diff != "" {
				t.Errorf("MatchTaint (-want +got):\n%s", diff)
			}
		})
	}
}

func TestTaintStringMatchesUpstream(t *testing.T) {
	for _, taint := range upstream.GridTaints() {
		upstream := upstream.ToV1Taint(&taint)
		if diff := cmp.Diff(upstream.ToString(), taint.String()); diff != "" {
			t.Errorf("String() of %+v (-upstream +ours):\n%s", taint, diff)
		}
	}
}
