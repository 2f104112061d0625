package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestFeatureGateChangesLtVerdict: a toleration with operator Lt tolerates a
// taint with a smaller number only while TaintTolerationComparisonOperators
// is on (upstream ToleratesTaint returns false for Lt and Gt otherwise, and
// the API server rejects the pod, which the page says first).
func TestFeatureGateChangesLtVerdict(t *testing.T) {
	p := open(t, "/")
	p.paste("nodes", `apiVersion: v1
kind: Node
metadata:
  name: fast-node
spec:
  taints:
  - key: latency-ms
    value: "800"
    effect: NoSchedule
`)
	p.paste("pods", `apiVersion: v1
kind: Pod
metadata:
  name: latency-sensitive
spec:
  tolerations:
  - key: latency-ms
    operator: Lt
    value: "950"
    effect: NoSchedule
  containers:
  - name: app
    image: nginx
`)
	// With the gate off the API server refuses Lt; as read, the toleration
	// tolerates nothing.
	p.waitText(".js-verdict", `The API server would reject this pod: spec.tolerations[0].operator: Unsupported value: "Lt"`)
	p.waitText(".verdict--secondary", "Cannot schedule: taint latency-ms=800:NoSchedule is not tolerated")

	// Keyboard only: focus the gate's checkbox and press Space.
	p.Do(chromedp.Focus(chromedp.CSS(`input[name="comparisonOperators"]`)), chromedp.KeyEvent(" "))
	p.waitText(".js-verdict", "Schedules")
	p.Screenshot("feature-gate-on")

	p.Do(chromedp.KeyEvent(" "))
	p.waitText(".js-verdict", "The API server would reject this pod")
	p.finish("")
}

// TestSettingsShowWhatTheyAdd turns DefaultTolerationSeconds off and on and
// changes its seconds: the page lists the tolerations it added, and why.
func TestSettingsShowWhatTheyAdd(t *testing.T) {
	p := open(t, "/")
	added := p.waitText(".js-settings-added", "DefaultTolerationSeconds added to pod nginx")
	if !strings.Contains(added, "node.kubernetes.io/not-ready Exists · NoExecute · 300 s") {
		t.Errorf("the added tolerations are listed as %q", added)
	}
	p.click(`input[name="defaultTolerationSeconds"]`)
	p.waitText(".js-settings-added", "Nothing added")
	p.click(`input[name="defaultTolerationSeconds"]`)
	p.Do(chromedp.Focus(chromedp.CSS(`input[name="notReadySeconds"]`)),
		chromedp.KeyEvent(kb.End+kb.Backspace+kb.Backspace+kb.Backspace+"60"))
	p.waitText(".js-settings-added", "node.kubernetes.io/not-ready Exists · NoExecute · 60 s")
	p.finish("settings")
}
