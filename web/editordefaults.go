package web

import (
	"errors"
	"html"
	"regexp"
	"strings"
)

// editorDefault finds an editor's <textarea> in index.html and its content.
var editorDefault = regexp.MustCompile(`(?s)<textarea id="(nodes|pods)-input"[^>]*>(.*?)</textarea>`)

// EditorDefaults is the text the page's editors hold before the user types,
// read from its index.html: the Kubernetes docs' three-taint example.
func EditorDefaults(page []byte) (nodes, pods string, err error) {
	text := map[string]string{}
	for _, m := range editorDefault.FindAllSubmatch(page, -1) {
		// A newline right after <textarea> is not part of its value.
		text[string(m[1])] = strings.TrimPrefix(html.UnescapeString(string(m[2])), "\n")
	}
	if text["nodes"] == "" || text["pods"] == "" {
		return "", "", errors.New("no default text in the nodes-input and pods-input textareas")
	}
	return text["nodes"], text["pods"], nil
}
