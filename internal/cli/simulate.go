package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/kubectl"
	"github.com/taint-playground/taint-playground/engine/tainteviction"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/cli/words"
)

const simulateUsage = `Usage: taint-playground simulate -f FILE... [flags]

Runs the taint-eviction controller over a clock, the page's countdown, and
prints its timeline: when each running pod's eviction is scheduled, kept,
cancelled or carried out. At 0 the controller sees the snapshot as it is, so
pods running on nodes with NoExecute taints get their countdowns; --event
changes taints later on.

--until and the time of an event are seconds (600) or a Go duration (10m,
1h30m). An event is "TIME kubectl taint nodes ...": the command runs, as
kubectl would, on the nodes as the events before it left them. A countdown
scheduled but not due by --until shows its deadline.

Exit status: 0 when no pod is evicted by --until, 1 when one is, 2 for bad
usage, an event that cannot run, an input with an error, no node and no
pod, or over the bounds (see check --help), or output that cannot be
written.

-o json and -o yaml print {until, events, timeline, nodeNames, podNames}:
events are the engine's Events the --event flags became, and timeline the
engine's Timeline, as the page's simulate answers them (pod and node indexes
are into podNames and nodeNames).

Examples:
  # The countdowns of the pods on nodes that are NoExecute-tainted now
  kubectl get nodes,pods -A -o yaml | taint-playground simulate -f - --until 1h

  # A node becomes unreachable at 30 s, and comes back at 10 minutes
  taint-playground simulate -f cluster.yaml --until 20m \
    --event '30s kubectl taint nodes node1 node.kubernetes.io/unreachable:NoExecute' \
    --event '10m kubectl taint nodes node1 node.kubernetes.io/unreachable:NoExecute-'
`

// defaultUntil is how long the clock runs without --until: an hour.
const defaultUntil = 3600

// eventFlag is one --event, "TIME kubectl taint nodes ...".
type eventFlag struct {
	at      float64
	command string
}

// eventList is the repeatable --event flag.
type eventList []eventFlag

func (l *eventList) String() string { return fmt.Sprint(len(*l), " event(s)") }
func (l *eventList) Set(v string) error {
	at, command, ok := strings.Cut(strings.TrimSpace(v), " ")
	if !ok {
		return errors.New(`an event is "TIME kubectl taint nodes ..."`)
	}
	seconds, err := parseSeconds(at)
	if err != nil {
		return err
	}
	*l = append(*l, eventFlag{at: seconds, command: strings.TrimSpace(command)})
	return nil
}

// secondsFlag is a time in seconds, written as seconds or a Go duration.
type secondsFlag float64

func (s *secondsFlag) String() string { return strconv.FormatFloat(float64(*s), 'f', -1, 64) }
func (s *secondsFlag) Set(v string) error {
	seconds, err := parseSeconds(v)
	*s = secondsFlag(seconds)
	return err
}

// parseSeconds reads "600" or "10m" as seconds; a time is 0 or more.
func parseSeconds(v string) (float64, error) {
	seconds, err := strconv.ParseFloat(v, 64)
	if err != nil {
		d, durationErr := time.ParseDuration(v)
		if durationErr != nil {
			return 0, fmt.Errorf("%q is neither seconds nor a duration such as 10m", v)
		}
		seconds = d.Seconds()
	}
	if seconds < 0 || seconds != seconds {
		return 0, fmt.Errorf("%q: a time must be 0 or more", v)
	}
	return seconds, nil
}

// simulateResult is simulate's -o json|yaml document.
type simulateResult struct {
	Until     float64                 `json:"until"`
	Events    []tainteviction.Event   `json:"events"`
	Timeline  *tainteviction.Timeline `json:"timeline"`
	NodeNames []string                `json:"nodeNames"`
	PodNames  []string                `json:"podNames"`
}

// simulateCommand is simulate: --until and --event.
type simulateCommand struct {
	until  secondsFlag
	events eventList
}

func (cmd *simulateCommand) flags(fs *flag.FlagSet) {
	fs.Var(&cmd.until, "until", "when the clock stops: seconds or a duration (default 1h)")
	for _, n := range []string{"e", "event"} {
		fs.Var(&cmd.events, n, `a taint change on the clock: "TIME kubectl taint nodes ..."; repeatable`)
	}
}

func (cmd *simulateCommand) args(_ *common, positional, rest []string) error {
	return noArguments("simulate", positional, rest)
}

