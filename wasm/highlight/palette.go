package highlight

// Swatch is one colour of the palette: the CSS variable, its light and dark
// values, and the token types it paints.
type Swatch struct {
	Variable    string
	Light, Dark string
	Tokens      []TokenType
}

// Palette gives each meaning its colour, and only a colour: the highlighted
// text lies under the editor's textarea, so a bold or italic glyph could put it
// out of step with the caret. The values reach 4.5:1 contrast on a white
// (light) or #0d1117 (dark) background. Package stylesheet writes it as the
// page's CSS, with chroma's rules for the classes.
var Palette = []Swatch{
	{Variable: "--hl-text", Light: "#1f2328", Dark: "#e6edf3", Tokens: []TokenType{codeElement}},
	{Variable: "--hl-key", Light: "#116329", Dark: "#7ee787", Tokens: []TokenType{mappingKey}},
	{Variable: "--hl-list", Light: "#8250df", Dark: "#d2a8ff", Tokens: []TokenType{listField}},
	{Variable: "--hl-taint-key", Light: "#0550ae", Dark: "#79c0ff", Tokens: []TokenType{taintKey}},
	{Variable: "--hl-effect", Light: "#953800", Dark: "#ffa657", Tokens: []TokenType{effect}},
	{Variable: "--hl-operator", Light: "#cf222e", Dark: "#ff7b72", Tokens: []TokenType{operatorWord}},
	{Variable: "--hl-removal", Light: "#82071e", Dark: "#ffa198", Tokens: []TokenType{removal}},
	{Variable: "--hl-command", Light: "#6639ba", Dark: "#d2a8ff", Tokens: []TokenType{command, subcommand, cliFlag}},
	{Variable: "--hl-string", Light: "#0a3069", Dark: "#a5d6ff", Tokens: []TokenType{plainString, doubleQuoted, singleQuoted, blockScalar, blockIndicator}},
	{Variable: "--hl-number", Light: "#0b6a70", Dark: "#56d4dd", Tokens: []TokenType{number, timestamp, constant}},
	{Variable: "--hl-comment", Light: "#59636e", Dark: "#9198a1", Tokens: []TokenType{comment}},
	{Variable: "--hl-meta", Light: "#6e7781", Dark: "#8b949e", Tokens: []TokenType{documentMarker, anchor, tag}},
	{Variable: "--hl-punctuation", Light: "#57606a", Dark: "#9198a1", Tokens: []TokenType{punctuation}},
	// The page's stylesheet draws the mark of an invisible character (which has no glyph to colour) in this colour.
	{Variable: "--hl-invisible", Light: "#cf222e", Dark: "#ff7b72", Tokens: []TokenType{invisible}},
}
