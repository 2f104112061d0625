package browsertest

import (
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
)

// readmeScreenshot makes TestPageScreenshot also write the README's images
// (make screenshot), which are committed.
var readmeScreenshot = flag.Bool("readme-screenshot", false, "also write the README's images in docs/")

// readmePicture is one of the README's images: the page at path, in a
// viewport of width × height, once every selector of ready is visible and
// the actions are done; of the element element when it is set, otherwise of
// the viewport.
type readmePicture struct {
	name          string
	path          string
	width, height int64
	mobile        bool
	ready         []string
	actions       []chromedp.Action[chromedp.Void]
	element       string
}

// readmePictures are the README's images: the three ways people meet the
// page (a desktop, a phone, a docs site's embed).
var readmePictures = []readmePicture{
	{name: "screenshot", path: "/", width: WindowWidth, height: WindowHeight,
		ready: []string{"[data-first-verdict]", ".hl-line"}}, // .hl-line: the editors are highlighted
	{name: "phone", path: "/", width: 390, height: 844, mobile: true,
		ready: []string{"[data-first-verdict]"}},
	{name: "embed", path: "/?embed&example=docs-three-taints", width: 800, height: 900,
		ready: []string{"[data-first-verdict]"}},
	// The clock's timeline after "Skip to next eviction": one pod evicted at
	// once, one at 15 min under the cursor, one saved when its taint goes.
	{name: "timeline", path: "/?example=noexecute-toleration-seconds", width: WindowWidth, height: WindowHeight,
		ready: []string{"[data-first-verdict]", ".js-timeline-pod"},
		actions: []chromedp.Action[chromedp.Void]{
			chromedp.Click(chromedp.CSS(".js-clock-skip")),
			chromedp.Poll[chromedp.Void](`document.querySelector('.js-timeline-cursor').dataset.at === '900'`),
		},
		element: ".js-timeline"},
}

// TestPageScreenshot opens the built page as a first-time visitor sees it, on
// a desktop, a phone and in a docs embed, and keeps a screenshot of each
// first verdict in test-artifacts/ (and in docs/ with -readme-screenshot).
func TestPageScreenshot(t *testing.T) {
	site := Serve(t)
	for _, picture := range readmePictures {
		t.Run(picture.name, func(t *testing.T) {
			p := NewBrowser(t).NewPage(t)
			var options []chromedp.EmulateViewportOption
			if picture.mobile {
				options = append(options, chromedp.EmulateMobile)
			}
			p.Do(chromedp.EmulateViewport(picture.width, picture.height, options...))
			p.Navigate(site.URL + picture.path)
			for _, selector := range picture.ready {
				p.Do(chromedp.WaitVisible(chromedp.CSS(selector)))
			}
			p.Do(picture.actions...)
			var path string
			if picture.element != "" {
				path = p.ElementScreenshot("readme-"+picture.name, picture.element)
			} else {
				path = p.Screenshot("readme-" + picture.name)
			}
			p.CheckNoProblems()
			if *readmeScreenshot {
				keepForREADME(t, path, picture.name)
			}
		})
	}
}

// keepForREADME copies the screenshot at path to docs/NAME.png.
func keepForREADME(t *testing.T, path, name string) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(root, "docs"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "docs", name+".png"), data, 0o644); err != nil {
		t.Fatal(err)
	}
}