func (cmd *simulateCommand) answer(env *Env, c *common, l *loaded) int {
	until, events := cmd.until, cmd.events
	resolved, err := resolveEvents(l.ws, events)
	if err != nil {
		printf(env.Stderr, "error: %v\n", err)
		return ExitInvalid
	}
	for _, e := range events {
		if cmd, err := kubectl.ParseTaintCommand(e.command); err == nil {
			noteIgnored(env, cmd.Ignored)
		}
	}
	timeline := l.ws.Simulate(resolved, float64(until))
	result := simulateResult{Until: timeline.Until, Events: resolved, Timeline: timeline,
		NodeNames: make([]string, len(l.ws.Nodes)), PodNames: make([]string, len(l.ws.Pods))}
	for n := range l.ws.Nodes {
		result.NodeNames[n] = l.ws.Nodes[n].Name
	}
	for p := range l.ws.Pods {
		result.PodNames[p] = podName(&l.ws.Pods[p])
	}
	if !writeOutput(env, c.output, func(w io.Writer) { writeTimeline(w, speechIn(env.Language), &result, events) }, result) {
		return ExitInvalid
	}
	switch {
	case l.invalid():
		return ExitInvalid
	case len(timeline.Ignored) > 0:
		return ExitInvalid
	}
	for _, e := range timeline.Entries {
		if e.Kind == tainteviction.EvictionExecuted {
			return ExitProblems
		}
	}
	return ExitOK
}

// resolveEvents runs the --event commands in time order against the nodes
// as the events before each left them, giving the engine's events.
func resolveEvents(ws *engine.Workspace, flags eventList) ([]tainteviction.Event, error) {
	sort.SliceStable(flags, func(a, b int) bool { return flags[a].at < flags[b].at })
	nodes := ws.Nodes
	events := []tainteviction.Event{}
	for _, f := range flags {
		after, changes, err := examples.RunTaintCommand(nodes, f.at, f.command)
		if err != nil {
			return nil, fmt.Errorf("--event %q: %v", seconds(f.at)+" "+f.command, err)
		}
		nodes = after
		events = append(events, changes...)
	}
	return events, nil
}

// seconds writes a time as the timeline shows it: "90 s", "1.5 s".
func seconds(t float64) string {
	return strconv.FormatFloat(t, 'f', -1, 64) + " s"
}

// The timeline's words.
const (
	wordSimulatedUntil words.ID = "simulate.until"
	wordTimelineEntry  words.ID = "simulate.entry"
	wordDeadline       words.ID = "simulate.deadline"
	wordNoEviction     words.ID = "simulate.no-eviction"
	wordIgnored        words.ID = "simulate.ignored"
	wordKindScheduled  words.ID = "simulate.kind.scheduled"
	wordKindCancelled  words.ID = "simulate.kind.cancelled"
	wordKindEvicted    words.ID = "simulate.kind.evicted"
	wordKindKept       words.ID = "simulate.kind.kept"
)

// entryKinds names each kind of timeline entry.
var entryKinds = map[string]words.ID{
	tainteviction.EvictionScheduled: wordKindScheduled,
	tainteviction.EvictionCancelled: wordKindCancelled,
	tainteviction.EvictionExecuted:  wordKindEvicted,
	tainteviction.EvictionKept:      wordKindKept,
}

// writeTimeline prints each --event and each timeline entry in time order.
func writeTimeline(w io.Writer, s *speech, r *simulateResult, events eventList) {
	s.line(w, wordSimulatedUntil, "until", seconds(r.Until))
	next := 0
	printEvents := func(upTo float64) {
		for ; next < len(events) && events[next].at <= upTo; next++ {
			printf(w, "%10s  $ %s\n", seconds(events[next].at), events[next].command)
		}
	}
	for _, e := range r.Timeline.Entries {
		printEvents(e.At)
		what := e.Kind
		if id, ok := entryKinds[e.Kind]; ok {
			what = s.say(id)
		}
		if e.Kind == tainteviction.EvictionScheduled || e.Kind == tainteviction.EvictionKept {
			what += s.say(wordDeadline, "deadline", seconds(e.Deadline))
		}
		printf(w, "%10s  ", seconds(e.At))
		s.line(w, wordTimelineEntry, "pod", r.PodNames[e.Pod], "node", r.NodeNames[e.Node], "what", what, "reason", entryReason(s, &e))
	}
	printEvents(r.Until)
	if len(r.Timeline.Entries) == 0 {
		s.line(w, wordNoEviction)
	}
	for _, ignored := range r.Timeline.Ignored {
		s.line(w, wordIgnored, "reason", ignored.Reason)
	}
}
