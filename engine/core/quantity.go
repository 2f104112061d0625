package core

import (
	"errors"
	"strconv"
	"strings"
)

// Quantity is a Kubernetes resource quantity ("500m", "1Gi", "1e3") held
// exactly as a decimal: Digits × 10^exp. It reproduces what
// k8s.io/apimachinery/pkg/api/resource.ParseQuantity accepts and the value it
// yields, without that package and its big-number dependencies (they would grow
// the WASM binary); the tests compare the two on every input the fuzzer finds.
type Quantity struct {
	neg bool
	// digits holds the significant decimal digits with no leading or trailing
	// zeros; it is empty for zero.
	digits string
	exp    int64
}

// The errors upstream's ParseQuantity returns, with its wording.
var (
	errQuantityFormat  = errors.New("quantities must match the regular expression '^([+-]?[0-9.]+)([eEinumkKMGTP]*[-+]?[0-9]*)$'")
	errQuantityNumeric = errors.New("unable to parse numeric part of quantity")
	errQuantitySuffix  = errors.New("unable to parse quantity's suffix")
)

// maxInt64Digits is max int64: upstream caps binary-suffixed quantities there.
const maxInt64Digits = "9223372036854775807"

// nanoExp is the finest scale a parsed quantity keeps: finer values round up
// to the next 10^-9 so that asking for a tiny amount still asks for some.
const nanoExp = -9

// ParseQuantity parses a quantity string as upstream's resource.ParseQuantity does:
//
//  1. An optional sign, decimal digits with an optional '.', then a suffix:
//     n u m "" k M G T P E (powers of ten), Ki Mi Gi Ti Pi Ei (powers of two),
//     or e/E followed by a decimal exponent.
//  2. The value is exact, except that magnitudes finer than 10^-9 round up to the
//     next 10^-9 and binary-suffixed magnitudes above max int64 are capped there.
//  3. Upstream's int32 scale arithmetic is kept, quirks included: the exponent
//     of an e-suffix wraps to int32, and "." alone with a tiny exponent fails.
func ParseQuantity(s string) (Quantity, error) {
	if s == "" {
		return Quantity{}, errQuantityFormat
	}
	if s == "0" {
		return Quantity{}, nil
	}
	sc, err := scanQuantity(s)
	if err != nil {
		return Quantity{}, err
	}
	binary, exponent, ok := quantitySuffix(sc.suffix)
	if !ok {
		return Quantity{}, errQuantitySuffix
	}
	unscaled := strings.TrimLeft(sc.num+sc.denom, "0")
	denomLen := int32(len(sc.denom))
	var q Quantity
	if binary {
		fast := len(sc.denom) == 0 && 15-int32(len(sc.num))-int32(float32(exponent)*3/10)-1 >= 0
		if !fast && !hasDigit(sc.value) {
			return Quantity{}, errQuantityNumeric
		}
		q = newQuantity(!sc.positive, timesPowerOfTwo(unscaled, uint(exponent)), -int64(denomLen))
		q = q.roundUpMagnitude(nanoExp)
		if compareDigits(q.digits, q.exp, maxInt64Digits, 0) > 0 {
			q = newQuantity(q.neg, maxInt64Digits, 0)
		}
		return q, nil
	}
	// Decimal: upstream keeps an int64 when the digits fit and the scale is at
	// least 10^-9, and otherwise an inf.Dec whose scale is computed in int32.
	fastScale := exponent - denomLen
	if 18-int32(len(sc.num))-denomLen >= 0 && fastScale >= nanoExp {
		return newQuantity(!sc.positive, unscaled, int64(fastScale)), nil
	}
	if !hasDigit(sc.value) {
		return Quantity{}, errQuantityNumeric
	}
	infScale := denomLen + -exponent
	return newQuantity(!sc.positive, unscaled, -int64(infScale)).roundUpMagnitude(nanoExp), nil
}

// quantityScan is a quantity string split as upstream's scanner splits it.
type quantityScan struct {
	positive bool
	// value is the sign and number as written; num is the integer part without
	// leading zeros ("0" when empty); denom is the fraction's digits.
	value, num, denom, suffix string
}

