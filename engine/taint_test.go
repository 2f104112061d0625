package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The cases of TestTaintToString and TestMatchTaint in k8s.io/api v0.37.2
// core/v1/taint_test.go (Apache-2.0). TestTaintToString's cases are unnamed
// upstream; they are named here by the string they expect.

func TestTaintString(t *testing.T) {
	testCases := []struct {
		name  string
		taint Taint
		want  string
	}{
		{name: "foo=bar:NoSchedule", taint: Taint{Key: "foo", Value: "bar", Effect: TaintEffectNoSchedule}, want: "foo=bar:NoSchedule"},
		{name: "foo:NoSchedule", taint: Taint{Key: "foo", Effect: TaintEffectNoSchedule}, want: "foo:NoSchedule"},
		{name: "foo", taint: Taint{Key: "foo"}, want: "foo"},
		{name: "foo=bar:", taint: Taint{Key: "foo", Value: "bar"}, want: "foo=bar:"},
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
		taint        Taint
		taintToMatch Taint
		want         bool
	}{
		{
			name:         "two taints with the same key,value,effect should match",
			taint:        Taint{Key: "foo", Value: "bar", Effect: TaintEffectNoSchedule},
			taintToMatch: Taint{Key: "foo", Value: "bar", Effect: TaintEffectNoSchedule},
			want:         true,
		},
		{
			name:         "two taints with the same key,effect but different value should match",
			taint:        Taint{Key: "foo", Value: "bar", Effect: TaintEffectNoSchedule},
			taintToMatch: Taint{Key: "foo", Value: "different-value", Effect: TaintEffectNoSchedule},
			want:         true,
		},
		{
			name:         "two taints with the different key cannot match",
			taint:        Taint{Key: "foo", Value: "bar", Effect: TaintEffectNoSchedule},
			taintToMatch: Taint{Key: "different-key", Value: "bar", Effect: TaintEffectNoSchedule},
			want:         false,
		},
		{
			name:         "two taints with the different effect cannot match",
			taint:        Taint{Key: "foo", Value: "bar", Effect: TaintEffectNoSchedule},
			taintToMatch: Taint{Key: "foo", Value: "bar", Effect: TaintEffectPreferNoSchedule},
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
	for _, taint := range gridTaints() {
		upstream := toV1Taint(&taint)
		if diff := cmp.Diff(upstream.ToString(), taint.String()); diff != "" {
			t.Errorf("String() of %+v (-upstream +ours):\n%s", taint, diff)
		}
	}
}
