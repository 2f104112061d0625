package core

import (
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/api/validate/content"
)

// The apiserver's error types, as field.ErrorType prints them.
const (
	errInvalid      = "Invalid value"
	errNotSupported = "Unsupported value"
	errRequired     = "Required value"
	errDuplicate    = "Duplicate value"
)

// nodeTaintsPath is where the apiserver says node taints live. Upstream
// ValidateNode passes "metadata.taints" although the field is spec.taints; the
// messages keep that quirk, the diagnostics' sources point at spec.taints.
const nodeTaintsPath = "metadata.taints"

var (
	supportedEffects   = []string{string(TaintEffectNoSchedule), string(TaintEffectPreferNoSchedule), string(TaintEffectNoExecute)}
	supportedOperators = []string{string(TolerationOpEqual), string(TolerationOpExists)}
	gatedOperators     = []string{string(TolerationOpEqual), string(TolerationOpExists), string(TolerationOpLt), string(TolerationOpGt)}
)

// fieldError is one upstream field.Error: the message path and text as the
// apiserver prints them, and the sub-field the page should point at.
type fieldError struct {
	// field is the sub-field named in the message ("key", "operator", ...),
	// empty for an error about the whole item.
	field string
	// at is the sub-field whose line the page highlights; it differs from field
	// where upstream reports a bad value on ".operator".
	at   string
	kind string
	// badValue is the value already rendered as upstream renders it (quoted).
	badValue string
	detail   string
	// hint is ours, after upstream's words, in parentheses.
	hint string
}

// ComparisonGateHint says why upstream lists Lt and Gt as supported values
// yet refuses them, and where the page turns the gate on (the label of its
// checkbox in Cluster settings).
const ComparisonGateHint = "the TaintTolerationComparisonOperators feature gate is off, and Lt and Gt need it on: " +
	"turn it on in Cluster settings, under Feature gate"

// ValidateTolerations checks tolerations as the apiserver's ValidateTolerations
// does, with its exact messages. path is the list's field path, such as
// "spec.tolerations" or "spec.template.spec.tolerations"; a toleration whose
// Source.Field is known is reported under that path instead, so that an item the
// decoder had to drop does not shift the indexes of the rest. Every rule is checked
// and every error kept, in upstream's order, for each toleration:
//
//  1. A non-empty key must be a qualified name (one error per message).
//  2. An empty key needs operator Exists (error on .operator).
//  3. tolerationSeconds needs effect NoExecute (error on .effect).
//  4. By operator: "" and Equal need a label value (messages joined by ";",
//     reported on .operator, an upstream quirk); Exists needs an empty value
//     (also on .operator); Lt and Gt need allowComparisonOperators, then a
//     canonical decimal value and one that fits in int64 (each on .value);
//     with the gate off, upstream's Unsupported value (which lists Lt and Gt
//     among the supported values) is followed by a hint that the gate is
//     off and where the page turns it on; anything else is unsupported.
//  5. A non-empty effect must be NoSchedule, PreferNoSchedule or NoExecute.
func ValidateTolerations(tolerations []Toleration, path string, allowComparisonOperators bool) []Diagnostic {
	var diags []Diagnostic
	for i := range tolerations {
		t := &tolerations[i]
		itemPath := t.Source.Field
		if itemPath == "" {
			itemPath = path + "[" + strconv.Itoa(i) + "]"
		}
		for _, fe := range tolerationErrors(t, allowComparisonOperators) {
			diags = append(diags, fe.diagnostic(itemPath, itemPath, t.Source))
		}
	}
	return diags
}

