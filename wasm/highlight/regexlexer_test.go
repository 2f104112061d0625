package highlight

import "github.com/alecthomas/chroma/v2"

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

// regexLexer is the lexer the editors used before issue 12, made of regular
// expressions run by chroma's regexp2 engine, kept as the oracle the
// hand-written lexer must agree with token for token.
var regexLexer = chroma.MustNewLexer(
	&chroma.Config{Name: "Kubernetes taints", EnsureNL: true},
	func() chroma.Rules {
		spec := chroma.ByGroups(chroma.TokenType(taintKey), chroma.TokenType(punctuation), chroma.TokenType(plainString), chroma.TokenType(punctuation), chroma.EmitterFunc(emitEffect), chroma.TokenType(removal))
		return chroma.Rules{
			// root is the start of a line: it picks the line's form.
			"root": {
				{Pattern: `\n`, Type: chroma.TokenType(text)},
				{Pattern: specLine, Mutator: chroma.Push("specs")},
				{Pattern: `^([ \t]*)(kubectl)(?=[ \t]|$)`, Type: chroma.ByGroups(chroma.TokenType(text), chroma.TokenType(command)), Mutator: chroma.Push("kubectl")},
				{Pattern: `^(Taints|Tolerations)(:)(?=[ \t]|$)`, Type: chroma.ByGroups(chroma.TokenType(listField), chroma.TokenType(punctuation)), Mutator: chroma.Push("specs")},
				{Pattern: `^(?:---|\.\.\.)(?=[ \t]|$)`, Type: chroma.TokenType(documentMarker)},
				chroma.Default(chroma.Push("yaml")),
			},
			// yaml is the rest of a YAML or JSON line, its rules in order of frequency.
			"yaml": {
				{Pattern: `\n`, Type: chroma.TokenType(text), Mutator: chroma.Pop(1)},
				{Pattern: `[ \t]+`, Type: chroma.TokenType(text)},
				{Pattern: plainKeyOrScalar, Type: chroma.EmitterFunc(emitKeyOrScalar(scalarType))},
				{Pattern: quotedKeyOrScalar, Type: chroma.EmitterFunc(emitKeyOrScalar(quotedType))},
				{Pattern: `[-\[\]{},?:]`, Type: chroma.TokenType(punctuation)},
				{Pattern: `#[^\n]*`, Type: chroma.TokenType(comment)},
				{Pattern: `[|>][-+1-9]*(?=[ \t]*(?:#[^\n]*)?$)`, Type: chroma.TokenType(blockIndicator)},
				{Pattern: `[&*][^\s,\[\]{}]+`, Type: chroma.TokenType(anchor)},
				{Pattern: `![^\s,\[\]{}]*`, Type: chroma.TokenType(tag)},
				{Pattern: `[^\n]`, Type: chroma.TokenType(text)},
			},
			// kubectl is the rest of a `kubectl taint nodes …` line.
			"kubectl": {
				{Pattern: `\n`, Type: chroma.TokenType(text), Mutator: chroma.Pop(1)},
				{Pattern: `[ \t]+`, Type: chroma.TokenType(text)},
				{Pattern: `\\(?=[ \t]*$)`, Type: chroma.TokenType(punctuation)},
				{Pattern: `#[^\n]*`, Type: chroma.TokenType(comment)},
				{Pattern: `(-l|--selector)([ \t]+)([^\s]+)`, Type: chroma.ByGroups(chroma.TokenType(cliFlag), chroma.TokenType(text), chroma.TokenType(plainString))},
				{Pattern: `(--?[A-Za-z][-A-Za-z]*)(?:(=)([^\s]*))?`, Type: chroma.ByGroups(chroma.TokenType(cliFlag), chroma.TokenType(punctuation), chroma.TokenType(plainString))},
				{Pattern: `(?:taint|nodes|node|no)(?=[ \t]|$)`, Type: chroma.TokenType(subcommand)},
				{Pattern: `"(?:[^"\\\n]|\\.)*"?`, Type: chroma.TokenType(doubleQuoted)},
				{Pattern: `'[^'\n]*'?`, Type: chroma.TokenType(singleQuoted)},
				{Pattern: `(?=` + specShape + `(?:\s|$))` + specWord, Type: spec},
				{Pattern: `[^\s]+`, Type: chroma.TokenType(name)},
			},
			// specs is the rest of a line of bare specs or of describe output.
			"specs": {
				{Pattern: `\n`, Type: chroma.TokenType(text), Mutator: chroma.Pop(1)},
				{Pattern: `[ \t]+`, Type: chroma.TokenType(text)},
				{Pattern: `#[^\n]*`, Type: chroma.TokenType(comment)},
				{Pattern: `<none>`, Type: chroma.TokenType(constant)},
				{Pattern: `(op)(=)(Exists|Equal|Lt|Gt)(?=\s|$)`, Type: chroma.ByGroups(chroma.TokenType(cliFlag), chroma.TokenType(punctuation), chroma.TokenType(operatorWord))},
				{Pattern: `for(?=[ \t])`, Type: chroma.TokenType(text)},
				{Pattern: `\d+s(?=\s|$)`, Type: chroma.TokenType(number)},
				{Pattern: specWord, Type: spec},
				{Pattern: `[^\s]+`, Type: chroma.TokenType(text)},
			},
		}
	},
)

// emitOne is one token of the given type.
func emitOne(t TokenType, value string) chroma.Iterator {
	return chroma.Literator(chroma.Token{Type: chroma.TokenType(t), Value: value})
}

// emitKeyOrScalar emits a key, its spacing and its ":" when the match is a key
// (groups 2 and 3 are set), and the scalar otherwise.
func emitKeyOrScalar(scalar func(string) TokenType) func([]string, *chroma.LexerState) chroma.Iterator {
	return func(groups []string, _ *chroma.LexerState) chroma.Iterator {
		if groups[3] == "" {
			return emitOne(scalar(groups[1]), groups[1])
		}
		t := mappingKey
		if listFields[unquote(groups[1])] {
			t = listField
		}
		tokens := []Token{{Type: t, Value: groups[1]}}
		if groups[2] != "" {
			tokens = append(tokens, Token{Type: text, Value: groups[2]})
		}
		return chroma.Literator(asChroma(append(tokens, Token{Type: punctuation, Value: ":"}))...)
	}
}

// emitEffect marks a spec's effect only when the API accepts it, so a typo
// such as NoExcute does not look like an effect.
func emitEffect(groups []string, _ *chroma.LexerState) chroma.Iterator {
	if effects[groups[0]] {
		return emitOne(effect, groups[0])
	}
	return emitOne(name, groups[0])
}
