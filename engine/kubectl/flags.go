package kubectl

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// flagKind is the type of a flag's value, which decides how pflag reads it:
// a bool takes no separate word, every other kind takes the next word unless
// the flag has a default for a bare use (noOptDefault).
type flagKind int

const (
	boolFlag flagKind = iota
	stringFlag
	intFlag
	durationFlag
)

// flagSpec is one flag kubectl taint accepts.
type flagSpec struct {
	kind flagKind
	// noOptDefault is pflag's NoOptDefVal: the value of the flag given
	// without "=", which then takes no separate word (--dry-run, --validate).
	noOptDefault string
	// values, when set, are the only values kubectl's Complete accepts,
	// refused with badValue (fmt, with the value).
	values   []string
	badValue string
}

// taintFlags are the flags of `kubectl taint` (kubectl pkg/cmd/taint/taint.go
// NewCmdTaint, at kubernetes/kubectl dee3483a) and kubectl's global flags
// (pkg/cmd/cmd.go, profiling.go, kuberc.go, kubectl_match_version.go, klog's
// -v and --vmodule, and cli-runtime genericclioptions.ConfigFlags at
// kubernetes/cli-runtime 69e8693b). All but --all, -l/--selector and
// --overwrite, which the command's own fields hold, change where kubectl
// sends the request or what it prints, never the taints, so the parser
// accepts them and reports them in TaintCommand.Ignored.
var taintFlags = [...]namedFlag{
	// kubectl taint's own flags.
	{"all", flagSpec{kind: boolFlag}},
	{"overwrite", flagSpec{kind: boolFlag}},
	{"selector", flagSpec{kind: stringFlag}},
	{"dry-run", flagSpec{kind: stringFlag, noOptDefault: "unchanged", values: []string{"none", "server", "client", "unchanged"},
		badValue: `Invalid dry-run value (%v). Must be "none", "server", or "client".`}},
	{"validate", flagSpec{kind: stringFlag, noOptDefault: "strict", values: []string{"strict", "warn", "ignore"},
		badValue: `invalid - validate option %q; must be one of: strict (or true), warn, ignore (or false)`}},
	{"field-manager", flagSpec{kind: stringFlag}},
	{"output", flagSpec{kind: stringFlag}},
	{"template", flagSpec{kind: stringFlag}},
	{"allow-missing-template-keys", flagSpec{kind: boolFlag}},
	{"show-managed-fields", flagSpec{kind: boolFlag}},
	// kubectl's global flags.
	{"kubeconfig", flagSpec{kind: stringFlag}},
	{"cache-dir", flagSpec{kind: stringFlag}},
	{"certificate-authority", flagSpec{kind: stringFlag}},
	{"client-certificate", flagSpec{kind: stringFlag}},
	{"client-key", flagSpec{kind: stringFlag}},
	{"token", flagSpec{kind: stringFlag}},
	{"as", flagSpec{kind: stringFlag}},
	{"as-uid", flagSpec{kind: stringFlag}},
	{"as-group", flagSpec{kind: stringFlag}},
	{"as-user-extra", flagSpec{kind: stringFlag}},
	{"username", flagSpec{kind: stringFlag}},
	{"password", flagSpec{kind: stringFlag}},
	{"cluster", flagSpec{kind: stringFlag}},
	{"user", flagSpec{kind: stringFlag}},
	{"namespace", flagSpec{kind: stringFlag}},
	{"context", flagSpec{kind: stringFlag}},
	{"server", flagSpec{kind: stringFlag}},
	{"tls-server-name", flagSpec{kind: stringFlag}},
	{"insecure-skip-tls-verify", flagSpec{kind: boolFlag}},
	{"request-timeout", flagSpec{kind: stringFlag}},
	{"disable-compression", flagSpec{kind: boolFlag}},
	{"warnings-as-errors", flagSpec{kind: boolFlag}},
	{"match-server-version", flagSpec{kind: boolFlag}},
	{"profile", flagSpec{kind: stringFlag}},
	{"profile-output", flagSpec{kind: stringFlag}},
	{"kuberc", flagSpec{kind: stringFlag}},
	{"v", flagSpec{kind: intFlag}},
	{"vmodule", flagSpec{kind: stringFlag}},
	{"log-flush-frequency", flagSpec{kind: durationFlag}},
	// shorthands are the one-letter names of taintFlags.
}

// lookupFlag finds a flag of taintFlags by its long name. A list, not a
// map: a map literal is built by code that runs when the WASM starts.
func lookupFlag(name string) (flagSpec, bool) {
	for _, f := range taintFlags {
		if f.name == name {
			return f.spec, true
		}
	}
	return flagSpec{}, false
}

