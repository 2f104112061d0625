// Package engine reproduces how Kubernetes treats taints and tolerations, rule
// for rule, in pure Go with no JavaScript knowledge: the browser playground
// runs it as WebAssembly and its tests run it natively against upstream
// k8s.io/api and k8s.io/component-helpers as oracles. The release whose
// behaviour it reproduces is core.KubernetesVersion.
//
// # Packages
//
// The engine is split as upstream is, and the imports follow the data: text
// → objects → components → the workspace (TestPackageLayers holds them to
// it).
//
//   - core: the API objects (Node, Taint, Pod, Toleration) with matching,
//     validation, selectors, quantities and QoS; Source, Diagnostic, Options.
//   - yamltext: YAML text into goyaml.v3 trees with the editor's lines (a
//     fast scanner for kubectl's block YAML, goyaml.v3 for the rest).
//   - kubectl: `kubectl taint nodes`. manifest: text into core objects with
//     positions (YAML, JSON, describe output, taint lines).
//   - scheduler: the filters and the TaintToleration score. tainteviction: the
//     taint-eviction controller, its clock, and the node-condition taints.
//     admission: the admission plugins, DaemonSet tolerations and the
//     kubelet's admission.
//   - engine (this package): the Workspace that joins them, its Report,
//     Explain, Warnings, WhatIf and the workshop's Goals.
//
// The runnable examples (example_test.go: Load, Workspace.Evaluate, Explain,
// Simulate and WhatIf) show the whole path in a few lines each; `go doc
// -http` shows them beside the functions, and `go test ./engine -run
// Example` runs them.
//
// # Pipeline
//
//   - Load reads the Nodes and Pods editors' text into a Workspace: it decodes
//     both, validates taints and tolerations as the apiserver does, appends
//     the taints the node lifecycle controller adds (spec.unschedulable and,
//     with Options.ConditionTaints, node conditions), lets the admission
//     plugins that Options enables add tolerations, and reviews the result
//     (Warnings). It never fails: every problem is a Diagnostic.
//   - Workspace.Evaluate gives a Report: one compact Cell per pod × node with
//     the scheduler's filters (NodeUnschedulable, NodeName, TaintToleration,
//     NodeAffinity), the TaintToleration score, and, where the pod runs, the
//     taint-eviction controller's verdict. It works within a budget
//     (EvaluateWindow): up to FullReportPairs pairs the report holds every
//     cell; up to MaxPairs it holds counts over every pair and one window's
//     cells (Workspace.Cells gives others); above MaxPairs nothing is
//     evaluated and a "limit" diagnostic says why. EvaluatePage, the page's,
//     windows every workspace that does not fit its window.
//   - Workspace.Explain gives one cell's CellDetail: the sentences, and a
//     TaintVerdict for each of the node's taints.
//   - Workspace.Simulate runs the taint-eviction controller over a clock of
//     Events and gives a Timeline, which the page's countdown reads.
//   - Workspace.WhatIf applies one `kubectl taint nodes …` command to a copy
//     of the nodes and gives its BlastRadius, for an operator who has pasted
//     a real cluster.
//
// # The JSON report
//
// Every type here marshals with encoding/json under the names below; a page or
// a docs site may rely on them. Indexes are 0-based positions in the report's
// own arrays; -1 means "none". Fields marked "omitted" are left out of the JSON
// when false, zero or empty.
//
// Report (Workspace.Evaluate):
//
//   - kubernetes: the release reproduced, such as "v1.37".
//   - options: the Options the workspace was loaded with (comparisonOperators,
//     defaultTolerationSeconds, notReadySeconds, unreachableSeconds,
//     daemonSetTolerations, podTolerationRestriction,
//     extendedResourceToleration, conditionTaints).
//   - nodes: the effective Nodes: name, labels, taints (key, value, effect,
//     timeAdded, source, and origin for a taint a controller added),
//     unschedulable, conditions, rejected (why the API server would refuse
//     the node as written; omitted when it would accept it), source.
//   - pods: the effective Pods: name, namespace, kind, labels, nodeName,
//     nodeSelector, requiredAffinity, tolerations (key, operator, value,
//     effect, tolerationSeconds, source, and addedBy, why and whyMessage for
//     a toleration admission added), the fields that decide admission and QoS, and
//     rejected, as for nodes.
//   - cells: one Cell per pod × node, pod-major: cells[p*len(nodes)+n] is pod
//     p on node n; in a windowed report, the window's cells, pod-major, then
//     each running cell outside it.
//   - diagnostics: errors and warnings about the input (severity "error" or
//     "warning", code, message, source), sorted by editor, line and column.
//   - counts: over every pair (Counts): pairs, fits, running, rejected (pairs
//     whose pod or node the API server would reject), rejectedFits, and
//     podFits (for each pod, the nodes it fits on).
//   - window: the Window the cells hold (pod, node, pods, nodes); omitted
//     when they hold every pair.
//   - overLimit: true when the workspace has more than MaxPairs pairs and no
//     cell was evaluated; omitted otherwise.
//
// A source (Source) points into the text: editor ("nodes" or "pods"), line
// and column (1-based; omitted when the value was not written by hand), field
// (the API path, such as "spec.tolerations[1]"), and fields (the line of each
// sub-field, by name).
//
// Cell, the verdict for one pod on one node:
//
//   - pod, node: the indexes of the pod and the node.
//   - taints: the TaintToleration plugin's outcome: "tolerated", "prefer-avoid"
//     (only PreferNoSchedule taints are untolerated) or "blocked".
//   - blockedBy: the index in the node's taints of the first NoSchedule or
//     NoExecute taint no toleration tolerates, in node order; -1 if none.
//   - preferNoSchedule: how many PreferNoSchedule taints the pod does not
//     tolerate, counting only tolerations whose effect is empty or
//     PreferNoSchedule, as the plugin's PreScore does.
//   - score: the plugin's normalized score, 0 to 100, among the nodes the pod
//     fits: 100 − 100 × preferNoSchedule ÷ the row's largest count (integer
//     division), or 100 when that largest count is 0. A cell that does not fit
//     carries 0, since the scheduler never scores it.
//   - unschedulable (omitted): the node has spec.unschedulable and the pod does
//     not tolerate node.kubernetes.io/unschedulable:NoSchedule.
//   - placement: nodeName, nodeSelector and affinity, each false when that
//     constraint keeps the pod off the node.
//   - fits: every filter passes; the scheduler may bind the pod here.
//   - message (omitted): when the pod does not fit, the status of the first
//     failing filter, verbatim from the scheduler: "node(s) were
//     unschedulable", "node(s) didn't match the requested node name",
//     "node(s) had untolerated taint(s)" or "node(s) didn't match Pod's node
//     affinity/selector".
//   - running (omitted): the pod's spec.nodeName is this node.
//   - eviction (omitted): when running, what the taint-eviction controller
//     does to the pod, as an Eviction.
//   - kubelet (omitted): when running, the kubelet's admission of the pod:
//     admit, and reason (omitted when it admits), the kubelet's message, such
//     as "Predicate TaintToleration failed: node(s) had taints that the pod
//     didn't tolerate". A pod bound by spec.nodeName skips the scheduler, so
//     NoSchedule taints do not stop it; the kubelet checks NoExecute taints,
//     node affinity, the node name and node pressure.
//
// Eviction:
//
//   - kind: "none" (the node has no NoExecute taint), "never" (the first
//     toleration matching each NoExecute taint has no tolerationSeconds),
//     "now" (a NoExecute taint is not tolerated, or the grace is 0 or less) or
//     "after".
//   - seconds (omitted): for "after", the delay from the moment the
//     controller sees the taint: the smallest tolerationSeconds among the
//     first matching toleration of each NoExecute taint.
//   - toleration: the index in the pod's tolerations that sets the delay
//     ("after", or "now" with 0 seconds); -1 otherwise.
//   - taint: the index in the node's taints of the untolerated taint ("now"),
//     or of the taint whose toleration sets the delay; -1 otherwise.
//   - reason: one sentence saying why.
//
// CellDetail (Workspace.Explain) has every Cell field, plus:
//
//   - reason: one sentence for the whole cell, and reasonMessage.
//   - placementReason (omitted): the first nodeName, nodeSelector or node
//     affinity mismatch, in one sentence, and placementReasonMessage.
//   - taintVerdicts: one TaintVerdict per node taint, in node order.
//
// TaintVerdict:
//
//   - taint: the index in the node's taints.
//   - tolerated: some toleration tolerates it.
//   - by (omitted): every tolerating toleration's index, in pod order; the
//     taint-eviction controller uses the first.
//   - reason: one sentence.
//   - nearMisses (omitted): tolerations that fail because of a single field,
//     each with toleration (index), field ("key", "operator", "value" or
//     "effect") and reason.
//   - suggestion (omitted): for an untolerated taint, the smallest toleration
//     that would tolerate it.
//
// Timeline (Workspace.Simulate):
//
//   - until: the end of the simulated clock, in seconds.
//   - entries: TimelineEntry values in time order, each with at (seconds),
//     kind, pod and node (indexes), deadline (omitted when 0), toleration
//     (the index, in the pod's tolerations as they were when the countdown
//     was scheduled, of the one whose tolerationSeconds set the delay; -1 if
//     none) and reason. Kinds:
//     "scheduled" (a countdown starts; deadline is when it ends), "kept" (a
//     change left the scheduled deadline as it was), "cancelled" and
//     "evicted" (the pod is gone from then on).
//   - ignored: the events that could not apply, each with event (its index
//     in the events given) and reason (naming the event's field at fault).
//
// To draw a pod at time t, take its latest entry with at ≤ t
// (Timeline.Latest): "scheduled" or "kept" shows "evicted in deadline − t s";
// "evicted" shows the pod gone; "cancelled" or no entry shows no countdown.
//
// BlastRadius (Workspace.WhatIf):
//
//   - command: the parsed TaintCommand (nodes, selector, all, overwrite, add,
//     remove, source).
//   - nodes: the nodes whose taints change, each with node (index), taints
//     (the new list), added and removed (a changed value is one of each).
//   - evictedNow, evictedLater, stay: the pods running on those nodes, by the
//     taint-eviction controller's verdict on the new taints, each with pod
//     and node (indexes), before (the Eviction kind before the command) and
//     eviction (the Eviction after it: seconds and toleration for "after").
//   - noLongerSchedulable, newlySchedulable: indexes of the pending pods (no
//     nodeName) that fit some node before and none after, or the reverse.
//   - notJudged (omitted when empty): indexes of the pods that would be in
//     one of the lists above but the API server would refuse as written.
//   - errors: kubectl's error for each node it could not update; the others
//     are updated, as kubectl does.
//
// Event, the input to Simulate: at (seconds), kind ("addTaint", "removeTaint",
// "setTolerations" or "bind"), node (a node's name, for addTaint, removeTaint
// and bind), pod (an index, for setTolerations and bind), taint (to add, or to
// remove by key and effect) and tolerations (the pod's new list).
package engine
