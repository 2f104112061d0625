package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// axeScript is axe-core's browser build, pinned in web/e2e/axe/package.json
// and installed from the npm registry by make axe (a step of make test).
const axeScript = "axe/node_modules/axe-core/axe.min.js"

// axeViolation is one rule axe-core found broken, with the elements that break it.
type axeViolation struct {
	ID      string   `json:"id"`
	Impact  string   `json:"impact"`
	Help    string   `json:"help"`
	Targets []string `json:"targets"`
}

func (v axeViolation) String() string {
	targets := v.Targets
	if len(targets) > 5 {
		targets = append(targets[:5:5], fmt.Sprintf("… %d more", len(v.Targets)-5))
	}
	return fmt.Sprintf("%s (%s): %s\n    %s", v.ID, v.Impact, v.Help, strings.Join(targets, "\n    "))
}

// axeRun runs every axe-core rule on the document and keeps the violations
// people meet hardest (serious and critical), each with its elements' selectors.
const axeRun = `axe.run(document, {resultTypes: ['violations']}).then((results) => results.violations
  .filter((v) => v.impact === 'serious' || v.impact === 'critical')
  .map((v) => ({id: v.id, impact: v.impact, help: v.help,
    targets: v.nodes.map((n) => n.target.join(' ') + '  ' + (n.failureSummary || '').replace(/\s+/g, ' '))})))`

// openFolds opens, with the mouse, every closed fold on screen in the
// results and the settings, first to last, as a curious reader does.
func (p *playground) openFolds() {
	p.t.Helper()
	const closed = `[...document.querySelectorAll('.js-results details:not([open]) > summary, .js-settings details:not([open]) > summary')].find((s) => s.checkVisibility())`
	for range 30 {
		if !browsertest.Run(p.Page, chromedp.Evaluate[bool](`Boolean(`+closed+`)`)) {
			return
		}
		p.clickElement(closed)
	}
	p.t.Fatal("folds keep closing as they are opened")
}

// TestAccessibility runs axe-core on each of the page's views, in light and
// in dark, once each view has settled (its cards explained, the workshop's
// goals checked, the presenter's reasons drawn): the main page, the embed,
// the workshop and the presenter view on a desktop; the main page, the
// embed and the workshop on a 390 × 844 phone; and opened states: every
// fold of the cards and settings open (a device example's too), the
// shortcuts dialog open, a matrix with a card opened from it, the embed
// with its YAML and settings open.
// None may have a violation of impact serious or critical (contrast,
// names, landmarks, ARIA misuse).
func TestAccessibility(t *testing.T) {
	source, err := os.ReadFile(axeScript)
	if err != nil {
		t.Fatalf("axe-core is not installed (make axe installs it from web/e2e/axe/package-lock.json): %v", err)
	}
	site := browsertest.Serve(t)
	views := []struct {
		name, path string
		phone      bool
		// then acts on the settled page before the audit.
		then func(p *playground)
	}{
		{name: "playground", path: "/?example=docs-three-taints"},
		{name: "embed", path: "/?embed&example=docs-three-taints"},
		{name: "workshop", path: "/?exercise=first-toleration"},
		{name: "presenter", path: "/?present" + presenterFragment(t)},
		{name: "playground-phone", path: "/?example=docs-three-taints", phone: true},
		{name: "embed-phone", path: "/?embed&view=edit&example=docs-three-taints", phone: true},
		{name: "workshop-phone", path: "/?exercise=first-toleration", phone: true},
		{name: "folds-open", path: "/?example=toleration-order-matters", then: func(p *playground) { p.openFolds() }},
		{name: "device-folds-open", path: "/?example=device-shared-claim", then: func(p *playground) { p.openFolds() }},
		{name: "shortcuts-dialog", path: "/?example=docs-three-taints", then: func(p *playground) {
			p.clickButton("Shortcuts (?)")
			p.waitFor(`document.querySelector('.js-shortcuts-help').open`)
		}},
		{name: "matrix", path: "/", then: func(p *playground) {
			p.paste("nodes", nodesNamed("cpu-1", "gpu-1", "gpu-2"))
			p.paste("pods", podsNamed("web", "gpu-job", "batch"))
			p.waitFor(`document.querySelectorAll('.matrix-cell').length === 9`)
			p.click(`.matrix-cell[data-cell="1"]`)
			p.waitSettled()
			p.openFolds()
		}},
		{name: "embed-open", path: "/?embed&example=docs-three-taints", then: func(p *playground) {
			p.click(".js-embed-yaml summary")
			p.click(".js-settings-line-summary")
			p.openFolds()
		}},
	}
	for _, view := range views {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(view.name+"/"+scheme, func(t *testing.T) {
				p := newSchemedPage(t, site, scheme)
				if view.phone {
					p.Do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
				}
				p.Navigate(site.URL + view.path)
				if strings.HasPrefix(view.path, "/?present") {
					p.waitPresenterVerdict()
					p.waitFor(`document.querySelector('.js-presenter-taints li') && !document.querySelector('.js-presenter-taints[aria-busy]')`)
				} else {
					p.waitFirstVerdict()
					p.waitSettled()
				}
				p.waitFor(fmt.Sprintf(`matchMedia('(prefers-color-scheme: %s)').matches`, scheme))
				if view.then != nil {
					view.then(p)
				}
				browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](string(source)))
				violations := browsertest.Run(p.Page, chromedp.Evaluate[[]axeViolation](axeRun, chromedp.EvalAwaitPromise))
				for _, v := range violations {
					t.Errorf("%s", v)
				}
				if len(violations) > 0 {
					p.Screenshot(strings.ReplaceAll(t.Name(), "/", "-"))
				}
			})
		}
	}
}
