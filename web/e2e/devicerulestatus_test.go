package e2e

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/message/catalog"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// dryRunExample is the gallery example whose inventory holds a
// DeviceTaintRule with effect None.
const dryRunExample = "device-maintenance-dry-run"

// engineRuleStatuses is the engine's own status of each DeviceTaintRule of
// the example, as check -o json writes it.
func engineRuleStatuses(t *testing.T, slug string) []engine.DeviceRuleStatus {
	t.Helper()
	s := scenario(t, slug)
	return engine.Load(s.Nodes, s.Pods, s.Settings).Verdicts().DeviceRules
}

// shownRule is a DeviceTaintRule's block as a view shows it.
type shownRule struct {
	Rule     string `json:"rule"`
	Said     string `json:"said"`
	Status   string `json:"status"`
	Verbatim bool   `json:"verbatim"`
}

// shownRules reads the rules' blocks once there are count of them, all shown.
const shownRules = `(() => {
  const rules = [...document.querySelectorAll('.js-device-rule')];
  if (rules.length !== %d || !rules.every((el) => el.checkVisibility())) return false;
  return JSON.stringify(rules.map((el) => ({
    rule: el.dataset.rule,
    said: el.querySelector('.js-device-rule-said').innerText,
    status: el.querySelector('.js-device-rule-status').innerText,
    verbatim: el.querySelector('.js-device-rule-status').hasAttribute('data-verbatim'),
  })));
})()`

// checkRuleStatuses waits for the view (the page, or a docs page's frame)
// to show a block per rule of want, and checks each: the engine's sentence
// in language naming the pods, and the condition with upstream's message
// verbatim, marked so; the view must not scroll sideways.
func checkRuleStatuses(f scenarioView, language string, want []engine.DeviceRuleStatus) {
	t := f.p.t
	t.Helper()
	said, err := catalog.Load(language)
	if err != nil {
		t.Fatal(err)
	}
	var shown []shownRule
	if err := json.Unmarshal([]byte(inFrame[string](f, fmt.Sprintf(shownRules, len(want)))), &shown); err != nil {
		t.Fatal(err)
	}
	for i, rule := range want {
		got := shown[i]
		if got.Rule != rule.Rule {
			t.Errorf("block %d is rule %q; want %q", i, got.Rule, rule.Rule)
		}
		if sentence := said.Render(rule.Reason); got.Said != sentence {
			t.Errorf("rule %s says %q; the engine says %q", rule.Rule, got.Said, sentence)
		}
		for _, pod := range rule.Status.PendingPods {
			_, name, _ := strings.Cut(pod, "/")
			if !strings.Contains(got.Said, name) {
				t.Errorf("rule %s says %q, without its pending pod %s", rule.Rule, got.Said, name)
			}
		}
		for _, line := range []string{"type: " + rule.Status.Type, "reason: " + rule.Status.Reason, `message: "` + rule.Status.Message + `"`} {
			if !strings.Contains(got.Status, line) {
				t.Errorf("rule %s's status %q lacks %q", rule.Rule, got.Status, line)
			}
		}
		if !got.Verbatim {
			t.Errorf("rule %s's status is not marked data-verbatim", rule.Rule)
		}
	}
	if inFrame[string](f, `document.documentElement.scrollWidth > document.documentElement.clientWidth ? 'wide' : 'fits'`) == "wide" {
		t.Error("the view scrolls sideways")
	}
}

// dryRunStatuses is the engine's answer for the dry-run example, checked to
// still be one: its None rule counts train-0.
func dryRunStatuses(t *testing.T) []engine.DeviceRuleStatus {
	t.Helper()
	want := engineRuleStatuses(t, dryRunExample)
	if len(want) != 1 || want[0].Effect != "None" || !strings.Contains(want[0].Reason.Args["pods"], "train-0") {
		t.Fatalf("the engine's rule statuses %+v: the example no longer has a dry run that counts train-0", want)
	}
	return want
}