// scanQuantity splits s into sign, number and suffix, step for step as
// upstream's parseQuantityString, so that the same strings are rejected.
func scanQuantity(s string) (quantityScan, error) {
	sc := quantityScan{positive: true}
	pos, end := 0, len(s)
	switch s[0] {
	case '-':
		sc.positive = false
		pos++
	case '+':
		pos++
	}
	for pos < end && s[pos] == '0' {
		pos++
	}
	if pos == end {
		sc.num, sc.value = "0", "0"
		return sc, nil
	}
	start := pos
	for pos < end && IsDecimalDigit(s[pos]) {
		pos++
	}
	sc.num = s[start:pos]
	if pos == end {
		sc.value = s
		return sc, nil
	}
	if sc.num == "" {
		sc.num = "0"
	}
	if s[pos] == '.' {
		pos++
		start = pos
		for pos < end && IsDecimalDigit(s[pos]) {
			pos++
		}
		sc.denom = s[start:pos]
		if pos == end {
			sc.value = s
			return sc, nil
		}
	}
	sc.value = s[:pos]
	suffixStart := pos
	for pos < end && strings.IndexByte("eEinumkKMGTP", s[pos]) >= 0 {
		pos++
	}
	if pos < end && (s[pos] == '-' || s[pos] == '+') {
		pos++
	}
	for pos < end && IsDecimalDigit(s[pos]) {
		pos++
	}
	if pos < end {
		return quantityScan{}, errQuantityFormat
	}
	sc.suffix = s[suffixStart:]
	return sc, nil
}

// quantitySuffix interprets a suffix: binary reports a power of two, and
// exponent is the power (of two or of ten).
func quantitySuffix(suffix string) (binary bool, exponent int32, ok bool) {
	switch suffix {
	case "n":
		return false, -9, true
	case "u":
		return false, -6, true
	case "m":
		return false, -3, true
	case "":
		return false, 0, true
	case "k":
		return false, 3, true
	case "M":
		return false, 6, true
	case "G":
		return false, 9, true
	case "T":
		return false, 12, true
	case "P":
		return false, 15, true
	case "E":
		return false, 18, true
	case "Ki":
		return true, 10, true
	case "Mi":
		return true, 20, true
	case "Gi":
		return true, 30, true
	case "Ti":
		return true, 40, true
	case "Pi":
		return true, 50, true
	case "Ei":
		return true, 60, true
	}
	if len(suffix) > 1 && (suffix[0] == 'e' || suffix[0] == 'E') {
		parsed, err := strconv.ParseInt(suffix[1:], 10, 64)
		if err != nil {
			return false, 0, false
		}
		return false, int32(parsed), true
	}
	return false, 0, false
}

func IsDecimalDigit(c byte) bool { return '0' <= c && c <= '9' }

func hasDigit(s string) bool {
	for i := 0; i < len(s); i++ {
		if IsDecimalDigit(s[i]) {
			return true
		}
	}
	return false
}

// newQuantity builds a normalized quantity from a digit string without leading
// zeros and its decimal exponent.
func newQuantity(neg bool, digits string, exp int64) Quantity {
	trimmed := strings.TrimRight(digits, "0")
	if trimmed == "" {
		return Quantity{}
	}
	return Quantity{neg: neg, digits: trimmed, exp: exp + int64(len(digits)-len(trimmed))}
}

// timesPowerOfTwo multiplies a decimal digit string by 2^k.
func timesPowerOfTwo(digits string, k uint) string {
	if digits == "" || k == 0 {
		return digits
	}
	// Little-endian digits with room for the carries: 2^60 has 19 digits.
	buf := make([]byte, len(digits), len(digits)+20)
	for i := range digits {
		buf[len(digits)-1-i] = digits[i] - '0'
	}
	for ; k > 0; k-- {
		var carry byte
		for i := range buf {
			d := buf[i]*2 + carry
			buf[i], carry = d%10, d/10
		}
		if carry > 0 {
			buf = append(buf, carry)
		}
	}
	return digitsString(buf)
}

// digitsString turns little-endian digit values into a big-endian string
// without leading zeros.
func digitsString(little []byte) string {
	n := len(little)
	for n > 0 && little[n-1] == 0 {
		n--
	}
	out := make([]byte, n)
	for i := 0; i < n; i++ {
		out[i] = little[n-1-i] + '0'
	}
	return string(out)
}

// Sign is -1, 0 or +1.
func (q Quantity) Sign() int {
	switch {
	case q.digits == "":
		return 0
	case q.neg:
		return -1
	default:
		return 1
	}
}

// IsZero reports whether the quantity is zero.
func (q Quantity) IsZero() bool { return q.digits == "" }

// Cmp returns -1, 0 or +1 as q is less than, equal to or greater than o.
func (q Quantity) Cmp(o Quantity) int {
	qs, os := q.Sign(), o.Sign()
	if qs != os {
		if qs < os {
			return -1
		}
		return 1
	}
	c := compareDigits(q.digits, q.exp, o.digits, o.exp)
	if qs < 0 {
		return -c
	}
	return c
}

// Equal reports whether q and o have the same value.
func (q Quantity) Equal(o Quantity) bool { return q.Cmp(o) == 0 }

