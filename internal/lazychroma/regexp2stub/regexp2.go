// Package regexp2 stands in for github.com/dlclark/regexp2/v2 in the release
// WASM (internal/lazychroma's module file replaces the real one with it). It
// declares only what chroma's root package refers to, and matches nothing:
// the WASM uses chroma's token types and Lexer interface with a hand-written
// lexer (highlight/), never a regex lexer, so regexp2's engine, its package
// init (Unicode category tables) and the log package it imports need not be
// linked or run. Compile answers an error, so a regex lexer built by mistake
// fails loudly instead of matching wrongly; wasm/linked_test.go checks that
// no function of this package is linked at all. The native programs and
// every test but the browser's use the real regexp2.
package regexp2

import (
	"errors"
	"time"
)

// RegexOptions are the compile options chroma passes.
type RegexOptions int32

// The options chroma uses.
const (
	None       RegexOptions = 0
	IgnoreCase RegexOptions = 1
)

// ErrNotLinked is every call's error.
var ErrNotLinked = errors.New("regexp2 is not in the playground's WASM; highlight/ lexes by hand")

// Regexp is a pattern that never compiled.
type Regexp struct {
	MatchTimeout time.Duration
}

// Compile always fails.
func Compile(expr string, opt ...RegexOptions) (*Regexp, error) { return nil, ErrNotLinked }

// GetGroupNumbers has no groups.
func (*Regexp) GetGroupNumbers() []int { return nil }

// GroupNameFromNumber has no names.
func (*Regexp) GroupNameFromNumber(int) string { return "" }

// FindRunesMatchStartingAt never matches.
func (*Regexp) FindRunesMatchStartingAt([]rune, int) (*Match, error) { return nil, ErrNotLinked }

// MatchString never matches.
func (*Regexp) MatchString(string) (bool, error) { return false, ErrNotLinked }

// Match is a match that never happens.
type Match struct {
	RuneIndex int
}

// Groups has none.
func (*Match) Groups() []Group { return nil }

// Group is a match's group.
type Group struct {
	Name string
}

func (Group) String() string { return "" }
