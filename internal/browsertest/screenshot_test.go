package browsertest

import (
	"flag"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/taint-playground/taint-playground/engine/message/catalog"
)

// readmeScreenshot makes TestPageScreenshot also write the README's images
// in docs/screenshots (make screenshot), which are committed.
var readmeScreenshot = flag.Bool("readme-screenshot", false, "also write the README's images in docs/screenshots")

// screenshotsDir is where the README's pictures are, from the module's root.
const screenshotsDir = "docs/screenshots"

// webpQuality is the pictures' WebP quality: at 80 the text stays sharp,
// and the 27 pictures of docs/screenshots stay within screenshotsBudget.
const webpQuality = 80

// screenshotsBudget bounds the bytes of docs/screenshots, so that the
// pictures keep the repository light.
const screenshotsBudget = 4 << 20

// The views every language is pictured in, each in every theme: the page on
// a desktop, on a phone, and the docs embed in a docs page's 800 px column.
const (
	viewPage  = "page"
	viewPhone = "phone"
	viewEmbed = "embed"
	// viewHugo is a taints page of the Hugo site examples/embed/hugo with
	// its first embed, in hugoLanguages only.
	viewHugo = "hugo"
	// viewTimeline is the clock's timeline, in English and light only.
	viewTimeline = "timeline"
)

var (
	everyLanguageViews = []string{viewPage, viewPhone, viewEmbed}
	themes             = []string{"light", "dark"}
	// hugoLanguages are the languages of the README's Hugo pictures: one in
	// Latin script, one in CJK.
	hugoLanguages = []string{"en", "ja"}
)

// readmePicture is one picture of docs/screenshots: a view of the page in a
// language and a theme.
type readmePicture struct {
	language, view, theme string
}

// name says the picture's language, view and theme: ja-phone-dark.
func (r readmePicture) name() string {
	return r.language + "-" + r.view + "-" + r.theme
}

// file is the picture's file name in docs/screenshots.
func (r readmePicture) file() string {
	return r.name() + ".webp"
}

// readmePictures are the README's pictures: every language in every view
// and theme, the Hugo site's page in hugoLanguages, and the timeline.
func readmePictures() []readmePicture {
	var pictures []readmePicture
	for _, language := range catalog.Languages {
		for _, view := range everyLanguageViews {
			for _, theme := range themes {
				pictures = append(pictures, readmePicture{language, view, theme})
			}
		}
		if slices.Contains(hugoLanguages, language) {
			pictures = append(pictures, readmePicture{language, viewHugo, "light"})
		}
	}
	return append(pictures, readmePicture{"en", viewTimeline, "light"})
}

// picturesToTake are the pictures TestPageScreenshot takes: all of them
// with -readme-screenshot; otherwise, so that make test stays quick, the
// last of each view (the last language, dark, where a view has them).
func picturesToTake() []readmePicture {
	all := readmePictures()
	if *readmeScreenshot {
		return all
	}
	var last []readmePicture
	for i, picture := range all {
		if !slices.ContainsFunc(all[i+1:], func(later readmePicture) bool { return later.view == picture.view }) {
			last = append(last, picture)
		}
	}
	return last
}

// TestPageScreenshot opens the built page as a first-time visitor sees it
// in each language and theme, on a desktop, a phone and in a docs page's
// embed, the Hugo site's pages and the clock's timeline, and keeps a
// screenshot of each in test-artifacts/ (and in docs/screenshots with
// -readme-screenshot, which takes every picture). Each picture gets a
// browser of its own: nothing the page kept from another picture shows.
func TestPageScreenshot(t *testing.T) {
	site := Serve(t)
	hugo := ServeDocs(t, site.URL, http.FileServer(http.Dir(BuildHugoSite(t, site.URL))))
	for _, picture := range picturesToTake() {
		t.Run(picture.name(), func(t *testing.T) {
			p := NewBrowser(t).NewPage(t)
			p.PreferColorScheme(picture.theme)
			var path string
			switch picture.view {
			case viewPage, viewPhone:
				path = takePage(p, site, picture)
			case viewEmbed:
				path = takeEmbed(t, p, site, picture)
			case viewHugo:
				path = takeHugo(p, hugo, picture)
			case viewTimeline:
				path = takeTimeline(p, site, picture)
			default:
				t.Fatalf("no way to take the view %q", picture.view)
			}
			p.CheckNoProblems()
			if *readmeScreenshot {
				keepForREADME(t, path, picture.file())
			}
		})
	}
}

// keepForREADME copies the screenshot at path to docs/screenshots/FILE.
func keepForREADME(t *testing.T, path, file string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(root, filepath.FromSlash(screenshotsDir))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, file), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
