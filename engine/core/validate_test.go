package core_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	v1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/validate/content"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	metavalidation "k8s.io/apimachinery/pkg/apis/meta/v1/validation"
	"k8s.io/apimachinery/pkg/util/sets"
	"k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/internal/upstream"
)

// The apimachinery messages for a bad label-key name part and label value, as
// the apiserver prints them (double spaces included).
const (
	keyNameMessage = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end " +
		"with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation " +
		"is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
	labelValueMessage = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', " +
		"and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex " +
		"used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
)

func diagnosticMessages(diags []core.Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Message)
	}
	return out
}

func TestValidateTolerations(t *testing.T) {
	testCases := []struct {
		name        string
		tolerations []core.Toleration
		gate        bool
		want        []string
	}{
		// Cases "invalid toleration key" to "effect must be 'NoExecute' when
		// `TolerationSeconds` is set" are TestValidatePod's error cases, and
		// "added invalid new toleration ..." is TestValidatePodUpdate's, from
		// kubernetes/kubernetes pkg/apis/core/validation/validation_test.go
		// @000f26050b9be6fb3d79fae95e06b47fc96128cd (Apache-2.0). Upstream asserts
		// the field path; the full messages are the apiserver's for that input.
		{
			name:        "invalid toleration key",
			tolerations: []core.Toleration{{Key: "nospecialchars^=@", Operator: "Equal", Value: "bar", Effect: "NoSchedule"}},
			want:        []string{`spec.tolerations[0].key: Invalid value: "nospecialchars^=@": ` + keyNameMessage},
		},
		{
			name:        "invalid toleration operator",
			tolerations: []core.Toleration{{Key: "foo", Operator: "In", Value: "bar", Effect: "NoSchedule"}},
			want:        []string{`spec.tolerations[0].operator: Unsupported value: "In": supported values: "Equal", "Exists"`},
		},
		{
			name:        "value must be empty when `operator` is 'Exists'",
			tolerations: []core.Toleration{{Key: "foo", Operator: "Exists", Value: "bar", Effect: "NoSchedule"}},
			want:        []string{"spec.tolerations[0].operator: Invalid value: \"bar\": value must be empty when `operator` is 'Exists'"},
		},
		{
			name:        "operator must be 'Exists' when `key` is empty",
			tolerations: []core.Toleration{{Operator: "Equal", Value: "bar", Effect: "NoSchedule"}},
			want: []string{"spec.tolerations[0].operator: Invalid value: \"Equal\": operator must be Exists when `key` is empty, " +
				`which means "match all values and all keys"`},
		},
		{
			name:        "effect must be 'NoExecute' when `TolerationSeconds` is set",
			tolerations: []core.Toleration{{Key: "node.kubernetes.io/not-ready", Operator: "Exists", Effect: "NoSchedule", TolerationSeconds: new(int64(20))}},
			want:        []string{"spec.tolerations[0].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set"},
		},
		{
			name: "added invalid new toleration to existing tolerations in pod spec updates",
			tolerations: []core.Toleration{
				{Key: "key1", Value: "value1", Operator: "Equal", Effect: "NoExecute", TolerationSeconds: new(int64(20))},
				{Key: "key2", Value: "value2", Operator: "Equal", Effect: "NoSchedule", TolerationSeconds: new(int64(30))},
			},
			want: []string{"spec.tolerations[1].effect: Invalid value: \"NoSchedule\": effect must be 'NoExecute' when `tolerationSeconds` is set"},
		},
		// Our cases: every rule fires and is kept, in upstream's order.
		{
			name:        "valid tolerations give no error, negative seconds included",
			tolerations: []core.Toleration{{Key: "k", Operator: "Exists"}, {Key: "k", Value: "v"}, {Operator: "Exists", Effect: "NoExecute", TolerationSeconds: new(int64(-5))}},
		},
		{
			name:        "an empty toleration needs operator Exists",
			tolerations: []core.Toleration{{}},
			want: []string{"spec.tolerations[0].operator: Invalid value: \"\": operator must be Exists when `key` is empty, " +
				`which means "match all values and all keys"`},
		},
		{
			name:        "a bad Equal value is reported on the operator, an upstream quirk",
			tolerations: []core.Toleration{{Key: "k", Value: "-bad-", Effect: "NoSchedule"}},
			want:        []string{`spec.tolerations[0].operator: Invalid value: "-bad-": ` + labelValueMessage},
		},
		{
			name:        "a value too long and badly formed gives one error joined by a semicolon",
			tolerations: []core.Toleration{{Key: "k", Value: strings.Repeat("a", 63) + "-", Effect: "NoSchedule"}},
			want: []string{`spec.tolerations[0].operator: Invalid value: "` + strings.Repeat("a", 63) + `-": ` +
				"must be no more than 63 bytes;" + labelValueMessage},
		},
		{
			name:        "effects are case-sensitive and an empty effect with seconds is rejected",
			tolerations: []core.Toleration{{Key: "k", Operator: "Exists", Effect: "noexecute"}, {Key: "k", Operator: "Exists", TolerationSeconds: new(int64(1))}},
			want: []string{
				`spec.tolerations[0].effect: Unsupported value: "noexecute": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`,
				"spec.tolerations[1].effect: Invalid value: \"\": effect must be 'NoExecute' when `tolerationSeconds` is set",
			},
		},
		{
			name:        "every broken field is reported",
			tolerations: []core.Toleration{{Operator: "exists", Value: "v", Effect: "Never", TolerationSeconds: new(int64(1))}},
			want: []string{
				"spec.tolerations[0].operator: Invalid value: \"exists\": operator must be Exists when `key` is empty, " +
					`which means "match all values and all keys"`,
				"spec.tolerations[0].effect: Invalid value: \"Never\": effect must be 'NoExecute' when `tolerationSeconds` is set",
				`spec.tolerations[0].operator: Unsupported value: "exists": supported values: "Equal", "Exists"`,
				`spec.tolerations[0].effect: Unsupported value: "Never": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`,
			},
		},
		{
			name:        "a key with an upper-case prefix and an empty name",
			tolerations: []core.Toleration{{Key: "Example.com/", Operator: "Exists"}},
			want: []string{
				`spec.tolerations[0].key: Invalid value: "Example.com/": prefix part a lowercase RFC 1123 subdomain must consist of ` +
					`lower case alphanumeric characters, '-' or '.', and must start and end with an alphanumeric character ` +
					`(e.g. 'example.com', regex used for validation is '[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*')`,
				`spec.tolerations[0].key: Invalid value: "Example.com/": name part must be non-empty`,
				`spec.tolerations[0].key: Invalid value: "Example.com/": ` + keyNameMessage,
			},
		},
		// Lt and Gt (SEMANTICS §9, KEP-5471).
		{
			name:        "Lt with the gate off is unsupported, and the list still names Lt and Gt",
			tolerations: []core.Toleration{{Key: "sla", Operator: "Lt", Value: "950", Effect: "NoSchedule"}},
			want:        []string{`spec.tolerations[0].operator: Unsupported value: "Lt": supported values: "Equal", "Exists", "Lt", "Gt" (the TaintTolerationComparisonOperators feature gate is off, and Lt and Gt need it on: turn it on in Cluster settings, under Feature gate)`},
		},
		{
			name:        "Gt with the gate on and a canonical value is valid",
			tolerations: []core.Toleration{{Key: "sla", Operator: "Gt", Value: "-950", Effect: "NoSchedule"}},
			gate:        true,
		},
		{
			name:        "Gt with a word fails both the canonical form and the parse",
			tolerations: []core.Toleration{{Key: "sla", Operator: "Gt", Value: "abc"}},
			gate:        true,
			want: []string{
				`spec.tolerations[0].value: Invalid value: "abc": must be a valid decimal integer in canonical form`,
				`spec.tolerations[0].value: Invalid value: "abc": strconv.ParseInt: parsing "abc": invalid syntax`,
			},
		},
		{
			name:        "Lt with a leading zero fails only the canonical form",
			tolerations: []core.Toleration{{Key: "sla", Operator: "Lt", Value: "0950"}},
			gate:        true,
			want:        []string{`spec.tolerations[0].value: Invalid value: "0950": must be a valid decimal integer in canonical form`},
		},
		{
			name:        "Lt with an empty value gives two errors",
			tolerations: []core.Toleration{{Key: "sla", Operator: "Lt"}},
			gate:        true,
			want: []string{
				`spec.tolerations[0].value: Invalid value: "": must be non-empty`,
				`spec.tolerations[0].value: Invalid value: "": strconv.ParseInt: parsing "": invalid syntax`,
			},
		},
		{
			name:        "Gt beyond int64 is canonical but out of range",
			tolerations: []core.Toleration{{Key: "sla", Operator: "Gt", Value: "9223372036854775808"}},
			gate:        true,
			want:        []string{`spec.tolerations[0].value: Invalid value: "9223372036854775808": strconv.ParseInt: parsing "9223372036854775808": value out of range`},
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			got := core.ValidateTolerations(tc.tolerations, "spec.tolerations", tc.gate)
			if diff := cmp.Diff(tc.want, diagnosticMessages(got)); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
			for _, d := range got {
				if d.Severity != core.SeverityError || d.Code != "invalid" {
					t.Errorf("diagnostic %q has severity %q and code %q, want error and invalid", d.Message, d.Severity, d.Code)
				}
			}
		})
	}
}

