package core

import (
	"testing"

	"k8s.io/apimachinery/pkg/api/validate/content"
)

// TestIsCanonicalDecimalAgreesWithUpstream checks the allocation-free check
// against apimachinery's IsDecimalInteger, which upstream's Lt/Gt matching uses.
func TestIsCanonicalDecimalAgreesWithUpstream(t *testing.T) {
	for _, s := range []string{"", "-", "0", "-0", "00", "01", "1", "-1", "10", "950", "0950", "+1", " 1", "1 ",
		"1a", "a1", "9223372036854775807", "-9223372036854775808", "99999999999999999999", "١", "--1", "-01"} {
		want := len(content.IsDecimalInteger(s)) == 0
		if got := isCanonicalDecimal(s); got != want {
			t.Errorf("isCanonicalDecimal(%q) = %v, upstream says %v", s, got, want)
		}
	}
}

func FuzzIsCanonicalDecimal(f *testing.F) {
	for _, s := range []string{"", "-0", "0950", "12", "-7"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := isCanonicalDecimal(s), len(content.IsDecimalInteger(s)) == 0; got != want {
			t.Errorf("isCanonicalDecimal(%q) = %v, upstream says %v", s, got, want)
		}
	})
}
