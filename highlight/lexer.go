package highlight

import (
	"strings"
	"time"

	"github.com/alecthomas/chroma/v2"
)

// Pieces of a taint spec as kubectl reads it: key=value:Effect, key:Effect,
// key=:Effect, and the removals key-, key:Effect-, key=value:Effect-. Keys and
// values end with an alphanumeric, as the API requires, so the "-" of a
// removal is never part of them and each word has one parse.
const (
	specKey   = `[A-Za-z0-9](?:[-A-Za-z0-9_./]*[A-Za-z0-9])?`
	specValue = `[A-Za-z0-9](?:[-A-Za-z0-9_.]*[A-Za-z0-9])?`
	// specShape is a word that can only be a taint spec: it has a value, an
	// effect, or the "-" of a removal. Atomic, so a long line cannot backtrack.
	specShape = `(?>` + specKey + `(?:=(?:` + specValue + `)?(?::[A-Za-z]+)?-?|:[A-Za-z]+-?|-))`
	// describeWord follows a toleration on a `kubectl describe` line.
	describeWord = `(?:op=[A-Za-z]+|for|\d+s|<none>)`
	// specLine is a line of nothing but specs (and describe's words after them).
	specLine = `^(?=[ \t]*` + specShape + `(?:[ \t]+(?:` + specShape + `|` + describeWord + `))*[ \t]*(?:#[^\n]*)?$)`
	// specWord splits one spec into key, "=", value, ":", effect and "-".
	specWord = `(` + specKey + `)(?:(=)(` + specValue + `)?)?(?:(:)([A-Za-z]*))?(-?)(?=[\s'"]|$)`
)

// YAML pieces. A plain scalar may hold ":" and single spaces, but not ": "
// (which makes it a key) nor " #" (which starts a comment); flow punctuation
// ends it. Its alternatives start with different characters, so matching it
// never backtracks.
const (
	doubleQuotedText = `"(?:[^"\\\n]|\\.)*"`
	singleQuotedText = `'(?:[^'\n]|'')*'`
	plainText        = "(?:[^-?:\\s,\\[\\]{}#\"'&*!|>%@`]|[-?:](?=[^\\s,\\[\\]{}]))" +
		"(?:[^\\s:,\\[\\]{}]|:(?=[^\\s,\\[\\]{}])|[ \\t]+(?=[^\\s#:,\\[\\]{}])|,(?=[^\\s\\[\\]{}]))*"
	// keyOrScalar is a plain or quoted scalar, followed by ":" when it is a key.
	// JSON's keys are quoted and may have their value right after the ":".
	plainKeyOrScalar  = `(` + plainText + `)(?:([ \t]*)(:)(?=[ \t]|$))?`
	quotedKeyOrScalar = `(` + doubleQuotedText + `|` + singleQuotedText + `)(?:([ \t]*)(:))?`
)

