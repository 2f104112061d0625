// Package catalog holds the catalogs that render the engine's explanations
// (package message) in every language of the page and the command line: one
// JSON file per language, {ID: template}, embedded (English in package
// message, the others here). It plays the part of
// kubectl's translations (k8s.io/kubectl/pkg/util/i18n), for the engine's
// own sentences only; upstream components' messages are never translated.
//
// The WASM must not link it: the page fetches the catalog of its language
// as a file (TestNotInWASM holds that).
package catalog

import (
	"embed"
	"encoding/json"
	"fmt"
	"maps"
	"slices"

	"github.com/taint-playground/taint-playground/engine/message"
)

//go:embed *.json
var files embed.FS

// Languages are the catalogs' languages, as the Kubernetes docs name them
// (content/<language>), English first.
var Languages = []string{"en", "pt-br", "ja", "zh-cn"}

// Load reads the catalog of a language. English comes from package message,
// which the engine renders its English text with.
func Load(language string) (message.Catalog, error) {
	if !slices.Contains(Languages, language) {
		return nil, fmt.Errorf("no catalog for language %q (have %v)", language, Languages)
	}
	if language == "en" {
		return maps.Clone(message.English()), nil
	}
	data, err := files.ReadFile(language + ".json")
	if err != nil {
		return nil, err
	}
	var c message.Catalog
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("catalog %s: %w", language, err)
	}
	return c, nil
}

// English is the English catalog, which the command line and the tests
// render with: message.English, the one the engine writes its text with.
var English = message.English
