package upstream

import (
	resourceapi "k8s.io/api/resource/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/taint-playground/taint-playground/engine/core"
)

// Grids of the values that matter to device matching: empty values, case
// variants, operators and effects upstream does not know.
var (
	DeviceOracleKeys      = []string{"", "k", "K", "example.com/k"}
	DeviceOracleOperators = []core.DeviceTolerationOperator{"", core.DeviceTolerationOpEqual, core.DeviceTolerationOpExists, "exists", "Lt", "In"}
	DeviceOracleValues    = []string{"", "v", "V", "5"}
	DeviceOracleEffects   = []core.DeviceTaintEffect{"", core.DeviceTaintEffectNone, core.DeviceTaintEffectNoSchedule, core.DeviceTaintEffectNoExecute, "PreferNoSchedule", "noexecute"}
)

// ToV1DeviceToleration converts a device toleration to upstream's type.
func ToV1DeviceToleration(t *core.DeviceToleration) resourceapi.DeviceToleration {
	return resourceapi.DeviceToleration{Key: t.Key, Operator: resourceapi.DeviceTolerationOperator(t.Operator),
		Value: t.Value, Effect: resourceapi.DeviceTaintEffect(t.Effect), TolerationSeconds: t.TolerationSeconds}
}

// ToV1DeviceTaint converts a device taint to upstream's type.
func ToV1DeviceTaint(t *core.DeviceTaint) resourceapi.DeviceTaint {
	out := resourceapi.DeviceTaint{Key: t.Key, Value: t.Value, Effect: resourceapi.DeviceTaintEffect(t.Effect)}
	if t.TimeAdded != nil {
		out.TimeAdded = &metav1.Time{Time: *t.TimeAdded}
	}
	return out
}