func TestValidateNodeTaints(t *testing.T) {
	testCases := []struct {
		name   string
		taints []core.Taint
		want   []string
	}{
		// The node taint cases of TestValidateNode in kubernetes/kubernetes
		// pkg/apis/core/validation/validation_test.go
		// @000f26050b9be6fb3d79fae95e06b47fc96128cd (Apache-2.0). The first is
		// one of its unnamed success cases.
		{
			name:   "dedicated-node1 with a valid taint",
			taints: []core.Taint{{Key: "GPU", Value: "true", Effect: "NoSchedule"}},
		},
		{
			name:   "missing-taint-key",
			taints: []core.Taint{{Key: "", Value: "special-user-1", Effect: "NoSchedule"}},
			want: []string{
				`metadata.taints[0].key: Invalid value: "": name part must be non-empty`,
				`metadata.taints[0].key: Invalid value: "": ` + keyNameMessage,
			},
		},
		{
			name:   "bad-taint-key",
			taints: []core.Taint{{Key: "NoUppercaseOrSpecialCharsLike=Equals", Value: "special-user-1", Effect: "NoSchedule"}},
			want:   []string{`metadata.taints[0].key: Invalid value: "NoUppercaseOrSpecialCharsLike=Equals": ` + keyNameMessage},
		},
		{
			name:   "bad-taint-value",
			taints: []core.Taint{{Key: "dedicated", Value: "some\\bad\\value", Effect: "NoSchedule"}},
			want:   []string{`metadata.taints[0].value: Invalid value: "some\\bad\\value": ` + labelValueMessage},
		},
		{
			name:   "missing-taint-effect",
			taints: []core.Taint{{Key: "dedicated", Value: "special-user-3", Effect: ""}},
			want:   []string{`metadata.taints[0].effect: Required value`},
		},
		{
			name:   "invalid-taint-effect",
			taints: []core.Taint{{Key: "dedicated", Value: "special-user-3", Effect: "NoScheduleNoAdmit"}},
			want:   []string{`metadata.taints[0].effect: Unsupported value: "NoScheduleNoAdmit": supported values: "NoSchedule", "PreferNoSchedule", "NoExecute"`},
		},
		{
			name: "duplicated-taints-with-same-key-effect",
			taints: []core.Taint{
				{Key: "dedicated", Value: "special-user-1", Effect: "NoSchedule"},
				{Key: "dedicated", Value: "special-user-2", Effect: "NoSchedule"},
			},
			want: []string{`metadata.taints[1]: Duplicate value: {"Key":"dedicated","Value":"special-user-2","Effect":"NoSchedule","TimeAdded":null}: ` +
				"taints must be unique by key and effect pair"},
		},
		// Our cases.
		{
			name: "the same key with another effect is fine, a third copy is a duplicate too",
			taints: []core.Taint{
				{Key: "k", Effect: "NoSchedule"}, {Key: "k", Effect: "NoExecute"},
				{Key: "k", Value: "x", Effect: "NoSchedule"}, {Key: "k", Value: "y", Effect: "NoSchedule"},
			},
			want: []string{
				`metadata.taints[2]: Duplicate value: {"Key":"k","Value":"x","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair`,
				`metadata.taints[3]: Duplicate value: {"Key":"k","Value":"y","Effect":"NoSchedule","TimeAdded":null}: taints must be unique by key and effect pair`,
			},
		},
		{
			name: "a duplicate shows its timeAdded in UTC",
			taints: []core.Taint{
				{Key: "k", Effect: "NoExecute"},
				{Key: "k", Effect: "NoExecute", TimeAdded: new(time.Date(2026, 1, 2, 3, 4, 5, 6, time.FixedZone("x", 3600)))},
			},
			want: []string{`metadata.taints[1]: Duplicate value: {"Key":"k","Value":"","Effect":"NoExecute","TimeAdded":"2026-01-02T02:04:05Z"}: ` +
				"taints must be unique by key and effect pair"},
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			got := core.ValidateNodeTaints(tc.taints)
			if diff := cmp.Diff(tc.want, diagnosticMessages(got)); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
		})
	}
}

