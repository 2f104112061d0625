package deviceselector

import (
	"strconv"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
)

// relation evaluates ==, !=, <, <=, >, >= and in.
func (e *evaluator) relation(n *node) (any, *failure) {
	left, f := e.eval(n.args[0])
	if f != nil {
		return nil, f
	}
	right, f := e.eval(n.args[1])
	if f != nil {
		return nil, f
	}
	switch n.op {
	case "==":
		return equal(left, right), nil
	case "!=":
		return !equal(left, right), nil
	case "in":
		return e.in(left, right)
	}
	c, ok := ordered(left, right)
	if !ok {
		return nil, runtimeError("no such overload: %s %s %s", typeName(left), n.op, typeName(right))
	}
	switch n.op {
	case "<":
		return c < 0, nil
	case "<=":
		return c <= 0, nil
	case ">":
		return c > 0, nil
	}
	return c >= 0, nil
}

func (e *evaluator) in(item, container any) (any, *failure) {
	switch c := container.(type) {
	case []any:
		for _, x := range c {
			if equal(item, x) {
				return true, nil
			}
		}
		return false, nil
	case domainMap:
		if key, ok := item.(string); ok {
			return e.has(c, key), nil
		}
	case domains:
		if key, ok := item.(string); ok {
			return e.hasDomain(c, key), nil
		}
	}
	return nil, runtimeError("no such overload: %s in %s", typeName(item), typeName(container))
}

// equal is CEL's heterogeneous equality: values of different types are
// not equal.
func equal(a, b any) bool {
	switch a := a.(type) {
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !equal(a[i], b[i]) {
				return false
			}
		}
		return true
	case version, core.Quantity:
		c, ok := compare(a, b)
		return ok && c == 0
	case nil, string, int64, bool:
		return a == b
	}
	return false
}

// ordered compares the values CEL's <, <=, >, >= take: ints, strings and
// bools, each with its own type.
func ordered(a, b any) (int, bool) {
	switch a := a.(type) {
	case int64:
		if b, ok := b.(int64); ok {
			return cmp3(a < b, a > b), true
		}
	case string:
		if b, ok := b.(string); ok {
			return strings.Compare(a, b), true
		}
	case bool:
		if b, ok := b.(bool); ok {
			return cmp3(!a && b, a && !b), true
		}
	}
	return 0, false
}

// compare compares two versions or two quantities (their compareTo).
func compare(a, b any) (int, bool) {
	switch a := a.(type) {
	case version:
		if b, ok := b.(version); ok {
			return a.compare(b), true
		}
	case core.Quantity:
		if b, ok := b.(core.Quantity); ok {
			return a.Cmp(b), true
		}
	}
	return 0, false
}

func cmp3(less, greater bool) int {
	switch {
	case less:
		return -1
	case greater:
		return 1
	}
	return 0
}

// typeName names a value's CEL type, for messages.
func typeName(v any) string {
	switch v.(type) {
	case string:
		return "string"
	case int64:
		return "int"
	case bool:
		return "bool"
	case nil:
		return "null_type"
	case version:
		return "kubernetes.Semver"
	case core.Quantity:
		return "kubernetes.Quantity"
	case []any:
		return "list"
	}
	return "map"
}

// version is a semantic version (semver.org 2.0.0) as blang/semver parses
// it: MAJOR.MINOR.PATCH, an optional pre-release, build metadata ignored.
type version struct {
	core [3]uint64
	pre  []string
}

func parseVersion(s string) (version, bool) {
	var v version
	s, _, _ = strings.Cut(s, "+")
	s, pre, hasPre := strings.Cut(s, "-")
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return v, false
	}
	for i, p := range parts {
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil || (len(p) > 1 && p[0] == '0') {
			return v, false
		}
		v.core[i] = n
	}
	if hasPre {
		v.pre = strings.Split(pre, ".")
		for _, id := range v.pre {
			if id == "" {
				return v, false
			}
		}
	}
	return v, true
}

// compare orders versions by their numbers, then a pre-release before the
// release, then pre-release identifiers (numeric ones numerically, before
// alphanumeric ones).
func (v version) compare(o version) int {
	for i := range v.core {
		if c := cmp3(v.core[i] < o.core[i], v.core[i] > o.core[i]); c != 0 {
			return c
		}
	}
	switch {
	case len(v.pre) == 0 || len(o.pre) == 0:
		return cmp3(len(v.pre) > 0 && len(o.pre) == 0, len(v.pre) == 0 && len(o.pre) > 0)
	}
	for i := 0; i < len(v.pre) && i < len(o.pre); i++ {
		a, aErr := strconv.ParseUint(v.pre[i], 10, 64)
		b, bErr := strconv.ParseUint(o.pre[i], 10, 64)
		var c int
		switch {
		case aErr == nil && bErr == nil:
			c = cmp3(a < b, a > b)
		case aErr == nil:
			c = -1
		case bErr == nil:
			c = 1
		default:
			c = strings.Compare(v.pre[i], o.pre[i])
		}
		if c != 0 {
			return c
		}
	}
	return cmp3(len(v.pre) < len(o.pre), len(v.pre) > len(o.pre))
}
