package e2e

import (
	"fmt"
	"strconv"
)

// plural is format.js's plural: "1 pod", "2 pods".
func plural(n int, word string) string {
	if n == 1 {
		return fmt.Sprintf("1 %s", word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// thousands writes n with commas between groups of three digits, as the
// page's numbers read in English (toLocaleString('en')).
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
