package deviceselector

import (
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine/core"
)

func ptr[T any](v T) *T { return &v }

// matchCases are upstream's TestCEL cases that stay in the subset, their
// names verbatim (k8s.io/dynamic-resource-allocation cel/compile_test.go,
// v0.37.2, Apache-2.0), then the forms of the DRA docs' DeviceClasses and
// claims (concepts/scheduling-eviction/dynamic-resource-allocation).
var matchCases = []struct {
	name       string
	expression string
	device     Device
	want       Result
	// reason must be in the reason given for Unknown and Error.
	reason string
}{
	{name: "true", expression: "true", want: Match},
	{name: "false", expression: "false", want: NoMatch},
	{name: "runtime-error-lookup-identifier", expression: `device.attributes["no-such-domain"].noSuchAttr.isGreaterThan(quantity("0"))`,
		want: Error, reason: "no such key: noSuchAttr"},
	{name: "runtime-error-lookup-map", expression: `device.attributes["no-such-domain"]["noSuchAttr"].isGreaterThan(quantity("0"))`,
		want: Error, reason: "no such key: noSuchAttr"},
	{name: "domain-check-negative", expression: `"no-such-domain" in device.attributes`, want: NoMatch},
	{name: "domain-check-positive", expression: `"dra.example.com" in device.attributes`,
		device: Device{Attributes: map[string]core.DeviceAttribute{"dra.example.com/something": {Bool: ptr(true)}}}, want: Match},
	{name: "empty-driver-name", expression: `device.driver == ""`, want: Match},
	{name: "real-driver-name", expression: `device.driver == "dra.example.com"`, device: Device{Driver: "dra.example.com"}, want: Match},
	{name: "driver-name-qualifier", expression: `device.attributes["dra.example.com"].name`,
		device: Device{Driver: "dra.example.com", Attributes: map[string]core.DeviceAttribute{"name": {Bool: ptr(true)}}}, want: Match},
	{name: "driver-name-qualifier-map-lookup", expression: `device.attributes["dra.example.com"]["name"]`,
		device: Device{Driver: "dra.example.com", Attributes: map[string]core.DeviceAttribute{"name": {Bool: ptr(true)}}}, want: Match},
	{name: "qualified-attribute-name", expression: `device.attributes["other.example.com"].name`,
		device: Device{Driver: "dra.example.com", Attributes: map[string]core.DeviceAttribute{"other.example.com/name": {Bool: ptr(true)}}}, want: Match},
	{name: "bool", expression: `device.attributes["dra.example.com"].name`,
		device: Device{Driver: "dra.example.com", Attributes: map[string]core.DeviceAttribute{"name": {Bool: ptr(true)}}}, want: Match},
	{name: "int", expression: `device.attributes["dra.example.com"].name > 0`,
		device: Device{Driver: "dra.example.com", Attributes: map[string]core.DeviceAttribute{"name": {Int: ptr(int64(1))}}}, want: Match},
	{name: "string", expression: `device.attributes["dra.example.com"].name == "fish"`,
		device: Device{Driver: "dra.example.com", Attributes: map[string]core.DeviceAttribute{"name": {String: ptr("fish")}}}, want: Match},
	{name: "version", expression: `device.attributes["dra.example.com"].name.isGreaterThan(semver("0.0.1"))`,
		device: Device{Driver: "dra.example.com", Attributes: map[string]core.DeviceAttribute{"name": {Version: ptr("1.0.0")}}}, want: Match},
	{name: "quantity", expression: `device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))`,
		device: Device{Driver: "dra.example.com", Capacity: map[string]string{"name": "1Mi"}}, want: Match},
	{name: "check-positive", expression: `"name" in device.capacity["dra.example.com"] && device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))`,
		device: Device{Driver: "dra.example.com", Capacity: map[string]string{"name": "1Mi"}}, want: Match},
	{name: "check-negative", expression: `!("name" in device.capacity["dra.example.com"]) || device.capacity["dra.example.com"].name.isGreaterThan(quantity("1Ki"))`,
		want: Match},
	{name: "all", expression: `device.capacity["dra.example.com"].quantity.isGreaterThan(quantity("1Ki")) &&
device.attributes["dra.example.com"].bool &&
device.attributes["dra.example.com"].int > 0 &&
device.attributes["dra.example.com"].string == "fish" &&
device.attributes["dra.example.com"].version.isGreaterThan(semver("0.0.1"))`,
		device: Device{Driver: "dra.example.com", Capacity: map[string]string{"quantity": "1Mi"},
			Attributes: map[string]core.DeviceAttribute{"bool": {Bool: ptr(true)}, "int": {Int: ptr(int64(1))},
				"string": {String: ptr("fish")}, "version": {Version: ptr("1.0.0")}}}, want: Match},
	{name: "many", expression: `device.attributes["dra.example.com"].a && device.attributes["dra.example.com"].b && device.attributes["dra.example.com"].c`,
		device: Device{Driver: "dra.example.com", Attributes: map[string]core.DeviceAttribute{"a": {Bool: ptr(true)}, "b": {Bool: ptr(true)}, "c": {Bool: ptr(true)}}},
		want:   Match},
	{name: "allow_multiple_allocations", expression: `device.allowMultipleAllocations == true`, device: Device{AllowMultipleAllocations: true}, want: Match},
	{name: "list-int-in", expression: `1 in device.attributes["dra.example.com"].ints`,
		device: Device{Driver: "dra.example.com", Attributes: map[string]core.DeviceAttribute{"ints": {Ints: []int64{1, 2}}}}, want: Match},

	// The DRA docs' forms.
	{name: "docs: a class by driver", expression: `device.driver == "gpu.example.com"`, device: Device{Driver: "nic.example.com"}, want: NoMatch},
	{name: "docs: the driver check guards a missing attribute", expression: `device.driver == "gpu.example.com" && device.attributes["gpu.example.com"].type == "gpu"`,
		device: Device{Driver: "nic.example.com"}, want: NoMatch},
	{name: "docs: a memory capacity at least", expression: `device.capacity["gpu.example.com"].memory.compareTo(quantity("40Gi")) >= 0`,
		device: Device{Driver: "gpu.example.com", Capacity: map[string]string{"memory": "80Gi"}}, want: Match},
	{name: "docs: a model among several", expression: `device.attributes["gpu.example.com"].model in ["a100", "h100"]`,
		device: Device{Driver: "gpu.example.com", Attributes: map[string]core.DeviceAttribute{"model": {String: ptr("l4")}}}, want: NoMatch},
	{name: "comparing an int with a string is a runtime error", expression: `device.attributes["d"].n < "3"`,
		device: Device{Driver: "d", Attributes: map[string]core.DeviceAttribute{"n": {Int: ptr(int64(1))}}}, want: Error, reason: "no such overload: int < string"},
	{name: "an int equals no string", expression: `device.attributes["d"].n == "1"`,
		device: Device{Driver: "d", Attributes: map[string]core.DeviceAttribute{"n": {Int: ptr(int64(1))}}}, want: NoMatch},
	{name: "a pre-release comes before its release", expression: `semver("1.0.0-rc.1").isLessThan(semver("1.0.0"))`, want: Match},
	{name: "or absorbs an error when the other side is true", expression: `device.attributes["d"].missing || true`, want: Match},
	{name: "and keeps an error when the other side is true", expression: `device.attributes["d"].missing && true`, want: Error, reason: "no such key: missing"},
	{name: "string methods", expression: `device.driver.startsWith("gpu.") && device.driver.endsWith(".com") && device.driver.contains("example")`,
		device: Device{Driver: "gpu.example.com"}, want: Match},
	{name: "negative ints", expression: `-1 < 0 && !(1 != 1)`, want: Match},

	// Outside the subset: Unknown, named.
	{name: "the ternary is outside the subset", expression: `device.driver == "x" ? true : false`, want: Unknown, reason: `"?"`},
	{name: "macros are outside the subset", expression: `device.attributes["d"].ints.exists(i, i > 1)`, want: Unknown, reason: "the method exists"},
	{name: "cel.bind is outside the subset", expression: `cel.bind(dra, device.attributes["dra.example.com"], dra.name)`, want: Unknown, reason: "the variable \"cel\""},
	{name: "a variable other than device", expression: `request.name == "x"`, want: Unknown, reason: `the variable "request"`},
	{name: "a field device has not", expression: `device.name == "x"`, want: Unknown, reason: "the field device.name"},
	{name: "a double is outside the subset", expression: `1.5 > 1`, want: Unknown, reason: "not a decimal int"},
	{name: "syntax-error", expression: "?!", want: Unknown, reason: `"?"`},
	{name: "an unterminated string", expression: `device.driver == "x`, want: Unknown, reason: "unterminated string"},
	{name: "a non-bool result is an error", expression: `1`, want: Error, reason: "could not be converted to bool"},
}

