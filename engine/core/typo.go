package core

import "strings"

// IsTypo reports whether got is plausibly a misspelling of want: the same
// letters in another case, at most two single-byte edits apart (one for
// names shorter than five bytes, where two edits make almost any word), or
// the same but for lookalike and invisible characters (see Lookalike), which
// may be many bytes apart.
func IsTypo(got, want string) bool {
	maxEdits := 2
	if len(want) < 5 {
		maxEdits = 1
	}
	return got != want && (strings.EqualFold(got, want) || editDistanceAtMost(got, want, maxEdits) || Lookalike(got, want).ID != "")
}

// ClosestName returns the first name that got is a typo of, or "".
func ClosestName[T ~string](got string, names []T) string {
	for _, name := range names {
		if IsTypo(got, string(name)) {
			return string(name)
		}
	}
	return ""
}

// editDistanceAtMost reports whether the Levenshtein distance between a and b
// (in bytes) is at most limit. Only the diagonal band of width 2*limit+1 is
// computed, so the cost grows with the length, not its square: keys come
// from user input of any size.
func editDistanceAtMost(a, b string, limit int) bool {
	if d := len(a) - len(b); d > limit || -d > limit {
		return false
	}
	tooFar := limit + 1
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = min(j, tooFar)
	}
	for i := 1; i <= len(a); i++ {
		lo, hi := max(1, i-limit), min(len(b), i+limit)
		rowMin := tooFar
		if lo == 1 {
			cur[0] = min(i, tooFar)
			rowMin = cur[0]
		} else {
			cur[lo-1] = tooFar
		}
		for j := lo; j <= hi; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			above := tooFar
			if j <= i-1+limit {
				above = prev[j]
			}
			cur[j] = min(above+1, cur[j-1]+1, prev[j-1]+cost, tooFar)
			rowMin = min(rowMin, cur[j])
		}
		if rowMin > limit {
			return false
		}
		prev, cur = cur, prev
	}
	return prev[len(b)] <= limit
}
