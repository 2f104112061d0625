package examples

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

// TestTagsAndGroupsHaveNames checks that the page's catalogs name every tag
// and group in every language (gallery.tag.* and gallery.group.*), as the
// gallery shows them by those names.
func TestTagsAndGroupsHaveNames(t *testing.T) {
	for _, language := range catalog.Languages {
		data, err := os.ReadFile("../web/static/i18n/" + language + ".json")
		if err != nil {
			t.Fatal(err)
		}
		var sentences map[string]string
		if err := json.Unmarshal(data, &sentences); err != nil {
			t.Fatal(err)
		}
		for kind, names := range map[string][]string{"tag": Tags, "group": Groups} {
			for _, name := range names {
				if id := "gallery." + kind + "." + name; sentences[id] == "" {
					t.Errorf("%s.json has no %s", language, id)
				}
			}
		}
	}
}
