package highlight

import (
	"strconv"
	"strings"
	"sync"
)

// markup writes the highlighted lines in one of two forms: as HTML, or as
// that HTML's JSON string, the form the bridge answers in. Each token is a
// <span class="PREFIX+CLASS"> around its escaped text, or the bare text when
// its type has no class, byte for byte as chroma's HTML formatter writes it
// with chromahtml.WithClasses, ClassPrefix(ClassPrefix) and
// PreventSurroundingPre, with the class names of chroma's types (tokens.go).
//
// It replaces the formatter because the formatter spends an fmt.Sprintf, an
// fmt.Fprint and several allocations on every token: nine tenths of
// highlighting 100 KB of node YAML (BenchmarkHighlightChoices, whose figures
// the README's "What highlighting costs" gives). The JSON form spares the bridge encoding/json's pass over every
// byte of a megabyte of HTML (the HTML is about ten times the text): the
// fixed markup is written in JSON's form once, here, and a token's text is
// escaped for HTML and JSON in one pass. TestMarkupMatchesChroma and
// FuzzMarkupMatchesChroma compare the HTML with the formatter's, and
// TestJSONIsTheHTML and FuzzJSONIsTheHTML the JSON string with the HTML.
type markup struct {
	codeOpen, codeClose string
	// lineOpen, idOpen, dataLineOpen and tagEnd surround a line's number:
	// lineOpen idOpen EDITOR-LN quote dataLineOpen N tagEnd.
	lineOpen, idOpen, quote, dataLineOpen, tagEnd string
	spanClose                                     string
	// spanOpens is the opening tag of each token type with a class, at the
	// type less firstType, the least type: indexing costs less than
	// a map lookup, which the WASM hashes without the processor's help.
	spanOpens []string
	firstType TokenType
	// escapes is what each byte of a token's text becomes, "" where it stays.
	escapes [256]string
}

// markups are the two forms' markup, built on first use, not at init: their
// tables (a quarter of a megabyte) delayed the page's first verdict, which
// comes before any highlighting.
var markups struct {
	once       sync.Once
	html, json *markup
}

// htmlMarkup is the markup of HTML.
func htmlMarkup() *markup {
	markups.once.Do(buildMarkups)
	return markups.html
}

// jsonMarkup is the markup of HTML's JSON string.
func jsonMarkup() *markup {
	markups.once.Do(buildMarkups)
	return markups.json
}

// buildMarkups builds both forms' markup, once, when either is first asked for.
func buildMarkups() {
	markups.html = newMarkup(func(s string) string { return s }, htmlEscapes)
	markups.json = newMarkup(func(s string) string { return strings.ReplaceAll(s, `"`, `\"`) }, jsonEscapes)
}

// htmlEscapes are html.EscapeString's, which chroma's formatter calls.
var htmlEscapes = map[byte]string{'<': "&lt;", '>': "&gt;", '&': "&amp;", '\'': "&#39;", '"': "&#34;"}

// jsonEscapes are htmlEscapes, none of which JSON escapes again, and JSON's
// own: the backslash and the control characters. U+2028 and U+2029 stay as
// they are, as JSON allows: the answer is parsed, never run as a script.
var jsonEscapes = func() map[byte]string {
	escapes := map[byte]string{'\\': `\\`, '\n': `\n`, '\t': `\t`}
	for c, escaped := range htmlEscapes {
		escapes[c] = escaped
	}
	const hex = "0123456789abcdef"
	for c := byte(0); c < 0x20; c++ {
		if escapes[c] == "" {
			escapes[c] = `\u00` + hex[c>>4:c>>4+1] + hex[c&15:c&15+1]
		}
	}
	return escapes
}()

