package api

import (
	"fmt"
	"strings"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/kubectl"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
)

// RadiusLists are the lists of a BlastRadius, by their JSON names, in the
// order the page shows them.
var RadiusLists = []string{"errors", "nodes", "evictedNow", "evictedLater", "stay", "noLongerSchedulable", "newlySchedulable"}

// MaxItems bounds one page of a list, so that no answer is too large to
// parse on the page's main thread without a long task.
const MaxItems = 1000

// RadiusView is a blast radius too large to send whole: every list's length,
// and the first items of each, with names instead of indexes. A --all on
// 150,000 pods would be tens of megabytes of JSON.
type RadiusView struct {
	Command *kubectl.TaintCommand `json:"command"`
	Counts  map[string]int        `json:"counts"`
	Lists   map[string][]any      `json:"lists"`
	// Totals count the lists by node pool and by workload.
	Totals engine.RadiusTotals `json:"totals"`
	// Milliseconds is how long the engine's WhatIf took, in the worker.
	Milliseconds float64 `json:"milliseconds"`
}

// NodeChangeItem is one changed node, its taints as kubectl prints them.
type NodeChangeItem struct {
	Node    string   `json:"node"`
	Added   []string `json:"added"`
	Removed []string `json:"removed"`
}

// EvictionItem is one running pod's verdict; Toleration is the one that sets
// Seconds for an eviction later.
type EvictionItem struct {
	Pod        string           `json:"pod"`
	Node       string           `json:"node"`
	Before     string           `json:"before"`
	Kind       string           `json:"kind"`
	Seconds    int64            `json:"seconds,omitempty"`
	Toleration *core.Toleration `json:"toleration,omitempty"`
}

// ItemsPage is one page of one list.
type ItemsPage struct {
	List   string `json:"list"`
	Offset int    `json:"offset"`
	Total  int    `json:"total"`
	Items  []any  `json:"items"`
}

// generatedWhatIfArgs are whatIfGenerated's argument.
type generatedWhatIfArgs struct {
	Command string `json:"command"`
	Limit   int    `json:"limit"`
}

// setDefaults pages by 100 unless told otherwise.
func (a *generatedWhatIfArgs) setDefaults() { a.Limit = 100 }

// whatIfGenerated takes {command, limit} and runs the command on the
// generated cluster (loadGenerated), answering a RadiusView with the first
// limit (at most MaxItems) items of each list; whatIfItems pages on.
func (s *Session) whatIfGenerated(args *generatedWhatIfArgs) (any, error) {
	if args.Limit < 0 || args.Limit > MaxItems {
		return nil, &Error{Message: fmt.Sprintf("whatIfGenerated: limit %d is not between 0 and %d", args.Limit, MaxItems), Field: "limit"}
	}
	if s.generated == nil {
		return nil, &Error{Message: "whatIfGenerated: call loadGenerated first"}
	}
	s.last = lastRadius{} // the last answer's lists may be collected while this one is built
	start := time.Now()
	radius, err := s.generated.WhatIf(args.Command)
	elapsed := time.Since(start)
	if err != nil {
		return nil, &Error{Message: err.Error(), Line: 1, Field: "command"}
	}
	s.last = lastRadius{workspace: s.generated, radius: radius}
	view := RadiusView{Command: radius.Command, Counts: map[string]int{}, Lists: map[string][]any{}, Totals: radius.Totals,
		Milliseconds: float64(elapsed.Microseconds()) / 1000}
	for _, list := range RadiusLists {
		page, _ := radiusItems(s.generated, radius, list, 0, args.Limit)
		view.Counts[list], view.Lists[list] = page.Total, page.Items
	}
	return view, nil
}

// itemsArgs are whatIfItems' argument.
type itemsArgs struct {
	List   string `json:"list"`
	Offset int    `json:"offset"`
	Limit  int    `json:"limit"`
}

// whatIfItems takes {list, offset, limit} and answers that page of a list of
// the last what-if (whatIf or whatIfGenerated), named as in a RadiusView.
func (s *Session) whatIfItems(args *itemsArgs) (any, error) {
	switch {
	case args.Offset < 0:
		return nil, &Error{Message: fmt.Sprintf("whatIfItems: offset %d is negative", args.Offset), Field: "offset"}
	case args.Limit < 0 || args.Limit > MaxItems:
		return nil, &Error{Message: fmt.Sprintf("whatIfItems: limit %d is not between 0 and %d", args.Limit, MaxItems), Field: "limit"}
	case s.last.radius == nil:
		return nil, &Error{Message: "whatIfItems: " + noRadius}
	}
	page, ok := radiusItems(s.last.workspace, s.last.radius, args.List, args.Offset, args.Limit)
	if !ok {
		return nil, &Error{Message: fmt.Sprintf("whatIfItems: list %q is not one of %s", args.List, strings.Join(RadiusLists, ", ")), Field: "list"}
	}
	return page, nil
}

// radiusItems names the items [offset, offset+limit) of one list; ok is false
// for an unknown list. An offset past the end gives no items.
func radiusItems(w *engine.Workspace, radius *engine.BlastRadius, list string, offset, limit int) (page ItemsPage, ok bool) {
	page = ItemsPage{List: list, Offset: offset, Items: []any{}}
	window := func(total int) (int, int) {
		page.Total = total
		from, to := min(offset, total), min(offset+limit, total)
		return from, to
	}
	pod := func(p int) string {
		if ns := w.Pods[p].Namespace; ns != "" {
			return ns + "/" + w.Pods[p].Name
		}
		return w.Pods[p].Name
	}
	evictions := func(list []engine.PodEviction) {
		from, to := window(len(list))
		for _, e := range list[from:to] {
			item := EvictionItem{Pod: pod(e.Pod), Node: w.Nodes[e.Node].Name, Before: e.Before, Kind: e.Eviction.Kind, Seconds: e.Eviction.Seconds}
			if e.Eviction.Kind == tainteviction.EvictAfter && e.Eviction.Toleration >= 0 {
				item.Toleration = &w.Pods[e.Pod].Tolerations[e.Eviction.Toleration]
			}
			page.Items = append(page.Items, item)
		}
	}
	pods := func(list []int) {
		from, to := window(len(list))
		for _, p := range list[from:to] {
			page.Items = append(page.Items, pod(p))
		}
	}
	switch list {
	case "errors":
		from, to := window(len(radius.Errors))
		for _, message := range radius.Errors[from:to] {
			page.Items = append(page.Items, message)
		}
	case "nodes":
		from, to := window(len(radius.Nodes))
		for _, c := range radius.Nodes[from:to] {
			page.Items = append(page.Items, NodeChangeItem{Node: w.Nodes[c.Node].Name, Added: taintTexts(c.Added), Removed: taintTexts(c.Removed)})
		}
	case "evictedNow":
		evictions(radius.EvictedNow)
	case "evictedLater":
		evictions(radius.EvictedLater)
	case "stay":
		evictions(radius.Stay)
	case "noLongerSchedulable":
		pods(radius.NoLongerSchedulable)
	case "newlySchedulable":
		pods(radius.NewlySchedulable)
	default:
		return page, false
	}
	return page, true
}

// taintTexts prints each taint as kubectl does.
func taintTexts(taints []core.Taint) []string {
	out := make([]string, len(taints))
	for i := range taints {
		out[i] = taints[i].String()
	}
	return out
}
