package deviceselector

import (
	"fmt"
	"maps"
	"strings"

	"github.com/taint-playground/taint-playground/engine/core"
)

// The values an expression computes are string, int64, bool, nil, version,
// core.Quantity, []any, and the maps below.
type (
	// deviceValue is the device variable.
	deviceValue struct{}
	// domains is device.attributes or device.capacity: maps by domain.
	domains struct{ capacity bool }
	// domainMap is one domain's attributes or capacities.
	domainMap struct {
		capacity bool
		domain   string
	}
)

// failure is why evaluation stopped: a CEL runtime error, or (unknown) a
// value outside the subset.
type failure struct {
	unknown bool
	msg     string
}

func runtimeError(format string, args ...any) *failure {
	return &failure{msg: fmt.Sprintf(format, args...)}
}

type evaluator struct{ d *Device }

func (e *evaluator) eval(n *node) (any, *failure) {
	switch n.op {
	case "lit":
		return n.lit, nil
	case "ident":
		return deviceValue{}, nil
	case "list":
		items := make([]any, len(n.args))
		for i, arg := range n.args {
			v, f := e.eval(arg)
			if f != nil {
				return nil, f
			}
			items[i] = v
		}
		return items, nil
	case "&&", "||":
		return e.logical(n)
	case "!":
		v, f := e.eval(n.args[0])
		if f != nil {
			return nil, f
		}
		b, ok := v.(bool)
		if !ok {
			return nil, runtimeError("no such overload: !%s", typeName(v))
		}
		return !b, nil
	case "-":
		v, f := e.eval(n.args[0])
		if i, ok := v.(int64); ok && f == nil {
			return -i, nil
		}
		if f != nil {
			return nil, f
		}
		return nil, runtimeError("no such overload: -%s", typeName(v))
	case "select":
		return e.selectField(n)
	case "index":
		return e.evalIndex(n)
	case "call":
		return e.call(n)
	}
	return e.relation(n)
}

// logical is CEL's commutative && and ||: a side that decides (false for
// &&, true for ||) wins over an error or an unknown on the other.
func (e *evaluator) logical(n *node) (any, *failure) {
	decides := n.op == "||"
	var first *failure
	for _, arg := range n.args {
		v, f := e.eval(arg)
		if f == nil {
			b, ok := v.(bool)
			if !ok {
				f = runtimeError("no such overload: %s %s", typeName(v), n.op)
			} else if b == decides {
				return decides, nil
			}
		}
		if f != nil && (first == nil || first.unknown && !f.unknown) {
			first = f
		}
	}
	if first != nil {
		return nil, first
	}
	return !decides, nil
}

func (e *evaluator) selectField(n *node) (any, *failure) {
	v, f := e.eval(n.args[0])
	if f != nil {
		return nil, f
	}
	switch v := v.(type) {
	case deviceValue:
		switch n.name {
		case "driver":
			return e.d.Driver, nil
		case "allowMultipleAllocations":
			return e.d.AllowMultipleAllocations, nil
		case "attributes":
			return domains{}, nil
		}
		return domains{capacity: true}, nil
	case domainMap:
		return e.lookup(v, n.name)
	}
	return nil, runtimeError("no such key: %s", n.name)
}

func (e *evaluator) evalIndex(n *node) (any, *failure) {
	v, f := e.eval(n.args[0])
	if f != nil {
		return nil, f
	}
	k, f := e.eval(n.args[1])
	if f != nil {
		return nil, f
	}
	key, ok := k.(string)
	switch v := v.(type) {
	case domains:
		if ok {
			return domainMap{capacity: v.capacity, domain: key}, nil
		}
	case domainMap:
		if ok {
			return e.lookup(v, key)
		}
	case []any:
		if i, isInt := k.(int64); isInt && i >= 0 && i < int64(len(v)) {
			return v[i], nil
		}
		return nil, runtimeError("index out of range: %v", k)
	}
	return nil, runtimeError("no such overload: %s[%s]", typeName(v), typeName(k))
}

