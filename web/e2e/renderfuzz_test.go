package e2e

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// renderFuzzRounds is how many random workspaces TestRandomReportsRender
// shows; TAINT_PLAYGROUND_RENDER_ROUNDS runs more, as a longer fuzz run, and
// TAINT_PLAYGROUND_RENDER_SEED repeats one.
const renderFuzzRounds = 12

// fuzzWords are what random names, keys and values are made of: the injection
// corpus, empty text, non-ASCII, right-to-left and zero-width characters, and
// a plain word, so most documents are valid and reach the cards.
var fuzzWords = append([]string{"", "gpu", "node.kubernetes.io/unreachable", "ключ", "مفتاح", "a\u200bb", "😀", "x/y", strings.Repeat("k", 300)}, payloads...)

// TestRandomReportsRender is the page side of FuzzReport: it pastes random
// nodes and pods, valid or not, and points at everything the results draw.
// Whatever the engine answers, the summary counts what the engine decodes
// (checked against the engine natively), no payload runs or becomes markup,
// and the page reports no error and no CSP violation.
func TestRandomReportsRender(t *testing.T) {
	rounds := envInt(t, "TAINT_PLAYGROUND_RENDER_ROUNDS", renderFuzzRounds)
	seed := uint64(envInt(t, "TAINT_PLAYGROUND_RENDER_SEED", int(time.Now().UnixNano()%1e9)))
	t.Logf("seed %d (TAINT_PLAYGROUND_RENDER_SEED=%d repeats it), %d rounds", seed, seed, rounds)
	random := rand.New(rand.NewPCG(seed, seed))
	p := open(t, "/")
	start := time.Now()
	// The page opens on the docs example, whose pods the first round's
	// summary must differ from as well.
	lastPods, shown := len(engine.Load(docsNodes, docsPods, core.DefaultOptions()).Pods), 0
	for round := range rounds {
		nodes, pods := randomNodes(random), randomPods(random)
		ws := engine.Load(nodes, pods, core.DefaultOptions())
		// A new number of pods tells this round's summary apart from the last
		// round's and from the one between the two pastes.
		if len(ws.Pods) == 0 || len(ws.Nodes) == 0 || len(ws.Pods) == lastPods {
			continue
		}
		lastPods = len(ws.Pods)
		p.paste("nodes", nodes)
		p.paste("pods", pods)
		summary := fmt.Sprintf("%s × %s:", plural(len(ws.Pods), "pod"), plural(len(ws.Nodes), "node"))
		p.waitText(".js-results-summary", summary)
		if len(ws.Pods)*len(ws.Nodes) > 6 {
			p.click(".matrix-cell")
			p.waitFor(`document.querySelector('.card') && !document.querySelector('.card-detail[aria-busy]')`)
		}
		p.pointAtEverything()
		p.checkNothingRan()
		t.Logf("round %d: %s", round, summary)
		shown++
	}
	t.Logf("%d of %d random workspaces drawn and pointed at in %v", shown, rounds, time.Since(start).Round(time.Millisecond))
	p.finish("")
}

// envInt is the environment variable's integer, or def when it is unset.
func envInt(t *testing.T, name string, def int) int {
	t.Helper()
	text := os.Getenv(name)
	if text == "" {
		return def
	}
	n, err := strconv.Atoi(text)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return n
}

// pick is one of the words.
func pick(random *rand.Rand, words []string) string { return words[random.IntN(len(words))] }

// randomNodes is one to four nodes, each with up to three taints whose
// effects are mostly valid.
func randomNodes(random *rand.Rand) string {
	docs := make([]string, 1+random.IntN(4))
	for i := range docs {
		var b strings.Builder
		fmt.Fprintf(&b, "apiVersion: v1\nkind: Node\nmetadata:\n  name: %s\n  labels:\n    %s: %s\nspec:\n",
			yamlString(fmt.Sprintf("n%d-%s", i, pick(random, fuzzWords))), yamlString(pick(random, fuzzWords)), yamlString(pick(random, fuzzWords)))
		fmt.Fprintf(&b, "  unschedulable: %v\n  taints:\n", random.IntN(5) == 0)
		for range random.IntN(4) {
			fmt.Fprintf(&b, "  - key: %s\n    value: %s\n    effect: %s\n",
				yamlString(pick(random, fuzzWords)), yamlString(pick(random, fuzzWords)),
				yamlString(pick(random, []string{"NoSchedule", "NoExecute", "PreferNoSchedule", "", payloads[0]})))
		}
		docs[i] = b.String()
	}
	return strings.Join(docs, "---\n")
}

// randomPods is one to four pods, some running, each with up to three
// tolerations of any operator and tolerationSeconds from negative to huge.
func randomPods(random *rand.Rand) string {
	docs := make([]string, 1+random.IntN(4))
	for i := range docs {
		var b strings.Builder
		fmt.Fprintf(&b, "apiVersion: v1\nkind: Pod\nmetadata:\n  name: %s\nspec:\n",
			yamlString(fmt.Sprintf("p%d-%s", i, pick(random, fuzzWords))))
		if random.IntN(2) == 0 {
			fmt.Fprintf(&b, "  nodeName: %s\n", yamlString(fmt.Sprintf("n%d-%s", random.IntN(4), pick(random, fuzzWords))))
		}
		b.WriteString("  tolerations:\n")
		for range random.IntN(4) {
			fmt.Fprintf(&b, "  - key: %s\n    operator: %s\n    value: %s\n    effect: %s\n",
				yamlString(pick(random, fuzzWords)), pick(random, []string{"Equal", "Exists", "Lt", "Gt", `""`}),
				yamlString(pick(random, append([]string{"5", "-1"}, fuzzWords...))),
				yamlString(pick(random, []string{"NoSchedule", "NoExecute", "PreferNoSchedule", ""})))
			if random.IntN(2) == 0 {
				fmt.Fprintf(&b, "    tolerationSeconds: %d\n", []int64{-5, 0, 30, 3600, 1 << 40}[random.IntN(5)])
			}
		}
		b.WriteString("  containers:\n  - name: app\n    image: nginx\n")
		docs[i] = b.String()
	}
	return strings.Join(docs, "---\n")
}
