package core_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/internal/upstream"
	"github.com/taint-playground/taint-playground/engine/scheduler"
)

// The cases of TestTolerationToleratesTaint in k8s.io/api v0.37.2
// core/v1/toleration_test.go (Apache-2.0), names verbatim.
func TestTolerationToleratesTaint(t *testing.T) {
	const sla = "node.kubernetes.io/sla"
	testCases := []struct {
		name       string
		toleration core.Toleration
		taint      core.Taint
		gate       bool
		want       bool
	}{
		{
			name:       "toleration and taint have the same key and effect, and operator is Exists, and taint has no value, expect tolerated",
			toleration: core.Toleration{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: "foo", Effect: core.TaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same key and effect, and operator is Exists, and taint has some value, expect tolerated",
			toleration: core.Toleration{Key: "foo", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same effect, toleration has empty key and operator is Exists, means match all taints, expect tolerated",
			toleration: core.Toleration{Key: "", Operator: core.TolerationOpExists, Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same key, effect and value, and operator is Equal, expect tolerated",
			toleration: core.Toleration{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same key and effect, but different values, and operator is Equal, expect not tolerated",
			toleration: core.Toleration{Key: "foo", Operator: core.TolerationOpEqual, Value: "value1", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: "foo", Value: "value2", Effect: core.TaintEffectNoSchedule},
			want:       false,
		},
		{
			name:       "toleration and taint have the same key and value, but different effects, and operator is Equal, expect not tolerated",
			toleration: core.Toleration{Key: "foo", Operator: core.TolerationOpEqual, Value: "bar", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: "foo", Value: "bar", Effect: core.TaintEffectNoExecute},
			want:       false,
		},
		{
			name:       "toleration with Gt operator - taint value less than toleration value, expect not tolerated",
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpGt, Value: "950", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: sla, Value: "800", Effect: core.TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		{
			name:       "toleration with Gt operator - taint value greater than toleration value, expect tolerated",
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpGt, Value: "750", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: sla, Value: "950", Effect: core.TaintEffectNoSchedule},
			gate:       true,
			want:       true,
		},
		{
			name:       "toleration with Lt operator - taint value greater than toleration value, expect not tolerated",
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpLt, Value: "800", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: sla, Value: "950", Effect: core.TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		{
			name:       "toleration with Lt operator - taint value less than toleration value, expect tolerated",
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpLt, Value: "950", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: sla, Value: "800", Effect: core.TaintEffectNoSchedule},
			gate:       true,
			want:       true,
		},
		{
			name:       "toleration with Gt operator and taint with equal numeric value, expect not tolerated",
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpGt, Value: "950", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: sla, Value: "950", Effect: core.TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		{
			name:       "toleration with Gt operator and taint with non-numeric value, expect not tolerated",
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpGt, Value: "950", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: sla, Value: "high", Effect: core.TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		{
			name:       "toleration with Gt operator and negative numeric values - taint value less than threshold, expect not tolerated",
			toleration: core.Toleration{Key: "test-key", Operator: core.TolerationOpGt, Value: "-100", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: "test-key", Value: "-200", Effect: core.TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		{
			name:       "toleration with Gt operator and large int64 values - taint value less than threshold, expect not tolerated",
			toleration: core.Toleration{Key: "test-key", Operator: core.TolerationOpGt, Value: "9223372036854775806", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: "test-key", Value: "100", Effect: core.TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		// Our case: the gate off turns a matching Gt into no match.
		{
			name:       "toleration with Gt operator - taint value greater, gate off, expect not tolerated",
			toleration: core.Toleration{Key: sla, Operator: core.TolerationOpGt, Value: "750", Effect: core.TaintEffectNoSchedule},
			taint:      core.Taint{Key: sla, Value: "950", Effect: core.TaintEffectNoSchedule},
			want:       false,
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, tc.toleration.ToleratesTaint(&tc.taint, tc.gate)); diff != "" {
				t.Errorf("ToleratesTaint (-want +got):\n%s", diff)
			}
		})
	}
}

// The cases of TestCompareNumericValues in k8s.io/api v0.37.2
// core/v1/toleration_test.go (Apache-2.0), names verbatim, run through
// ToleratesTaint with the gate on and matching key and effect. Its two cases
// that pass Equal and Exists to the unexported compareNumericValues are left
// out: ToleratesTaint never sends those operators there.
func TestToleratesTaintComparesNumbers(t *testing.T) {
	testCases := []struct {
		name          string
		tolerationVal string
		taintVal      string
		operator      core.TolerationOperator
		want          bool
	}{
		{"Gt operator - taint value greater than toleration value, expect true", "100", "200", core.TolerationOpGt, true},
		{"Gt operator - taint value less than toleration value, expect false", "200", "100", core.TolerationOpGt, false},
		{"Gt operator - taint value equal to toleration value, expect false", "100", "100", core.TolerationOpGt, false},
		{"Gt operator - negative numbers, taint greater, expect true", "-100", "-50", core.TolerationOpGt, true},
		{"Gt operator - negative numbers, taint less, expect false", "-50", "-100", core.TolerationOpGt, false},
		{"Gt operator - zero and positive, expect true", "0", "1", core.TolerationOpGt, true},
		{"Gt operator - large int64 values, taint greater, expect true", "9223372036854775806", "9223372036854775807", core.TolerationOpGt, true},
		{"Lt operator - taint value less than toleration value, expect true", "200", "100", core.TolerationOpLt, true},
		{"Lt operator - taint value greater than toleration value, expect false", "100", "200", core.TolerationOpLt, false},
		{"Lt operator - taint value equal to toleration value, expect false", "100", "100", core.TolerationOpLt, false},
		{"Lt operator - negative numbers, taint less, expect true", "-50", "-100", core.TolerationOpLt, true},
		{"Lt operator - negative numbers, taint greater, expect false", "-100", "-50", core.TolerationOpLt, false},
		{"Lt operator - zero and negative, expect true", "0", "-1", core.TolerationOpLt, true},
		{"Gt operator - invalid toleration value (non-numeric), expect false", "abc", "100", core.TolerationOpGt, false},
		{"Gt operator - invalid toleration value (empty string), expect false", "", "100", core.TolerationOpGt, false},
		{"Gt operator - invalid toleration value (leading zero), expect false", "0100", "200", core.TolerationOpGt, false},
		{"Gt operator - invalid toleration value (plus sign), expect false", "+100", "200", core.TolerationOpGt, false},
		{"Gt operator - invalid toleration value (floating point), expect false", "100.5", "200", core.TolerationOpGt, false},
		{"Gt operator - invalid toleration value (just minus sign), expect false", "-", "100", core.TolerationOpGt, false},
		{"Gt operator - invalid taint value (non-numeric), expect false", "100", "xyz", core.TolerationOpGt, false},
		{"Gt operator - invalid taint value (empty string), expect false", "100", "", core.TolerationOpGt, false},
		{"Gt operator - invalid taint value (leading zero), expect false", "100", "0200", core.TolerationOpGt, false},
		{"Lt operator - invalid taint value (plus sign), expect false", "100", "+200", core.TolerationOpLt, false},
		{"Lt operator - invalid taint value (spaces), expect false", "100", " 200 ", core.TolerationOpLt, false},
		{"Gt operator - both zero, expect false", "0", "0", core.TolerationOpGt, false},
		{"Lt operator - both zero, expect false", "0", "0", core.TolerationOpLt, false},
		{"Gt operator - max int64 as taint, expect true", "0", "9223372036854775807", core.TolerationOpGt, true},
		{"Lt operator - min int64 as taint, expect true", "0", "-9223372036854775808", core.TolerationOpLt, true},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			toleration := core.Toleration{Key: "k", Operator: tc.operator, Value: tc.tolerationVal, Effect: core.TaintEffectNoSchedule}
			taint := core.Taint{Key: "k", Value: tc.taintVal, Effect: core.TaintEffectNoSchedule}
			if diff := cmp.Diff(tc.want, toleration.ToleratesTaint(&taint, true)); diff != "" {
				t.Errorf("ToleratesTaint (-want +got):\n%s", diff)
			}
		})
	}
}

// The cases of TestFindMatchingUntoleratedTaint in k8s.io/component-helpers
// v0.37.2 scheduling/corev1/helpers_test.go (Apache-2.0), names verbatim.
// Upstream asserts only whether some taint is untolerated; wantIndex also
// says which one.
func TestFindMatchingUntoleratedTaint(t *testing.T) {
	const sla = "node.kubernetes.io/sla"
	all := func(*core.Taint) bool { return true }
	testCases := []struct {
		name        string
		tolerations []core.Toleration
		taints      []core.Taint
		filter      func(*core.Taint) bool
		gate        bool
		wantIndex   int
	}{
		{
			name:      "empty tolerations tolerate empty taints",
			filter:    all,
			wantIndex: -1,
		},
		{
			name:        "non-empty tolerations tolerate empty taints",
			tolerations: []core.Toleration{{Key: "foo", Operator: "Exists", Effect: core.TaintEffectNoSchedule}},
			filter:      all,
			wantIndex:   -1,
		},
		{
			name:        "tolerations match all taints, expect tolerated",
			tolerations: []core.Toleration{{Key: "foo", Operator: "Exists", Effect: core.TaintEffectNoSchedule}},
			taints:      []core.Taint{{Key: "foo", Effect: core.TaintEffectNoSchedule}},
			filter:      all,
			wantIndex:   -1,
		},
		{
			name:        "tolerations don't match taints, but no taints apply to the filter, expect tolerated",
			tolerations: []core.Toleration{{Key: "foo", Operator: "Exists", Effect: core.TaintEffectNoSchedule}},
			taints:      []core.Taint{{Key: "bar", Effect: core.TaintEffectNoSchedule}},
			filter:      func(*core.Taint) bool { return false },
			wantIndex:   -1,
		},
		{
			name:        "no filterFunc indicated, means all taints apply to the filter, tolerations don't match taints, expect untolerated",
			tolerations: []core.Toleration{{Key: "foo", Operator: "Exists", Effect: core.TaintEffectNoSchedule}},
			taints:      []core.Taint{{Key: "bar", Effect: core.TaintEffectNoSchedule}},
			wantIndex:   0,
		},
		{
			name:        "tolerations match taints, expect tolerated",
			tolerations: []core.Toleration{{Key: "foo", Operator: "Exists", Effect: core.TaintEffectNoExecute}},
			taints:      []core.Taint{{Key: "foo", Effect: core.TaintEffectNoExecute}, {Key: "bar", Effect: core.TaintEffectNoSchedule}},
			filter:      func(t *core.Taint) bool { return t.Effect == core.TaintEffectNoExecute },
			wantIndex:   -1,
		},
		{
			name:        "numeric Gt operator with taint value below threshold, expect not tolerated",
			tolerations: []core.Toleration{{Key: sla, Operator: "Gt", Value: "950", Effect: core.TaintEffectNoSchedule}},
			taints:      []core.Taint{{Key: sla, Value: "800", Effect: core.TaintEffectNoSchedule}},
			filter:      all,
			gate:        true,
			wantIndex:   0,
		},
		{
			name:        "numeric Gt operator with taint value above threshold, expect tolerated",
			tolerations: []core.Toleration{{Key: sla, Operator: "Gt", Value: "750", Effect: core.TaintEffectNoSchedule}},
			taints:      []core.Taint{{Key: sla, Value: "950", Effect: core.TaintEffectNoSchedule}},
			filter:      all,
			gate:        true,
			wantIndex:   -1,
		},
		{
			name:        "numeric Lt operator with taint value above threshold, expect not tolerated",
			tolerations: []core.Toleration{{Key: sla, Operator: "Lt", Value: "800", Effect: core.TaintEffectNoSchedule}},
			taints:      []core.Taint{{Key: sla, Value: "950", Effect: core.TaintEffectNoSchedule}},
			filter:      all,
			gate:        true,
			wantIndex:   0,
		},
		{
			name:        "numeric Gt operator with non-numeric taint value, expect not tolerated",
			tolerations: []core.Toleration{{Key: sla, Operator: "Gt", Value: "950", Effect: core.TaintEffectNoSchedule}},
			taints:      []core.Taint{{Key: sla, Value: "high", Effect: core.TaintEffectNoSchedule}},
			filter:      all,
			gate:        true,
			wantIndex:   0,
		},
		// Our case: the first untolerated taint in node order is reported,
		// after those the filter skips.
		{
			name:        "the scheduler's filter skips PreferNoSchedule and the first blocking taint wins",
			tolerations: []core.Toleration{{Key: "a", Operator: "Exists"}},
			taints: []core.Taint{{Key: "soft", Effect: core.TaintEffectPreferNoSchedule}, {Key: "a", Effect: core.TaintEffectNoSchedule},
				{Key: "b", Effect: core.TaintEffectNoExecute}, {Key: "c", Effect: core.TaintEffectNoSchedule}},
			filter:    scheduler.DoNotScheduleTaints,
			wantIndex: 2,
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			got := core.FindMatchingUntoleratedTaint(tc.taints, tc.tolerations, tc.filter, tc.gate)
			if diff := cmp.Diff(tc.wantIndex, got); diff != "" {
				t.Errorf("FindMatchingUntoleratedTaint (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFirstTolerating(t *testing.T) {
	taint := core.Taint{Key: "foo", Effect: core.TaintEffectNoExecute}
	testCases := []struct {
		name        string
		tolerations []core.Toleration
		want        int
	}{
		{name: "no tolerations", want: -1},
		{
			name:        "the first of several matching tolerations, in pod order",
			tolerations: []core.Toleration{{Key: "bar", Operator: "Exists"}, {Key: "foo", Operator: "Exists", Effect: core.TaintEffectNoExecute}, {Operator: "Exists"}},
			want:        1,
		},
		{
			name:        "a NoSchedule toleration does not cover a NoExecute taint",
			tolerations: []core.Toleration{{Key: "foo", Operator: "Exists", Effect: core.TaintEffectNoSchedule}},
			want:        -1,
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, core.FirstTolerating(tc.tolerations, &taint, false)); diff != "" {
				t.Errorf("FirstTolerating (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMatchTolerationMatchesUpstream(t *testing.T) {
	tols := upstream.GridTolerations()
	for i := 0; i < len(tols); i += 7 {
		for j := 0; j < len(tols); j += 11 {
			a, b := upstream.ToV1Toleration(&tols[i]), upstream.ToV1Toleration(&tols[j])
			if got, want := tols[i].MatchToleration(&tols[j]), a.MatchToleration(&b); got != want {
				t.Fatalf("MatchToleration(%+v, %+v) = %v, upstream %v", tols[i], tols[j], got, want)
			}
		}
	}
}