func TestValidationSources(t *testing.T) {
	tolSource := core.Source{Editor: core.EditorPods, Line: 10, Column: 7, Field: "spec.tolerations[0]",
		Fields: map[string]int{"key": 10, "operator": 11, "value": 12, "effect": 13}}
	workloadSource := tolSource
	workloadSource.Field = "spec.template.spec.tolerations[0]"
	taintSource := core.Source{Editor: core.EditorNodes, Line: 20, Column: 9, Field: "spec.taints[1]", Fields: map[string]int{"key": 20}}
	testCases := []struct {
		name  string
		diags []core.Diagnostic
		want  []core.Source
	}{
		{
			name:  "an Exists value error names .operator but points at the value's line",
			diags: core.ValidateTolerations([]core.Toleration{{Key: "k", Operator: "Exists", Value: "v", Source: tolSource}}, "spec.tolerations", false),
			want:  []core.Source{{Editor: core.EditorPods, Line: 12, Field: "spec.tolerations[0].value"}},
		},
		{
			name: "key and effect errors point at their own lines",
			diags: core.ValidateTolerations([]core.Toleration{{Key: "a b", Operator: "Exists", Effect: "Bad", Source: workloadSource}},
				"spec.template.spec.tolerations", false),
			want: []core.Source{
				{Editor: core.EditorPods, Line: 10, Field: "spec.template.spec.tolerations[0].key"},
				{Editor: core.EditorPods, Line: 13, Field: "spec.template.spec.tolerations[0].effect"},
			},
		},
		{
			name: "an item is reported under the path it was written at, not its position",
			diags: core.ValidateTolerations([]core.Toleration{{Key: "b", Operator: "exists", Source: core.Source{Editor: core.EditorPods, Line: 8, Field: "spec.tolerations[1]"}}},
				"spec.tolerations", false),
			want: []core.Source{{Editor: core.EditorPods, Line: 8, Field: "spec.tolerations[1].operator"}},
		},
		{
			name: "a sub-field with no recorded line points at the item",
			diags: core.ValidateTolerations([]core.Toleration{{Source: core.Source{Editor: core.EditorPods, Line: 4, Column: 5, Field: "spec.tolerations[0]"}}},
				"spec.tolerations", false),
			want: []core.Source{{Editor: core.EditorPods, Line: 4, Column: 5, Field: "spec.tolerations[0].operator"}},
		},
		{
			name: "node taint errors point at spec.taints, not metadata.taints",
			diags: core.ValidateNodeTaints([]core.Taint{
				{Key: "k", Effect: "NoSchedule"},
				{Key: "k", Effect: "NoSchedule", Source: taintSource},
			}),
			want: []core.Source{{Editor: core.EditorNodes, Line: 20, Column: 9, Field: "spec.taints[1]"}},
		},
		{
			name:  "a taint without a recorded field gets its index in spec.taints",
			diags: core.ValidateNodeTaints([]core.Taint{{Key: "k", Effect: "NoSchedule"}, {Key: "_k", Effect: "NoSchedule", Source: core.Source{Editor: core.EditorNodes, Line: 3}}}),
			want:  []core.Source{{Editor: core.EditorNodes, Line: 3, Field: "spec.taints[1].key"}},
		},
		{
			name:  "a missing effect points at the taint's line",
			diags: core.ValidateNodeTaints([]core.Taint{{Key: "k", Source: taintSource}}),
			want:  []core.Source{{Editor: core.EditorNodes, Line: 20, Column: 9, Field: "spec.taints[1].effect"}},
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			var got []core.Source
			for _, d := range tc.diags {
				got = append(got, d.Source)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("sources (-want +got):\n%s", diff)
			}
		})
	}
}

