package kubectl

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/api/validate/content"

	"github.com/taint-playground/taint-playground/engine/core"
)

// TaintCommand is one parsed `kubectl taint nodes ...` line.
type TaintCommand struct {
	// Nodes named on the line; Selector is -l/--selector; All is --all.
	Nodes     []string `json:"nodes,omitempty"`
	Selector  string   `json:"selector,omitempty"`
	All       bool     `json:"all,omitempty"`
	Overwrite bool     `json:"overwrite,omitempty"`
	// Ignored are the flags that change where kubectl sends the request or
	// what it prints but not the taints (--dry-run, --context, -o, ...), as
	// --name=value, in order.
	Ignored []string `json:"ignored,omitempty"`
	// Add are the taints to add; Remove the removals (an empty Effect removes
	// every effect of the key).
	Add    []core.Taint `json:"add,omitempty"`
	Remove []core.Taint `json:"remove,omitempty"`
	Source core.Source  `json:"source"`
}

// ParseTaintCommand parses one `kubectl taint nodes ...` command as kubectl's
// Complete and Validate do (kubectl pkg/cmd/taint/taint.go):
//
//  1. The line is split into words with simple shell quoting; a
//     backslash-newline continues it. It must be "kubectl taint", with
//     kubectl's global flags allowed between the two words.
//  2. Flags may come anywhere, as pflag reads them: --overwrite, --all and
//     -l/--selector set the command's fields; kubectl's global flags and
//     taint's other flags (--dry-run, --validate, --field-manager, -o, ...)
//     are checked as kubectl checks them and listed in Ignored (taintFlags);
//     any other flag is an error.
//  3. An argument holding "=" or ":", or ending in "-", is a taint spec; the
//     resource arguments must all come before the first spec.
//  4. The specs are parsed by ParseTaintSpecs.
//  5. The resource type must be node (node, nodes, no; TYPE/NAME is read as
//     the type and one name); no spec may both add and remove a key+effect;
//     --all excludes -l; without either at least one node must be named.
//
// Names are ignored when -l or --all is given, as kubectl ignores them.
// Each taint's Source gives the line (1 for the command's first line) and
// column of its spec, and the command's Source those of "kubectl".
func ParseTaintCommand(line string) (*TaintCommand, error) {
	words, err := SplitShellWords(line)
	if err != nil {
		return nil, err
	}
	afterKubectl, err := splitCommand(words)
	if err != nil {
		return nil, err
	}
	cmd := &TaintCommand{Source: core.Source{Line: words[0].Line, Column: words[0].Column}}
	args, err := cmd.parseFlags(afterKubectl)
	if err != nil {
		return nil, err
	}
	var resources []string
	var specs []shellWord
	for _, arg := range args {
		isSpec := strings.ContainsAny(arg.Text, "=:") || strings.HasSuffix(arg.Text, "-")
		switch {
		case isSpec:
			specs = append(specs, arg)
		case len(specs) > 0:
			return nil, fmt.Errorf("all resources must be specified before taint changes: %s", arg.Text)
		default:
			resources = append(resources, arg.Text)
		}
	}
	if len(resources) < 1 {
		return nil, errors.New("one or more resources must be specified as <resource> <name>")
	}
	if len(specs) < 1 {
		return nil, errors.New("at least one taint update is required")
	}
	texts := make([]string, len(specs))
	for i, spec := range specs {
		texts[i] = spec.Text
	}
	if cmd.Add, cmd.Remove, err = ParseTaintSpecs(texts); err != nil {
		return nil, err
	}
	placeSpecs(cmd.Add, cmd.Remove, specs)
	resourceType, name, hasName := strings.Cut(resources[0], "/")
	if !isNodeResource(resourceType) {
		return nil, fmt.Errorf("invalid resource type %s, only node types are supported", strings.ToLower(resources[0]))
	}
	if hasName {
		cmd.Nodes = append(cmd.Nodes, name)
	}
	cmd.Nodes = append(cmd.Nodes, resources[1:]...)
	if err := cmd.validate(); err != nil {
		return nil, err
	}
	if _, err := core.ParseLabelSelector(cmd.Selector); err != nil {
		return nil, err
	}
	return cmd, nil
}

// isNodeResource reports whether a resource argument names nodes, in any case.
func isNodeResource(resource string) bool {
	switch strings.ToLower(resource) {
	case "node", "nodes", "no":
		return true
	}
	return false
}

