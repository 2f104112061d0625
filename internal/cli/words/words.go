// Package words holds the command line's own words in every language of
// the engine's catalogs: the labels and sentences its tables print around
// the engine's explanations ("Placement:", "can schedule on", a what-if's
// headings). One JSON file per language, {ID: template}, embedded and
// rendered as the engine's messages are (message.Catalog), so a language
// has one way of filling {name} placeholders. Only the command line links
// it; the page's words are web/static/i18n's.
package words

import (
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"

	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

// ID names one sentence or label of every language's words, such as
// "check.can-schedule". The command line declares each as a constant beside
// the code that prints it.
type ID string

//go:embed *.json
var files embed.FS

// Load reads the words of a language of the engine's catalogs
// (catalog.Languages).
func Load(language string) (message.Catalog, error) {
	if !slices.Contains(catalog.Languages, language) {
		return nil, fmt.Errorf("no words for language %q (have %v)", language, catalog.Languages)
	}
	data, err := files.ReadFile(language + ".json")
	if err != nil {
		return nil, err
	}
	var c message.Catalog
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("words %s: %w", language, err)
	}
	return c, nil
}

// Say is the sentence id of c with its placeholders filled by args, name
// and value pairs already written as the reader sees them.
func Say(c message.Catalog, id ID, args ...string) string {
	return c.Render(message.New(message.ID(id), args...))
}

var placeholder = regexp.MustCompile(`\{([^{}]*)\}`)

// Placeholders lists the names a template fills, sorted: a translation
// fills the English one's, and the code that says it passes them all.
func Placeholders(template string) []string {
	var names []string
	for _, m := range placeholder.FindAllStringSubmatch(template, -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	return names
}
