package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// catalogDir is where the site keeps its catalogs: the page's own,
// <lang>.json (web/static/i18n), and the engine's, engine-<lang>.json.
// js/shared/i18n.js and js/shared/explain.js fetch the page language's only.
const catalogDir = "i18n"

// englishCatalog is the catalog the page bundles and the engine needs none
// of: its answers carry their English sentences.
const englishCatalog = "en.json"

// writeEngineCatalogs writes i18n/engine-<lang>.json for every language the
// page speaks (a <lang>.json of the site's i18n folder) but English: the
// engine's catalog of that language from engineDir (engine/message/catalog),
// or, when engineDir lacks it, an empty catalog, with which the page shows
// the engine's English sentences (and the browser logs no failed fetch).
func writeEngineCatalogs(engineDir, site string) error {
	pages, err := filepath.Glob(filepath.Join(site, catalogDir, "*.json"))
	if err != nil {
		return err
	}
	for _, page := range pages {
		name := filepath.Base(page)
		if name == englishCatalog || strings.HasPrefix(name, "engine-") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(engineDir, name))
		if errors.Is(err, fs.ErrNotExist) {
			data, err = []byte("{}\n"), nil
		}
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(site, catalogDir, "engine-"+name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}