// placeSpecs gives each parsed taint the position of the spec it came from:
// ParseTaintSpecs keeps additions and removals in the order of their specs.
func placeSpecs(add, remove []core.Taint, specs []shellWord) {
	var a, r int
	for _, spec := range specs {
		src := core.Source{Line: spec.Line, Column: spec.Column}
		if strings.HasSuffix(spec.Text, "-") {
			remove[r].Source = src
			r++
		} else {
			add[a].Source = src
			a++
		}
	}
}

// validate holds kubectl's checks of a whole command (Validate and
// validateFlags): no key+effect both added and removed, --all without -l, and
// some node named when neither is given.
func (c *TaintCommand) validate() error {
	var conflicts []string
	for _, add := range c.Add {
		for _, remove := range c.Remove {
			if add.Key == remove.Key && (remove.Effect == "" || add.Effect == remove.Effect) {
				conflicts = append(conflicts, fmt.Sprintf("{%q:%q}", remove.Key, remove.Effect))
			}
		}
	}
	if len(conflicts) > 0 {
		return fmt.Errorf("can not both modify and remove the following taint(s) in the same command: %s", strings.Join(conflicts, ", "))
	}
	if c.All && c.Selector != "" {
		return errors.New("setting 'all' parameter with a non empty selector is prohibited")
	}
	if !c.All && c.Selector == "" && len(c.Nodes) == 0 {
		return errors.New("at least one resource name must be specified since 'all' parameter is not set")
	}
	return nil
}

// ParseTaintSpecs parses taint arguments as kubectl's parseTaints does
// (kubectl pkg/cmd/taint/utils.go), stopping at the first bad spec:
//
//  1. A spec ending in "-" is a removal: the rest is parsed as a taint and only
//     its key and effect are kept (no effect removes every effect of the key).
//  2. Any other spec is an addition: it needs an effect ("invalid taint
//     spec"), and two additions may not share a key and effect.
//
// A spec is key=value:effect, key:effect or key (ParseTaintSpec).
func ParseTaintSpecs(specs []string) (add, remove []core.Taint, err error) {
	seen := make(map[core.TaintEffect]map[string]bool)
	for _, spec := range specs {
		if strings.HasSuffix(spec, "-") {
			t, err := ParseTaintSpec(strings.TrimSuffix(spec, "-"))
			if err != nil {
				return nil, nil, err
			}
			remove = append(remove, core.Taint{Key: t.Key, Effect: t.Effect})
			continue
		}
		t, err := ParseTaintSpec(spec)
		if err != nil {
			return nil, nil, err
		}
		if t.Effect == "" {
			return nil, nil, fmt.Errorf("invalid taint spec: %v", spec)
		}
		if seen[t.Effect][t.Key] {
			return nil, nil, fmt.Errorf("duplicated taints with the same key and effect: {%s %s %s <nil>}", t.Key, t.Value, t.Effect)
		}
		if seen[t.Effect] == nil {
			seen[t.Effect] = make(map[string]bool)
		}
		seen[t.Effect][t.Key] = true
		add = append(add, t)
	}
	return add, remove, nil
}

// ParseTaintSpec parses key=value:effect, key:effect or key as kubectl's
// parseTaint does:
//
//  1. Split on ":". One part is a key. Two parts are key[=value] and an
//     effect, which must be one of the three (case-sensitive); the left side
//     may hold one "=", and the value must be a label value. More parts are
//     an invalid spec.
//  2. The key must be a qualified name.
func ParseTaintSpec(spec string) (core.Taint, error) {
	var t core.Taint
	parts := strings.Split(spec, ":")
	switch len(parts) {
	case 1:
		t.Key = parts[0]
	case 2:
		t.Effect = core.TaintEffect(parts[1])
		if !core.IsSupportedEffect(t.Effect) {
			return core.Taint{}, fmt.Errorf("invalid taint effect: %v, unsupported taint effect", t.Effect)
		}
		keyValue := strings.Split(parts[0], "=")
		if len(keyValue) > 2 {
			return core.Taint{}, fmt.Errorf("invalid taint spec: %v", spec)
		}
		t.Key = keyValue[0]
		if len(keyValue) == 2 {
			t.Value = keyValue[1]
			if msgs := content.IsLabelValue(t.Value); len(msgs) > 0 {
				return core.Taint{}, fmt.Errorf("invalid taint spec: %v, %s", spec, strings.Join(msgs, "; "))
			}
		}
	default:
		return core.Taint{}, fmt.Errorf("invalid taint spec: %v", spec)
	}
	if msgs := content.IsLabelKey(t.Key); len(msgs) > 0 {
		return core.Taint{}, fmt.Errorf("invalid taint spec: %v, %s", spec, strings.Join(msgs, "; "))
	}
	return t, nil
}

