package highlight

// TokenType is what a token means, and so how it is coloured. Each type stands
// for one of chroma's standard token types and carries that type's number and
// class name (tokenClasses), so the markup is byte for byte what chroma's HTML
// formatter writes for the chroma type, yet the WASM links no chroma: chroma's
// package initialisation alone was a 59.5 KB function of WASM code, and
// keeping its regular-expression engine out took a patched copy of it.
// Package chromatoken, which the WASM does not link, converts to chroma's
// types for the command line, the stylesheet and the oracle tests; its
// TestClassesAreChromas holds every class name to chroma.StandardTypes.
type TokenType int

// Token is a run of text of one type, as chroma.Token is.
type Token struct {
	Type  TokenType
	Value string
}

// The token types this lexer gives a Kubernetes meaning to. Chroma's formatter
// knows only its standard types, so each meaning borrows one no other token here
// uses (named in its comment, its number is chroma's), and the stylesheet
// colours it by that meaning. None is the root of a chroma sub-category
// (NameVariable, LiteralString, …): WithCustomCSS writes those roots'
// declarations twice.
const (
	mappingKey     TokenType = 2014 // chroma.NameTag
	listField      TokenType = 1002 // chroma.KeywordDeclaration
	taintKey       TokenType = 2013 // chroma.NameProperty
	effect         TokenType = 1006 // chroma.KeywordType
	operatorWord   TokenType = 4001 // chroma.OperatorWord
	removal        TokenType = 7001 // chroma.GenericDeleted
	command        TokenType = 1004 // chroma.KeywordPseudo
	subcommand     TokenType = 1005 // chroma.KeywordReserved
	cliFlag        TokenType = 2001 // chroma.NameAttribute
	blockIndicator TokenType = 3110 // chroma.LiteralStringHeredoc
	blockScalar    TokenType = 3107 // chroma.LiteralStringDoc
	documentMarker TokenType = 2009 // chroma.NameNamespace
	anchor         TokenType = 2008 // chroma.NameLabel
	tag            TokenType = 2004 // chroma.NameDecorator
	constant       TokenType = 1001 // chroma.KeywordConstant
	number         TokenType = 3204 // chroma.LiteralNumberInteger
	timestamp      TokenType = 3001 // chroma.LiteralDate
	plainString    TokenType = 3113 // chroma.LiteralStringOther
	doubleQuoted   TokenType = 3108 // chroma.LiteralStringDouble
	singleQuoted   TokenType = 3115 // chroma.LiteralStringSingle
	comment        TokenType = 6003 // chroma.CommentSingle
	punctuation    TokenType = 5000 // chroma.Punctuation
	name           TokenType = 2000 // chroma.Name
	text           TokenType = 8000 // chroma.Text
	// errorToken is a control or Unicode space in a kubectl or spec line, as
	// the regular-expression lexer the scanner replaced had it.
	errorToken TokenType = -11 // chroma.Error
	// invisible is a bidi control or an invisible character (markInvisible).
	invisible TokenType = 7003 // chroma.GenericError
	// codeElement is the <code> element around the lines, which the
	// stylesheet gives the text colour.
	codeElement TokenType = -2 // chroma.PreWrapper
)

// tokenClasses is each type's class name, chroma's for the type it stands
// for ("" for text, which has no class). An array of constants, so building
// it costs the WASM no code at start-up.
var tokenClasses = [...]struct {
	t     TokenType
	class string
}{
	{mappingKey, "nt"}, {listField, "kd"}, {taintKey, "py"}, {effect, "kt"}, {operatorWord, "ow"},
	{removal, "gd"}, {command, "kp"}, {subcommand, "kr"}, {cliFlag, "na"}, {blockIndicator, "sh"},
	{blockScalar, "sd"}, {documentMarker, "nn"}, {anchor, "nl"}, {tag, "nd"}, {constant, "kc"},
	{number, "mi"}, {timestamp, "ld"}, {plainString, "sx"}, {doubleQuoted, "s2"}, {singleQuoted, "s1"},
	{comment, "c1"}, {punctuation, "p"}, {name, "n"}, {text, ""}, {errorToken, "err"},
	{invisible, "gr"}, {codeElement, "chroma"},
}

// Class is the class name of t's tokens, without ClassPrefix: chroma's
// class of the standard type t stands for; "" for text and unknown types.
func (t TokenType) Class() string {
	for _, c := range tokenClasses {
		if c.t == t {
			return c.class
		}
	}
	return ""
}

// TokenTypes are all the types the highlighter emits or styles.
func TokenTypes() []TokenType {
	types := make([]TokenType, len(tokenClasses))
	for i, c := range tokenClasses {
		types[i] = c.t
	}
	return types
}

// The words that get a meaning of their own wherever they appear as a whole value.
var (
	effects = map[string]bool{"NoSchedule": true, "PreferNoSchedule": true, "NoExecute": true}
	// operators are the toleration operators and the node-selector ones.
	operators = map[string]bool{
		"Exists": true, "Equal": true, "Lt": true, "Gt": true,
		"In": true, "NotIn": true, "DoesNotExist": true,
	}
	// listFields hold taints or tolerations; a "key" below one is a taint key.
	listFields = map[string]bool{"taints": true, "tolerations": true}
)