// upstreamValidateTolerations is the apiserver's ValidateTolerations written
// against the real field, validation and content packages, so their error
// formatting is the oracle for ours. Transcribed from kubernetes/kubernetes
// pkg/apis/core/validation/validation.go @000f26050b9be6fb3d79fae95e06b47fc96128cd
// (Apache-2.0); the Lt/Gt branch follows SEMANTICS §9 (k/k @aceb89de), whose
// source the search index does not hold.
func upstreamValidateTolerations(tolerations []v1.Toleration, fldPath *field.Path, allowComparisonOperators bool) field.ErrorList {
	allErrors := field.ErrorList{}
	for i, toleration := range tolerations {
		idxPath := fldPath.Index(i)
		if len(toleration.Key) > 0 {
			allErrors = append(allErrors, metavalidation.ValidateLabelName(toleration.Key, idxPath.Child("key"))...)
		}
		if len(toleration.Key) == 0 && toleration.Operator != v1.TolerationOpExists {
			allErrors = append(allErrors, field.Invalid(idxPath.Child("operator"), toleration.Operator,
				"operator must be Exists when `key` is empty, which means \"match all values and all keys\""))
		}
		if toleration.TolerationSeconds != nil && toleration.Effect != v1.TaintEffectNoExecute {
			allErrors = append(allErrors, field.Invalid(idxPath.Child("effect"), toleration.Effect,
				"effect must be 'NoExecute' when `tolerationSeconds` is set"))
		}
		switch toleration.Operator {
		case v1.TolerationOpEqual, "":
			if errs := validation.IsValidLabelValue(toleration.Value); len(errs) != 0 {
				allErrors = append(allErrors, field.Invalid(idxPath.Child("operator"), toleration.Value, strings.Join(errs, ";")))
			}
		case v1.TolerationOpExists:
			if len(toleration.Value) > 0 {
				allErrors = append(allErrors, field.Invalid(idxPath.Child("operator"), toleration.Value, "value must be empty when `operator` is 'Exists'"))
			}
		case v1.TolerationOpLt, v1.TolerationOpGt:
			if !allowComparisonOperators {
				validValues := []v1.TolerationOperator{v1.TolerationOpEqual, v1.TolerationOpExists, v1.TolerationOpLt, v1.TolerationOpGt}
				allErrors = append(allErrors, field.NotSupported(idxPath.Child("operator"), toleration.Operator, validValues))
				break
			}
			for _, msg := range content.IsDecimalInteger(toleration.Value) {
				allErrors = append(allErrors, field.Invalid(idxPath.Child("value"), toleration.Value, msg))
			}
			if _, err := strconv.ParseInt(toleration.Value, 10, 64); err != nil {
				allErrors = append(allErrors, field.Invalid(idxPath.Child("value"), toleration.Value, err.Error()))
			}
		default:
			validValues := []v1.TolerationOperator{v1.TolerationOpEqual, v1.TolerationOpExists}
			allErrors = append(allErrors, field.NotSupported(idxPath.Child("operator"), toleration.Operator, validValues))
		}
		if len(toleration.Effect) > 0 {
			allErrors = append(allErrors, upstreamValidateTaintEffect(&toleration.Effect, true, idxPath.Child("effect"))...)
		}
	}
	return allErrors
}