// shorthand is the long name of a one-letter flag of taintFlags.
func shorthand(letter byte) (string, bool) {
	switch letter {
	case 'l':
		return "selector", true
	case 'o':
		return "output", true
	case 'n':
		return "namespace", true
	case 's':
		return "server", true
	case 'v':
		return "v", true
	}
	return "", false
}

// namedFlag is a flag's long name and what it takes.
type namedFlag struct {
	name string
	spec flagSpec
}

// flagValue is one flag as read: its long name and its value.
type flagValue struct{ name, value string }

// readFlag reads the flag at words[i] as pflag does: --name, --name=value,
// --name VALUE, -x, -xVALUE, -x=value or -x VALUE. It returns the flag and
// the index of its last word. The errors are pflag's.
func readFlag(words []shellWord, i int) (flagValue, int, error) {
	w := words[i].Text
	var name, value, asWritten string
	var hasValue bool
	if strings.HasPrefix(w, "--") {
		name, value, hasValue = strings.Cut(w[2:], "=")
		asWritten = "--" + name
		if _, ok := lookupFlag(name); !ok {
			return flagValue{}, i, fmt.Errorf("unknown flag: --%s", name)
		}
	} else {
		var ok bool
		if name, ok = shorthand(w[1]); !ok {
			return flagValue{}, i, fmt.Errorf("unknown shorthand flag: %q in %s", w[1], w)
		}
		value, hasValue = strings.TrimPrefix(w[2:], "="), len(w) > 2
		asWritten = fmt.Sprintf("%q in %s", w[1], w)
	}
	spec, _ := lookupFlag(name)
	switch {
	case hasValue:
	case spec.kind == boolFlag:
		value = "true"
	case spec.noOptDefault != "":
		value = spec.noOptDefault
	case i+1 == len(words):
		return flagValue{}, i, fmt.Errorf("flag needs an argument: %s", asWritten)
	default:
		i++
		value = words[i].Text
	}
	return flagValue{name: name, value: value}, i, spec.check(name, value)
}

// check refuses a value pflag cannot convert to the flag's type, or one
// kubectl's Complete refuses (--dry-run, --validate).
func (spec flagSpec) check(name, value string) error {
	var err error
	switch spec.kind {
	case boolFlag:
		_, err = strconv.ParseBool(value)
	case intFlag:
		_, err = strconv.ParseInt(value, 0, 32)
	case durationFlag:
		_, err = time.ParseDuration(value)
	}
	if err != nil {
		return fmt.Errorf("invalid argument %q for %q flag: %v", value, "--"+name, err)
	}
	if spec.values != nil && !slices.Contains(spec.values, value) {
		if _, boolErr := strconv.ParseBool(value); boolErr != nil {
			return fmt.Errorf(spec.badValue, value)
		}
	}
	return nil
}

// parseFlags reads the flags as pflag does (interspersed with arguments,
// "--" ends them, a bool flag takes no separate value, a later flag wins) and
// returns the other arguments. The flags that do not change the taints are
// kept in Ignored, as --name=value.
func (c *TaintCommand) parseFlags(words []shellWord) ([]shellWord, error) {
	var args []shellWord
	for i := 0; i < len(words); i++ {
		w := words[i].Text
		if w == "--" {
			return append(args, words[i+1:]...), nil
		}
		if !strings.HasPrefix(w, "-") || len(w) == 1 {
			args = append(args, words[i])
			continue
		}
		f, last, err := readFlag(words, i)
		if err != nil {
			return nil, err
		}
		i = last
		switch f.name {
		case "all":
			c.All, _ = strconv.ParseBool(f.value)
		case "overwrite":
			c.Overwrite, _ = strconv.ParseBool(f.value)
		case "selector":
			c.Selector = f.value
		default:
			c.Ignored = append(c.Ignored, "--"+f.name+"="+f.value)
		}
	}
	return args, nil
}

// errNotTaint is the error for a line that is not `kubectl [flags] taint ...`.
var errNotTaint = errors.New("not a kubectl taint command")

// splitCommand checks that words are `kubectl [global flags] taint ...` and
// returns the words after "kubectl": cobra reads the flags before the
// command's name with the command's own, so they are parsed together.
func splitCommand(words []shellWord) ([]shellWord, error) {
	if len(words) < 2 || words[0].Text != "kubectl" {
		return nil, errNotTaint
	}
	rest := words[1:]
	for i := 0; i < len(rest); i++ {
		w := rest[i].Text
		if !strings.HasPrefix(w, "-") || len(w) == 1 {
			if w != "taint" {
				return nil, errNotTaint
			}
			return append(slices.Clone(rest[:i]), rest[i+1:]...), nil
		}
		if _, last, err := readFlag(rest, i); err == nil {
			i = last
		}
	}
	return nil, errNotTaint
}
