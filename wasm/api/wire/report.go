// Package wire writes the WASM's answers in JSON by hand, byte for byte what
// encoding/json writes for the engine's types: reflection over a large report
// was a third of evaluating it in the WASM. Only the WASM's API (wasm/api)
// answers in this form; the command line writes its documents with
// engine.WriteJSONDocument.
package wire

import (
	"encoding/json"
	"slices"
	"strconv"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// AppendReport appends the report's JSON, byte for byte what encoding/json
// writes for it (TestReportJSONMatchesEncodingJSON and FuzzReportJSON hold it
// to that), for the page's evaluate answer. encoding/json walks the report by
// reflection and checks again every Source's MarshalJSON output: in the WASM
// that was a third of evaluating 500 nodes × 50 pods. The nodes, pods, cells
// and diagnostics are written here; the few rare or small parts (options,
// conditions, affinity, resources, owner, timeAdded) go through
// encoding/json.
func AppendReport(b []byte, r *engine.Report) ([]byte, error) {
	var err error
	b = append(b, `{"kubernetes":`...)
	b = core.AppendJSONQuote(b, r.Kubernetes)
	if b, err = appendMarshal(append(b, `,"options":`...), r.Options); err != nil {
		return nil, err
	}
	if b, err = appendFallibleArray(append(b, `,"nodes":`...), r.Nodes, appendNode); err != nil {
		return nil, err
	}
	if b, err = appendFallibleArray(append(b, `,"pods":`...), r.Pods, appendPod); err != nil {
		return nil, err
	}
	b = AppendCells(append(b, `,"cells":`...), r.Cells)
	b = appendArray(append(b, `,"diagnostics":`...), r.Diagnostics, appendDiagnostic)
	c := &r.Counts
	b = appendInt(append(b, `,"counts":{`...), "pairs", c.Pairs)
	b = appendInt(append(b, ','), "fits", c.Fits)
	b = appendInt(append(b, ','), "running", c.Running)
	b = appendInt(append(b, ','), "rejected", c.Rejected)
	b = appendInt(append(b, ','), "rejectedFits", c.RejectedFits)
	b = appendArray(append(b, `,"podFits":`...), c.PodFits, appendIntElement)
	b = append(b, '}')
	if w := r.Window; w != nil {
		b = appendInt(append(b, `,"window":{`...), "pod", w.Pod)
		b = appendInt(append(b, ','), "node", w.Node)
		b = appendInt(append(b, ','), "pods", w.Pods)
		b = appendInt(append(b, ','), "nodes", w.Nodes)
		b = append(b, '}')
	}
	if r.OverLimit {
		b = append(b, `,"overLimit":true`...)
	}
	if len(r.Devices) > 0 {
		if b, err = engine.AppendDevicesJSON(append(b, `,"devices":`...), r.Devices); err != nil {
			return nil, err
		}
	}
	if len(r.DeviceRules) > 0 {
		if b, err = engine.AppendDevicesJSON(append(b, `,"deviceRules":`...), r.DeviceRules); err != nil {
			return nil, err
		}
	}
	return append(b, '}'), nil
}

// AppendCells appends cells as encoding/json writes them: cells are most
// of a large report, and of every page of the matrix the page fetches.
func AppendCells(b []byte, cells []engine.Cell) []byte {
	return appendArray(b, cells, appendCell)
}

func appendDiagnostic(b []byte, d *core.Diagnostic) []byte {
	b = appendString(append(b, '{'), "severity", d.Severity)
	b = appendString(append(b, ','), "code", d.Code)
	b = appendString(append(b, ','), "message", d.Message)
	b = appendMessage(b, "messageMessage", &d.MessageMessage)
	b = d.Source.AppendJSON(append(b, `,"source":`...))
	if h := d.Hidden; h != nil {
		b = appendInt(append(b, `,"hidden":{`...), "errors", h.Errors)
		b = append(appendInt(append(b, ','), "warnings", h.Warnings), '}')
	}
	return append(b, '}')
}

// AppendCellDetail appends what encoding/json writes for a CellDetail:
// the cell's members, then its explanation. The page's first evaluate
// answers its cards' details, and encoding/json's encoder is otherwise the
// largest code V8 compiles for it in the WASM.
func AppendCellDetail(b []byte, d *engine.CellDetail) []byte {
	b = appendCell(b, &d.Cell)
	b = appendString(append(b[:len(b)-1], ','), "reason", d.Reason)
	b = appendMessage(b, "reasonMessage", &d.ReasonMessage)
	if d.PlacementReason != "" {
		b = appendString(append(b, ','), "placementReason", d.PlacementReason)
	}
	b = appendMessage(b, "placementReasonMessage", &d.PlacementReasonMessage)
	b = appendArray(append(b, `,"taintVerdicts":`...), d.Taints, appendTaintVerdict)
	return append(b, '}')
}

func appendTaintVerdict(b []byte, v *engine.TaintVerdict) []byte {
	b = appendInt(append(b, '{'), "taint", v.Taint)
	b = appendBool(append(b, ','), "tolerated", v.Tolerated)
	if len(v.By) > 0 {
		b = appendArray(append(b, `,"by":`...), v.By, appendIntElement)
	}
	b = appendString(append(b, ','), "reason", v.Reason)
	b = appendMessage(b, "reasonMessage", &v.ReasonMessage)
	if len(v.NearMisses) > 0 {
		b = appendArray(append(b, `,"nearMisses":`...), v.NearMisses, func(b []byte, m *engine.NearMiss) []byte {
			b = appendInt(append(b, '{'), "toleration", m.Toleration)
			b = appendString(append(b, ','), "field", m.Field)
			b = appendString(append(b, ','), "reason", m.Reason)
			return append(appendMessage(b, "reasonMessage", &m.ReasonMessage), '}')
		})
	}
	if v.Suggestion != nil {
		b = appendToleration(append(b, `,"suggestion":`...), v.Suggestion)
	}
	return append(b, '}')
}

func appendCell(b []byte, c *engine.Cell) []byte {
	b = appendInt(append(b, '{'), "pod", c.Pod)
	b = appendInt(append(b, ','), "node", c.Node)
	b = appendString(append(b, ','), "taints", c.Taints)
	b = appendInt(append(b, ','), "blockedBy", c.BlockedBy)
	b = appendInt(append(b, ','), "preferNoSchedule", c.PreferNoSchedule)
	b = appendInt(append(b, ','), "score", c.Score)
	if c.Unschedulable {
		b = append(b, `,"unschedulable":true`...)
	}
	b = appendBool(append(b, `,"placement":{`...), "nodeName", c.Placement.NodeName)
	b = appendBool(append(b, ','), "nodeSelector", c.Placement.NodeSelector)
	b = appendBool(append(b, ','), "affinity", c.Placement.Affinity)
	b = appendBool(append(b, `},`...), "fits", c.Fits)
	if c.Message != "" {
		b = appendString(append(b, ','), "message", c.Message)
	}
	if c.Running {
		b = append(b, `,"running":true`...)
	}
	if e := c.Eviction; e != nil {
		b = appendString(append(b, `,"eviction":{`...), "kind", e.Kind)
		if e.Seconds != 0 {
			b = strconv.AppendInt(append(b, `,"seconds":`...), e.Seconds, 10)
		}
		b = appendInt(append(b, ','), "toleration", e.Toleration)
		b = appendInt(append(b, ','), "taint", e.Taint)
		b = appendString(append(b, ','), "reason", e.Reason)
		b = append(appendMessage(b, "reasonMessage", &e.ReasonMessage), '}')
	}
	if k := c.Kubelet; k != nil {
		b = appendBool(append(b, `,"kubelet":{`...), "admit", k.Admit)
		if k.Reason != "" {
			b = appendString(append(b, ','), "reason", k.Reason)
		}
		b = append(b, '}')
	}
	return append(b, '}')
}

func appendNode(b []byte, n *core.Node) ([]byte, error) {
	var err error
	b = appendString(append(b, '{'), "name", n.Name)
	if len(n.Labels) > 0 {
		b = appendStringMap(append(b, `,"labels":`...), n.Labels)
	}
	if b, err = appendFallibleArray(append(b, `,"taints":`...), n.Taints, appendTaint); err != nil {
		return nil, err
	}
	if n.Unschedulable {
		b = append(b, `,"unschedulable":true`...)
	}
	if len(n.Conditions) > 0 {
		if b, err = appendMarshal(append(b, `,"conditions":`...), n.Conditions); err != nil {
			return nil, err
		}
	}
	if len(n.Rejected) > 0 {
		b = appendStrings(append(b, `,"rejected":`...), n.Rejected)
	}
	b = n.Source.AppendJSON(append(b, `,"source":`...))
	return append(b, '}'), nil
}

func appendTaint(b []byte, t *core.Taint) ([]byte, error) {
	b = appendString(append(b, '{'), "key", t.Key)
	if t.Value != "" {
		b = appendString(append(b, ','), "value", t.Value)
	}
	b = appendString(append(b, ','), "effect", string(t.Effect))
	if t.TimeAdded != nil {
		var err error
		if b, err = appendMarshal(append(b, `,"timeAdded":`...), t.TimeAdded); err != nil {
			return nil, err
		}
	}
	b = t.Source.AppendJSON(append(b, `,"source":`...))
	if t.Origin != "" {
		b = appendString(append(b, ','), "origin", t.Origin)
	}
	return append(b, '}'), nil
}

func appendPod(b []byte, p *core.Pod) ([]byte, error) {
	var err error
	b = appendString(append(b, '{'), "name", p.Name)
	if p.Namespace != "" {
		b = appendString(append(b, ','), "namespace", p.Namespace)
	}
	b = appendString(append(b, ','), "kind", p.Kind)
	if len(p.Labels) > 0 {
		b = appendStringMap(append(b, `,"labels":`...), p.Labels)
	}
	if len(p.Annotations) > 0 {
		b = appendStringMap(append(b, `,"annotations":`...), p.Annotations)
	}
	if p.Owner != nil {
		if b, err = appendMarshal(append(b, `,"owner":`...), p.Owner); err != nil {
			return nil, err
		}
	}
	if p.NodeName != "" {
		b = appendString(append(b, ','), "nodeName", p.NodeName)
	}
	if len(p.NodeSelector) > 0 {
		b = appendStringMap(append(b, `,"nodeSelector":`...), p.NodeSelector)
	}
	if p.RequiredAffinity != nil {
		if b, err = appendMarshal(append(b, `,"requiredAffinity":`...), p.RequiredAffinity); err != nil {
			return nil, err
		}
	}
	b = appendTolerations(append(b, `,"tolerations":`...), p.Tolerations)
	if len(p.DroppedTolerations) > 0 {
		b = appendTolerations(append(b, `,"droppedTolerations":`...), p.DroppedTolerations)
	}
	if p.HostNetwork {
		b = append(b, `,"hostNetwork":true`...)
	}
	if p.Priority != nil {
		b = strconv.AppendInt(append(b, `,"priority":`...), int64(*p.Priority), 10)
	}
	if len(p.Containers) > 0 {
		b = appendArray(append(b, `,"containers":`...), p.Containers, appendResources)
	}
	if len(p.InitContainers) > 0 {
		b = appendArray(append(b, `,"initContainers":`...), p.InitContainers, appendResources)
	}
	if p.PodResources != nil {
		b = appendResources(append(b, `,"podResources":`...), p.PodResources)
	}
	if p.StatusQOSClass != "" {
		b = appendString(append(b, ','), "statusQOSClass", p.StatusQOSClass)
	}
	if len(p.Rejected) > 0 {
		b = appendStrings(append(b, `,"rejected":`...), p.Rejected)
	}
	b = p.Source.AppendJSON(append(b, `,"source":`...))
	return append(b, '}'), nil
}

func appendTolerations(b []byte, tolerations []core.Toleration) []byte {
	return appendArray(b, tolerations, appendToleration)
}

func appendToleration(b []byte, t *core.Toleration) []byte {
	b = append(b, '{')
	if t.Key != "" {
		b = appendString(b, "key", t.Key)
	}
	if t.Operator != "" {
		b = appendString(comma(b), "operator", string(t.Operator))
	}
	if t.Value != "" {
		b = appendString(comma(b), "value", t.Value)
	}
	if t.Effect != "" {
		b = appendString(comma(b), "effect", string(t.Effect))
	}
	if t.TolerationSeconds != nil {
		b = strconv.AppendInt(append(comma(b), `"tolerationSeconds":`...), *t.TolerationSeconds, 10)
	}
	b = t.Source.AppendJSON(append(comma(b), `"source":`...))
	if t.AddedBy != "" {
		b = appendString(append(b, ','), "addedBy", t.AddedBy)
	}
	if t.Why != "" {
		b = appendString(append(b, ','), "why", t.Why)
	}
	b = appendMessage(b, "whyMessage", &t.WhyMessage)
	return append(b, '}')
}

func appendResources(b []byte, r *core.Resources) []byte {
	b = append(b, '{')
	if len(r.Requests) > 0 {
		b = appendStringMap(append(b, `"requests":`...), r.Requests)
	}
	if len(r.Limits) > 0 {
		b = appendStringMap(append(comma(b), `"limits":`...), r.Limits)
	}
	return append(b, '}')
}

// appendString appends "name":"value", the value quoted as encoding/json quotes it.
func appendString(b []byte, name, value string) []byte {
	b = append(append(append(b, '"'), name...), `":`...)
	return core.AppendJSONQuote(b, value)
}

func appendInt(b []byte, name string, value int) []byte {
	b = append(append(append(b, '"'), name...), `":`...)
	return strconv.AppendInt(b, int64(value), 10)
}

func appendBool(b []byte, name string, value bool) []byte {
	b = append(append(append(b, '"'), name...), `":`...)
	return strconv.AppendBool(b, value)
}

func appendStrings(b []byte, list []string) []byte {
	return appendArray(b, list, func(b []byte, s *string) []byte { return core.AppendJSONQuote(b, *s) })
}

func appendIntElement(b []byte, n *int) []byte {
	return strconv.AppendInt(b, int64(*n), 10)
}

// appendArray appends list as encoding/json writes a slice: null when it is
// nil, else each element, written by appendOne, between brackets.
func appendArray[T any](b []byte, list []T, appendOne func([]byte, *T) []byte) []byte {
	if list == nil {
		return append(b, "null"...)
	}
	b = append(b, '[')
	for i := range list {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendOne(b, &list[i])
	}
	return append(b, ']')
}

// appendFallibleArray is appendArray for elements whose writing can fail.
func appendFallibleArray[T any](b []byte, list []T, appendOne func([]byte, *T) ([]byte, error)) ([]byte, error) {
	var err error
	b = appendArray(b, list, func(b []byte, v *T) []byte {
		if err != nil {
			return b
		}
		b, err = appendOne(b, v)
		return b
	})
	return b, err
}

// appendStringMap appends a map in encoding/json's order: keys sorted.
func appendStringMap(b []byte, m map[string]string) []byte {
	var room [8]string
	keys := room[:0]
	for key := range m {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	b = append(b, '{')
	for i, key := range keys {
		if i > 0 {
			b = append(b, ',')
		}
		b = core.AppendJSONQuote(append(core.AppendJSONQuote(b, key), ':'), m[key])
	}
	return append(b, '}')
}

// comma separates a member from the one before it, if any.
func comma(b []byte) []byte {
	if b[len(b)-1] != '{' {
		return append(b, ',')
	}
	return b
}

// appendMarshal appends encoding/json's text of a rarely present part.
func appendMarshal(b []byte, v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return append(b, data...), nil
}
