package cli

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/engine/manifest"
)

// streamed reports whether the inputs are read as a stream (loadStream): one
// input, a file or standard input, not a directory. Several inputs are read
// whole and joined, as the page's editors join them (newEditors), within the
// page's limits: a kubectl taint line in one file applies to the nodes of
// the files before it.
func streamed(paths []string) bool {
	if len(paths) != 1 {
		return false
	}
	if paths[0] == "-" {
		return true
	}
	info, err := os.Stat(paths[0])
	return err == nil && !info.IsDir()
}

// loadStream loads one input read as a stream by manifest.DecodeStream, item
// by item, within the command line's limits (clusterBytes, streamLimits,
// clusterPairs): a whole cluster's `kubectl get nodes,pods -A -o json|yaml`
// costs what its nodes and pods keep. Its workspace is the one newEditors
// and editors.load make of the same file (TestStreamAgreesWithEditors).
func loadStream(env *Env, path string, opts core.Options, progress bool) (*loaded, error) {
	name, r := stdinName, env.Stdin
	var size int64
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
			size = info.Size()
		}
		name, r = path, f
	}
	e := wholeFileEditors(name)
	in := &boundedReader{r: r, left: clusterBytes, name: name}
	var report manifest.Progress
	if progress {
		line := newProgressLine(env.Stderr, speechIn(env.Language), name, size)
		defer line.clear()
		report = line.update
	}
	problems := e.problemCap()
	s, err := manifest.DecodeStream(in, problems, streamLimits, report)
	if errors.Is(err, manifest.ErrPartTooLarge) {
		return nil, fmt.Errorf("%s: the input is too large: %w; reading stopped there", name, err)
	}
	if err != nil {
		return nil, err
	}
	ws := engine.LoadDecoded(engine.Decoded{Nodes: s.Nodes, Pods: s.Pods, Inventory: s.Inventory, Claims: s.Claims, Diagnostics: s.Diagnostics}, opts, problems, clusterPairs)
	ws.Diagnostics = e.diagnostics(ws.Diagnostics)
	dropColumns(ws)
	return &loaded{ws: ws, editors: e}, nil
}

// streamGCPercent is the garbage collector's GOGC while a command reads and
// answers on a stream (runCluster): a cluster's nodes, pods and verdicts are
// most of the heap, and collecting when it has grown by half of them, not
// all, keeps the peak at about one and a half times what is kept (make
// bench-cluster measures it).
const streamGCPercent = 100

// dropColumns drops the columns of the sub-fields of every source
// (core.Source.Columns): only validation reads them, and LoadDecoded has
// validated; no output holds them. A cluster's pods hold one such map per
// toleration and affinity requirement.
func dropColumns(ws *engine.Workspace) {
	for n := range ws.Nodes {
		for t := range ws.Nodes[n].Taints {
			ws.Nodes[n].Taints[t].Source.Columns = nil
		}
	}
	for p := range ws.Pods {
		pod := &ws.Pods[p]
		pod.Source.Columns = nil
		for t := range pod.Tolerations {
			pod.Tolerations[t].Source.Columns = nil
		}
		if pod.RequiredAffinity == nil {
			continue
		}
		for _, term := range pod.RequiredAffinity.Terms {
			for _, list := range [][]core.NodeSelectorRequirement{term.MatchExpressions, term.MatchFields} {
				for r := range list {
					list[r].Source.Columns = nil
				}
			}
		}
	}
}

// wholeFileEditors are editors in which both editors' lines are the file's.
func wholeFileEditors(name string) *editors {
	whole := []span{{file: name, first: 1, lines: math.MaxInt32}}
	return &editors{nodes: editorText{editor: core.EditorNodes, spans: whole}, pods: editorText{editor: core.EditorPods, spans: whole}}
}

// boundedReader reads r up to left bytes, and fails with errTooLarge on the
// byte past them.
type boundedReader struct {
	r    io.Reader
	left int64
	name string
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, errTooLarge(b.name)
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return 0, errTooLarge(b.name)
	}
	return n, err
}
