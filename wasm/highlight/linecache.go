package highlight

import (
	"strings"
	"sync"
)

// lineCacheBytes bounds the text the cache remembers; past it, it starts over.
const lineCacheBytes = 4 << 20

// lineCache remembers the tokens of lines lexed before. Every rule of the
// lexer stops at a line break and every state returns to root there, so a
// line's tokens depend on its text alone (TestLinesLexAlone checks it). The
// page highlights the whole editor after each edit, and a cluster's YAML
// repeats lines ("    effect: NoSchedule"), so most lines are lexed once.
type lineCache struct {
	mu     sync.Mutex
	tokens map[string][]Token
	bytes  int
}

var cache = &lineCache{tokens: map[string][]Token{}}

// lex returns the tokens of one line, its line break included. They are
// the cache's own: the caller copies them before retyping any.
func (c *lineCache) lex(line string) []Token {
	c.mu.Lock()
	cached, ok := c.tokens[line]
	c.mu.Unlock()
	if ok {
		return cached
	}
	cached = lexer.tokens(line)
	c.mu.Lock()
	if c.bytes+len(line) > lineCacheBytes {
		c.tokens, c.bytes = map[string][]Token{}, 0
	}
	// Clone the key: a substring would keep the whole editor text alive.
	c.tokens[strings.Clone(line)] = cached
	c.bytes += len(line)
	c.mu.Unlock()
	return cached
}
