package browsertest

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeImage finds a picture the README shows, as Markdown writes it
// (![alt](src)) or as HTML (<img … src="src">, which can set a width).
var readmeImage = regexp.MustCompile(`!\[[^\]]*\]\(([^)\s]+)\)|<img [^>]*src="([^"]+)"`)

// TestREADMEPictures holds the README and docs/ together, without a
// browser: every picture the README shows is in docs/, every file of docs/
// is shown, every picture make screenshot takes (every language × view ×
// theme, the Hugo pages, the timeline) is shown, and docs/screenshots stays
// within screenshotsBudget.
func TestREADMEPictures(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string]bool{}
	for _, match := range readmeImage.FindAllStringSubmatch(string(readme), -1) {
		src := match[1] + match[2]
		shown[src] = true
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(src))); err != nil {
			t.Errorf("the README shows %s, which is missing: make screenshot takes the pictures", src)
		}
	}
	var bytes int64
	err = filepath.WalkDir(filepath.Join(root, "docs"), func(path string, entry fs.DirEntry, err error) error {
		if err != nil || entry.IsDir() {
			return err
		}
		rel, err := filepath.Rel(root, path)
		if err != nil {
			return err
		}
		if rel = filepath.ToSlash(rel); !shown[rel] {
			t.Errorf("%s is in docs/, but the README does not show it", rel)
		}
		if strings.HasPrefix(rel, screenshotsDir+"/") {
			info, err := entry.Info()
			if err != nil {
				return err
			}
			bytes += info.Size()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, picture := range readmePictures() {
		if src := screenshotsDir + "/" + picture.file(); !shown[src] {
			t.Errorf("the README does not show %s, the %s view in %s, %s", src, picture.view, picture.language, picture.theme)
		}
	}
	if bytes > screenshotsBudget {
		t.Errorf("%s holds %d bytes, more than its budget of %d: lower webpQuality or the pictures' sizes", screenshotsDir, bytes, screenshotsBudget)
	}
}
