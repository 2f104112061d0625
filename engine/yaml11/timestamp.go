package yaml11

import "time"

// timestampLayouts are goyaml.v2's allowedTimestampFormats, the subset of
// YAML 1.1's timestamps it reads.
var timestampLayouts = []string{
	"2006-1-2T15:4:5.999999999Z07:00",
	"2006-1-2t15:4:5.999999999Z07:00",
	"2006-1-2 15:4:5.999999999",
	"2006-1-2",
}

// isTimestamp is goyaml.v2's parseTimestamp without the time: whether a text
// is a timestamp, which starts with four digits and a hyphen. A value that
// resolves to one stays its text in JSON, as goyaml.v2 gives a timestamp
// decoded into an interface{} as its text.
func isTimestamp(s string) bool {
	if len(s) < 5 || leadingDigits(s) != 4 || s[4] != '-' {
		return false
	}
	for _, layout := range timestampLayouts {
		if _, err := time.Parse(layout, s); err == nil {
			return true
		}
	}
	return false
}
