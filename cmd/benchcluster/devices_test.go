package main

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

func TestParseDevices(t *testing.T) {
	tests := []struct {
		name, flag string
		want       *clustersnapshot.DeviceSpec
		wantErr    bool
	}{
		{name: "the issue's cluster", flag: "5000x8x20000", want: &clustersnapshot.DeviceSpec{Nodes: 5000, DevicesPerNode: 8, Claims: 20000, Seed: 1}},
		{name: "none", flag: "", want: nil},
		{name: "no claims is an error", flag: "5000x8", wantErr: true},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := parseDevices(tc.flag)
			if diff := cmp.Diff(tc.want, got); diff != "" || (err != nil) != tc.wantErr {
				t.Errorf("parseDevices(%q) = %v (-want +got):\n%s", tc.flag, err, diff)
			}
		})
	}
}
