// Package translationtest holds the check that a gallery scenario's or a
// workshop exercise's text is translated, for the tests of packages
// examples and exercises: the translation is there, is not the English
// copied, and keeps every name the English text has (a pod's, a taint's, a
// field's), since a name is what the reader looks for in the editors.
package translationtest

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// nameShape is a word that the reader finds as it is in the YAML or in a
// command, never translated: key=value, a/path, under_score, a.field or
// key:Effect, camelCase (tolerationSeconds), CamelCase kinds and effects
// (DaemonSet, NoExecute), and names with a number (node-1, gpu-0).
var nameShape = regexp.MustCompile(`[=/_]|\w[.:]\w|^[a-z]+[A-Z]|^[A-Z][a-z]+[A-Z]|-\w*\d`)

// wordEdge is what surrounds a word in a sentence but is not part of it.
const wordEdge = `.,;:!?()[]"'“”‘’…`

// Names are the words of text that nameShape says are names, each once.
func Names(text string) []string {
	var names []string
	for _, field := range strings.Fields(text) {
		word := strings.Trim(field, wordEdge)
		word = strings.TrimSuffix(strings.TrimSuffix(word, "'s"), "’s")
		word = strings.Trim(word, wordEdge)
		if word == "" || word == "e.g" || word == "i.e" || !nameShape.MatchString(word) || slices.Contains(names, word) {
			continue
		}
		names = append(names, word)
	}
	return names
}

// onlyNames reports whether text has no word a language translates: each
// word is a name, starts with a capital (Pod, Node, GPU) or has no letter.
func onlyNames(text string) bool {
	for _, field := range strings.Fields(text) {
		word := strings.Trim(field, wordEdge)
		if word == "" || nameShape.MatchString(word) || strings.IndexFunc(word, isLower) != 0 {
			continue
		}
		return false
	}
	return true
}

func isLower(r rune) bool { return r >= 'a' && r <= 'z' }

// Check fails unless translated is a translation of english (see
// Problems); where names the text in the failure.
func Check(t *testing.T, where, english, translated string) {
	t.Helper()
	for _, problem := range Problems(english, translated) {
		t.Errorf("%s: %s", where, problem)
	}
}

// Problems says why translated is not a translation of english: it is
// empty, it is the English copied (unless the English is only names), or it
// lacks a name the English has.
func Problems(english, translated string) []string {
	switch {
	case strings.TrimSpace(translated) == "":
		return []string{fmt.Sprintf("no translation of %q", english)}
	case translated == english && !onlyNames(english):
		return []string{fmt.Sprintf("the English copied, %q", english)}
	}
	var problems []string
	for _, name := range Names(english) {
		if !strings.Contains(translated, name) {
			problems = append(problems, fmt.Sprintf("%q lacks the name %s that the English has", translated, name))
		}
	}
	return problems
}
