package e2e

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/google/go-cmp/cmp"
)

// whatIfNodes is `kubectl get nodes -o yaml` for two database nodes and a
// web node.
const whatIfNodes = `apiVersion: v1
items:
- apiVersion: v1
  kind: Node
  metadata:
    labels:
      kubernetes.io/hostname: db-1
      pool: db
    name: db-1
  spec: {}
  status:
    conditions:
    - type: Ready
      status: "True"
- apiVersion: v1
  kind: Node
  metadata:
    labels:
      kubernetes.io/hostname: db-2
      pool: db
    name: db-2
  spec: {}
  status:
    conditions:
    - type: Ready
      status: "True"
- apiVersion: v1
  kind: Node
  metadata:
    labels:
      kubernetes.io/hostname: web-1
      pool: web
    name: web-1
  spec: {}
  status:
    conditions:
    - type: Ready
      status: "True"
kind: List
metadata:
  resourceVersion: ""
`

// whatIfPods is `kubectl get pods -A -o yaml`: a database pod with no
// toleration, one that tolerates maintenance for 10 minutes, a web pod, and a
// pending backup pod that only the db pool accepts.
const whatIfPods = `apiVersion: v1
items:
- apiVersion: v1
  kind: Pod
  metadata:
    name: postgres-0
    namespace: db
  spec:
    nodeName: db-1
    containers:
    - name: postgres
      image: postgres
- apiVersion: v1
  kind: Pod
  metadata:
    name: postgres-1
    namespace: db
  spec:
    nodeName: db-2
    containers:
    - name: postgres
      image: postgres
    tolerations:
    - key: maintenance
      operator: Exists
      effect: NoExecute
      tolerationSeconds: 600
- apiVersion: v1
  kind: Pod
  metadata:
    name: web-0
    namespace: web
  spec:
    nodeName: web-1
    containers:
    - name: web
      image: nginx
- apiVersion: v1
  kind: Pod
  metadata:
    name: backup
    namespace: db
  spec:
    nodeSelector:
      pool: db
    containers:
    - name: backup
      image: busybox
kind: List
metadata:
  resourceVersion: ""
`

// TestWhatIfBlastRadius pastes a cluster and asks what tainting the db pool
// for maintenance would do: one pod evicted now, one in 600 s (which the
// countdown then plays), the pending backup left with no node; a command
// kubectl refuses shows kubectl's error.
func TestWhatIfBlastRadius(t *testing.T) {
	p := open(t, "/")
	p.paste("nodes", whatIfNodes)
	p.paste("pods", whatIfPods)
	p.waitText(".js-results-summary", "4 pods × 3 nodes")

	p.whatIf("kubectl taint nodes -l pool=db maintenance=now:NoExecute")
	p.waitText(".js-whatif-summary", "2 nodes change")
	got := map[string][]string{
		"nodes":    p.texts(".js-whatif-nodes li"),
		"now":      p.texts(".js-whatif-now li"),
		"later":    p.texts(".js-whatif-later li"),
		"stranded": p.texts(".js-whatif-stranded li"),
	}
	want := map[string][]string{
		"nodes":    {"db-1 +maintenance=now:NoExecute", "db-2 +maintenance=now:NoExecute"},
		"now":      {"db/postgres-0 on db-1"},
		"later":    {"db/postgres-1 on db-2: in 600 s (10 min), set by the toleration maintenance Exists · NoExecute · 600 s"},
		"stranded": {"db/backup"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("blast radius (-want +got):\n%s", diff)
	}
	p.Screenshot("whatif-blast-radius")

	p.clickButton("Play it on the eviction countdown")
	p.waitText(`.js-countdown-row[data-pod="postgres-1"]`, "evicted in 10 min (600 s)")

	p.whatIf("kubectl taint pods backup maintenance=now:NoExecute")
	p.waitText(".js-whatif-error", "invalid resource type pods, only node types are supported")
	if got := p.text(".js-whatif-output"); got != "" {
		t.Errorf("a refused command still shows a blast radius: %q", got)
	}
	p.finish("")
}

// whatIf types a command into the what-if field, replacing what is there,
// and presses Enter.
func (p *playground) whatIf(line string) {
	p.t.Helper()
	p.Do(chromedp.Focus(chromedp.CSS(".js-whatif-line")),
		chromedp.KeyEvent("a", chromedp.KeyModifiers(chromedp.ModifierCtrl)),
		chromedp.SendKeys(chromedp.CSS(".js-whatif-line"), line+"\n"))
}
