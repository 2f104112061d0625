package browsertest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/taint-playground/taint-playground/web"
)

// PageDefaults is the text the built page's editors hold before the user
// types: the Kubernetes docs' three-taint example, which index.html carries.
// Tests read it here instead of keeping a copy that could drift.
func PageDefaults() (nodes, pods string, err error) {
	page, path, err := builtPage()
	if err != nil {
		return "", "", err
	}
	if nodes, pods, err = web.EditorDefaults(page); err != nil {
		return "", "", fmt.Errorf("%s: %w", path, err)
	}
	return nodes, pods, nil
}

// PageFirstCallArg is the argument of the built page's first call of fn on
// a first visit, as mkdist wrote it into index.html with its answer.
func PageFirstCallArg(fn string) (json.RawMessage, error) {
	page, path, err := builtPage()
	if err != nil {
		return nil, err
	}
	arg, err := web.FirstCallArg(page, fn)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return arg, nil
}

// builtPage is web/dist/index.html and its path.
func builtPage() (page []byte, path string, err error) {
	root, err := ModuleRoot()
	if err != nil {
		return nil, "", err
	}
	path = filepath.Join(root, "web", "dist", "index.html")
	page, err = os.ReadFile(path)
	if err != nil {
		return nil, "", fmt.Errorf("%w: run make build first", err)
	}
	return page, path, nil
}
