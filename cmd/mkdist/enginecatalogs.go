package main

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/taint-playground/taint-playground/engine/message"
)

// catalogDir is where the site keeps its catalogs: the page's own,
// <lang>.json (web/static/i18n), and the engine's, engine-<lang>.json.
// js/shared/i18n.js and js/shared/explain.js fetch the page language's only.
const catalogDir = "i18n"

// englishCatalog is the catalog the page bundles. The engine's English
// catalog lives with the engine (message.English), not in engineDir: most of
// its answers carry their English sentences, but device verdicts are
// messages only, which the page renders with engine-en.json.
const englishCatalog = "en.json"

// writeEngineCatalogs writes i18n/engine-<lang>.json for every language the
// page speaks (a <lang>.json of the site's i18n folder): the engine's catalog
// of that language from engineDir (engine/message/catalog), or, when
// engineDir lacks it, an empty catalog, with which the page shows the
// engine's English sentences (and the browser logs no failed fetch); for
// English, message.English.
func writeEngineCatalogs(engineDir, site string) error {
	pages, err := filepath.Glob(filepath.Join(site, catalogDir, "*.json"))
	if err != nil {
		return err
	}
	for _, page := range pages {
		name := filepath.Base(page)
		if strings.HasPrefix(name, "engine-") {
			continue
		}
		data, err := engineCatalog(engineDir, name)
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(site, catalogDir, "engine-"+name), data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// engineCatalog is the engine's catalog of the language whose page catalog
// is name.
func engineCatalog(engineDir, name string) ([]byte, error) {
	if name == englishCatalog {
		return json.Marshal(message.English())
	}
	data, err := os.ReadFile(filepath.Join(engineDir, name))
	if errors.Is(err, fs.ErrNotExist) {
		return []byte("{}\n"), nil
	}
	return data, err
}
