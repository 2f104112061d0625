package browsertest

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/taint-playground/taint-playground/web"
)

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
	if nodes, pods, err = web.EditorDefaults(data); err != nil {
		return "", "", fmt.Errorf("%s: %w", page, err)
	}
	return nodes, pods, nil
}
