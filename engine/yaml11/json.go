package yaml11

import (
	"encoding/json"
	"errors"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// jsonNumber writes a float as encoding/json's Marshal does, which is what
// the API server then reads: in 'f' form, in 'e' form below 1e-6 or from
// 1e21 with an exponent of at least two digits only when needed (1e-7, not
// 1e-07). JSON has no infinities nor not-a-number, and Marshal fails on them.
func jsonNumber(f float64) (json.Number, error) {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return "", errors.New("json: unsupported value: " + strconv.FormatFloat(f, 'g', -1, 64))
	}
	format := byte('f')
	if abs := math.Abs(f); abs != 0 && (abs < 1e-6 || abs >= 1e21) {
		format = 'e'
	}
	b := strconv.AppendFloat(nil, f, format, -1, 64)
	if n := len(b); format == 'e' && n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		b = b[:n-1]
	}
	return json.Number(b), nil
}

// floatKey is sigs.k8s.io/yaml's text of a float map key: the shortest 'g'
// form of it as a float32 (0.1, 1e+06; 1e300 is .inf), YAML's spelling for
// the infinities and not-a-number.
func floatKey(f float64) string {
	switch s := strconv.FormatFloat(f, 'g', -1, 32); s {
	case "+Inf":
		return ".inf"
	case "-Inf":
		return "-.inf"
	case "NaN":
		return ".nan"
	default:
		return s
	}
}

// jsonString is a string as it comes out of JSON: encoding/json's Marshal
// writes each byte that is not valid UTF-8 as U+FFFD (a !!binary's bytes
// may be any).
func jsonString(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b.WriteRune(utf8.RuneError)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}