// internalTaint mirrors the apiserver's internal core.Taint, which has no json
// tags: field.Duplicate prints it with encoding/json.
type internalTaint struct {
	Key       string
	Value     string
	Effect    v1.TaintEffect
	TimeAdded *metav1.Time
}

// upstreamValidateNodeTaints is the apiserver's validateNodeTaints, transcribed
// like upstreamValidateTolerations.
func upstreamValidateNodeTaints(taints []internalTaint, fldPath *field.Path) field.ErrorList {
	allErrors := field.ErrorList{}
	uniqueTaints := map[v1.TaintEffect]sets.Set[string]{}
	for i, currTaint := range taints {
		idxPath := fldPath.Index(i)
		allErrors = append(allErrors, metavalidation.ValidateLabelName(currTaint.Key, idxPath.Child("key"))...)
		if errs := validation.IsValidLabelValue(currTaint.Value); len(errs) != 0 {
			allErrors = append(allErrors, field.Invalid(idxPath.Child("value"), currTaint.Value, strings.Join(errs, ";")))
		}
		allErrors = append(allErrors, upstreamValidateTaintEffect(&currTaint.Effect, false, idxPath.Child("effect"))...)
		if len(uniqueTaints[currTaint.Effect]) > 0 && uniqueTaints[currTaint.Effect].Has(currTaint.Key) {
			duplicatedError := field.Duplicate(idxPath, currTaint)
			duplicatedError.Detail = "taints must be unique by key and effect pair"
			allErrors = append(allErrors, duplicatedError)
			continue
		}
		if len(uniqueTaints[currTaint.Effect]) == 0 {
			uniqueTaints[currTaint.Effect] = sets.New[string]()
		}
		uniqueTaints[currTaint.Effect].Insert(currTaint.Key)
	}
	return allErrors
}

