package e2e

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// countdownRow selects the countdown row of pod db.
const countdownRow = `.js-countdown-row[data-pod="db"]`

// TestCountdownEvicts runs the clock at 600× for a pod that tolerates the
// NoExecute taint for 60 s: it counts down and flips to Evicted.
func TestCountdownEvicts(t *testing.T) {
	p := open(t, "/")
	p.paste("pods", runningPod(60))
	p.waitText(".js-verdict", "Evicted in 1 min (tolerationSeconds: 60)")
	p.waitText(countdownRow, "evicted in 1 min (60 s)")
	if note := p.text(".js-clock-anchor"); !strings.Contains(note, "when the taint-eviction controller observes") {
		t.Errorf("the clock does not say when it starts: %q", note)
	}

	p.click(`.js-clock-speeds input[value="600"]`)
	p.clickButton("Play")
	p.waitFor(`document.querySelector('` + countdownRow + `').dataset.state === 'evicted'`)
	if got := p.text(countdownRow + " .js-countdown-status"); got != "Evicted at t = 1 min (60 s)" {
		t.Errorf("status after the deadline = %q", got)
	}
	p.clickButton("Pause")
	p.finish("countdown-evicted")
}

// TestRemoveTaintCancelsEviction removes the NoExecute taint mid-countdown:
// the controller cancels the eviction and the pod stays; adding the taint
// back with a kubectl line starts a fresh countdown.
func TestRemoveTaintCancelsEviction(t *testing.T) {
	p := open(t, "/")
	p.paste("pods", runningPod(3600))
	p.waitText(countdownRow, "evicted in 1 h (3600 s)")

	p.click(`.js-clock-speeds input[value="60"]`)
	p.clickButton("Play")
	p.waitFor(`parseFloat(document.querySelector('.js-countdown-row [role=progressbar]').getAttribute('aria-valuenow')) >= 1`)
	p.clickButton("Remove key1=value1:NoExecute")
	p.clickButton("Pause")
	status := p.waitText(countdownRow+" .js-countdown-status", "eviction cancelled")
	if !strings.Contains(status, "it stays") {
		t.Errorf("status after removing the taint = %q", status)
	}
	p.clickButton("Skip to next eviction")
	p.waitText(".js-clock-status", "No eviction ahead.")
	p.Screenshot("countdown-cancelled")

	p.command("kubectl taint nodes node1 key1=value1:NoExecute")
	p.waitText(countdownRow+" .js-countdown-status", "evicted in 1 h (3600 s)")
	if events := p.text(".js-clock-events"); !strings.Contains(events, "key1=value1:NoExecute added on node1") {
		t.Errorf("the clock's events are %q", events)
	}
	p.finish("")
}

// TestTaintLineErrors shows kubectl's own error for a bad taint spec.
func TestTaintLineErrors(t *testing.T) {
	p := open(t, "/")
	p.command("kubectl taint nodes node1 key1=value1:NoExecut")
	if got := p.waitText(".js-taint-error", "error:"); !strings.Contains(got, "NoExecut") {
		t.Errorf("the error %q does not echo the bad effect", got)
	}
	p.command("kubectl taint nodes node9 a=b:NoExecute")
	p.waitText(".js-taint-error", `nodes "node9" not found`)
	p.finish("")
}

// command types a kubectl taint line into the countdown's field, replacing
// what is there, and presses Enter.
func (p *playground) command(line string) {
	p.t.Helper()
	p.Do(chromedp.Focus(chromedp.CSS(".js-taint-line")),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.SendKeys(chromedp.CSS(".js-taint-line"), line+"\n"))
}

// TestTimeAddedAnchorsClock pastes a NoExecute taint with a timeAdded: the
// page says the clock is anchored to it and shows wall-clock times, while
// the delay still counts from when the controller observes the taint.
func TestTimeAddedAnchorsClock(t *testing.T) {
	p := open(t, "/")
	p.paste("nodes", strings.Replace(docsNodes, "    effect: NoExecute\n", "    effect: NoExecute\n    timeAdded: \"2026-03-01T10:00:00Z\"\n", 1))
	p.paste("pods", runningPod(60))
	p.waitText(countdownRow, "evicted in 1 min (60 s)")
	note := p.waitText(".js-clock-anchor", "Anchored to the pasted timeAdded")
	if !strings.Contains(note, "t = 0 is 2026-03-01T10:00:00.000Z") || !strings.Contains(note, "upstream never reads timeAdded") {
		t.Errorf("the anchor note says %q", note)
	}
	p.clickButton("Skip to next eviction")
	p.waitText(".js-clock-time", "2026-03-01T10:01:00.000Z")
	p.waitText(countdownRow, "Evicted at t = 1 min (60 s)")
	p.finish("")
}

// TestKeptDeadlineKeepsCounting opens a link whose clock stands after a
// second NoExecute taint left a scheduled eviction's deadline as it was (a
// "kept" timeline entry): the row still counts down to the first deadline,
// its bar filled from when that countdown began.
func TestKeptDeadlineKeepsCounting(t *testing.T) {
	taint := func(at int, key string) map[string]any {
		return map[string]any{"at": at, "kind": "addTaint", "node": "worker-1", "taint": map[string]any{"key": key, "value": "true", "effect": "NoExecute"}}
	}
	state, err := json.Marshal(map[string]any{
		"v":     1,
		"nodes": "apiVersion: v1\nkind: Node\nmetadata:\n  name: worker-1\n",
		"pods": `apiVersion: v1
kind: Pod
metadata:
  name: api-0
spec:
  nodeName: worker-1
  tolerations:
  - {key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 600}
  - {key: disk-replacement, operator: Exists, effect: NoExecute, tolerationSeconds: 60}
  containers:
  - {name: api, image: example.com/api:1.9}
`,
		"clock": map[string]any{"at": 250, "speed": 1, "events": []any{taint(100, "maintenance"), taint(200, "disk-replacement")}},
	})
	if err != nil {
		t.Fatal(err)
	}
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	p.Navigate(site.URL + "/#s=" + deflated(string(state)))
	row := `.js-countdown-row[data-pod="api-0"]`
	p.waitText(row+" .js-countdown-status", "evicted in 7 min 30 s (450 s)")
	p.waitText(row+" .js-countdown-reason", "keeps its deadline of 700 s")
	if fill := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.querySelector('`+row+` [role=progressbar]').getAttribute('aria-valuenow')`)); fill != "25" {
		t.Errorf("the bar is %s%% full at t = 250 s; want 25 (150 of the 600 s since t = 100 s)", fill)
	}
	p.finish("")
}
