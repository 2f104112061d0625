package core_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// The apimachinery messages upstream's expectations spell out.
const (
	nameEmpty  = "name part must be non-empty"
	nameRegex  = "name part must consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyName',  or 'my.name',  or '123-abc', regex used for validation is '([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]')"
	valueRegex = "a valid label must be an empty string or consist of alphanumeric characters, '-', '_' or '.', and must start and end with an alphanumeric character (e.g. 'MyValue',  or 'my_value',  or '12345', regex used for validation is '(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?')"
	effects    = `supported values: "NoExecute", "NoSchedule", "None"`
	goodName   = "foo"
	badName    = "!@#$%^"
)

func messages(diags []core.Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Message)
	}
	return out
}

// The device taint cases of k8s.io/kubernetes v1.37.2
// pkg/apis/resource/validation: "taints", "too-many-taints" and
// "good-taints" of validation_resourceslice_test.go, "valid-taint",
// "required-taint" and "invalid-taint" of validation_devicetaintrule_test.go
// (Apache-2.0), names verbatim; the paths are upstream's.
func TestValidateDeviceTaints(t *testing.T) {
	const slicePath = "spec.devices[0].taints"
	many := make([]core.DeviceTaint, core.DeviceTaintsMaxLength+1)
	for i := range many {
		many[i] = core.DeviceTaint{Key: "example.com/taint", Effect: core.DeviceTaintEffectNoExecute}
	}
	testCases := []struct {
		name   string
		path   string
		taints []core.DeviceTaint
		rule   bool // one DeviceTaintRule spec.taint rather than a device's list
		want   []string
	}{
		{
			name: "taints",
			path: slicePath,
			taints: []core.DeviceTaint{
				{Key: "example.com/taint", Effect: core.DeviceTaintEffectNoExecute},
				{Key: "taint", Value: "tainted", Effect: core.DeviceTaintEffectNoSchedule},
				{},
				{Key: badName, Value: badName, Effect: "some-other-effect"},
			},
			want: []string{
				slicePath + `[2].key: Invalid value: "": ` + nameEmpty,
				slicePath + `[2].key: Invalid value: "": ` + nameRegex,
				slicePath + `[2].effect: Required value`,
				slicePath + `[3].key: Invalid value: "!@#$%^": ` + nameRegex,
				slicePath + `[3].value: Invalid value: "!@#$%^": ` + valueRegex,
				slicePath + `[3].effect: Unsupported value: "some-other-effect": ` + effects,
			},
		},
		{
			name:   "too-many-taints",
			path:   slicePath,
			taints: many,
			want:   []string{slicePath + ": Too many: 17: must have at most 16 items"},
		},
		{
			name:   "good-taints",
			path:   slicePath,
			taints: many[:1],
		},
		{
			name:   "valid-taint",
			path:   "spec.taint",
			rule:   true,
			taints: []core.DeviceTaint{{Key: goodName, Value: goodName, Effect: core.DeviceTaintEffectNoExecute}},
		},
		{
			name:   "required-taint",
			path:   "spec.taint",
			rule:   true,
			taints: []core.DeviceTaint{{Key: goodName, Value: goodName}},
			want:   []string{"spec.taint.effect: Required value"},
		},
		{
			name:   "invalid-taint",
			path:   "spec.taint",
			rule:   true,
			taints: []core.DeviceTaint{{Key: goodName, Value: goodName, Effect: "some-other-effect"}},
			want:   []string{`spec.taint.effect: Unsupported value: "some-other-effect": ` + effects},
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			var got []core.Diagnostic
			if tc.rule {
				got = core.ValidateDeviceTaint(&tc.taints[0], tc.path)
			} else {
				got = core.ValidateDeviceTaints(tc.taints, tc.path, core.Source{})
			}
			if diff := cmp.Diff(tc.want, messages(got)); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
		})
	}
}

// The "tolerations" case of TestValidateClaim in k8s.io/kubernetes v1.37.2
// pkg/apis/resource/validation/validation_resourceclaim_test.go
// (Apache-2.0), split by the two requests it writes, plus cases of ours for
// what upstream's code allows that a pod's toleration does not.
func TestValidateDeviceTolerations(t *testing.T) {
	const firstAvailable = "spec.devices.requests[0].firstAvailable[0].tolerations"
	const exactly = "spec.devices.requests[1].exactly.tolerations"
	testCases := []struct {
		name        string
		path        string
		tolerations []core.DeviceToleration
		want        []string
	}{
		{
			name:        "tolerations, firstAvailable",
			path:        firstAvailable,
			tolerations: []core.DeviceToleration{{Operator: ""}},
			want:        []string{firstAvailable + "[0].operator: Required value"},
		},
		{
			name: "tolerations, exactly",
			path: exactly,
			tolerations: []core.DeviceToleration{
				{Operator: core.DeviceTolerationOpExists},
				{Key: "example.com/taint", Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNoExecute},
				{Key: "example.com/taint", Operator: core.DeviceTolerationOpEqual, Value: "tainted", Effect: core.DeviceTaintEffectNoSchedule},
				{Operator: ""},
				{Key: goodName, Operator: "some-other-op"},
				{Key: badName, Operator: core.DeviceTolerationOpEqual, Value: badName, Effect: "some-other-effect"},
			},
			want: []string{
				exactly + "[3].operator: Required value",
				exactly + `[4].operator: Unsupported value: "some-other-op": supported values: "Equal", "Exists"`,
				exactly + `[5].key: Invalid value: "!@#$%^": ` + nameRegex,
				exactly + `[5].value: Invalid value: "!@#$%^": ` + valueRegex,
				exactly + `[5].effect: Unsupported value: "some-other-effect": ` + effects,
			},
		},
		{
			name: "empty key with Equal, tolerationSeconds without NoExecute and an empty value are all valid",
			path: exactly,
			tolerations: []core.DeviceToleration{
				{Operator: core.DeviceTolerationOpEqual},
				{Key: goodName, Operator: core.DeviceTolerationOpEqual, Effect: core.DeviceTaintEffectNoSchedule, TolerationSeconds: ptr(int64(-5))},
				{Key: goodName, Operator: core.DeviceTolerationOpExists, Effect: core.DeviceTaintEffectNone},
			},
		},
		{
			name:        "Exists with a value is refused on .value",
			path:        exactly,
			tolerations: []core.DeviceToleration{{Key: goodName, Operator: core.DeviceTolerationOpExists, Value: "v"}},
			want:        []string{exactly + "[0].value: Invalid value: \"v\": must be empty for operator `Exists`"},
		},
		{
			name:        "an overlong value gives one error per message",
			path:        exactly,
			tolerations: []core.DeviceToleration{{Key: goodName, Operator: core.DeviceTolerationOpEqual, Value: strings.Repeat("a", 63) + "-"}},
			want: []string{
				exactly + `[0].value: Invalid value: "` + strings.Repeat("a", 63) + `-": must be no more than 63 bytes`,
				exactly + `[0].value: Invalid value: "` + strings.Repeat("a", 63) + `-": ` + valueRegex,
			},
		},
	}
	for _, tc := range testCases {
		t.Run(tc.name, func(t *testing.T) {
			got := core.ValidateDeviceTolerations(tc.tolerations, tc.path)
			if diff := cmp.Diff(tc.want, messages(got)); diff != "" {
				t.Errorf("messages (-want +got):\n%s", diff)
			}
		})
	}
}
