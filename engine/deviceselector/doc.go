// Package deviceselector evaluates the CEL selectors of DeviceClasses and
// device requests without a CEL runtime: the forms drivers publish, as
// k8s.io/dynamic-resource-allocation/cel (compile.go, v0.37.2) evaluates
// them against a device.
//
// The subset: device.driver, device.allowMultipleAllocations,
// device.attributes["domain"].name (or ["name"]) and
// device.capacity["domain"].name; string, int, bool, list and null
// literals; ==, !=, <, <=, >, >=; &&, ||, ! and parentheses; `in` over a list
// or over an attributes map; semver("…") and quantity("…") with their
// compareTo, isGreaterThan and isLessThan; and the string methods
// startsWith, endsWith and contains. Errors follow CEL: && and || absorb an
// error when the other side decides, so `device.driver == "x" &&
// device.attributes["x"].model == "y"` is false, not an error, for another
// driver's device.
//
// Anything else (the ternary, macros such as exists, other functions) is
// outside the subset: Compile returns an *UnsupportedError naming it, and
// Match then says Unknown, for the caller to count the device as a candidate
// and say why, never to drop it silently.
package deviceselector
