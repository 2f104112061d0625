package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// jsISO is how Date.prototype.toISOString writes a time.
const jsISO = "2006-01-02T15:04:05.000Z07:00"

// retiredNode is a node without pods whose NoExecute taint has a pasted
// timeAdded long before any device taint's: on a node-only page it would
// anchor the clock.
const retiredNode = `---
apiVersion: v1
kind: Node
metadata:
  name: node-2
spec:
  taints:
  - key: example.com/retired
    effect: NoExecute
    timeAdded: "2026-03-01T10:00:00Z"
`

// TestDeviceClockAnchor reads the countdown's note on what t = 0 is for a
// DeviceTaintRule whose NoExecute taint evicts pods after their
// tolerationSeconds: the note says device taints count from their
// timeAdded and that t = 0 is the device verdicts' time (the engine's
// DeviceClock), in the full page (light), the docs embed (dark, 800 px,
// another origin) and on a phone in Japanese (light). With a node's
// NoExecute taint beside them, dated long before, the node sentence comes
// first and the clock still reads the device time: skipping to the first
// eviction shows the deadline the pod's card names.
func TestDeviceClockAnchor(t *testing.T) {
	s := scenario(t, "device-toleration-seconds")
	clock := engine.Load(s.Nodes, s.Pods, core.DefaultOptions()).DeviceClock()
	deviceNote := func(language string) string {
		return pageSentence(t, language, "clock.anchor.device", map[string]string{"time": clock.Format(jsISO)})
	}
	t.Run("page", func(t *testing.T) {
		p := openWithScheme(t, "light")
		p.Navigate(p.site.URL + "/?example=" + s.Slug)
		scenarioView{p: p, scenario: s}.checkVerdicts()
		waitAnchor(p, deviceNote("en"))

		p.paste("nodes", s.Nodes+retiredNode)
		both := pageSentence(t, "en", "clock.anchor.device.both", map[string]string{
			"nodes": pageSentence(t, "en", "clock.anchor.device.node", nil), "devices": deviceNote("en")})
		waitAnchor(p, both)
		pod, seconds := firstDeviceEviction(t, s)
		deadline := clock.Add(time.Duration(seconds) * time.Second)
		p.clickButton("Skip to next eviction")
		p.waitText(".js-clock-time", deadline.Format(jsISO))
		card := browsertest.Run(p.Page, chromedp.Evaluate[string](fmt.Sprintf(
			`[...document.querySelectorAll('.js-results .card')].filter((card) => card.querySelector('.card-pod').textContent === %q).map((card) => card.textContent).join(' ')`, pod)))
		if !strings.Contains(card, deadline.Format(time.RFC3339)) {
			t.Errorf("the clock reads %s at %s's eviction, but its card says %q", deadline.Format(jsISO), pod, card)
		}
		p.ElementScreenshot("device-clock-anchor", ".js-countdown")
		p.finish("")
	})
	t.Run("embed", func(t *testing.T) {
		p := openWithScheme(t, "dark")
		p.Do(chromedp.EmulateViewport(docsViewport, 900))
		p.Navigate(serveDocs(t, p.site.URL, framesPage(p.site.URL, "/?embed&example="+s.Slug)))
		f := p.frames(s)[0]
		f.checkVerdicts()
		inFrame[bool](f, fmt.Sprintf(`document.querySelector('.js-clock-anchor')?.textContent === %q`, deviceNote("en")))
		if !shownIn(f, ".js-clock-anchor") {
			t.Error("the embed does not show the clock's note")
		}
		inFrame[chromedp.Void](f, `(document.querySelector('.js-clock-anchor').scrollIntoView(), true)`)
		p.finish("device-clock-anchor-embed")
	})
	t.Run("phone", func(t *testing.T) {
		p := openPhone(t, "light")
		p.Navigate(p.site.URL + "/?lang=ja&example=" + s.Slug)
		scenarioView{p: p, scenario: s}.checkVerdicts()
		waitAnchor(p, deviceNote("ja"))
		p.ElementScreenshot("device-clock-anchor-phone", ".js-countdown")
		p.finish("")
	})
}

// waitAnchor waits until the clock's note on t = 0 is want, word for word.
func waitAnchor(p *playground, want string) {
	p.t.Helper()
	js := fmt.Sprintf(`document.querySelector('.js-clock-anchor')?.textContent === %q`, want)
	if _, err := chromedp.Run(p.Ctx, chromedp.Poll[bool](js)); err != nil {
		p.t.Fatalf("the clock's note is %q; want %q: %v", p.text(".js-clock-anchor"), want, err)
	}
}

// firstDeviceEviction is the pod the scenario's devices evict first after
// a countdown, and its seconds.
func firstDeviceEviction(t *testing.T, s examples.Scenario) (string, int64) {
	t.Helper()
	pod, seconds := "", int64(-1)
	for _, d := range s.Expect.Devices {
		if d.Eviction != nil && d.Eviction.Kind == "after" && (seconds < 0 || d.Eviction.Seconds < seconds) {
			pod, seconds = d.Pod, d.Eviction.Seconds
		}
	}
	if seconds < 0 {
		t.Fatalf("%s expects no device eviction after a countdown", s.Slug)
	}
	return pod, seconds
}

// pageSentence is the page catalog's sentence id in language
// (web/static/i18n), its {name} placeholders filled from args.
func pageSentence(t *testing.T, language, id string, args map[string]string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "static", "i18n", language+".json"))
	if err != nil {
		t.Fatal(err)
	}
	var catalog map[string]string
	if err := json.Unmarshal(data, &catalog); err != nil {
		t.Fatal(err)
	}
	sentence, ok := catalog[id]
	if !ok {
		t.Fatalf("the %s catalog has no %s", language, id)
	}
	for name, value := range args {
		sentence = strings.ReplaceAll(sentence, "{"+name+"}", value)
	}
	return sentence
}
