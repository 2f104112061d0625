package generated

// random is SplitMix64 (Steele, Lea and Flood, 2014): a few lines that give
// the same numbers for the same seed everywhere, where math/rand/v2 would add
// its tables and sources to the WASM.
type random struct{ state uint64 }

// next is the sequence's next 64 bits.
func (r *random) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// IntN is uniform in [0, n) for n > 0, up to a bias of n/2⁶⁴ that a
// generated cluster can ignore.
func (r *random) IntN(n int) int {
	return int(r.next() % uint64(n))
}
