package cli

import (
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// printable returns s with every rune a terminal could act on written as a
// Go escape, as the engine's diagnostics quote a value (strconv.Quote):
// control characters (C0, DEL and C1: ESC, \r, \n, \a, ...), format
// characters such as bidi overrides, and other runes strconv.IsPrint refuses
// become \x1b, \r, \u202e..., and each byte that is not UTF-8 becomes \xNN.
// Names, keys, values, file names and messages come from the input, so a
// taint value "x\r\x1b[32mall good" must not rewrite the line it is printed
// on, set the window's title (OSC 0) or hide a link (OSC 8). Printable text,
// backslashes and quotes included, is left as it is.
func printable(s string) string {
	i := 0
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if (r == utf8.RuneError && size == 1) || !strconv.IsPrint(r) {
			break
		}
		i += size
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case strconv.IsPrint(r):
			b.WriteString(s[i : i+size])
		default:
			quoted := strconv.QuoteRune(r)
			b.WriteString(quoted[1 : len(quoted)-1])
		}
		i += size
	}
	return b.String()
}

// printf is fmt.Fprintf with every text argument made printable: a string
// (or a type whose kind is string), an error or a fmt.Stringer. The format
// is the program's own and may hold newlines; the arguments are the input's.
// Every line the command line prints for a terminal goes through it.
func printf(w io.Writer, format string, args ...any) {
	safe := make([]any, len(args))
	for i, a := range args {
		safe[i] = printableArg(a)
	}
	fmt.Fprintf(w, format, safe...)
}

// printableArg is a as printf passes it on: text made printable, anything
// else as it is.
func printableArg(a any) any {
	switch v := a.(type) {
	case error:
		return printable(v.Error())
	case fmt.Stringer:
		return printable(v.String())
	}
	if rv := reflect.ValueOf(a); rv.Kind() == reflect.String {
		return printable(rv.String())
	}
	return a
}
