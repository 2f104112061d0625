package engine

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/core"
)

// whatIfNodes are two database nodes (one already tainted for maintenance)
// and a web node.
const whatIfNodes = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Node
  metadata:
    name: db-1
    labels: {pool: db}
- apiVersion: v1
  kind: Node
  metadata:
    name: db-2
    labels: {pool: db}
  spec:
    taints:
    - {key: disk, value: slow, effect: NoSchedule}
- apiVersion: v1
  kind: Node
  metadata:
    name: web-1
    labels: {pool: web}
  spec:
    taints:
    - {key: maintenance, value: now, effect: NoExecute}
`

// whatIfPods run on each node, with every kind of NoExecute toleration, and
// three are pending: one needs the db pool, one the web pool, one tolerates
// maintenance.
const whatIfPods = `apiVersion: v1
kind: List
items:
- apiVersion: v1
  kind: Pod
  metadata: {name: pg-0}
  spec:
    nodeName: db-1
- apiVersion: v1
  kind: Pod
  metadata: {name: pg-1}
  spec:
    nodeName: db-2
    tolerations:
    - {key: disk, operator: Exists}
    - {key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 600}
- apiVersion: v1
  kind: Pod
  metadata: {name: pg-2}
  spec:
    nodeName: db-2
    tolerations:
    - {operator: Exists}
- apiVersion: v1
  kind: Pod
  metadata: {name: web-0}
  spec:
    nodeName: web-1
- apiVersion: v1
  kind: Pod
  metadata: {name: backup}
  spec:
    nodeSelector: {pool: db}
- apiVersion: v1
  kind: Pod
  metadata: {name: web-canary}
  spec:
    nodeSelector: {pool: web}
- apiVersion: v1
  kind: Pod
  metadata: {name: batch}
  spec:
    tolerations:
    - {key: maintenance, operator: Exists}
