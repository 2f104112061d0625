package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/manifest"
	"github.com/taint-playground/taint-playground/engine/manifest/manifesttest"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// engineRadius is the engine's own blast radius of rule on the example slug.
func engineRadius(t *testing.T, slug, rule string) engine.DeviceRuleRadius {
	t.Helper()
	s := scenario(t, slug)
	w := engine.Load(s.Nodes, s.Pods, core.DefaultOptions())
	_, inventory, diagnostics := manifest.DecodeInventory(rule, core.NewProblemCap())
	if len(diagnostics) > 0 || len(inventory.DeviceTaintRules) != 1 {
		t.Fatalf("the test's rule: %v", diagnostics)
	}
	return engine.DeviceRuleWhatIf(w.DeviceInput(w.Now), inventory.DeviceTaintRules[0])
}

// outcomeWords are the English words the what-if says of a pod's verdict.
var outcomeWords = map[string]string{
	engine.VerdictEvictedNow: "evicted now", engine.VerdictStays: "stays",
	engine.VerdictUnschedulable: "cannot schedule", engine.VerdictSchedulable: "can still get a device",
}

// radiusItems are the lines the what-if lists for pods in English: the
// pod, then what happens to it.
func radiusItems(pods []engine.RadiusPod) []string {
	items := []string{}
	for _, p := range pods {
		words := outcomeWords[p.Verdict]
		if p.Verdict == engine.VerdictEvictedLater {
			words = fmt.Sprintf("evicted in %d s", p.Seconds)
		}
		items = append(items, p.Namespace+"/"+p.Name+": "+words)
	}
	return items
}

// withoutDuration drops the duration the page writes after an eviction's
// seconds ("evicted in 300 s (5 min)"): the seconds are the engine's.
func withoutDuration(items []string) []string {
	out := make([]string, len(items))
	for i, item := range items {
		out[i], _, _ = strings.Cut(item, " s (")
		if len(out[i]) < len(item) {
			out[i] += " s"
		}
	}
	return out
}

// applyRule types `kubectl apply -f file` into the what-if's line, the
// rule's YAML into the box that appears beside it, and asks.
func (p *playground) applyRule(file, rule string) {
	p.t.Helper()
	p.Do(chromedp.Focus(chromedp.CSS(".js-whatif-line")),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.SendKeys(chromedp.CSS(".js-whatif-line"), "kubectl apply -f "+file))
	p.waitShown(".js-whatif-rule-label", file)
	p.Do(chromedp.Focus(chromedp.CSS(".js-whatif-rule-text")),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.SendKeys(chromedp.CSS(".js-whatif-rule-text"), rule))
	p.click(".js-whatif-form button[type=submit]")
}

