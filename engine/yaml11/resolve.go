package yaml11

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// The tags goyaml.v2 resolves scalars to, in their short form.
const (
	strTag       = "!!str"
	boolTag      = "!!bool"
	intTag       = "!!int"
	floatTag     = "!!float"
	nullTag      = "!!null"
	timestampTag = "!!timestamp"
	binaryTag    = "!!binary"
	mergeTag     = "!!merge"
)

// resolve is goyaml.v2's resolve (go.yaml.in/yaml/v2 resolve.go): the tag
// and the value of a scalar's text under the tag written on it, "" for none.
// The value is nil, a bool, an int64, a uint64 (an integer above int64), a
// float64 or a string. A tag goyaml.v2 does not resolve (!!binary, !!merge,
// a local tag) keeps the text as a string; under !!str any text is a
// string; under another YAML tag the text must resolve to that tag, but an
// integer to the tag !!float, which becomes a float (not one over int64).
func resolve(tag, text string) (string, any, error) {
	switch tag {
	case "", strTag, boolTag, intTag, floatTag, nullTag, timestampTag:
	default:
		return tag, text, nil
	}
	rtag, value := resolveText(tag, text)
	switch {
	case tag == "" || tag == rtag || tag == strTag:
		return rtag, value, nil
	case tag == floatTag && rtag == intTag:
		if i, ok := value.(int64); ok {
			return floatTag, float64(i), nil
		}
	}
	return "", nil, fmt.Errorf("cannot decode %s `%s` as a %s", rtag, text, tag)
}

// resolveText is the body of goyaml.v2's resolve: what a text reads as. Its
// first character is the hint: a sign or a digit may start a number or a
// timestamp, a dot a float, and one of yYnNtTfFoO~ (or an empty text) one
// of the words of resolvedWord; any other text is a string.
func resolveText(tag, text string) (string, any) {
	if tag == strTag {
		return strTag, text
	}
	if rtag, value, ok := resolvedWord(text); ok {
		return rtag, value
	}
	switch text[0] {
	case '.':
		if f, err := strconv.ParseFloat(text, 64); err == nil {
			return floatTag, f
		}
	case '+', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return resolveNumber(tag, text)
	}
	return strTag, text
}

// resolveNumber reads a text starting with a sign or a digit as goyaml.v2
// does: a timestamp when it has no tag or !!timestamp, else, underscores
// removed, an integer of any base strconv takes (017 is octal), one above
// int64, a float of YAML 1.1's pattern, or a binary number whose digits
// strconv takes with a sign after the 0b.
func resolveNumber(tag, text string) (string, any) {
	if (tag == "" || tag == timestampTag) && isTimestamp(text) {
		return timestampTag, text
	}
	plain := strings.ReplaceAll(text, "_", "")
	if i, err := strconv.ParseInt(plain, 0, 64); err == nil {
		return intTag, i
	}
	if u, err := strconv.ParseUint(plain, 0, 64); err == nil {
		return intTag, u
	}
	if isYAML11Float(plain) {
		if f, err := strconv.ParseFloat(plain, 64); err == nil {
			return floatTag, f
		}
	}
	if digits, ok := strings.CutPrefix(plain, "0b"); ok {
		if i, err := strconv.ParseInt(digits, 2, 64); err == nil {
			return intTag, i
		}
		if u, err := strconv.ParseUint(digits, 2, 64); err == nil {
			return intTag, u
		}
	} else if digits, ok := strings.CutPrefix(plain, "-0b"); ok {
		if i, err := strconv.ParseInt("-"+digits, 2, 64); err == nil {
			return intTag, i
		}
	}
	return strTag, text
}

// resolvedWord is goyaml.v2's resolveMap: the words that are booleans,
// null, infinities and not-a-number. Its merge key "<<" is not here: resolve
// never looks it up, as '<' starts nothing (a key "<<" is a merge by isMerge).
func resolvedWord(s string) (string, any, bool) {
	switch s {
	case "y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON":
		return boolTag, true, true
	case "n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF":
		return boolTag, false, true
	case "", "~", "null", "Null", "NULL":
		return nullTag, nil, true
	case ".nan", ".NaN", ".NAN":
		return floatTag, math.NaN(), true
	case ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF":
		return floatTag, math.Inf(1), true
	case "-.inf", "-.Inf", "-.INF":
		return floatTag, math.Inf(-1), true
	}
	return "", nil, false
}

// isYAML11Float reports whether a text matches goyaml.v2's yamlStyleFloat,
// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$.
func isYAML11Float(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	n := leadingDigits(s)
	switch {
	case n > 0:
		s = s[n:]
		if s != "" && s[0] == '.' {
			s = s[1+leadingDigits(s[1:]):]
		}
	case s != "" && s[0] == '.' && leadingDigits(s[1:]) > 0:
		s = s[1+leadingDigits(s[1:]):]
	default:
		return false
	}
	if s == "" {
		return true
	}
	if s[0] != 'e' && s[0] != 'E' {
		return false
	}
	s = s[1:]
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	return s != "" && leadingDigits(s) == len(s)
}

func leadingDigits(s string) int {
	n := 0
	for n < len(s) && '0' <= s[n] && s[n] <= '9' {
		n++
	}
	return n
}

// IsReservedWord reports whether a plain text is one of the words YAML 1.1
// reads as a boolean, null, an infinity or not-a-number (yes, Off, ~, .inf):
// any other text starting with a letter is a string.
func IsReservedWord(text string) bool {
	_, _, ok := resolvedWord(text)
	return ok
}