// compareDigits compares the magnitudes a×10^ae and b×10^be of normalized
// digit strings (no leading zeros; empty is zero).
func compareDigits(a string, ae int64, b string, be int64) int {
	switch {
	case a == "" && b == "":
		return 0
	case a == "":
		return -1
	case b == "":
		return 1
	}
	// The position of the leading digit decides, then the digits themselves.
	if la, lb := int64(len(a))+ae, int64(len(b))+be; la != lb {
		if la < lb {
			return -1
		}
		return 1
	}
	a, b = strings.TrimRight(a, "0"), strings.TrimRight(b, "0")
	return strings.Compare(a, b)
}

// roundUpMagnitude rounds the magnitude up to a multiple of 10^exp, as
// upstream's inf.RoundUp does after setting the sign aside.
func (q Quantity) roundUpMagnitude(exp int64) Quantity {
	if q.digits == "" || q.exp >= exp {
		return q
	}
	// The digits below 10^exp are dropped; since the last digit is never zero,
	// something non-zero is always dropped and the rest goes up by one.
	drop := exp - q.exp
	var kept string
	if drop < int64(len(q.digits)) {
		kept = q.digits[:int64(len(q.digits))-drop]
	}
	return newQuantity(q.neg, addDigitStrings(kept, "1"), exp)
}

// maxAlignedDigits bounds how many zeros Add writes to line two quantities up.
// Exponents further apart than this (only reachable with e-suffixes beyond
// e±10000) would need that many zeros between the digits; Add then keeps the
// larger term, which changes no comparison a manifest can make in practice.
const maxAlignedDigits = 10000

// Add returns q + o.
func (q Quantity) Add(o Quantity) Quantity {
	if o.digits == "" {
		return q
	}
	if q.digits == "" {
		return o
	}
	low := min(q.exp, o.exp)
	if max(q.exp, o.exp)-low > maxAlignedDigits {
		if compareDigits(q.digits, q.exp, o.digits, o.exp) >= 0 {
			return q
		}
		return o
	}
	a := q.digits + strings.Repeat("0", int(q.exp-low))
	b := o.digits + strings.Repeat("0", int(o.exp-low))
	if q.neg == o.neg {
		return newQuantity(q.neg, addDigitStrings(a, b), low)
	}
	switch compareDigits(a, 0, b, 0) {
	case 0:
		return Quantity{}
	case 1:
		return newQuantity(q.neg, subtractDigitStrings(a, b), low)
	default:
		return newQuantity(o.neg, subtractDigitStrings(b, a), low)
	}
}

// addDigitStrings adds two non-negative decimal integers written as digits.
func addDigitStrings(a, b string) string {
	n := max(len(a), len(b)) + 1
	out := make([]byte, n)
	var carry byte
	for i := 0; i < n; i++ {
		d := carry
		if i < len(a) {
			d += a[len(a)-1-i] - '0'
		}
		if i < len(b) {
			d += b[len(b)-1-i] - '0'
		}
		out[i], carry = d%10, d/10
	}
	return digitsString(out)
}

// subtractDigitStrings returns a - b for decimal integers with a >= b.
func subtractDigitStrings(a, b string) string {
	out := make([]byte, len(a))
	var borrow byte
	for i := 0; i < len(a); i++ {
		d := a[len(a)-1-i] - '0'
		sub := borrow
		if i < len(b) {
			sub += b[len(b)-1-i] - '0'
		}
		if d < sub {
			d += 10
			borrow = 1
		} else {
			borrow = 0
		}
		out[i] = d - sub
	}
	return digitsString(out)
}

// String renders the exact value in plain decimal notation ("1.5", "-0.001",
// "1073741824"), for messages and tests.
func (q Quantity) String() string {
	if q.digits == "" {
		return "0"
	}
	var b strings.Builder
	if q.neg {
		b.WriteByte('-')
	}
	switch {
	case q.exp >= 0:
		b.WriteString(q.digits)
		if q.exp <= maxAlignedDigits {
			b.WriteString(strings.Repeat("0", int(q.exp)))
		} else {
			b.WriteString("e" + strconv.FormatInt(q.exp, 10))
		}
	case -q.exp < int64(len(q.digits)):
		point := int64(len(q.digits)) + q.exp
		b.WriteString(q.digits[:point] + "." + q.digits[point:])
	case -q.exp-int64(len(q.digits)) <= maxAlignedDigits:
		b.WriteString("0." + strings.Repeat("0", int(-q.exp-int64(len(q.digits)))) + q.digits)
	default:
		b.WriteString(q.digits + "e" + strconv.FormatInt(q.exp, 10))
	}
	return b.String()
}
