package yamltext

// TokenBound counts, in one pass over the bytes (eight at a time), the places a YAML node
// can begin: after a line break, a flow indicator ("[", "{", ","), a mapping
// indicator (":"), a block sequence entry ("- ") or a complex key ("? "). Every node but the
// first follows one of them, so the count bounds the nodes from above
// (a colon or dash inside a plain value counts too, which only overestimates).
// A caller bounds a text's cost with it before anything is parsed.
func TokenBound(text string) int {
	n := 1
	i := 0
	for ; i+8 < len(text); i += 8 {
		x := word(text, i)
		n += countBytes(bytesEqual(x, '\n') | bytesEqual(x, '[') | bytesEqual(x, '{') | bytesEqual(x, ',') | bytesEqual(x, ':'))
		if indicators := bytesEqual(x, '-') | bytesEqual(x, '?'); indicators != 0 {
			// The byte after each is in the same word, shifted down a byte,
			// but for the last, whose next byte is the next word's first
			// (there is one: i+8 < len(text)).
			next := x>>8 | uint64(text[i+8])<<56
			blank := bytesEqual(next, ' ') | bytesEqual(next, '\t') | bytesEqual(next, '\n') | bytesEqual(next, '\r')
			n += countBytes(indicators & blank)
		}
	}
	for ; i < len(text); i++ {
		switch text[i] {
		case '\n', '[', '{', ',', ':':
			n++
		case '-', '?':
			if i+1 == len(text) || text[i+1] == ' ' || text[i+1] == '\t' || text[i+1] == '\n' || text[i+1] == '\r' {
				n++
			}
		}
	}
	return n
}