// lexer reads an editor's text: YAML or JSON objects, `kubectl taint` lines,
// bare taint specs, and `kubectl describe` Taints and Tolerations lines. It is
// line-oriented and never emits an error token: the engine judges the input,
// the lexer only colours it.
var lexer = chroma.MustNewLexer(
	&chroma.Config{Name: "Kubernetes taints", EnsureNL: true},
	func() chroma.Rules {
		spec := chroma.ByGroups(taintKey, punctuation, plainString, punctuation, chroma.EmitterFunc(emitEffect), removal)
		return chroma.Rules{
			// root is the start of a line: it picks the line's form.
			"root": {
				{Pattern: `\n`, Type: text},
				{Pattern: specLine, Mutator: chroma.Push("specs")},
				{Pattern: `^([ \t]*)(kubectl)(?=[ \t]|$)`, Type: chroma.ByGroups(text, command), Mutator: chroma.Push("kubectl")},
				{Pattern: `^(Taints|Tolerations)(:)(?=[ \t]|$)`, Type: chroma.ByGroups(listField, punctuation), Mutator: chroma.Push("specs")},
				{Pattern: `^(?:---|\.\.\.)(?=[ \t]|$)`, Type: documentMarker},
				chroma.Default(chroma.Push("yaml")),
			},
			// yaml is the rest of a YAML or JSON line, its rules in order of frequency.
			"yaml": {
				{Pattern: `\n`, Type: text, Mutator: chroma.Pop(1)},
				{Pattern: `[ \t]+`, Type: text},
				{Pattern: plainKeyOrScalar, Type: chroma.EmitterFunc(emitKeyOrScalar(scalarType))},
				{Pattern: quotedKeyOrScalar, Type: chroma.EmitterFunc(emitKeyOrScalar(quotedType))},
				{Pattern: `[-\[\]{},?:]`, Type: punctuation},
				{Pattern: `#[^\n]*`, Type: comment},
				{Pattern: `[|>][-+1-9]*(?=[ \t]*(?:#[^\n]*)?$)`, Type: blockIndicator},
				{Pattern: `[&*][^\s,\[\]{}]+`, Type: anchor},
				{Pattern: `![^\s,\[\]{}]*`, Type: tag},
				{Pattern: `[^\n]`, Type: text},
			},
			// kubectl is the rest of a `kubectl taint nodes …` line.
			"kubectl": {
				{Pattern: `\n`, Type: text, Mutator: chroma.Pop(1)},
				{Pattern: `[ \t]+`, Type: text},
				{Pattern: `\\(?=[ \t]*$)`, Type: punctuation},
				{Pattern: `#[^\n]*`, Type: comment},
				{Pattern: `(-l|--selector)([ \t]+)([^\s]+)`, Type: chroma.ByGroups(cliFlag, text, plainString)},
				{Pattern: `(--?[A-Za-z][-A-Za-z]*)(?:(=)([^\s]*))?`, Type: chroma.ByGroups(cliFlag, punctuation, plainString)},
				{Pattern: `(?:taint|nodes|node|no)(?=[ \t]|$)`, Type: subcommand},
				{Pattern: `"(?:[^"\\\n]|\\.)*"?`, Type: doubleQuoted},
				{Pattern: `'[^'\n]*'?`, Type: singleQuoted},
				{Pattern: `(?=` + specShape + `(?:\s|$))` + specWord, Type: spec},
				{Pattern: `[^\s]+`, Type: name},
			},
			// specs is the rest of a line of bare specs or of describe output.
			"specs": {
				{Pattern: `\n`, Type: text, Mutator: chroma.Pop(1)},
				{Pattern: `[ \t]+`, Type: text},
				{Pattern: `#[^\n]*`, Type: comment},
				{Pattern: `<none>`, Type: constant},
				{Pattern: `(op)(=)(Exists|Equal|Lt|Gt)(?=\s|$)`, Type: chroma.ByGroups(cliFlag, punctuation, operatorWord)},
				{Pattern: `for(?=[ \t])`, Type: text},
				{Pattern: `\d+s(?=\s|$)`, Type: number},
				{Pattern: specWord, Type: spec},
				{Pattern: `[^\s]+`, Type: text},
			},
		}
	},
)

// emit is one token of the given type.
func emit(t chroma.TokenType, value string) chroma.Iterator {
	return chroma.Literator(chroma.Token{Type: t, Value: value})
}

// emitKeyOrScalar emits a key, its spacing and its ":" when the match is a key
// (groups 2 and 3 are set), and the scalar otherwise.
func emitKeyOrScalar(scalar func(string) chroma.TokenType) func([]string, *chroma.LexerState) chroma.Iterator {
	return func(groups []string, _ *chroma.LexerState) chroma.Iterator {
		if groups[3] == "" {
			return emit(scalar(groups[1]), groups[1])
		}
		t := mappingKey
		if listFields[unquote(groups[1])] {
			t = listField
		}
		tokens := []chroma.Token{{Type: t, Value: groups[1]}}
		if groups[2] != "" {
			tokens = append(tokens, chroma.Token{Type: text, Value: groups[2]})
		}
		return chroma.Literator(append(tokens, chroma.Token{Type: punctuation, Value: ":"})...)
	}
}

