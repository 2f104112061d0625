package web

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// catalogDir holds the page's UI catalogs, one per language (js/shared/i18n.js).
const catalogDir = "static/i18n"

// pageLanguages are the languages js/shared/language.js names.
var pageLanguages = []string{"en", "pt-br", "ja", "zh-cn"}

// placeholder is a {name} that t fills from its arguments.
var placeholder = regexp.MustCompile(`\{(\w+)\}`)

// translatedID finds the ids the page's code hands to t, and to tn, which
// reads id.one and id.other; attributeID the ids index.html's data-i18n
// attributes name.
var (
	translatedID = regexp.MustCompile(`\bt(n?)\(\s*'([^']+)'`)
	attributeID  = regexp.MustCompile(`data-i18n(?:-[a-z-]+)?="([^"]+)"`)
)

func readCatalog(t *testing.T, language string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(catalogDir, language+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var catalog map[string]string
	if err := json.Unmarshal(data, &catalog); err != nil {
		t.Fatalf("%s.json: %v", language, err)
	}
	return catalog
}

func placeholders(text string) []string {
	var names []string
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		names = append(names, m[1])
	}
	slices.Sort(names)
	return slices.Compact(names)
}

// TestCatalogsHaveEveryID fails when a language lacks a sentence English
// has, has one English lacks, or fills other placeholders.
func TestCatalogsHaveEveryID(t *testing.T) {
	en := readCatalog(t, "en")
	files, err := filepath.Glob(filepath.Join(catalogDir, "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != len(pageLanguages) {
		t.Errorf("%s holds %d catalogs, want one per language %v", catalogDir, len(files), pageLanguages)
	}
	for _, language := range pageLanguages[1:] {
		catalog := readCatalog(t, language)
		for id, english := range en {
			text, ok := catalog[id]
			if !ok {
				t.Errorf("%s.json lacks %q", language, id)
				continue
			}
			if got, want := placeholders(text), placeholders(english); !slices.Equal(got, want) {
				t.Errorf("%s.json %q fills %v, English fills %v", language, id, got, want)
			}
			if strings.Count(text, "`")%2 != 0 {
				t.Errorf("%s.json %q: an unclosed ` (code)", language, id)
			}
		}
		for id := range catalog {
			if _, ok := en[id]; !ok {
				t.Errorf("%s.json has %q, which en.json lacks", language, id)
			}
		}
	}
}

// usedIDs are the catalog ids one match of translatedID or attributeID reads.
func usedIDs(match []string) []string {
	if len(match) == 2 {
		return match[1:]
	}
	if match[1] == "n" {
		return []string{match[2] + ".one", match[2] + ".other"}
	}
	return match[2:]
}

// TestUsedIDsAreInEnglish fails when the page's code or markup names an id
// en.json lacks: t would show the id itself.
func TestUsedIDsAreInEnglish(t *testing.T) {
	en := readCatalog(t, "en")
	used := 0
	err := filepath.WalkDir("static", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		var pattern *regexp.Regexp
		switch filepath.Ext(path) {
		case ".js":
			pattern = translatedID
		case ".html":
			pattern = attributeID
		default:
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range pattern.FindAllStringSubmatch(string(data), -1) {
			used++
			for _, id := range usedIDs(m) {
				if _, ok := en[id]; !ok {
					t.Errorf("%s uses %q, which en.json lacks", path, id)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if used == 0 {
		t.Fatal("found no translated id in static/: the patterns no longer match the code")
	}
}
