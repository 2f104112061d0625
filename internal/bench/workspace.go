// Package bench measures the playground for make bench: the WASM's size, the
// time to the first verdict in headless Chromium, evaluate-and-render latency
// in the page, and the engine's speed against upstream's helpers.
package bench

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

// taintPool and tolerationPool give the generated workspace a realistic mix:
// every effect, Exists and Equal, tolerationSeconds, and misses.
var (
	taintPool = []string{
		"{key: dedicated, value: gpu, effect: NoSchedule}",
		"{key: spot, value: \"true\", effect: PreferNoSchedule}",
		"{key: node.kubernetes.io/unreachable, effect: NoExecute}",
		"{key: team, value: payments, effect: NoSchedule}",
		"{key: maintenance, effect: NoExecute}",
		"{key: example.com/zone-drain, value: eu-west-1a, effect: PreferNoSchedule}",
	}
	tolerationPool = []string{
		"{key: dedicated, operator: Equal, value: gpu, effect: NoSchedule}",
		"{key: spot, operator: Exists}",
		"{key: node.kubernetes.io/unreachable, operator: Exists, effect: NoExecute, tolerationSeconds: 300}",
		"{key: team, operator: Equal, value: search, effect: NoSchedule}",
		"{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 3600}",
		"{operator: Exists, effect: PreferNoSchedule}",
	}
)

// Workspace generates the two editors' text for nodes × pods, the same for
// the same seed: nodes with zero to three taints, pods with zero to four
// tolerations, every fifth pod running on a node.
func Workspace(nodes, pods int, seed uint64) (nodesText, podsText string) {
	r := rand.New(rand.NewPCG(seed, seed))
	var n strings.Builder
	for i := range nodes {
		fmt.Fprintf(&n, "---\napiVersion: v1\nkind: Node\nmetadata:\n  name: node-%04d\n  labels:\n    zone: zone-%d\nspec:\n", i, i%3)
		writeList(&n, "taints", pick(r, taintPool, r.IntN(4)))
	}
	var p strings.Builder
	for i := range pods {
		fmt.Fprintf(&p, "---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: pod-%03d\nspec:\n", i)
		if i%5 == 0 {
			fmt.Fprintf(&p, "  nodeName: node-%04d\n", r.IntN(nodes))
		}
		p.WriteString("  containers:\n  - name: main\n    image: registry.example/app:1\n")
		writeList(&p, "tolerations", pick(r, tolerationPool, r.IntN(5)))
	}
	return n.String(), p.String()
}

// writeList writes a field of spec with its flow-style items, or "[]".
func writeList(b *strings.Builder, field string, items []string) {
	if len(items) == 0 {
		b.WriteString("  " + field + ": []\n")
		return
	}
	b.WriteString("  " + field + ":\n")
	for _, item := range items {
		b.WriteString("  - " + item + "\n")
	}
}

// pick chooses k distinct items in a random order.
func pick(r *rand.Rand, pool []string, k int) []string {
	order := r.Perm(len(pool))
	picked := make([]string, k)
	for i := range k {
		picked[i] = pool[order[i]]
	}
	return picked
}