// emitEffect marks a spec's effect only when the API accepts it, so a typo
// such as NoExcute does not look like an effect.
func emitEffect(groups []string, _ *chroma.LexerState) chroma.Iterator {
	if effects[groups[0]] {
		return emit(effect, groups[0])
	}
	return emit(name, groups[0])
}

// quotedType keeps a quoted effect or operator recognisable (JSON quotes every
// string); any other quoted text is a string.
func quotedType(s string) chroma.TokenType {
	inner := unquote(s)
	switch {
	case effects[inner]:
		return effect
	case operators[inner]:
		return operatorWord
	case s[0] == '"':
		return doubleQuoted
	}
	return singleQuoted
}

var (
	// constants are the plain scalars sigs.k8s.io/yaml (YAML 1.1 rules) reads
	// as booleans or null.
	constants = map[string]bool{
		"true": true, "True": true, "TRUE": true, "false": true, "False": true, "FALSE": true,
		"yes": true, "Yes": true, "YES": true, "no": true, "No": true, "NO": true,
		"on": true, "On": true, "ON": true, "off": true, "Off": true, "OFF": true,
		"y": true, "Y": true, "n": true, "N": true,
		"null": true, "Null": true, "NULL": true, "~": true,
	}
)

// scalarType gives a plain scalar its kind: an effect, an operator, a
// constant, a number, a timestamp (timeAdded) or a string.
func scalarType(s string) chroma.TokenType {
	switch {
	case effects[s]:
		return effect
	case operators[s]:
		return operatorWord
	case constants[s]:
		return constant
	case isNumber(s):
		return number
	case isTimestamp(s):
		return timestamp
	}
	return plainString
}

// unquote strips the quotes of a quoted scalar; escapes do not matter for
// comparing with the plain words above.
func unquote(s string) string {
	if len(s) >= 2 && (s[0] == '"' || s[0] == '\'') && s[len(s)-1] == s[0] {
		return s[1 : len(s)-1]
	}
	return s
}

// isBlank reports whether a token holds only spaces, tabs and line breaks.
func isBlank(t chroma.Token) bool {
	return strings.Trim(t.Value, " \t\n") == ""
}

// isNumber reports whether a plain scalar is a YAML number: decimal digits
// with an optional sign, fraction and exponent; 0x or 0o digits; .inf or
// .nan. It is written out, not a regexp, to keep regexp compilation out of
// the WASM's start-up.
func isNumber(s string) bool {
	switch strings.ToLower(s) {
	case ".inf", "+.inf", "-.inf", ".nan":
		return true
	}
	if hex, ok := strings.CutPrefix(s, "0x"); ok {
		return allDigits(hex, "0123456789abcdefABCDEF")
	}
	if octal, ok := strings.CutPrefix(s, "0o"); ok {
		return allDigits(octal, "01234567")
	}
	s = trimSign(s)
	mantissa, exponent, hasExponent := strings.Cut(strings.ToLower(s), "e")
	whole, fraction, _ := strings.Cut(mantissa, ".")
	decimal := "0123456789"
	if whole+fraction == "" || !allDigits(whole+fraction, decimal) {
		return false
	}
	return !hasExponent || allDigits(trimSign(exponent), decimal)
}

// trimSign drops one leading + or -.
func trimSign(s string) string {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		return s[1:]
	}
	return s
}

// allDigits reports whether s is non-empty and made of digits only.
func allDigits(s, digits string) bool {
	return s != "" && strings.Trim(s, digits) == ""
}

// isTimestamp reports whether a plain scalar is a date or an RFC 3339 time,
// the form of a taint's timeAdded. It looks at the dashes first: most
// scalars are not dates, and a failed time.Parse allocates its error.
func isTimestamp(s string) bool {
	if len(s) < len(time.DateOnly) || s[4] != '-' || s[7] != '-' {
		return false
	}
	if _, err := time.Parse(time.DateOnly, s); err == nil {
		return true
	}
	_, err := time.Parse(time.RFC3339Nano, s)
	return err == nil
}