`

// radiusSummary is a BlastRadius in words: node changes as "name +added
// -removed", pods by name, evictions later with their seconds and toleration.
type radiusSummary struct {
	Nodes, EvictedNow, EvictedLater, Stay []string
	NoLongerSchedulable, NewlySchedulable []string
	Errors                                []string
}

func summarize(w *Workspace, r *BlastRadius) radiusSummary {
	var s radiusSummary
	for _, c := range r.Nodes {
		line := w.Nodes[c.Node].Name
		for _, t := range c.Added {
			line += " +" + t.String()
		}
		for _, t := range c.Removed {
			line += " -" + t.String()
		}
		s.Nodes = append(s.Nodes, line)
	}
	name := func(e PodEviction) string {
		return fmt.Sprintf("%s on %s (was %s)", w.Pods[e.Pod].Name, w.Nodes[e.Node].Name, e.Before)
	}
	for _, e := range r.EvictedNow {
		s.EvictedNow = append(s.EvictedNow, name(e))
	}
	for _, e := range r.EvictedLater {
		s.EvictedLater = append(s.EvictedLater, fmt.Sprintf("%s in %d s by toleration %d", name(e), e.Eviction.Seconds, e.Eviction.Toleration))
	}
	for _, e := range r.Stay {
		s.Stay = append(s.Stay, name(e)+" "+e.Eviction.Kind)
	}
	for _, p := range r.NoLongerSchedulable {
		s.NoLongerSchedulable = append(s.NoLongerSchedulable, w.Pods[p].Name)
	}
	for _, p := range r.NewlySchedulable {
		s.NewlySchedulable = append(s.NewlySchedulable, w.Pods[p].Name)
	}
	if len(r.Errors) > 0 {
		s.Errors = r.Errors
	}
	return s
}

func TestWhatIf(t *testing.T) {
	cases := []struct {
		name    string
		command string
		want    radiusSummary
	}{
		{
			name:    "a NoExecute taint on a pool evicts now, later, or never",
			command: "kubectl taint nodes -l pool=db maintenance=now:NoExecute",
			want: radiusSummary{
				Nodes:               []string{"db-1 +maintenance=now:NoExecute", "db-2 +maintenance=now:NoExecute"},
				EvictedNow:          []string{"pg-0 on db-1 (was none)"},
				EvictedLater:        []string{"pg-1 on db-2 (was none) in 600 s by toleration 1"},
				Stay:                []string{"pg-2 on db-2 (was none) never"},
				NoLongerSchedulable: []string{"backup"},
			},
		},
		{
			name:    "removing the last blocking taint lets a pending pod schedule",
			command: "kubectl taint nodes web-1 maintenance-",
			want: radiusSummary{
				Nodes:            []string{"web-1 -maintenance=now:NoExecute"},
				Stay:             []string{"web-0 on web-1 (was now) none"},
				NewlySchedulable: []string{"web-canary"},
			},
		},
		{
			name:    "a NoSchedule taint evicts nobody but strands a pending pod",
			command: "kubectl taint nodes db-1 db-2 disk=slow:NoSchedule --overwrite",
			want: radiusSummary{
				Nodes: []string{"db-1 +disk=slow:NoSchedule"},
				Stay:  []string{"pg-0 on db-1 (was none) none"},
				// db-2 already had it; backup's last node was db-1.
				NoLongerSchedulable: []string{"backup"},
			},
		},
		{
			name:    "overwriting a value counts as a removal and an addition",
			command: "kubectl taint nodes --all maintenance=later:NoExecute --overwrite",
			want: radiusSummary{
				Nodes: []string{
					"db-1 +maintenance=later:NoExecute",
					"db-2 +maintenance=later:NoExecute",
					"web-1 +maintenance=later:NoExecute -maintenance=now:NoExecute",
				},
				EvictedNow:          []string{"pg-0 on db-1 (was none)", "web-0 on web-1 (was now)"},
				EvictedLater:        []string{"pg-1 on db-2 (was none) in 600 s by toleration 1"},
				Stay:                []string{"pg-2 on db-2 (was none) never"},
				NoLongerSchedulable: []string{"backup"},
			},
		},
		{
			name:    "kubectl's per-node errors come with the nodes it still updates",
			command: "kubectl taint nodes web-1 nowhere db-1 maintenance=now:NoExecute",
			want: radiusSummary{
				Nodes:               []string{"db-1 +maintenance=now:NoExecute"},
				EvictedNow:          []string{"pg-0 on db-1 (was none)"},
				NoLongerSchedulable: []string{"backup"},
				Errors: []string{
					`nodes "nowhere" not found`,
					"node web-1 already has maintenance taint(s) with same effect(s) and --overwrite is false",
				},
			},
		},
		{
			name:    "a selector that matches nothing changes nothing",
			command: "kubectl taint nodes -l pool=gpu maintenance=now:NoExecute",
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			w := Load(whatIfNodes, whatIfPods, core.Options{})
			before := Load(whatIfNodes, whatIfPods, core.Options{})
			got, err := w.WhatIf(tc.command)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, summarize(w, got)); diff != "" {
				t.Errorf("WhatIf(%q) (-want +got):\n%s", tc.command, diff)
			}
			if diff := cmp.Diff(before, w); diff != "" {
				t.Errorf("WhatIf changed the workspace (-before +after):\n%s", diff)
			}
		})
	}
}

func TestWhatIfRefusesWhatKubectlRefuses(t *testing.T) {
	cases := []struct {
		name    string
		command string
		want    string
	}{
		{name: "not a taint command", command: "kubectl get nodes", want: "not a kubectl taint command"},
		{name: "pods cannot be tainted", command: "kubectl taint pods web-0 a=b:NoSchedule",
			want: "invalid resource type pods, only node types are supported"},
		{name: "a taint update is required", command: "kubectl taint nodes --all maintenance",
			want: "at least one taint update is required"},
		{name: "the effect must be one of three", command: "kubectl taint nodes --all maintenance=now:NoEvict",
			want: "invalid taint effect: NoEvict, unsupported taint effect"},
	}
	w := Load(whatIfNodes, whatIfPods, core.Options{})
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := w.WhatIf(tc.command)
			if got != nil || err == nil || err.Error() != tc.want {
				t.Errorf("WhatIf(%q) = %v, %v; want error %q", tc.command, got, err, tc.want)
			}
		})
	}
}

// FuzzWhatIf tries any command on the test cluster: WhatIf never panics, an
// answer's indexes are in range, and the workspace stays as it was.
func FuzzWhatIf(f *testing.F) {
	for _, seed := range []string{
		"kubectl taint nodes -l pool=db maintenance=now:NoExecute",
		"kubectl taint nodes --all maintenance=later:NoExecute --overwrite",
		"kubectl taint nodes web-1 nowhere maintenance-",
		"kubectl taint no/db-2 disk:NoSchedule- a=b:PreferNoSchedule",
		"kubectl taint nodes -l 'pool in (db,web)' x=y:NoSchedule",
	} {
		f.Add(seed)
	}
	before := Load(whatIfNodes, whatIfPods, core.Options{})
	f.Fuzz(func(t *testing.T, command string) {
		w := Load(whatIfNodes, whatIfPods, core.Options{})
		radius, err := w.WhatIf(command)
		if err == nil {
			for _, c := range radius.Nodes {
				if c.Node < 0 || c.Node >= len(w.Nodes) {
					t.Fatalf("node index %d out of range", c.Node)
				}
			}
			for _, list := range [][]PodEviction{radius.EvictedNow, radius.EvictedLater, radius.Stay} {
				for _, e := range list {
					if e.Pod < 0 || e.Pod >= len(w.Pods) || e.Node < 0 || e.Node >= len(w.Nodes) {
						t.Fatalf("eviction %+v out of range", e)
					}
				}
			}
		}
		if diff := cmp.Diff(before, w); diff != "" {
			t.Errorf("WhatIf(%q) changed the workspace (-before +after):\n%s", command, diff)
		}
	})
}
