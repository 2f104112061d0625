package cli

import (
	"bytes"
	"io"
	"strings"
	"unicode/utf8"
)

// columnPadding is the spaces between two columns.
const columnPadding = 2

// columns aligns tab-separated cells into columns, as
// text/tabwriter.NewWriter(w, 0, 0, 2, ' ', 0) does, but measures a cell
// by the terminal columns it takes: tabwriter counts runes, and a Japanese
// or Chinese heading, two columns a character, would push its row out of
// line. Every line of one table has the same number of cells; the text
// after a line's last tab is not a column, and is not padded.
type columns struct {
	w     io.Writer
	lines []string
	buf   bytes.Buffer
}

func newColumns(w io.Writer) *columns { return &columns{w: w} }

// Write takes text up to Flush.
func (c *columns) Write(p []byte) (int, error) { return c.buf.Write(p) }

// Flush writes the table, every column as wide as its widest cell and the
// padding.
func (c *columns) Flush() error {
	text := strings.TrimSuffix(c.buf.String(), "\n")
	c.buf.Reset()
	if text == "" {
		return nil
	}
	rows := [][]string{}
	var widths []int
	for _, line := range strings.Split(text, "\n") {
		cells := strings.Split(line, "\t")
		for i, cell := range cells[:len(cells)-1] {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], displayWidth(cell))
		}
		rows = append(rows, cells)
	}
	var out strings.Builder
	for _, cells := range rows {
		last := len(cells) - 1
		for i, cell := range cells[:last] {
			out.WriteString(cell)
			out.WriteString(strings.Repeat(" ", widths[i]+columnPadding-displayWidth(cell)))
		}
		out.WriteString(cells[last])
		out.WriteString("\n")
	}
	_, err := io.WriteString(c.w, out.String())
	return err
}

// displayWidth is how many terminal columns s takes: two for each East
// Asian wide or fullwidth character (Unicode's East Asian Width W and F:
// Hangul, CJK, kana, fullwidth forms), one for any other.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if wide(r) {
			n++
		}
	}
	return n
}

// wideRanges are the blocks of East Asian wide and fullwidth characters.
var wideRanges = [][2]rune{
	{0x1100, 0x115F},   // Hangul Jamo initials
	{0x2E80, 0x303E},   // CJK radicals, punctuation
	{0x3041, 0x33FF},   // kana, CJK symbols
	{0x3400, 0x4DBF},   // CJK extension A
	{0x4E00, 0x9FFF},   // CJK unified ideographs
	{0xA000, 0xA4CF},   // Yi
	{0xAC00, 0xD7A3},   // Hangul syllables
	{0xF900, 0xFAFF},   // CJK compatibility ideographs
	{0xFE30, 0xFE4F},   // CJK compatibility forms
	{0xFF00, 0xFF60},   // fullwidth forms
	{0xFFE0, 0xFFE6},   // fullwidth signs
	{0x20000, 0x3FFFD}, // CJK extensions B and later
}

func wide(r rune) bool {
	if r < 0x1100 || r == utf8.RuneError {
		return false
	}
	for _, span := range wideRanges {
		if r >= span[0] && r <= span[1] {
			return true
		}
	}
	return false
}
