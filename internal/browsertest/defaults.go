package browsertest

import (
	"fmt"
	"html"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// editorDefault finds an editor's <textarea> in index.html and its content.
var editorDefault = regexp.MustCompile(`(?s)<textarea id="(nodes|pods)-input"[^>]*>(.*?)</textarea>`)

// PageDefaults is the text the built page's editors hold before the user
// types: the Kubernetes docs' three-taint example, which index.html carries.
// Tests read it here instead of keeping a copy that could drift.
func PageDefaults() (nodes, pods string, err error) {
	root, err := ModuleRoot()
	if err != nil {
		return "", "", err
	}
	page := filepath.Join(root, "web", "dist", "index.html")
	data, err := os.ReadFile(page)
	if err != nil {
		return "", "", fmt.Errorf("%w: run make build first", err)
	}
	text := map[string]string{}
	for _, m := range editorDefault.FindAllSubmatch(data, -1) {
		// A newline right after <textarea> is not part of its value.
		text[string(m[1])] = strings.TrimPrefix(html.UnescapeString(string(m[2])), "\n")
	}
	if text["nodes"] == "" || text["pods"] == "" {
		return "", "", fmt.Errorf("%s: no default text in the nodes-input and pods-input textareas", page)
	}
	return text["nodes"], text["pods"], nil
}
