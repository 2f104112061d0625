package highlight

import (
	"strings"
	"time"
)

// quotedType keeps a quoted effect or operator recognisable (JSON quotes every
// string); any other quoted text is a string.
func quotedType(s string) TokenType {
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
func scalarType(s string) TokenType {
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