func TestMatch(t *testing.T) {
	for _, tc := range matchCases {
		t.Run(tc.name, func(t *testing.T) {
			got, reason := Compile(tc.expression).Match(&tc.device)
			if got != tc.want {
				t.Fatalf("Match(%s) = %v (%s), want %v", tc.expression, got, reason, tc.want)
			}
			if (got == Unknown || got == Error) && !strings.Contains(reason, tc.reason) {
				t.Errorf("reason %q does not contain %q", reason, tc.reason)
			}
		})
	}
}

// TestUnsupportedNamesThePlace checks that an expression outside the subset
// says where: the offset of the part it does not evaluate.
func TestUnsupportedNamesThePlace(t *testing.T) {
	expr := `device.driver == "x" && device.attributes["d"].ints.all(i, i > 0)`
	err, ok := Compile(expr).Err().(*UnsupportedError)
	if !ok {
		t.Fatalf("Err() = %v, want an *UnsupportedError", Compile(expr).Err())
	}
	if want := strings.Index(expr, "all("); err.Offset != want {
		t.Errorf("Offset = %d, want %d (%q)", err.Offset, want, expr[err.Offset:])
	}
}

func TestMatchAll(t *testing.T) {
	dev := &Device{Driver: "gpu.example.com"}
	compile := func(exprs ...string) []*Expression {
		var out []*Expression
		for _, e := range exprs {
			out = append(out, Compile(e))
		}
		return out
	}
	for _, tc := range []struct {
		name      string
		selectors []*Expression
		want      Result
	}{
		{"no selector matches every device", nil, Match},
		{"a false selector after an unknown one decides", compile(`device.x`, `device.driver == "other"`), NoMatch},
		{"an unknown one leaves the device a candidate", compile(`device.driver == "gpu.example.com"`, `device.x`), Unknown},
		{"an error decides", compile(`device.attributes["d"].missing`, `true`), Error},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got, reason := MatchAll(tc.selectors, dev); got != tc.want {
				t.Errorf("MatchAll = %v (%s), want %v", got, reason, tc.want)
			}
		})
	}
}

// FuzzCompile checks that no expression panics or hangs the parser or the
// evaluator, and that a rejected one says where.
func FuzzCompile(f *testing.F) {
	for _, tc := range matchCases {
		f.Add(tc.expression)
	}
	dev := &Device{Driver: "d", Attributes: map[string]core.DeviceAttribute{"n": {Int: ptr(int64(1))}, "s": {Strings: []string{"a"}}},
		Capacity: map[string]string{"m": "1Gi"}}
	f.Fuzz(func(t *testing.T, expr string) {
		e := Compile(expr)
		if err, ok := e.Err().(*UnsupportedError); ok && (err.Offset < 0 || err.Offset > len(expr)) {
			t.Errorf("Offset %d outside %q", err.Offset, expr)
		}
		e.Match(dev)
	})
}
