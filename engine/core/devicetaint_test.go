package core

import "testing"

// TestDeviceTaintString checks both forms, with and without a value.
func TestDeviceTaintString(t *testing.T) {
	for _, tc := range []struct {
		name  string
		taint DeviceTaint
		want  string
	}{
		{name: "with a value", taint: DeviceTaint{Key: "dra.example.com/unhealthy", Value: "Broken", Effect: DeviceTaintEffectNoExecute},
			want: "dra.example.com/unhealthy=Broken:NoExecute"},
		{name: "without a value", taint: DeviceTaint{Key: "maintenance", Effect: DeviceTaintEffectNone}, want: "maintenance:None"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := tc.taint.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
		})
	}
}