// lookup finds an attribute or a capacity by domain and id: written as
// "domain/id", or as "id" alone when the domain is the driver's.
func (e *evaluator) lookup(m domainMap, id string) (any, *failure) {
	name := m.domain + "/" + id
	if m.capacity {
		q, ok := e.d.Capacity[name]
		if !ok && m.domain == e.d.Driver {
			q, ok = e.d.Capacity[id]
		}
		if !ok {
			return nil, runtimeError("no such key: %s", id)
		}
		parsed, err := core.ParseQuantity(q)
		if err != nil {
			return nil, &failure{unknown: true, msg: fmt.Sprintf("capacity %s: %v", name, err)}
		}
		return parsed, nil
	}
	a, ok := e.d.Attributes[name]
	if !ok && m.domain == e.d.Driver {
		a, ok = e.d.Attributes[id]
	}
	if !ok {
		return nil, runtimeError("no such key: %s", id)
	}
	return attributeValue(name, a)
}

// has reports whether a domain map has the key, for `in`.
func (e *evaluator) has(m domainMap, id string) bool {
	_, f := e.lookup(m, id)
	return f == nil || f.unknown
}

// hasDomain reports whether any attribute (or capacity) is in the domain,
// for `"domain" in device.attributes`.
func (e *evaluator) hasDomain(m domains, domain string) bool {
	names := maps.Keys(e.d.Attributes)
	if m.capacity {
		names = maps.Keys(e.d.Capacity)
	}
	for name := range names {
		written, _, qualified := strings.Cut(name, "/")
		if written == domain && qualified || !qualified && domain == e.d.Driver {
			return true
		}
	}
	return false
}

// attributeValue is the value CEL sees of an attribute, as getAttributeValue
// picks it: a list first, then a scalar.
func attributeValue(name string, a core.DeviceAttribute) (any, *failure) {
	switch {
	case a.Ints != nil:
		return toAny(a.Ints), nil
	case a.Bools != nil:
		return toAny(a.Bools), nil
	case a.Strings != nil:
		return toAny(a.Strings), nil
	case a.Versions != nil:
		list := make([]any, len(a.Versions))
		for i, s := range a.Versions {
			v, ok := parseVersion(s)
			if !ok {
				return nil, runtimeError("attribute %s: parse semantic version: %q", name, s)
			}
			list[i] = v
		}
		return list, nil
	case a.Int != nil:
		return *a.Int, nil
	case a.Bool != nil:
		return *a.Bool, nil
	case a.String != nil:
		return *a.String, nil
	case a.Version != nil:
		v, ok := parseVersion(*a.Version)
		if !ok {
			return nil, runtimeError("attribute %s: parse semantic version: %q", name, *a.Version)
		}
		return v, nil
	}
	return nil, runtimeError("attribute %s: unsupported attribute value", name)
}

func toAny[T any](list []T) []any {
	out := make([]any, len(list))
	for i, x := range list {
		out[i] = x
	}
	return out
}

func (e *evaluator) call(n *node) (any, *failure) {
	args := make([]any, len(n.args))
	for i, arg := range n.args {
		v, f := e.eval(arg)
		if f != nil {
			return nil, f
		}
		args[i] = v
	}
	if n.recv == nil {
		return construct(n.name, args[0])
	}
	recv, f := e.eval(n.recv)
	if f != nil {
		return nil, f
	}
	return method(n.name, recv, args[0])
}

// construct is semver("…") or quantity("…").
func construct(name string, arg any) (any, *failure) {
	s, ok := arg.(string)
	if !ok {
		return nil, runtimeError("no such overload: %s(%s)", name, typeName(arg))
	}
	if name == "semver" {
		if v, ok := parseVersion(s); ok {
			return v, nil
		}
		return nil, runtimeError("semver(%q): not a semantic version", s)
	}
	q, err := core.ParseQuantity(s)
	if err != nil {
		return nil, runtimeError("quantity(%q): %v", s, err)
	}
	return q, nil
}

// method evaluates the subset's methods on a receiver.
func method(name string, recv, arg any) (any, *failure) {
	if s, ok := recv.(string); ok {
		t, ok := arg.(string)
		if !ok {
			return nil, runtimeError("no such overload: string.%s(%s)", name, typeName(arg))
		}
		switch name {
		case "startsWith":
			return strings.HasPrefix(s, t), nil
		case "endsWith":
			return strings.HasSuffix(s, t), nil
		case "contains":
			return strings.Contains(s, t), nil
		}
	}
	c, ok := compare(recv, arg)
	if !ok {
		return nil, runtimeError("no such overload: %s.%s(%s)", typeName(recv), name, typeName(arg))
	}
	switch name {
	case "compareTo":
		return int64(c), nil
	case "isGreaterThan":
		return c > 0, nil
	case "isLessThan":
		return c < 0, nil
	}
	return nil, runtimeError("no such overload: %s.%s", typeName(recv), name)
}
