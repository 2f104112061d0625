package cli

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/taint-playground/taint-playground/engine/core"
)

// common are the flags every command that reads a cluster takes.
type common struct {
	files    fileList
	output   string
	selector string
	noColor  bool
	now      instant
	opts     core.Options
}

// fileList is the repeatable -f flag.
type fileList []string

func (f *fileList) String() string     { return strings.Join(*f, ",") }
func (f *fileList) Set(v string) error { *f = append(*f, v); return nil }

// instant is the --now flag: a time in RFC 3339, zero until it is set.
type instant time.Time

func (t *instant) String() string {
	if time.Time(*t).IsZero() {
		return ""
	}
	return time.Time(*t).Format(time.RFC3339)
}

func (t *instant) Set(v string) error {
	parsed, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return fmt.Errorf("not an RFC 3339 time such as 2026-05-20T22:05:00Z")
	}
	*t = instant(parsed)
	return nil
}

// nowFlagUsage is --now's help: what it moves, and what it leaves alone.
const nowFlagUsage = "the time, in RFC 3339 (2026-05-20T22:05:00Z), that the device verdicts are for: a device taint's tolerationSeconds count from its timeAdded up to it (default: the newest timeAdded of the input's device taints). Node taints take no clock: their countdowns start when the taint-eviction controller sees the taint"

// outputs are the -o formats: wide is the table with every pod listed,
// however many (groupAbove).
var outputs = []string{"table", "wide", "json", "yaml"}

// newFlagSet makes a command's flag set with the common flags in kubectl's
// spelling (-f/--filename, -o/--output, -l/--selector when selects is set)
// and one flag per core.Options field, defaulting to DefaultOptions.
func newFlagSet(name, usage string, c *common, selects bool, stderr io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(fs.Output(), usage); printFlags(fs) }
	for _, n := range []string{"f", "filename"} {
		fs.Var(&c.files, n, "a file, a directory (its *.yaml, *.yml and *.json files, recursively) or - for standard input; repeatable")
	}
	for _, n := range []string{"o", "output"} {
		fs.StringVar(&c.output, n, "table", "output format: table, wide (every pod listed, however many), json or yaml")
	}
	if selects {
		for _, n := range []string{"l", "selector"} {
			fs.StringVar(&c.selector, n, "", "show only the pods whose labels match this selector (key=value, key!=value, key in (a,b), key, !key; comma means and)")
		}
	}
	fs.Var(&c.now, "now", nowFlagUsage)
	fs.BoolVar(&c.noColor, "no-color", false, "never colour the output (colour is used only on a terminal, and never when NO_COLOR is set)")
	c.opts = core.DefaultOptions()
	o := &c.opts
	fs.BoolVar(&o.ComparisonOperators, "comparison-operators", o.ComparisonOperators, "the TaintTolerationComparisonOperators feature gate (alpha): the Lt and Gt toleration operators")
	fs.BoolVar(&o.DefaultTolerationSeconds, "default-toleration-seconds", o.DefaultTolerationSeconds, "the DefaultTolerationSeconds admission plugin")
	fs.Int64Var(&o.NotReadySeconds, "not-ready-seconds", o.NotReadySeconds, "the apiserver's --default-not-ready-toleration-seconds")
	fs.Int64Var(&o.UnreachableSeconds, "unreachable-seconds", o.UnreachableSeconds, "the apiserver's --default-unreachable-toleration-seconds")
	fs.BoolVar(&o.DaemonSetTolerations, "daemonset-tolerations", o.DaemonSetTolerations, "add the DaemonSet controller's tolerations to DaemonSet pods")
	fs.BoolVar(&o.PodTolerationRestriction, "pod-toleration-restriction", o.PodTolerationRestriction, "the PodTolerationRestriction admission plugin (memory-pressure toleration for pods that are not BestEffort)")
	fs.BoolVar(&o.ExtendedResourceToleration, "extended-resource-toleration", o.ExtendedResourceToleration, "the ExtendedResourceToleration admission plugin")
	fs.BoolVar(&o.ConditionTaints, "condition-taints", o.ConditionTaints, "add the taints the node lifecycle controller derives from node conditions")
	return fs
}

// valueNames name what a flag that is not a switch takes, in its help.
var valueNames = map[string]string{
	"filename": "FILE", "output": "FORMAT", "selector": "SELECTOR", "not-ready-seconds": "SECONDS",
	"unreachable-seconds": "SECONDS", "until": "TIME", "event": "EVENT", "rule": "FILE", "now": "TIME",
}

// printFlags lists the flags once each, a short name beside its long one.
func printFlags(fs *flag.FlagSet) {
	short := map[string]string{"filename": "f", "output": "o", "selector": "l", "event": "e"}
	w := fs.Output()
	fmt.Fprintln(w, "\nFlags:")
	fs.VisitAll(func(f *flag.Flag) {
		if len(f.Name) == 1 {
			return // listed beside its long name
		}
		name := "    --" + f.Name
		if s, ok := short[f.Name]; ok {
			name = "-" + s + ", --" + f.Name
		}
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); !ok || !b.IsBoolFlag() {
			name += " " + valueNames[f.Name]
		}
		def := ""
		if f.DefValue != "" && f.DefValue != "[]" && f.Name != "filename" {
			def = " (default " + f.DefValue + ")"
		}
		fmt.Fprintf(w, "  %s\n        %s%s\n", name, f.Usage, def)
	})
	fmt.Fprintln(w, "\nA switch is turned off with =false, as in --condition-taints=false.")
}

// parse reads flags anywhere among the arguments, as kubectl does, up to a
// "--"; it returns the positional arguments and what follows "--" (nil
// when there is no "--").
func parse(fs *flag.FlagSet, args []string) (positional, rest []string, err error) {
	if i := slices.Index(args, "--"); i >= 0 {
		args, rest = args[:i], args[i+1:]
		if rest == nil {
			rest = []string{}
		}
	}
	for {
		if err := fs.Parse(args); err != nil {
			return nil, nil, err
		}
		args = fs.Args()
		if len(args) == 0 {
			return positional, rest, nil
		}
		positional = append(positional, args[0])
		args = args[1:]
	}
}

// validate checks the common flags after parsing.
func (c *common) validate() error {
	if !slices.Contains(outputs, c.output) {
		return fmt.Errorf("-o %s: the output format must be one of %s", c.output, strings.Join(outputs, ", "))
	}
	return nil
}