// newMarkup writes the fixed markup through quoted, which turns HTML's
// attribute quotes into the form's, and escapes tokens' text with escapes.
func newMarkup(quoted func(string) string, escapes map[byte]string) *markup {
	firstType, lastType := typeRange()
	m := &markup{
		codeOpen:     quoted(`<code class="` + ClassPrefix + codeElement.Class() + `">`),
		codeClose:    `</code>`,
		lineOpen:     quoted(`<span class="` + ClassPrefix + `line"`),
		idOpen:       quoted(` id="`),
		quote:        quoted(`"`),
		dataLineOpen: quoted(` data-line="`),
		tagEnd:       quoted(`">`),
		spanClose:    `</span>`,
		spanOpens:    make([]string, lastType-firstType+1),
		firstType:    firstType,
	}
	for _, c := range tokenClasses {
		if c.class != "" {
			m.spanOpens[c.t-firstType] = quoted(`<span class="` + ClassPrefix + c.class + `">`)
		}
	}
	for c, escaped := range escapes {
		m.escapes[c] = escaped
	}
	return m
}

// typeRange is the least and the greatest token type.
func typeRange() (first, last TokenType) {
	first, last = tokenClasses[0].t, tokenClasses[0].t
	for _, c := range tokenClasses {
		first, last = min(first, c.t), max(last, c.t)
	}
	return first, last
}

// spanOpen is the opening tag of a token of type t, "" when it has no class.
func (m *markup) spanOpen(t TokenType) string {
	if i := int(t - m.firstType); i >= 0 && i < len(m.spanOpens) {
		return m.spanOpens[i]
	}
	return ""
}

// appendLines appends the <code> element of the lines, each line numbered
// and with an id when editor is not empty (see HTML).
func (m *markup) appendLines(dst []byte, lines [][]Token, editor string) []byte {
	dst = append(dst, m.codeOpen...)
	var digits [20]byte
	for i, line := range lines {
		number := strconv.AppendInt(digits[:0], int64(i+1), 10)
		dst = append(dst, m.lineOpen...)
		if editor != "" {
			dst = append(dst, m.idOpen...)
			dst = append(dst, editor...)
			dst = append(dst, "-L"...)
			dst = append(dst, number...)
			dst = append(dst, m.quote...)
		}
		dst = append(dst, m.dataLineOpen...)
		dst = append(dst, number...)
		dst = append(dst, m.tagEnd...)
		for _, t := range line {
			open := m.spanOpen(t.Type)
			dst = append(dst, open...)
			dst = m.appendEscaped(dst, t.Value)
			if open != "" {
				dst = append(dst, m.spanClose...)
			}
		}
		dst = append(dst, m.spanClose...)
	}
	return append(dst, m.codeClose...)
}

// size is the length of the lines' markup, so the output is allocated once.
func (m *markup) size(lines [][]Token, editor string) int {
	perLine := len(m.lineOpen) + len(m.dataLineOpen) + len(m.tagEnd) + len(m.spanClose)
	numbers := 1 // how many times a line's number is written
	if editor != "" {
		perLine += len(m.idOpen) + len(editor) + len("-L") + len(m.quote)
		numbers = 2
	}
	n := len(m.codeOpen) + len(m.codeClose)
	digits, nextDigit := 1, 10 // the digits of line i+1, and the first line with one more
	for i, line := range lines {
		if i+1 == nextDigit {
			digits, nextDigit = digits+1, nextDigit*10
		}
		n += perLine + numbers*digits
		for _, t := range line {
			n += len(t.Value)
			for i := 0; i < len(t.Value); i++ {
				if escaped := m.escapes[t.Value[i]]; escaped != "" {
					n += len(escaped) - 1
				}
			}
			if open := m.spanOpen(t.Type); open != "" {
				n += len(open) + len(m.spanClose)
			}
		}
	}
	return n
}

// appendEscaped appends s with each byte that has an escape replaced by it.
func (m *markup) appendEscaped(dst []byte, s string) []byte {
	last := 0
	for i := 0; i < len(s); i++ {
		if escaped := m.escapes[s[i]]; escaped != "" {
			dst = append(dst, s[last:i]...)
			dst = append(dst, escaped...)
			last = i + 1
		}
	}
	return append(dst, s[last:]...)
}
