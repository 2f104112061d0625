package deviceselector

import (
	"fmt"

	"github.com/taint-playground/taint-playground/engine/core"
)

// Result is what a selector says of a device.
type Result int

// The results of Match.
const (
	// NoMatch: the expression is false for the device.
	NoMatch Result = iota
	// Match: the expression is true.
	Match
	// Unknown: the expression, or the part of it that decides, is outside
	// the subset; the device counts as a candidate, with the reason.
	Unknown
	// Error: CEL would stop with a runtime error (a missing attribute, a
	// comparison of mismatched types), which fails the allocation upstream.
	Error
)

func (r Result) String() string {
	return [...]string{"NoMatch", "Match", "Unknown", "Error"}[r]
}

// Device is what a selector reads of a device, as DeviceMatches builds its
// variables: its driver, whether it allows several allocations, its
// attributes and its capacities (quantities), keyed by qualified name; a
// name without a domain is in the driver's.
type Device struct {
	Driver                   string
	AllowMultipleAllocations bool
	Attributes               map[string]core.DeviceAttribute
	Capacity                 map[string]string
}

// Expression is a compiled selector.
type Expression struct {
	src  string
	root *node
	err  *UnsupportedError
}

// Compile parses a selector and checks that it stays in the subset. It
// never fails: an expression outside the subset compiles to one whose Err
// says why and whose Match is always Unknown.
func Compile(src string) *Expression {
	root, err := parse(src)
	if err == nil {
		err = check(src, root)
	}
	if err != nil {
		return &Expression{src: src, err: err.(*UnsupportedError)}
	}
	return &Expression{src: src, root: root}
}

// Err is the reason the expression is outside the subset, nil when it is in.
func (e *Expression) Err() error {
	if e.err == nil {
		return nil
	}
	return e.err
}

// Match evaluates the expression for a device; the reason says why a result
// is Unknown or Error.
func (e *Expression) Match(d *Device) (Result, string) {
	if e.err != nil {
		return Unknown, e.err.Error()
	}
	v, f := (&evaluator{d: d}).eval(e.root)
	switch {
	case f != nil && f.unknown:
		return Unknown, fmt.Sprintf("CEL expression %q: %s", e.src, f.msg)
	case f != nil:
		return Error, fmt.Sprintf("CEL runtime error: %s", f.msg)
	}
	b, ok := v.(bool)
	if !ok {
		return Error, fmt.Sprintf("CEL result of type %s could not be converted to bool", typeName(v))
	}
	if b {
		return Match, ""
	}
	return NoMatch, ""
}

// MatchAll is whether a device passes every selector of a class or a
// request, as the allocator asks in order: the first false or error
// decides; otherwise an Unknown one leaves the device a candidate, Unknown
// with its reason.
func MatchAll(selectors []*Expression, d *Device) (Result, string) {
	result, reason := Match, ""
	for _, s := range selectors {
		switch r, why := s.Match(d); r {
		case NoMatch, Error:
			return r, why
		case Unknown:
			if result == Match {
				result, reason = Unknown, why
			}
		}
	}
	return result, reason
}
