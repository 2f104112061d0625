package deviceselector

import "fmt"

// functions are the global functions of the subset, methods its methods;
// each with its number of arguments.
var (
	functions = map[string]int{"semver": 1, "quantity": 1}
	methods   = map[string]int{"compareTo": 1, "isGreaterThan": 1, "isLessThan": 1,
		"startsWith": 1, "endsWith": 1, "contains": 1}
	deviceFields = map[string]bool{"driver": true, "allowMultipleAllocations": true, "attributes": true, "capacity": true}
)

// check refuses, before any device is read, what the subset does not have:
// a variable other than device, an unknown field of device, a function or
// method it does not evaluate.
func check(src string, n *node) error {
	switch n.op {
	case "ident":
		if n.name != "device" {
			return unsupportedAt(src, n, fmt.Sprintf("the variable %q", n.name))
		}
	case "select":
		if n.args[0].op == "ident" && n.args[0].name == "device" && !deviceFields[n.name] {
			return unsupportedAt(src, n, fmt.Sprintf("the field device.%s", n.name))
		}
	case "call":
		table, kind := functions, "function"
		if n.recv != nil {
			table, kind = methods, "method"
			if err := check(src, n.recv); err != nil {
				return err
			}
		}
		if want, ok := table[n.name]; !ok || want != len(n.args) {
			return unsupportedAt(src, n, fmt.Sprintf("the %s %s with %d argument(s)", kind, n.name, len(n.args)))
		}
	}
	for _, arg := range n.args {
		if err := check(src, arg); err != nil {
			return err
		}
	}
	return nil
}

// unsupportedAt is an UnsupportedError about a node of the expression.
func unsupportedAt(src string, n *node, what string) *UnsupportedError {
	return &UnsupportedError{Expression: src, Offset: n.at, What: what}
}
