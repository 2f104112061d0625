package core

import "strings"

// Label syntax checks that allocate nothing. They accept exactly what
// k8s.io/apimachinery's content.IsLabelKey and content.IsLabelValue accept
// (the tests compare them on a fuzzed corpus); node affinity needs them for
// every pod × node, where the upstream helpers' error slices would allocate.

// labelNameMaxLength is the longest label name or value.
const labelNameMaxLength = 63

// dnsSubdomainMaxLength is the longest DNS-1123 subdomain (a label key prefix).
const dnsSubdomainMaxLength = 253

// IsLabelKey reports whether s is a valid label key: an optional DNS-1123
// subdomain prefix and '/', then a name of at most 63 alphanumeric characters,
// '-', '_' or '.', starting and ending alphanumeric.
func IsLabelKey(s string) bool {
	prefix, name, hasPrefix := strings.Cut(s, "/")
	if !hasPrefix {
		name = s
	} else if strings.IndexByte(name, '/') >= 0 || !isDNS1123Subdomain(prefix) {
		return false
	}
	return name != "" && len(name) <= labelNameMaxLength && isLabelName(name)
}

// IsLabelValue reports whether s is a valid label value: empty, or a label name.
func IsLabelValue(s string) bool {
	return s == "" || (len(s) <= labelNameMaxLength && isLabelName(s))
}

// isLabelName matches ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9] without the length limit.
func isLabelName(s string) bool {
	if s == "" || !isAlphanumeric(s[0]) || !isAlphanumeric(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; !isAlphanumeric(c) && c != '-' && c != '_' && c != '.' {
			return false
		}
	}
	return true
}

// isDNS1123Subdomain reports whether s is at most 253 characters of
// dot-separated lower-case labels, each starting and ending alphanumeric with
// only '-' inside.
func isDNS1123Subdomain(s string) bool {
	return len(s) <= dnsSubdomainMaxLength && matchesDNS1123Subdomain(s)
}

// matchesDNS1123Subdomain is isDNS1123Subdomain without the length limit:
// the subdomain regex alone, which upstream reports apart from the length.
func matchesDNS1123Subdomain(s string) bool {
	if s == "" {
		return false
	}
	for rest := s; ; {
		label, after, more := strings.Cut(rest, ".")
		if !isDNS1123Label(label) {
			return false
		}
		if !more {
			return true
		}
		rest = after
	}
}

// isDNS1123Label matches [a-z0-9]([-a-z0-9]*[a-z0-9])? without the length limit.
func isDNS1123Label(s string) bool {
	if s == "" || !isLowerAlphanumeric(s[0]) || !isLowerAlphanumeric(s[len(s)-1]) {
		return false
	}
	for i := 1; i < len(s)-1; i++ {
		if c := s[i]; !isLowerAlphanumeric(c) && c != '-' {
			return false
		}
	}
	return true
}

func isAlphanumeric(c byte) bool {
	return isLowerAlphanumeric(c) || ('A' <= c && c <= 'Z')
}

func isLowerAlphanumeric(c byte) bool {
	return ('a' <= c && c <= 'z') || IsDecimalDigit(c)
}
