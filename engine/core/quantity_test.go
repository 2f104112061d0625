package core

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/api/resource"
)

func TestParseQuantity(t *testing.T) {
	tests := []struct {
		name    string
		in      string
		want    string
		wantErr error
	}{
		{name: "millicores", in: "500m", want: "0.5"},
		{name: "binary suffix", in: "1Gi", want: "1073741824"},
		{name: "fractional binary", in: "1.5Ki", want: "1536"},
		{name: "decimal exponent", in: "1e3", want: "1000"},
		{name: "negative exponent", in: "15E-1", want: "1.5"},
		{name: "plain fraction", in: "0.5", want: "0.5"},
		{name: "leading dot", in: ".5", want: "0.5"},
		{name: "trailing dot", in: "1.", want: "1"},
		{name: "exa is upper-case E alone", in: "2E", want: "2000000000000000000"},
		{name: "signs are allowed", in: "-1k", want: "-1000"},
		{name: "plus sign", in: "+7", want: "7"},
		{name: "a sign alone is zero", in: "-", want: "0"},
		{name: "a dot alone is zero", in: ".", want: "0"},
		{name: "finer than nano rounds up", in: "1.5n", want: "0.000000002"},
		{name: "negative finer than nano rounds away from zero", in: "-0.0000000001", want: "-0.000000001"},
		{name: "binary above max int64 is capped", in: "16Ei", want: maxInt64Digits},
		{name: "decimal above max int64 is not capped", in: "10E", want: "10000000000000000000"},
		{name: "e-suffix exponent wraps to int32", in: "1e4294967297", want: "10"},
		{name: "empty", in: "", wantErr: errQuantityFormat},
		{name: "space", in: " 1", wantErr: errQuantityFormat},
		{name: "two dots", in: "1.5.5", wantErr: errQuantityFormat},
		{name: "unit with bytes", in: "1KiB", wantErr: errQuantityFormat},
		{name: "upper-case K", in: "1K", wantErr: errQuantitySuffix},
		{name: "lower-case e alone", in: "1e", wantErr: errQuantitySuffix},
		{name: "sign without exponent", in: "1+5", wantErr: errQuantitySuffix},
		{name: "no digits and a tiny exponent", in: ".e-20", wantErr: errQuantityNumeric},
		{name: "no digits and a large binary suffix", in: ".Ei", wantErr: errQuantityNumeric},
		{name: "no digits and a small binary suffix is zero", in: ".Ti", want: "0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			q, err := ParseQuantity(tc.in)
			if err != tc.wantErr {
				t.Fatalf("ParseQuantity(%q) error = %v, want %v", tc.in, err, tc.wantErr)
			}
			if err != nil {
				return
			}
			if diff := cmp.Diff(tc.want, q.String()); diff != "" {
				t.Errorf("ParseQuantity(%q) (-want +got):\n%s", tc.in, diff)
			}
		})
	}
}

func TestQuantityAdd(t *testing.T) {
	tests := []struct {
		name, a, b, want string
	}{
		{name: "carry across the point", a: "0.5", b: "500m", want: "1"},
		{name: "binary plus decimal", a: "1Ki", b: "1k", want: "2024"},
		{name: "opposite signs", a: "1", b: "-250m", want: "0.75"},
		{name: "cancel out", a: "-3", b: "3", want: "0"},
		{name: "negative result", a: "1m", b: "-1", want: "-0.999"},
		{name: "zero is neutral", a: "0", b: "42", want: "42"},
		{name: "long digit strings add exactly", a: "123456789012345678901234567890", b: "987654321098765432109876543210", want: "1111111110111111111011111111100"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := mustQuantity(t, tc.a).Add(mustQuantity(t, tc.b))
			if diff := cmp.Diff(tc.want, got.String()); diff != "" {
				t.Errorf("%s + %s (-want +got):\n%s", tc.a, tc.b, diff)
			}
			oracle := resource.MustParse(tc.a)
			oracle.Add(resource.MustParse(tc.b))
			if got.Cmp(mustQuantity(t, oracleDecimal(oracle))) != 0 {
				t.Errorf("%s + %s = %s, upstream says %s", tc.a, tc.b, got, oracleDecimal(oracle))
			}
		})
	}
}

func mustQuantity(t *testing.T, s string) Quantity {
	t.Helper()
	q, err := ParseQuantity(s)
	if err != nil {
		t.Fatalf("ParseQuantity(%q): %v", s, err)
	}
	return q
}

// oracleDecimal renders an upstream quantity's exact value as plain decimal in
// the form Quantity.String uses.
func oracleDecimal(q resource.Quantity) string {
	s := q.AsDec().String()
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	if s == "-0" {
		return "0"
	}
	return s
}

// oracleSafe reports whether upstream can parse s quickly: inf.Dec rescales
// to the exponent, so e-suffixes with huge exponents take unbounded time and
// memory there (not here).
func oracleSafe(s string) bool {
	if len(s) > 64 {
		return false
	}
	i := strings.IndexAny(s, "eE")
	if i < 0 || i == len(s)-1 {
		return true
	}
	exp, err := strconv.ParseInt(s[i+1:], 10, 64)
	return err != nil || (int32(exp) > -400 && int32(exp) < 400)
}

// FuzzQuantity checks ParseQuantity against upstream's resource.ParseQuantity:
// the same strings are rejected, and accepted ones have the same exact value,
// sign and ordering.
func FuzzQuantity(f *testing.F) {
	for _, seed := range []string{
		"0", "1", "500m", "1Gi", "1.5Ki", "1e3", "1E", "1e", "15E-1", ".5", "1.", ".", "-", "+", "",
		"1.5n", "0.0000000001", "16Ei", "10E", "1K", "1KiB", "1.5.5", "1+5", ".e-20", "0.e-20",
		"-0", "007", "1e-9", "1e-10", "123456789012345678901", "9223372036854775807Ki", "1e+5", "1Ee5",
		"12345678901234567890.1234567890", "-.5Mi", "1m", "1u", "999999999999999999999n",
	} {
		f.Add(seed, "1")
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		if !oracleSafe(a) || !oracleSafe(b) {
			t.Skip()
		}
		qa, errA := ParseQuantity(a)
		oa, oracleErrA := resource.ParseQuantity(a)
		if (errA == nil) != (oracleErrA == nil) {
			t.Fatalf("ParseQuantity(%q) error = %v, upstream error = %v", a, errA, oracleErrA)
		}
		if errA != nil {
			if errA.Error() != oracleErrA.Error() {
				t.Fatalf("ParseQuantity(%q) error = %q, upstream %q", a, errA, oracleErrA)
			}
			return
		}
		if got, want := qa.String(), oracleDecimal(oa); got != want {
			t.Fatalf("ParseQuantity(%q) = %s, upstream %s", a, got, want)
		}
		if qa.Sign() != oa.Sign() {
			t.Fatalf("Sign(%q) = %d, upstream %d", a, qa.Sign(), oa.Sign())
		}
		qb, errB := ParseQuantity(b)
		ob, oracleErrB := resource.ParseQuantity(b)
		if errB != nil || oracleErrB != nil {
			return
		}
		if got, want := qa.Cmp(qb), oa.Cmp(ob); got != want {
			t.Fatalf("Cmp(%q, %q) = %d, upstream %d", a, b, got, want)
		}
	})
}
