package tainteviction

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

func TestControllerTaints(t *testing.T) {
	nodeSource := core.Source{Editor: core.EditorNodes, Line: 1, Field: "", Fields: map[string]int{"name": 3}}
	readyFalse := core.NodeCondition{Type: core.NodeReady, Status: core.ConditionFalse, Source: core.Source{Editor: core.EditorNodes, Line: 9, Field: "status.conditions[0]"}}
	readyUnknown := core.NodeCondition{Type: core.NodeReady, Status: core.ConditionUnknown, Source: core.Source{Editor: core.EditorNodes, Line: 9, Field: "status.conditions[0]"}}
	tests := []struct {
		name       string
		node       core.Node
		conditions bool
		want       []core.Taint
	}{
		{
			name:       "Ready=False adds not-ready NoSchedule and NoExecute",
			node:       core.Node{Conditions: []core.NodeCondition{readyFalse}},
			conditions: true,
			want: []core.Taint{
				{Key: core.TaintNodeNotReady, Effect: core.TaintEffectNoSchedule, Origin: "condition Ready=False", Source: readyFalse.Source},
				{Key: core.TaintNodeNotReady, Effect: core.TaintEffectNoExecute, Origin: "condition Ready=False", Source: readyFalse.Source},
			},
		},
		{
			name:       "Ready=Unknown adds unreachable NoSchedule and NoExecute",
			node:       core.Node{Conditions: []core.NodeCondition{readyUnknown}},
			conditions: true,
			want: []core.Taint{
				{Key: core.TaintNodeUnreachable, Effect: core.TaintEffectNoSchedule, Origin: "condition Ready=Unknown", Source: readyUnknown.Source},
				{Key: core.TaintNodeUnreachable, Effect: core.TaintEffectNoExecute, Origin: "condition Ready=Unknown", Source: readyUnknown.Source},
			},
		},
		{
			name: "conditions off leaves only spec.unschedulable",
			node: core.Node{Unschedulable: true, Source: nodeSource, Conditions: []core.NodeCondition{readyFalse}},
			want: []core.Taint{
				{Key: core.TaintNodeUnschedulable, Effect: core.TaintEffectNoSchedule, Origin: "spec.unschedulable",
					Source: core.Source{Editor: core.EditorNodes, Line: 1, Field: "spec.unschedulable"}},
			},
		},
		{
			name: "condition taints come first, unschedulable next, NoExecute last",
			node: core.Node{Unschedulable: true, Source: nodeSource, Conditions: []core.NodeCondition{
				readyFalse, {Type: core.NodeDiskPressure, Status: core.ConditionTrue}, {Type: core.NodeMemoryPressure, Status: core.ConditionFalse},
			}},
			conditions: true,
			want: []core.Taint{
				{Key: core.TaintNodeNotReady, Effect: core.TaintEffectNoSchedule, Origin: "condition Ready=False", Source: readyFalse.Source},
				{Key: core.TaintNodeDiskPressure, Effect: core.TaintEffectNoSchedule, Origin: "condition DiskPressure=True"},
				{Key: core.TaintNodeUnschedulable, Effect: core.TaintEffectNoSchedule, Origin: "spec.unschedulable",
					Source: core.Source{Editor: core.EditorNodes, Line: 1, Field: "spec.unschedulable"}},
				{Key: core.TaintNodeNotReady, Effect: core.TaintEffectNoExecute, Origin: "condition Ready=False", Source: readyFalse.Source},
			},
		},
		{
			name: "a taint the node already has, by key and effect, is skipped",
			node: core.Node{
				Taints:     []core.Taint{{Key: core.TaintNodeNotReady, Value: "written", Effect: core.TaintEffectNoExecute}},
				Conditions: []core.NodeCondition{readyFalse},
			},
			conditions: true,
			want: []core.Taint{
				{Key: core.TaintNodeNotReady, Effect: core.TaintEffectNoSchedule, Origin: "condition Ready=False", Source: readyFalse.Source},
			},
		},
		{
			name:       "a repeated condition adds its taint once, and only the first Ready decides NoExecute",
			node:       core.Node{Conditions: []core.NodeCondition{readyUnknown, readyFalse, readyUnknown}},
			conditions: true,
			want: []core.Taint{
				{Key: core.TaintNodeUnreachable, Effect: core.TaintEffectNoSchedule, Origin: "condition Ready=Unknown", Source: readyUnknown.Source},
				{Key: core.TaintNodeNotReady, Effect: core.TaintEffectNoSchedule, Origin: "condition Ready=False", Source: readyFalse.Source},
				{Key: core.TaintNodeUnreachable, Effect: core.TaintEffectNoExecute, Origin: "condition Ready=Unknown", Source: readyUnknown.Source},
			},
		},
		{
			name:       "healthy conditions add nothing",
			node:       core.Node{Conditions: []core.NodeCondition{{Type: core.NodeReady, Status: core.ConditionTrue}, {Type: core.NodePIDPressure, Status: core.ConditionFalse}, {Type: "Custom", Status: core.ConditionTrue}}},
			conditions: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, ControllerTaints(&tc.node, tc.conditions)); diff != "" {
				t.Errorf("ControllerTaints (-want +got):\n%s", diff)
			}
		})
	}
}
