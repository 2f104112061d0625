package engine

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// The cases of TestTolerationToleratesTaint in k8s.io/api v0.37.2
// core/v1/toleration_test.go (Apache-2.0), names verbatim.
func TestTolerationToleratesTaint(t *testing.T) {
	const sla = "node.kubernetes.io/sla"
	testCases := []struct {
		name       string
		toleration Toleration
		taint      Taint
		gate       bool
		want       bool
	}{
		{
			name:       "toleration and taint have the same key and effect, and operator is Exists, and taint has no value, expect tolerated",
			toleration: Toleration{Key: "foo", Operator: TolerationOpExists, Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: "foo", Effect: TaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same key and effect, and operator is Exists, and taint has some value, expect tolerated",
			toleration: Toleration{Key: "foo", Operator: TolerationOpExists, Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: "foo", Value: "bar", Effect: TaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same effect, toleration has empty key and operator is Exists, means match all taints, expect tolerated",
			toleration: Toleration{Key: "", Operator: TolerationOpExists, Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: "foo", Value: "bar", Effect: TaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same key, effect and value, and operator is Equal, expect tolerated",
			toleration: Toleration{Key: "foo", Operator: TolerationOpEqual, Value: "bar", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: "foo", Value: "bar", Effect: TaintEffectNoSchedule},
			want:       true,
		},
		{
			name:       "toleration and taint have the same key and effect, but different values, and operator is Equal, expect not tolerated",
			toleration: Toleration{Key: "foo", Operator: TolerationOpEqual, Value: "value1", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: "foo", Value: "value2", Effect: TaintEffectNoSchedule},
			want:       false,
		},
		{
			name:       "toleration and taint have the same key and value, but different effects, and operator is Equal, expect not tolerated",
			toleration: Toleration{Key: "foo", Operator: TolerationOpEqual, Value: "bar", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: "foo", Value: "bar", Effect: TaintEffectNoExecute},
			want:       false,
		},
		{
			name:       "toleration with Gt operator - taint value less than toleration value, expect not tolerated",
			toleration: Toleration{Key: sla, Operator: TolerationOpGt, Value: "950", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: sla, Value: "800", Effect: TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		{
			name:       "toleration with Gt operator - taint value greater than toleration value, expect tolerated",
			toleration: Toleration{Key: sla, Operator: TolerationOpGt, Value: "750", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: sla, Value: "950", Effect: TaintEffectNoSchedule},
			gate:       true,
			want:       true,
		},
		{
			name:       "toleration with Lt operator - taint value greater than toleration value, expect not tolerated",
			toleration: Toleration{Key: sla, Operator: TolerationOpLt, Value: "800", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: sla, Value: "950", Effect: TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		{
			name:       "toleration with Lt operator - taint value less than toleration value, expect tolerated",
			toleration: Toleration{Key: sla, Operator: TolerationOpLt, Value: "950", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: sla, Value: "800", Effect: TaintEffectNoSchedule},
			gate:       true,
			want:       true,
		},
		{
			name:       "toleration with Gt operator and taint with equal numeric value, expect not tolerated",
			toleration: Toleration{Key: sla, Operator: TolerationOpGt, Value: "950", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: sla, Value: "950", Effect: TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		{
			name:       "toleration with Gt operator and taint with non-numeric value, expect not tolerated",
			toleration: Toleration{Key: sla, Operator: TolerationOpGt, Value: "950", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: sla, Value: "high", Effect: TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		{
			name:       "toleration with Gt operator and negative numeric values - taint value less than threshold, expect not tolerated",
			toleration: Toleration{Key: "test-key", Operator: TolerationOpGt, Value: "-100", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: "test-key", Value: "-200", Effect: TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		{
			name:       "toleration with Gt operator and large int64 values - taint value less than threshold, expect not tolerated",
			toleration: Toleration{Key: "test-key", Operator: TolerationOpGt, Value: "9223372036854775806", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: "test-key", Value: "100", Effect: TaintEffectNoSchedule},
			gate:       true,
			want:       false,
		},
		// Our case: the gate off turns a matching Gt into no match.
		{
			name:       "toleration with Gt operator - taint value greater, gate off, expect not tolerated",
			toleration: Toleration{Key: sla, Operator: TolerationOpGt, Value: "750", Effect: TaintEffectNoSchedule},
			taint:      Taint{Key: sla, Value: "950", Effect: TaintEffectNoSchedule},
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
		operator      TolerationOperator
		want          bool
	}{
		{"Gt operator - taint value greater than toleration value, expect true", "100", "200", TolerationOpGt, true},
		{"Gt operator - taint value less than toleration value, expect false", "200", "100", TolerationOpGt, false},
		{"Gt operator - taint value equal to toleration value, expect false", "100", "100", TolerationOpGt, false},
		{"Gt operator - negative numbers, taint greater, expect true", "-100", "-50", TolerationOpGt, true},
		{"Gt operator - negative numbers, taint less, expect false", "-50", "-100", TolerationOpGt, false},
		{"Gt operator - zero and positive, expect true", "0", "1", TolerationOpGt, true},
		{"Gt operator - large int64 values, taint greater, expect true", "9223372036854775806", "9223372036854775807", TolerationOpGt, true},
		{"Lt operator - taint value less than toleration value, expect true", "200", "100", TolerationOpLt, true},
		{"Lt operator - taint value greater than toleration value, expect false", "100", "200", TolerationOpLt, false},
		{"Lt operator - taint value equal to toleration value, expect false", "100", "100", TolerationOpLt, false},
		{"Lt operator - negative numbers, taint less, expect true", "-50", "-100", TolerationOpLt, true},
		{"Lt operator - negative numbers, taint greater, expect false", "-100", "-50", TolerationOpLt, false},
		{"Lt operator - zero and negative, expect true", "0", "-1", TolerationOpLt, true},
		{"Gt operator - invalid toleration value (non-numeric), expect false", "abc", "100", TolerationOpGt, false},
		{"Gt operator - invalid toleration value (empty string), expect false", "", "100", TolerationOpGt, false},
		{"Gt operator - invalid toleration value (leading zero), expect false", "0100", "200", TolerationOpGt, false},
		{"Gt operator - invalid toleration value (plus sign), expect false", "+100", "200", TolerationOpGt, false},
		{"Gt operator - invalid toleration value (floating point), expect false", "100.5", "200", TolerationOpGt, false},
		{"Gt operator - invalid toleration value (just minus sign), expect false", "-", "100", TolerationOpGt, false},
		{"Gt operator - invalid taint value (non-numeric), expect false", "100", "xyz", TolerationOpGt, false},
		{"Gt operator - invalid taint value (empty string), expect false", "100", "", TolerationOpGt, false},
		{"Gt operator - invalid taint value (leading zero), expect false", "100", "0200", TolerationOpGt, false},
		{"Lt operator - invalid taint value (plus sign), expect false", "100", "+200", TolerationOpLt, false},
		{"Lt operator - invalid taint value (spaces), expect false", "100", " 200 ", TolerationOpLt, false},
		{"Gt operator - both zero, expect false", "0", "0", TolerationOpGt, false},
		{"Lt operator - both zero, expect false", "0", "0", TolerationOpLt, false},
		{"Gt operator - max int64 as taint, expect true", "0", "9223372036854775807", TolerationOpGt, true},
		{"Lt operator - min int64 as taint, expect true", "0", "-9223372036854775808", TolerationOpLt, true},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			toleration := Toleration{Key: "k", Operator: tc.operator, Value: tc.tolerationVal, Effect: TaintEffectNoSchedule}
			taint := Taint{Key: "k", Value: tc.taintVal, Effect: TaintEffectNoSchedule}
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
	all := func(*Taint) bool { return true }
	testCases := []struct {
		name        string
		tolerations []Toleration
		taints      []Taint
		filter      func(*Taint) bool
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
			tolerations: []Toleration{{Key: "foo", Operator: "Exists", Effect: TaintEffectNoSchedule}},
			filter:      all,
			wantIndex:   -1,
		},
		{
			name:        "tolerations match all taints, expect tolerated",
			tolerations: []Toleration{{Key: "foo", Operator: "Exists", Effect: TaintEffectNoSchedule}},
			taints:      []Taint{{Key: "foo", Effect: TaintEffectNoSchedule}},
			filter:      all,
			wantIndex:   -1,
		},
		{
			name:        "tolerations don't match taints, but no taints apply to the filter, expect tolerated",
			tolerations: []Toleration{{Key: "foo", Operator: "Exists", Effect: TaintEffectNoSchedule}},
			taints:      []Taint{{Key: "bar", Effect: TaintEffectNoSchedule}},
			filter:      func(*Taint) bool { return false },
			wantIndex:   -1,
		},
		{
			name:        "no filterFunc indicated, means all taints apply to the filter, tolerations don't match taints, expect untolerated",
			tolerations: []Toleration{{Key: "foo", Operator: "Exists", Effect: TaintEffectNoSchedule}},
			taints:      []Taint{{Key: "bar", Effect: TaintEffectNoSchedule}},
			wantIndex:   0,
		},
		{
			name:        "tolerations match taints, expect tolerated",
			tolerations: []Toleration{{Key: "foo", Operator: "Exists", Effect: TaintEffectNoExecute}},
			taints:      []Taint{{Key: "foo", Effect: TaintEffectNoExecute}, {Key: "bar", Effect: TaintEffectNoSchedule}},
			filter:      func(t *Taint) bool { return t.Effect == TaintEffectNoExecute },
			wantIndex:   -1,
		},
		{
			name:        "numeric Gt operator with taint value below threshold, expect not tolerated",
			tolerations: []Toleration{{Key: sla, Operator: "Gt", Value: "950", Effect: TaintEffectNoSchedule}},
			taints:      []Taint{{Key: sla, Value: "800", Effect: TaintEffectNoSchedule}},
			filter:      all,
			gate:        true,
			wantIndex:   0,
		},
		{
			name:        "numeric Gt operator with taint value above threshold, expect tolerated",
			tolerations: []Toleration{{Key: sla, Operator: "Gt", Value: "750", Effect: TaintEffectNoSchedule}},
			taints:      []Taint{{Key: sla, Value: "950", Effect: TaintEffectNoSchedule}},
			filter:      all,
			gate:        true,
			wantIndex:   -1,
		},
		{
			name:        "numeric Lt operator with taint value above threshold, expect not tolerated",
			tolerations: []Toleration{{Key: sla, Operator: "Lt", Value: "800", Effect: TaintEffectNoSchedule}},
			taints:      []Taint{{Key: sla, Value: "950", Effect: TaintEffectNoSchedule}},
			filter:      all,
			gate:        true,
			wantIndex:   0,
		},
		{
			name:        "numeric Gt operator with non-numeric taint value, expect not tolerated",
			tolerations: []Toleration{{Key: sla, Operator: "Gt", Value: "950", Effect: TaintEffectNoSchedule}},
			taints:      []Taint{{Key: sla, Value: "high", Effect: TaintEffectNoSchedule}},
			filter:      all,
			gate:        true,
			wantIndex:   0,
		},
		// Our case: the first untolerated taint in node order is reported,
		// after those the filter skips.
		{
			name:        "the scheduler's filter skips PreferNoSchedule and the first blocking taint wins",
			tolerations: []Toleration{{Key: "a", Operator: "Exists"}},
			taints: []Taint{{Key: "soft", Effect: TaintEffectPreferNoSchedule}, {Key: "a", Effect: TaintEffectNoSchedule},
				{Key: "b", Effect: TaintEffectNoExecute}, {Key: "c", Effect: TaintEffectNoSchedule}},
			filter:    doNotScheduleFilter,
			wantIndex: 2,
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			got := FindMatchingUntoleratedTaint(tc.taints, tc.tolerations, tc.filter, tc.gate)
			if diff := cmp.Diff(tc.wantIndex, got); diff != "" {
				t.Errorf("FindMatchingUntoleratedTaint (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFirstTolerating(t *testing.T) {
	taint := Taint{Key: "foo", Effect: TaintEffectNoExecute}
	testCases := []struct {
		name        string
		tolerations []Toleration
		want        int
	}{
		{name: "no tolerations", want: -1},
		{
			name:        "the first of several matching tolerations, in pod order",
			tolerations: []Toleration{{Key: "bar", Operator: "Exists"}, {Key: "foo", Operator: "Exists", Effect: TaintEffectNoExecute}, {Operator: "Exists"}},
			want:        1,
		},
		{
			name:        "a NoSchedule toleration does not cover a NoExecute taint",
			tolerations: []Toleration{{Key: "foo", Operator: "Exists", Effect: TaintEffectNoSchedule}},
			want:        -1,
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, FirstTolerating(tc.tolerations, &taint, false)); diff != "" {
				t.Errorf("FirstTolerating (-want +got):\n%s", diff)
			}
		})
	}
}

func TestMatchTolerationMatchesUpstream(t *testing.T) {
	tols := gridTolerations()
	for i := 0; i < len(tols); i += 7 {
		for j := 0; j < len(tols); j += 11 {
			a, b := toV1Toleration(&tols[i]), toV1Toleration(&tols[j])
			if got, want := tols[i].MatchToleration(&tols[j]), a.MatchToleration(&b); got != want {
				t.Fatalf("MatchToleration(%+v, %+v) = %v, upstream %v", tols[i], tols[j], got, want)
			}
		}
	}
}
