package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// engineCatalogDir is where the site keeps the engine's catalogs, beside the
// page's own (web/static/i18n): js/shared/explain.js fetches
// i18n/engine-<lang>.json for the page's language only.
const engineCatalogDir = "i18n"

// copyEngineCatalogs copies each <lang>.json of from, the engine's message
// catalogs (engine/message/catalog), to i18n/engine-<lang>.json in the site.
// English needs none: the engine's answers carry its English sentences. A
// tree without the folder gets none, and the page shows those sentences.
func copyEngineCatalogs(from, to string) error {
	entries, err := os.ReadDir(from)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	for _, e := range entries {
		language, ok := strings.CutSuffix(e.Name(), ".json")
		if e.IsDir() || !ok || language == "en" {
			continue
		}
		data, err := os.ReadFile(filepath.Join(from, e.Name()))
		if err != nil {
			return err
		}
		dir := filepath.Join(to, engineCatalogDir)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "engine-"+e.Name()), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
