package web

import (
	"strconv"
	"strings"
)

// acceptedEncodings parses an Accept-Encoding header (RFC 9110 §12.5.3) into a
// test of whether a content coding may be sent: listed with a q-value above
// zero, or covered by "*" with one. "identity" is not a precompressed variant,
// so it is never asked about.
func acceptedEncodings(header string) func(encoding string) bool {
	weights := map[string]float64{}
	for _, item := range strings.Split(header, ",") {
		coding, params, _ := strings.Cut(item, ";")
		coding = strings.ToLower(strings.TrimSpace(coding))
		if coding == "" {
			continue
		}
		weights[coding] = qValue(params)
	}
	return func(encoding string) bool {
		if q, ok := weights[encoding]; ok {
			return q > 0
		}
		return weights["*"] > 0
	}
}

// qValue reads the q parameter of one Accept-Encoding item; it is 1 when
// absent and 0 when malformed, so a broken header falls back to identity.
func qValue(params string) float64 {
	for _, param := range strings.Split(params, ";") {
		name, value, _ := strings.Cut(strings.TrimSpace(param), "=")
		if strings.EqualFold(strings.TrimSpace(name), "q") {
			q, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
			if err != nil {
				return 0
			}
			return q
		}
	}
	return 1
}
