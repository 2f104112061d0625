package cli

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/internal/clustersnapshot"
)

// snapshotText is a generated cluster in kubectl's JSON.
func snapshotText(t testing.TB, spec clustersnapshot.Spec) string {
	t.Helper()
	var b bytes.Buffer
	if err := clustersnapshot.Write(&b, spec, clustersnapshot.JSON); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// TestGroupedCheckTable checks a cluster of more than groupAbove pods: the
// default table has one row per workload whose counts add up to the
// workload's pods and to the summary, and names every pod that needs
// attention and no other; -o wide lists every pod.
func TestGroupedCheckTable(t *testing.T) {
	spec := clustersnapshot.Spec{Nodes: 8, Pods: 400, Seed: 2}
	writeFiles(t, map[string]string{"cluster.json": snapshotText(t, spec)})
	var verdicts engine.Verdicts
	if err := json.Unmarshal([]byte(run(t, "", false, "check", "-f", "cluster.json", "-o", "json").stdout), &verdicts); err != nil {
		t.Fatal(err)
	}
	table := run(t, "", false, "check", "-f", "cluster.json")
	row := regexp.MustCompile(`^(\S+)\s+(\S+/\S+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)`)
	pods, rows := 0, 0
	for _, line := range strings.Split(table.stdout, "\n") {
		m := row.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		rows++
		total, sum := atoi(t, m[3]), 0
		for _, n := range m[4:] {
			sum += atoi(t, n)
		}
		if sum != total {
			t.Errorf("row %q: the verdicts add up to %d, not %d", line, sum, total)
		}
		pods += total
	}
	if rows == 0 || pods != len(verdicts.Pods) {
		t.Errorf("%d rows of %d pods in all, want the %d pods:\n%s", rows, pods, len(verdicts.Pods), table.stdout)
	}
	checkNamesAttention(t, &verdicts, table.stdout)
	wide := run(t, "", false, "check", "-f", "cluster.json", "-o", "wide")
	if got := strings.Count(wide.stdout, " (cluster.json:"); got != len(verdicts.Pods) {
		t.Errorf("-o wide lists %d pods, want %d", got, len(verdicts.Pods))
	}
}

// checkNamesAttention checks that the names a grouped table lists, brace
// expansions expanded, are exactly the pods of v that need attention.
func checkNamesAttention(t *testing.T, v *engine.Verdicts, table string) {
	t.Helper()
	named := map[string]int{}
	for _, name := range listedNames(table) {
		named[name]++
	}
	need := 0
	for _, p := range v.Pods {
		if !slices.Contains(attention, p.Verdict) {
			continue
		}
		need++
		if named[p.Name] != 1 {
			t.Errorf("pod %s/%s (%s) is named %d times, want once", p.Namespace, p.Name, p.Verdict, named[p.Name])
		}
	}
	if need == 0 {
		t.Errorf("no pod needs attention in the generated cluster: the test checks nothing of the list")
	}
	if len(named) != need {
		t.Errorf("the table names %d pods, want the %d that need attention:\n%s", len(named), need, table)
	}
}

// listedNames reads back the pod names of a grouped table's attention
// list: its indented lines other than "blocked by" and "as read", each a
// name or prefix{suffix,…}.
func listedNames(table string) []string {
	_, list, _ := strings.Cut(table, "need attention")
	var names []string
	for _, line := range strings.Split(list, "\n") {
		item, indented := strings.CutPrefix(line, "  ")
		if !indented || strings.HasPrefix(item, "blocked by ") || strings.HasPrefix(item, "as read") {
			continue
		}
		prefix, braced, isBrace := strings.Cut(strings.TrimSuffix(item, "}"), "{")
		if !isBrace {
			names = append(names, item)
			continue
		}
		for _, suffix := range strings.Split(braced, ",") {
			names = append(names, prefix+suffix)
		}
	}
	return names
}

// TestGroupedCheckFitsTwoScreens checks a generated cluster with the
// table's shape at 5,000 nodes (pods evicted from several NotReady nodes,
// a Deployment whose pods fit nowhere): every pod that needs attention is
// named, the whole table takes at most two 50-line screens at COLUMNS
// wide, and no line of names is wider.
func TestGroupedCheckFitsTwoScreens(t *testing.T) {
	spec := clustersnapshot.Spec{Nodes: 800, Pods: 4000, Seed: 3}
	writeFiles(t, map[string]string{"cluster.json": snapshotText(t, spec)})
	var verdicts engine.Verdicts
	if err := json.Unmarshal([]byte(run(t, "", false, "check", "-f", "cluster.json", "-o", "json").stdout), &verdicts); err != nil {
		t.Fatal(err)
	}
	const columns, screens = 80, 2 * 50
	t.Setenv("COLUMNS", strconv.Itoa(columns))
	table := run(t, "", false, "check", "-f", "cluster.json").stdout
	checkNamesAttention(t, &verdicts, table)
	evictedFrom := map[string]bool{}
	for _, p := range verdicts.Pods {
		if p.Verdict == engine.VerdictEvictedLater || p.Verdict == engine.VerdictEvictedNow {
			evictedFrom[p.NodeName] = true
		}
	}
	if len(evictedFrom) < 2 {
		t.Errorf("pods are evicted from %d node(s): the cluster lacks the shape of a large one", len(evictedFrom))
	}
	rows := 0
	for _, line := range strings.Split(strings.TrimSuffix(table, "\n"), "\n") {
		rows += max(1, (len([]rune(line))+columns-1)/columns)
		if strings.Contains(line, "{") && len(line) > columns {
			t.Errorf("a line of names is %d columns wide, more than %d: %s", len(line), columns, line)
		}
	}
	if rows > screens {
		t.Errorf("the table takes %d rows of %d columns, more than %d:\n%s", rows, columns, screens, table)
	}
}

func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// TestGroupedWhatIfTable taints a generated cluster's GPU pool NoExecute:
// the default table gives the totals -o json gives, by pool and by
// workload, and names no pod; -o wide lists every pod of the radius.
func TestGroupedWhatIfTable(t *testing.T) {
	spec := clustersnapshot.Spec{Nodes: 80, Pods: 2400, Seed: 2}
	writeFiles(t, map[string]string{"cluster.json": snapshotText(t, spec)})
	command := []string{"--", "kubectl", "taint", "nodes", "-l", "pool=gpu", "nvidia.com/gpu=present:NoExecute"}
	var report engine.WhatIfReport
	asJSON := run(t, "", false, append([]string{"whatif", "-f", "cluster.json", "-o", "json"}, command...)...)
	if err := json.Unmarshal([]byte(asJSON.stdout), &report); err != nil {
		t.Fatal(err)
	}
	r := report.Radius
	if radiusPods(r) <= groupAbove || len(r.EvictedNow) == 0 {
		t.Fatalf("%d pods in the radius, %d evicted now: the table would not be grouped, or checks no eviction", radiusPods(r), len(r.EvictedNow))
	}
	table := run(t, "", false, append([]string{"whatif", "-f", "cluster.json"}, command...)...).stdout
	want := []string{
		"Changes the taints of " + strconv.Itoa(len(r.Nodes)) + " node(s)",
		"Evicted now: " + strconv.Itoa(len(r.EvictedNow)) + " pod(s); evicted later: " + strconv.Itoa(len(r.EvictedLater)) +
			"; stay: " + strconv.Itoa(len(r.Stay)) + "; no longer schedulable: " + strconv.Itoa(len(r.NoLongerSchedulable)),
	}
	for _, p := range r.Totals.Pools {
		want = append(want, regexp.MustCompile(`\s+`).ReplaceAllString(strings.Join([]string{p.Pool, strconv.Itoa(p.Nodes),
			strconv.Itoa(p.EvictedNow), strconv.Itoa(p.EvictedLater), strconv.Itoa(p.Stay)}, " "), " "))
	}
	squeezed := regexp.MustCompile(` +`).ReplaceAllString(table, " ")
	for _, line := range want {
		if !strings.Contains(squeezed, line) {
			t.Errorf("the table has no %q:\n%s", line, table)
		}
	}
	for _, e := range r.EvictedNow {
		if strings.Contains(table, report.PodNames[e.Pod]) {
			t.Errorf("the grouped table names pod %s", report.PodNames[e.Pod])
		}
	}
	wide := run(t, "", false, append([]string{"whatif", "-f", "cluster.json", "-o", "wide"}, command...)...).stdout
	for _, e := range r.EvictedNow {
		if !strings.Contains(wide, report.PodNames[e.Pod]+" on ") {
			t.Errorf("-o wide does not name pod %s", report.PodNames[e.Pod])
		}
	}
}
