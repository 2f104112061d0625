package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
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

// TestAccessibility runs axe-core on each of the page's views, in light and
// in dark, once each view shows its verdict: none may have a violation of
// impact serious or critical (contrast, names, landmarks, ARIA misuse).
func TestAccessibility(t *testing.T) {
	source, err := os.ReadFile(axeScript)
	if err != nil {
		t.Fatalf("axe-core is not installed (make axe installs it from web/e2e/axe/package-lock.json): %v", err)
	}
	site := browsertest.Serve(t)
	views := []struct {
		name, path, ready string
	}{
		{"playground", "/?example=docs-three-taints", "[data-first-verdict]"},
		{"embed", "/?embed&example=docs-three-taints", "[data-first-verdict]"},
		{"workshop", "/?exercise=first-toleration", ".js-exercise:not([hidden])"},
		{"presenter", "/?present" + presenterFragment(t), ".js-presenter-verdict[data-tone]"},
	}
	for _, view := range views {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(view.name+"/"+scheme, func(t *testing.T) {
				p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
				if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
					Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
				}); err != nil {
					t.Fatal(err)
				}
				p.Navigate(site.URL + view.path)
				p.Do(chromedp.WaitVisible(chromedp.CSS(view.ready)))
				p.waitFor(fmt.Sprintf(`matchMedia('(prefers-color-scheme: %s)').matches`, scheme))
				browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](string(source)))
				violations := browsertest.Run(p.Page, chromedp.Evaluate[[]axeViolation](axeRun, chromedp.EvalAwaitPromise))
				for _, v := range violations {
					t.Errorf("%s", v)
				}
				if len(violations) > 0 {
					p.Screenshot(filepath.Base(t.Name()))
				}
			})
		}
	}
}
