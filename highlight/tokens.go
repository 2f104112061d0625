package highlight

import "github.com/alecthomas/chroma/v2"

// The token types this lexer gives a Kubernetes meaning to. Chroma's formatter
// knows only its standard types, so each meaning borrows one no other token here
// uses, and the stylesheet colours it by that meaning. None is the root of a
// chroma sub-category (NameVariable, LiteralString, …): WithCustomCSS writes
// those roots' declarations twice.
const (
	mappingKey     = chroma.NameTag
	listField      = chroma.KeywordDeclaration
	taintKey       = chroma.NameProperty
	effect         = chroma.KeywordType
	operatorWord   = chroma.OperatorWord
	removal        = chroma.GenericDeleted
	command        = chroma.KeywordPseudo
	subcommand     = chroma.KeywordReserved
	cliFlag        = chroma.NameAttribute
	blockIndicator = chroma.LiteralStringHeredoc
	blockScalar    = chroma.LiteralStringDoc
	documentMarker = chroma.NameNamespace
	anchor         = chroma.NameLabel
	tag            = chroma.NameDecorator
	constant       = chroma.KeywordConstant
	number         = chroma.LiteralNumberInteger
	timestamp      = chroma.LiteralDate
	plainString    = chroma.LiteralStringOther
	doubleQuoted   = chroma.LiteralStringDouble
	singleQuoted   = chroma.LiteralStringSingle
	comment        = chroma.CommentSingle
	punctuation    = chroma.Punctuation
	name           = chroma.Name
	text           = chroma.Text
	// invisible is a bidi control or an invisible character (markInvisible).
	invisible = chroma.GenericError
)

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