// TestDeviceRuleStatusShows opens the dry-run example in the full page
// (light), on a phone (light, 390 × 844) and in a docs page's frame of a
// second origin (dark, 800 px): each shows its DeviceTaintRule with the
// status the engine answers, train-0 named as the pod NoExecute would evict.
func TestDeviceRuleStatusShows(t *testing.T) {
	want := dryRunStatuses(t)
	site := browsertest.Serve(t)
	for _, view := range []struct {
		name  string
		phone bool
	}{{"page", false}, {"phone", true}} {
		t.Run(view.name, func(t *testing.T) {
			p := newSchemedPage(t, site, "light")
			if view.phone {
				p.Do(chromedp.EmulateViewport(390, 844, chromedp.EmulateMobile))
			}
			p.Navigate(site.URL + "/?example=" + dryRunExample)
			p.waitFirstVerdict()
			checkRuleStatuses(scenarioView{p: p, scenario: scenario(t, dryRunExample)}, "en", want)
			p.ElementScreenshot("device-rule-status-"+view.name, ".js-device-rules")
			p.finish("")
		})
	}
	t.Run("embed", func(t *testing.T) {
		p := openWithScheme(t, "dark")
		p.Do(chromedp.EmulateViewport(docsViewport, 900))
		p.Navigate(serveDocs(t, p.site.URL, fmt.Sprintf(`<!doctype html>
<title>Device taints</title>
<iframe src="%s/?embed&amp;example=%s" title="Taint Playground" width="100%%" height="640"></iframe>`, p.site.URL, dryRunExample)))
		f := p.frames(scenario(t, dryRunExample))[0]
		f.checkVerdicts()
		if width := inFrame[float64](f, `innerWidth`); width != docsColumn {
			t.Fatalf("the frame is %v px wide; this test measures it %d px wide", width, docsColumn)
		}
		checkRuleStatuses(f, "en", want)
		p.finish("device-rule-status-embed-dark")
	})
}

// TestDeviceRuleStatusOnlyWithRules opens a device example without
// DeviceTaintRules and the node-only default page: neither shows the block.
func TestDeviceRuleStatusOnlyWithRules(t *testing.T) {
	const slug = "device-health-taint"
	if rules := engineRuleStatuses(t, slug); len(rules) != 0 {
		t.Fatalf("%s has rules %+v: pick an example without", slug, rules)
	}
	site := browsertest.Serve(t)
	p := newSchemedPage(t, site, "light")
	for _, path := range []string{"/?example=" + slug, "/"} {
		p.Navigate(site.URL + path)
		p.waitFirstVerdict()
		if p.shows(".js-device-rules") || p.text(".js-device-rules-slot") != "" {
			t.Errorf("%s shows a DeviceTaintRules block: %q", path, p.text(".js-device-rules-slot"))
		}
	}
	p.finish("")
}

// TestDeviceRuleStatusSpeaksTheLanguage opens the dry-run example in
// Japanese, Brazilian Portuguese and Simplified Chinese: the rule's
// sentence is the engine's in that catalog, and the block shows no English
// sentence but upstream's message, which stays verbatim.
func TestDeviceRuleStatusSpeaksTheLanguage(t *testing.T) {
	want := dryRunStatuses(t)
	site := browsertest.Serve(t)
	p := newSchemedPage(t, site, "light")
	for _, language := range []string{"ja", "pt-br", "zh-cn"} {
		p.Navigate(site.URL + "/?example=" + dryRunExample + "&lang=" + language)
		p.waitFirstVerdict()
		checkRuleStatuses(scenarioView{p: p, scenario: scenario(t, dryRunExample)}, language, want)
		texts := browsertest.Run(p.Page, chromedp.Evaluate[[]string](strings.Replace(visibleTexts, "document.body", "document.querySelector('.js-device-rules')", 1)))
		if len(texts) < 3 {
			t.Fatalf("only %d visible texts in the rules' block: the scan no longer reads it", len(texts))
		}
		for _, sentence := range englishSentences(texts) {
			t.Errorf("the rules' block in %s shows English: %q", language, sentence)
		}
	}
	p.finish("")
}
