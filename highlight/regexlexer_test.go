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

// emitOne is one token of the given type.
func emitOne(t chroma.TokenType, value string) chroma.Iterator {
	return chroma.Literator(chroma.Token{Type: t, Value: value})
}

// emitKeyOrScalar emits a key, its spacing and its ":" when the match is a key
// (groups 2 and 3 are set), and the scalar otherwise.
func emitKeyOrScalar(scalar func(string) chroma.TokenType) func([]string, *chroma.LexerState) chroma.Iterator {
	return func(groups []string, _ *chroma.LexerState) chroma.Iterator {
		if groups[3] == "" {
			return emitOne(scalar(groups[1]), groups[1])
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
		return emitOne(effect, groups[0])
	}
	return emitOne(name, groups[0])
}
