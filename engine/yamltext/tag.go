package yamltext

import (
	"strconv"
	"strings"
	"time"
)

// plainTag is the tag goyaml.v3 gives a plain scalar of a tree (its
// resolve, go.yaml.in/yaml/v3 resolve.go, for an untagged scalar): the
// decoder reads "!!null" (an absent value) and "!!merge" (the "<<" key), and
// compares keys by tag and text. goyaml.v3 looks past the first character
// only when it is a sign, a digit, a dot or one of yYnNtTfFoO~; the syntax
// checks below skip strconv when it cannot succeed, as its errors allocate.
func plainTag(s string) string {
	if s == "<<" {
		return "!!merge"
	}
	hint := byte('M')
	if s != "" {
		hint = resolveHint(s[0])
	}
	if hint == 0 {
		return "!!str"
	}
	if tag := resolvedWord(s); tag != "" {
		return tag
	}
	switch hint {
	case '.':
		if onlyBytes(s, "0123456789._eE+-") {
			if _, err := strconv.ParseFloat(s, 64); err == nil {
				return "!!float"
			}
		}
	case 'D', 'S':
		return numberTag(s)
	}
	return "!!str"
}

// resolveHint is goyaml.v3's resolveTable: what a first character may start.
func resolveHint(c byte) byte {
	switch {
	case c == '+' || c == '-':
		return 'S'
	case '0' <= c && c <= '9':
		return 'D'
	case c == '.':
		return '.'
	case strings.IndexByte("yYnNtTfFoO~", c) >= 0:
		return 'M'
	}
	return 0
}

// resolvedWord is goyaml.v3's resolveMap: the words with a fixed tag.
func resolvedWord(s string) string {
	switch s {
	case "true", "True", "TRUE", "false", "False", "FALSE":
		return "!!bool"
	case "", "~", "null", "Null", "NULL":
		return "!!null"
	case ".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF":
		return "!!float"
	}
	return ""
}

// numberTag resolves a scalar that starts with a sign or a digit as
// goyaml.v3 does, in its order: a timestamp, an integer (underscores
// dropped, any base strconv reads), a float, then binary and octal forms.
func numberTag(s string) string {
	if isTimestamp(s) {
		return "!!timestamp"
	}
	plain := strings.ReplaceAll(s, "_", "")
	if intSyntax(plain) {
		if _, err := strconv.ParseInt(plain, 0, 64); err == nil {
			return "!!int"
		}
		if _, err := strconv.ParseUint(plain, 0, 64); err == nil {
			return "!!int"
		}
	}
	if yamlFloatSyntax(plain) {
		if _, err := strconv.ParseFloat(plain, 64); err == nil {
			return "!!float"
		}
	}
	if digits, ok := strings.CutPrefix(plain, "0b"); ok {
		if parsesAsInt(digits, 2) {
			return "!!int"
		}
	} else if digits, ok := strings.CutPrefix(plain, "-0b"); ok {
		if _, err := strconv.ParseInt("-"+digits, 2, 64); err == nil {
			return "!!int"
		}
	}
	if digits, ok := strings.CutPrefix(plain, "0o"); ok {
		if parsesAsInt(digits, 8) {
			return "!!int"
		}
	} else if digits, ok := strings.CutPrefix(plain, "-0o"); ok {
		if _, err := strconv.ParseInt("-"+digits, 8, 64); err == nil {
			return "!!int"
		}
	}
	return "!!str"
}

func parsesAsInt(digits string, base int) bool {
	if _, err := strconv.ParseInt(digits, base, 64); err == nil {
		return true
	}
	_, err := strconv.ParseUint(digits, base, 64)
	return err == nil
}

// intSyntax reports whether strconv.ParseInt(s, 0, 64) could read s: a sign,
// then a digit, then digits of some base and base letters.
func intSyntax(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	return s != "" && '0' <= s[0] && s[0] <= '9' && onlyBytes(s, "0123456789abcdefABCDEFxXoO")
}

// yamlFloatSyntax is goyaml.v3's yamlStyleFloat,
// ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$, without a regexp.
func yamlFloatSyntax(s string) bool {
	i := 0
	digits := func() int {
		from := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i - from
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	} else {
		if digits() == 0 {
			return false
		}
		if i < len(s) && s[i] == '.' {
			i++
			digits()
		}
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// onlyBytes reports whether every byte of s is one of set.
func onlyBytes(s, set string) bool {
	for i := 0; i < len(s); i++ {
		if strings.IndexByte(set, s[i]) < 0 {
			return false
		}
	}
	return true
}

// isTimestamp is goyaml.v3's parseTimestamp: four digits and "-", then one
// of the layouts it allows.
func isTimestamp(s string) bool {
	i := 0
	for i < len(s) && '0' <= s[i] && s[i] <= '9' {
		i++
	}
	if i != 4 || i == len(s) || s[i] != '-' {
		return false
	}
	for _, layout := range []string{"2006-1-2T15:4:5.999999999Z07:00", "2006-1-2t15:4:5.999999999Z07:00", "2006-1-2 15:4:5.999999999", "2006-1-2"} {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}