func tolerationErrors(t *Toleration, allowComparisonOperators bool) []fieldError {
	var errs []fieldError
	if len(t.Key) > 0 {
		errs = append(errs, keyErrors(t.Key)...)
	}
	if len(t.Key) == 0 && t.Operator != TolerationOpExists {
		errs = append(errs, invalidValue("operator", JSONQuote(string(t.Operator)),
			"operator must be Exists when `key` is empty, which means \"match all values and all keys\""))
	}
	if t.TolerationSeconds != nil && t.Effect != TaintEffectNoExecute {
		errs = append(errs, invalidValue("effect", JSONQuote(string(t.Effect)),
			"effect must be 'NoExecute' when `tolerationSeconds` is set"))
	}
	switch t.Operator {
	case "", TolerationOpEqual:
		if !IsLabelValue(t.Value) {
			e := invalidValue("operator", strconv.Quote(t.Value), strings.Join(content.IsLabelValue(t.Value), ";"))
			e.at = "value"
			errs = append(errs, e)
		}
	case TolerationOpExists:
		if len(t.Value) > 0 {
			e := invalidValue("operator", strconv.Quote(t.Value), "value must be empty when `operator` is 'Exists'")
			e.at = "value"
			errs = append(errs, e)
		}
	case TolerationOpLt, TolerationOpGt:
		if !allowComparisonOperators {
			e := notSupported("operator", string(t.Operator), gatedOperators)
			e.hint = ComparisonGateHint
			errs = append(errs, e)
			break
		}
		for _, msg := range content.IsDecimalInteger(t.Value) {
			errs = append(errs, invalidValue("value", strconv.Quote(t.Value), msg))
		}
		if _, err := strconv.ParseInt(t.Value, 10, 64); err != nil {
			errs = append(errs, invalidValue("value", strconv.Quote(t.Value), err.Error()))
		}
	default:
		errs = append(errs, notSupported("operator", string(t.Operator), supportedOperators))
	}
	if len(t.Effect) > 0 && !IsSupportedEffect(t.Effect) {
		errs = append(errs, notSupported("effect", string(t.Effect), supportedEffects))
	}
	return errs
}

// ValidateNodeTaints checks a node's taints (spec.taints, in order) as the
// apiserver's validateNodeTaints does, with its exact messages under the path
// "metadata.taints". For each taint:
//
//  1. The key must be a qualified name; an empty key fails too.
//  2. The value must be a label value (messages joined by ";").
//  3. The effect is required and must be NoSchedule, PreferNoSchedule or NoExecute.
//  4. A later taint with the key and effect of an earlier one is a Duplicate
//     of the whole item, whatever its value.
//
// Each diagnostic's Source is the taint's own, so the page points at the
// taint in spec.taints.
func ValidateNodeTaints(taints []Taint) []Diagnostic {
	var diags []Diagnostic
	var seen map[taintPair]bool // past maxScannedTaints; below, earlier taints are compared one by one
	for i := range taints {
		t := &taints[i]
		duplicate := false
		switch {
		case len(taints) <= maxScannedTaints:
			for j := range i {
				if taints[j].Effect == t.Effect && taints[j].Key == t.Key {
					duplicate = true
					break
				}
			}
		default:
			if seen == nil {
				seen = make(map[taintPair]bool, len(taints))
			}
			pair := taintPair{t.Effect, t.Key}
			duplicate = seen[pair]
			seen[pair] = true
		}
		errs := taintErrors(t, duplicate)
		if len(errs) == 0 {
			continue
		}
		index := "[" + strconv.Itoa(i) + "]"
		sourcePath := t.Source.Field
		if sourcePath == "" {
			sourcePath = "spec.taints" + index
		}
		for _, fe := range errs {
			diags = append(diags, fe.diagnostic(nodeTaintsPath+index, sourcePath, t.Source))
		}
	}
	return diags
}

// maxScannedTaints is how many taints of a node ValidateNodeTaints compares
// pair by pair for duplicates before it keeps them in a map.
const maxScannedTaints = 16

// taintPair is what makes taints of a node unique: effect and key.
type taintPair struct {
	effect TaintEffect
	key    string
}

// taintErrors checks one taint; duplicate is whether an earlier taint of
// the node has its key and effect. A valid taint allocates nothing.
func taintErrors(t *Taint, duplicate bool) []fieldError {
	errs := keyErrors(t.Key)
	if !IsLabelValue(t.Value) {
		errs = append(errs, invalidValue("value", strconv.Quote(t.Value), strings.Join(content.IsLabelValue(t.Value), ";")))
	}
	switch {
	case len(t.Effect) == 0:
		errs = append(errs, fieldError{field: "effect", at: "effect", kind: errRequired})
	case !IsSupportedEffect(t.Effect):
		errs = append(errs, notSupported("effect", string(t.Effect), supportedEffects))
	}
	if duplicate {
		return append(errs, fieldError{kind: errDuplicate, badValue: internalTaintJSON(t),
			detail: "taints must be unique by key and effect pair"})
	}
	return errs
}

