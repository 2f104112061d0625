// Package words holds the command line's own words in every language of
// the engine's catalogs: the labels and sentences its tables print around
// the engine's explanations ("Placement:", "can schedule on", a what-if's
// headings). One JSON file per language, {ID: template}, embedded; a
// template's {name} placeholders are filled as the engine's catalogs fill
// an argument (message.Catalog.Render, which TestSayIsRender holds Say
// to), but from templates split once, when loaded, since a table of
// 300,000 pods says a few words for each. Only the command line links it;
// the page's words are web/static/i18n's.
package words

import (
	"embed"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/taint-playground/taint-playground/engine/message"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

// ID names one sentence or label of every language's words, such as
// "check.can-schedule". The command line declares each as a constant beside
// the code that prints it.
type ID string

//go:embed *.json
var files embed.FS

// Templates reads the words of a language of the engine's catalogs
// (catalog.Languages) as written, {ID: template}.
func Templates(language string) (map[ID]string, error) {
	if !slices.Contains(catalog.Languages, language) {
		return nil, fmt.Errorf("no words for language %q (have %v)", language, catalog.Languages)
	}
	data, err := files.ReadFile(language + ".json")
	if err != nil {
		return nil, err
	}
	var templates map[ID]string
	if err := json.Unmarshal(data, &templates); err != nil {
		return nil, fmt.Errorf("words %s: %w", language, err)
	}
	return templates, nil
}

// Words are one language's templates, each split into its text and its
// placeholders.
type Words map[ID][]piece

// piece is a template's text up to a placeholder, if hole, and the
// placeholder: its name, and as written ({name|lower} too, which lowers
// only a message's parts, never an argument).
type piece struct {
	text      string
	hole      bool
	name, raw string
}

// Load reads the words of a language, split for Say.
func Load(language string) (Words, error) {
	templates, err := Templates(language)
	if err != nil {
		return nil, err
	}
	w := make(Words, len(templates))
	for id, template := range templates {
		w[id] = split(template)
	}
	return w, nil
}

// split cuts a template at its {name} placeholders; a brace that is not
// closed is text.
func split(template string) []piece {
	var pieces []piece
	for {
		open := strings.IndexByte(template, '{')
		end := -1
		if open >= 0 {
			end = strings.IndexByte(template[open:], '}')
		}
		if end < 0 {
			return append(pieces, piece{text: template})
		}
		raw := template[open : open+end+1]
		name := strings.TrimSuffix(raw[1:len(raw)-1], message.LowerFirst)
		pieces = append(pieces, piece{text: template[:open], hole: true, name: name, raw: raw})
		template = template[open+end+1:]
	}
}

// Say is the sentence id with its placeholders filled by args, name and
// value pairs already written as the reader sees them. A missing ID says
// the ID itself and a missing argument its placeholder, as
// message.Catalog.Render does, so a gap shows.
func (w Words) Say(id ID, args ...string) string {
	pieces, ok := w[id]
	if !ok {
		return string(id)
	}
	if len(pieces) == 1 {
		return pieces[0].text
	}
	var b strings.Builder
	for _, p := range pieces {
		b.WriteString(p.text)
		if !p.hole {
			continue
		}
		if value, ok := lookup(args, p.name); ok {
			b.WriteString(value)
		} else {
			b.WriteString(p.raw)
		}
	}
	return b.String()
}

// lookup is the value of name among name, value pairs.
func lookup(args []string, name string) (string, bool) {
	for i := 0; i+1 < len(args); i += 2 {
		if args[i] == name {
			return args[i+1], true
		}
	}
	return "", false
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