// Apply runs the command against nodes as kubectl would and returns the new
// nodes; the input nodes are not modified. Each selected node is updated on
// its own, so an error on one (reported like kubectl's, all joined) leaves
// that node unchanged and the others updated. Taints keep their Source line
// and column; their Field is renumbered to their new index in spec.taints.
func (c *TaintCommand) Apply(nodes []core.Node) ([]core.Node, error) {
	out := slices.Clone(nodes)
	return out, c.ApplyInPlace(out)
}

// ApplyInPlace is Apply on nodes the caller owns: each updated node gets a
// new taint slice, and nothing else is touched.
func (c *TaintCommand) ApplyInPlace(nodes []core.Node) error {
	if err := c.validate(); err != nil {
		return err
	}
	targets, errs := c.targets(nodes)
	for _, i := range targets {
		if err := c.applyTo(&nodes[i]); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// targets lists the indexes of the nodes the command updates, in kubectl's
// order: every node with --all, the matching ones with -l, else each named
// node in turn (a missing one is "not found").
func (c *TaintCommand) targets(nodes []core.Node) ([]int, []error) {
	var targets []int
	if c.All || c.Selector != "" {
		selector, err := core.ParseLabelSelector(c.Selector)
		if err != nil {
			return nil, []error{err}
		}
		for i := range nodes {
			if selector.Matches(nodes[i].Labels) {
				targets = append(targets, i)
			}
		}
		return targets, nil
	}
	var errs []error
	for _, name := range c.Nodes {
		i := slices.IndexFunc(nodes, func(n core.Node) bool { return n.Name == name })
		if i < 0 {
			errs = append(errs, fmt.Errorf("nodes %q not found", name))
			continue
		}
		targets = append(targets, i)
	}
	return targets, errs
}

// applyTo updates one node as kubectl's updateTaints does: without
// --overwrite an addition may not replace a taint with its key and effect;
// then reorganizeTaints computes the new list, and any removal that finds
// nothing fails the node.
func (c *TaintCommand) applyTo(node *core.Node) error {
	if !c.Overwrite {
		if exists := taintsAlreadyOn(node.Taints, c.Add); exists != "" {
			return fmt.Errorf("node %s already has %v taint(s) with same effect(s) and --overwrite is false", node.Name, exists)
		}
	}
	taints, err := reorganizeTaints(node.Taints, c.Add, c.Remove)
	if err != nil {
		return err
	}
	for i := range taints {
		taints[i].Source.Field = "spec.taints[" + strconv.Itoa(i) + "]"
	}
	node.Taints = taints
	return nil
}

// taintsAlreadyOn lists, comma-separated, the keys of the additions that
// match an existing taint's key and effect (kubectl checkIfTaintsAlreadyExists).
func taintsAlreadyOn(old, add []core.Taint) string {
	var keys []string
	for i := range add {
		for j := range old {
			if add[i].MatchTaint(&old[j]) {
				keys = append(keys, add[i].Key)
			}
		}
	}
	return strings.Join(keys, ",")
}

// reorganizeTaints follows kubectl's function of that name:
//
//  1. The additions come first, in order.
//  2. Then each old taint that no addition matches (key and effect).
//  3. Then each removal deletes the taints with its key and effect, or with
//     its key when it has no effect; one that deletes nothing is an error
//     `taint "<key:effect>" not found`, and all such errors are aggregated.
func reorganizeTaints(old, add, remove []core.Taint) ([]core.Taint, error) {
	taints := append([]core.Taint{}, add...)
	for i := range old {
		if !slices.ContainsFunc(add, func(t core.Taint) bool { return t.MatchTaint(&old[i]) }) {
			taints = append(taints, old[i])
		}
	}
	var errs []error
	for i := range remove {
		r := &remove[i]
		before := len(taints)
		taints = slices.DeleteFunc(taints, func(t core.Taint) bool {
			return t.Key == r.Key && (r.Effect == "" || t.Effect == r.Effect)
		})
		if len(taints) == before {
			errs = append(errs, fmt.Errorf("taint %q not found", r.String()))
		}
	}
	return taints, aggregate(errs)
}

// aggregate renders errors as apimachinery's utilerrors.NewAggregate does:
// nil for none, one message alone, several distinct ones as "[a, b]".
func aggregate(errs []error) error {
	if len(errs) == 0 {
		return nil
	}
	var msgs []string
	for _, err := range errs {
		if !slices.Contains(msgs, err.Error()) {
			msgs = append(msgs, err.Error())
		}
	}
	if len(msgs) == 1 {
		return errors.New(msgs[0])
	}
	return errors.New("[" + strings.Join(msgs, ", ") + "]")
}