func upstreamValidateTaintEffect(effect *v1.TaintEffect, allowEmpty bool, fldPath *field.Path) field.ErrorList {
	if !allowEmpty && len(*effect) == 0 {
		return field.ErrorList{field.Required(fldPath, "")}
	}
	switch *effect {
	case v1.TaintEffectNoSchedule, v1.TaintEffectPreferNoSchedule, v1.TaintEffectNoExecute:
		return nil
	}
	validValues := []v1.TaintEffect{v1.TaintEffectNoSchedule, v1.TaintEffectPreferNoSchedule, v1.TaintEffectNoExecute}
	return field.ErrorList{field.NotSupported(fldPath, *effect, validValues)}
}

func errorMessages(errs field.ErrorList) []string {
	var out []string
	for _, e := range errs {
		out = append(out, e.Error())
	}
	return out
}

func checkValidateTolerations(t *testing.T, tols []core.Toleration, gate bool) {
	t.Helper()
	want := errorMessages(upstreamValidateTolerations(upstream.ToV1Tolerations(tols), field.NewPath("spec", "tolerations"), gate))
	got := diagnosticMessages(core.ValidateTolerations(tols, "spec.tolerations", gate))
	for i, msg := range got {
		got[i] = strings.TrimSuffix(msg, " ("+core.ComparisonGateHint+")") // ours, after upstream's words
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("ValidateTolerations(%+v, gate=%v) (-upstream +ours):\n%s", tols, gate, diff)
	}
}

func checkValidateNodeTaints(t *testing.T, taints []core.Taint) {
	t.Helper()
	internal := make([]internalTaint, len(taints))
	for i, taint := range taints {
		internal[i] = internalTaint{Key: taint.Key, Value: taint.Value, Effect: v1.TaintEffect(taint.Effect)}
		if taint.TimeAdded != nil {
			internal[i].TimeAdded = &metav1.Time{Time: *taint.TimeAdded}
		}
	}
	want := errorMessages(upstreamValidateNodeTaints(internal, field.NewPath("metadata", "taints")))
	if diff := cmp.Diff(want, diagnosticMessages(core.ValidateNodeTaints(taints))); diff != "" {
		t.Fatalf("ValidateNodeTaints(%+v) (-upstream +ours):\n%s", taints, diff)
	}
}