// keyErrors is upstream ValidateLabelName: one Invalid error on .key per
// message of IsQualifiedName, asked only of a key IsLabelKey refuses.
func keyErrors(key string) []fieldError {
	return contentErrors("key", key, IsLabelKey, content.IsLabelKey)
}

// contentErrors is one Invalid error on field per message upstream's check
// gives value, asked only when the fast check valid refuses it.
func contentErrors(field, value string, valid func(string) bool, check func(string) []string) []fieldError {
	if valid(value) {
		return nil
	}
	var errs []fieldError
	for _, msg := range check(value) {
		errs = append(errs, invalidValue(field, strconv.Quote(value), msg))
	}
	return errs
}

func IsSupportedEffect(e TaintEffect) bool {
	return e == TaintEffectNoSchedule || e == TaintEffectPreferNoSchedule || e == TaintEffectNoExecute
}

func invalidValue(field, badValue, detail string) fieldError {
	return fieldError{field: field, at: field, kind: errInvalid, badValue: badValue, detail: detail}
}

// notSupported is field.NotSupported for a value of a named string type
// (TolerationOperator, TaintEffect), which upstream prints as JSON.
func notSupported(field, value string, supported []string) fieldError {
	quoted := make([]string, len(supported))
	for i, s := range supported {
		quoted[i] = strconv.Quote(s)
	}
	return fieldError{field: field, at: field, kind: errNotSupported, badValue: JSONQuote(value),
		detail: "supported values: " + strings.Join(quoted, ", ")}
}

// message renders the error as field.Error.Error() does.
func (e fieldError) message(itemPath string) string {
	var b strings.Builder
	b.WriteString(joinFieldPath(itemPath, e.field))
	b.WriteString(": ")
	b.WriteString(e.kind)
	if e.kind != errRequired {
		b.WriteString(": ")
		b.WriteString(e.badValue)
	}
	if e.detail != "" {
		b.WriteString(": ")
		b.WriteString(e.detail)
	}
	if e.hint != "" {
		b.WriteString(" (" + e.hint + ")")
	}
	return b.String()
}

// diagnostic points the error at the line and column of its sub-field when
// the decoder recorded them, else at the item.
func (e fieldError) diagnostic(messagePath, sourcePath string, item Source) Diagnostic {
	src := Source{Editor: item.Editor, Line: item.Line, Column: item.Column, Field: sourcePath}
	if e.at != "" {
		src.Field = joinFieldPath(sourcePath, e.at)
		if line, ok := item.Fields[e.at]; ok {
			src.Line, src.Column = line, item.Columns[e.at]
		}
	}
	return Diagnostic{Severity: SeverityError, Code: CodeInvalid, Message: e.message(messagePath), Source: src}
}

// joinFieldPath is path.field, or field alone at an object's root.
func joinFieldPath(path, field string) string {
	switch {
	case field == "":
		return path
	case path == "":
		return field
	}
	return path + "." + field
}

// internalTaintJSON renders a taint as encoding/json renders the apiserver's
// internal core.Taint, which has no json tags: the Duplicate error's bad value.
func internalTaintJSON(t *Taint) string {
	timeAdded := "null"
	if t.TimeAdded != nil && !t.TimeAdded.IsZero() {
		timeAdded = `"` + t.TimeAdded.UTC().Format(time.RFC3339) + `"`
	}
	return `{"Key":` + JSONQuote(t.Key) + `,"Value":` + JSONQuote(t.Value) +
		`,"Effect":` + JSONQuote(string(t.Effect)) + `,"TimeAdded":` + timeAdded + `}`
}

// JSONQuote quotes s exactly as encoding/json does (with its default HTML
// escaping), without linking encoding/json into the WebAssembly binary.
func JSONQuote(s string) string {
	return string(AppendJSONQuote(make([]byte, 0, len(s)+2), s))
}

// AppendJSONQuote appends s to b quoted as JSONQuote quotes it.
func AppendJSONQuote(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			switch c {
			case '\\', '"':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				if c < 0x20 || c == '<' || c == '>' || c == '&' {
					b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xF])
				} else {
					b = append(b, c)
				}
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xF])
		default:
			b = append(b, s[i:i+size]...)
		}
		i += size
	}
	return append(b, '"')
}