// pasteIntoWhatIf pastes text into the what-if's line with Ctrl+V, as a
// person pastes a rule copied from elsewhere.
func (p *playground) pasteIntoWhatIf(text string) {
	p.t.Helper()
	p.copy(text)
	p.Do(chromedp.Focus(chromedp.CSS(".js-whatif-line")),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	p.editCommand("v", "KeyV", 86, "paste")
}

// waitRadius waits until the what-if shows the blast radius of rule, with
// its summary as the engine says it in language, and returns the pods it
// lists under hook.
func (p *playground) waitRadius(language string, radius *engine.DeviceRuleRadius, hook string) []string {
	p.t.Helper()
	said, err := catalog.Load(language)
	if err != nil {
		p.t.Fatal(err)
	}
	p.waitShown(".js-whatif-summary", said.Render(radius.Reason))
	p.waitShown(".js-whatif-rule-status", radius.Status.Message)
	return withoutDuration(p.texts(hook + " li"))
}

// checkFitsWidth fails when the page scrolls sideways: the what-if's lists
// and the status's long message must wrap on a phone.
func (p *playground) checkFitsWidth() {
	p.t.Helper()
	if wide := browsertest.Run(p.Page, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > document.documentElement.clientWidth`)); wide {
		p.t.Error("the page scrolls sideways")
	}
}

// TestDeviceWhatIfDryRun applies the maintenance example's rule with effect
// None by `kubectl apply -f` and its YAML beside the line, in the full page
// and on a phone, light and dark: nobody is evicted, the rule's pods are
// listed with what happens to each, and the dry run names the pods
// NoExecute would evict, all as engine.DeviceRuleWhatIf answers.
func TestDeviceWhatIfDryRun(t *testing.T) {
	rule := manifesttest.MaintenanceRule("None")
	radius := engineRadius(t, "device-maintenance-dry-run", rule)
	if len(radius.DryRun) == 0 || len(radius.Evicted) != 0 {
		t.Fatalf("the engine's dry run %v, evicted %v: the example no longer tests a dry run", radius.DryRun, radius.Evicted)
	}
	site := browsertest.Serve(t)
	for _, view := range []struct {
		name, scheme string
		phone        bool
	}{{"page", "light", false}, {"page", "dark", false}, {"phone", "light", true}, {"phone", "dark", true}} {
		t.Run(view.name+"/"+view.scheme, func(t *testing.T) {
			p := newSchemedPage(t, site, view.scheme)
			if view.phone {
				p.Do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
			}
			p.Navigate(site.URL + "/?example=device-maintenance-dry-run")
			p.waitFirstVerdict()
			p.waitShown(".js-whatif-rule-hint", "DeviceTaintRule")
			p.applyRule("maintenance.yaml", rule)
			dry := p.waitRadius("en", &radius, ".js-whatif-dryrun-pods")
			if diff := cmp.Diff(radiusItems(radius.DryRun), dry); diff != "" {
				t.Errorf("dry run (-engine +page):\n%s", diff)
			}
			if diff := cmp.Diff(radiusItems(radius.Pods), withoutDuration(p.texts(".js-whatif-rule-pods li"))); diff != "" {
				t.Errorf("the rule's pods (-engine +page):\n%s", diff)
			}
			var devices []string
			for _, d := range radius.Devices {
				devices = append(devices, d.String())
			}
			if diff := cmp.Diff(devices, p.texts(".js-whatif-rule-devices li")); diff != "" {
				t.Errorf("devices (-engine +page):\n%s", diff)
			}
			if view.phone {
				p.checkFitsWidth()
			}
			p.ElementScreenshot("device-whatif-dry-run-"+view.name+"-"+view.scheme, ".js-whatif")
			p.finish("")
		})
	}
}

// TestDeviceWhatIfNoExecute pastes the same rule with effect NoExecute into
// the what-if's line: the line becomes `kubectl apply -f rule.yaml`, the
// YAML goes to the box, and the page lists the evictions the engine
// answers, with no dry run; a misspelt field is refused at its line.
func TestDeviceWhatIfNoExecute(t *testing.T) {
	rule := manifesttest.MaintenanceRule("NoExecute")
	radius := engineRadius(t, "device-maintenance-dry-run", rule)
	if len(radius.Evicted) == 0 {
		t.Fatal("the engine evicts nobody: the example no longer tests an eviction")
	}
	p := open(t, "/?example=device-maintenance-dry-run")
	p.pasteIntoWhatIf(rule)
	pods := p.waitRadius("en", &radius, ".js-whatif-rule-pods")
	if diff := cmp.Diff(radiusItems(radius.Pods), pods); diff != "" {
		t.Errorf("the rule's pods (-engine +page):\n%s", diff)
	}
	for _, evicted := range radiusItems(radius.Evicted) {
		if !strings.Contains(strings.Join(pods, "\n"), evicted) {
			t.Errorf("the page does not list the eviction %q among %q", evicted, pods)
		}
	}
	if got := browsertest.Run(p.Page, chromedp.Value(chromedp.CSS(".js-whatif-line"))); got != "kubectl apply -f rule.yaml" {
		t.Errorf("the pasted rule left the line %q", got)
	}
	if got := browsertest.Run(p.Page, chromedp.Value(chromedp.CSS(".js-whatif-rule-text"))); got != rule {
		t.Errorf("the box holds %q; want the pasted rule", got)
	}
	if p.shows(".js-whatif-dryrun") {
		t.Error("a NoExecute rule shows a dry run")
	}

	p.applyRule("rule.yaml", strings.Replace(rule, "    value:", "    valeu:", 1))
	p.waitShown(".js-whatif-error", `line 11: unknown field "spec.taint.valeu"`)
	if got := p.text(".js-whatif-output"); got != "" {
		t.Errorf("a refused rule still shows a blast radius: %q", got)
	}
	p.finish("")
}

// TestDeviceWhatIfSpeaksTheLanguage runs the dry run on a Brazilian
// Portuguese page: the summary is the engine's sentence in its pt-br
// catalog, and the what-if shows no English sentence.
func TestDeviceWhatIfSpeaksTheLanguage(t *testing.T) {
	rule := manifesttest.MaintenanceRule("None")
	radius := engineRadius(t, "device-maintenance-dry-run", rule)
	p := open(t, "/?example=device-maintenance-dry-run&lang=pt-br")
	p.applyRule("rule.yaml", rule)
	if got := p.waitRadius("pt-br", &radius, ".js-whatif-dryrun-pods"); len(got) != len(radius.DryRun) {
		t.Errorf("the dry run lists %q; the engine's has %d pods", got, len(radius.DryRun))
	}
	texts := browsertest.Run(p.Page, chromedp.Evaluate[[]string](strings.Replace(visibleTexts, "document.body", "document.querySelector('.js-whatif')", 1)))
	if len(texts) < 10 {
		t.Fatalf("only %d visible texts in the what-if: the scan no longer reads it", len(texts))
	}
	for _, sentence := range englishSentences(texts) {
		t.Errorf("the what-if in pt-br shows English: %q", sentence)
	}
	p.ElementScreenshot("device-whatif-pt-br", ".js-whatif")
	p.finish("")
}

// TestDeviceExampleEmbed takes the embed builder's snippet of the docs'
// DeviceTaintRule example and pastes it into a docs page of a second origin
// under a strict CSP, light and dark, 800 px wide: the frame shows the
// example's verdicts, and the snippet's height is the one the builder
// measured.
func TestDeviceExampleEmbed(t *testing.T) {
	const slug = "device-taint-rule-docs"
	for _, scheme := range []string{"light", "dark"} {
		t.Run(scheme, func(t *testing.T) {
			p := openWithScheme(t, scheme)
			p.Navigate(p.site.URL + "/?example=" + slug)
			p.waitFirstVerdict()
			p.click(".js-embed")
			p.waitFor(`document.querySelector('.js-embed-height').dataset.height`)
			snippet := browsertest.Run(p.Page, chromedp.Value(chromedp.CSS(".js-embed-output")))
			height := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.querySelector('.js-embed-height').dataset.height`))
			if !strings.Contains(snippet, "?embed&amp;example="+slug) || !strings.Contains(snippet, `height="`+height+`"`) {
				t.Fatalf("the snippet %q does not embed %s at the measured height %s", snippet, slug, height)
			}
			p.Do(chromedp.EmulateViewport(docsViewport, 900))
			p.Navigate(serveDocs(t, p.site.URL, "<!doctype html>\n<title>Device taints</title>\n"+snippet))
			p.frames(scenario(t, slug))[0].checkVerdicts()
			p.finish("device-embed-" + scheme)
		})
	}
}