// validationKeys adds keys that break each label-key rule to the matching grid.
var validationKeys = append([]string{"a/b/c", "/k", "Example.com/k", "-k", "k_", "k.k", "é", "a<b>&c",
	strings.Repeat("k", 64), strings.Repeat("p", 254) + "/k", "quote\"back\\slash\ttab"}, upstream.OracleKeys...)

// TestValidateManyNodeTaints checks duplicates against upstream on nodes of
// a few taints, compared pair by pair, and of many, kept in a map.
func TestValidateManyNodeTaints(t *testing.T) {
	for _, n := range []int{3, 16, 17, 40} {
		var taints []core.Taint
		for i := range n {
			// Every fifth repeats an earlier key with the same effect.
			key := fmt.Sprintf("k%d", i)
			if i%5 == 4 {
				key = fmt.Sprintf("k%d", i/2)
			}
			taints = append(taints, core.Taint{Key: key, Value: "v", Effect: []core.TaintEffect{core.TaintEffectNoSchedule, core.TaintEffectNoExecute}[i%2]})
		}
		taints = append(taints, taints[0], taints[n-1])
		checkValidateNodeTaints(t, taints)
	}
}

func TestValidationMatchesUpstreamOnGrid(t *testing.T) {
	for _, gate := range []bool{false, true} {
		for _, k := range validationKeys {
			for _, op := range upstream.OracleOperators {
				for _, v := range upstream.OracleValues {
					for _, e := range upstream.OracleEffects {
						checkValidateTolerations(t, []core.Toleration{{Key: k, Operator: op, Value: v, Effect: e}, {Key: k, Operator: op, Value: v, Effect: e, TolerationSeconds: new(int64(0))}}, gate)
					}
				}
			}
		}
	}
	for _, k := range validationKeys {
		for _, v := range upstream.OracleValues {
			for _, e := range upstream.OracleEffects {
				checkValidateNodeTaints(t, []core.Taint{{Key: k, Value: v, Effect: e}, {Key: k, Value: "x", Effect: e}})
			}
		}
	}
}

func FuzzValidateTolerations(f *testing.F) {
	f.Add("k", "Equal", "v", "NoSchedule", false, false)
	f.Add("", "", "", "", true, false)
	f.Add("a/b/c", "In", "<&>", "noschedule", true, true)
	f.Add("sla", "Gt", "0950", "NoExecute", true, true)
	f.Add("\u2028", "\x7f", "\xff", "\b\f", false, true)
	f.Fuzz(func(t *testing.T, key, op, value, effect string, withSeconds, gate bool) {
		tol := core.Toleration{Key: key, Operator: core.TolerationOperator(op), Value: value, Effect: core.TaintEffect(effect)}
		if withSeconds {
			tol.TolerationSeconds = new(int64(0))
		}
		checkValidateTolerations(t, []core.Toleration{tol}, gate)
	})
}

func FuzzValidateNodeTaints(f *testing.F) {
	f.Add("k", "v", "NoSchedule", "k", "w", "NoSchedule", false)
	f.Add("", "", "", "<k>", "\xff", "NoScheduleNoAdmit", true)
	f.Fuzz(func(t *testing.T, key1, value1, effect1, key2, value2, effect2 string, withTime bool) {
		taints := []core.Taint{{Key: key1, Value: value1, Effect: core.TaintEffect(effect1)}, {Key: key2, Value: value2, Effect: core.TaintEffect(effect2)}}
		if withTime {
			taints[1].TimeAdded = new(time.Date(2025, 11, 10, 8, 30, 0, 0, time.UTC))
		}
		checkValidateNodeTaints(t, taints)
	})
}
