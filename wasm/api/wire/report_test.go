package wire_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/wasm/api/wire"
)

// checkReportJSON fails unless AppendReport and AppendCells write
// what encoding/json writes for the same report.
func checkReportJSON(t *testing.T, name string, r *engine.Report) {
	t.Helper()
	want, err := json.Marshal(r)
	if err != nil {
		t.Fatalf("%s: encoding/json: %v", name, err)
	}
	got, err := wire.AppendReport([]byte("prefix"), r)
	if err != nil {
		t.Fatalf("%s: AppendReport: %v", name, err)
	}
	if !bytes.HasPrefix(got, []byte("prefix")) || !bytes.Equal(got[len("prefix"):], want) {
		t.Fatalf("%s: AppendReport differs from encoding/json\n got %s\nwant %s", name, got, want)
	}
	wantCells, _ := json.Marshal(r.Cells)
	if gotCells := wire.AppendCells(nil, r.Cells); !bytes.Equal(gotCells, wantCells) {
		t.Fatalf("%s: AppendCells differs from encoding/json\n got %s\nwant %s", name, gotCells, wantCells)
	}
}

// TestReportJSONMatchesEncodingJSON compares the two on every example, whole
// and windowed, and on reports whose every field reflection filled at random
// (so that a field added to any type in a report, and not to AppendReport,
// fails here).
func TestReportJSONMatchesEncodingJSON(t *testing.T) {
	scenarios, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scenarios {
		w := engine.Load(s.Nodes, s.Pods, s.Settings)
		checkReportJSON(t, s.Slug, w.Evaluate())
		checkReportJSON(t, s.Slug+" windowed", w.EvaluatePage(engine.Window{Pod: 1, Pods: 1, Node: 0, Nodes: 1}))
	}
	checkReportJSON(t, "zero report", &engine.Report{})
	checkReportJSON(t, "empty lists", &engine.Report{Nodes: []core.Node{{Taints: []core.Taint{}}}, Pods: []core.Pod{{Tolerations: []core.Toleration{}}}, Cells: []engine.Cell{}, Diagnostics: []core.Diagnostic{}})
	for seed := range uint64(300) {
		var r engine.Report
		fill(rand.New(rand.NewPCG(seed, 12)), reflect.ValueOf(&r).Elem(), 0)
		checkReportJSON(t, "random report", &r)
	}
}

// awkward are strings that encoding/json escapes: HTML, quotes, control
// characters, U+2028, invalid UTF-8.
var awkward = []string{"", "a", "node-1", `<b>&"q"\`, "tab\tline\nfeed\x01\x7f", "\u2028\u2029é😀", "bad\xff\xfe", "spot"}

// fill sets every exported field of v at random, leaving some nil or empty.
func fill(r *rand.Rand, v reflect.Value, depth int) {
	if v.Type() == reflect.TypeFor[time.Time]() {
		v.Set(reflect.ValueOf(time.Unix(r.Int64N(4e9), r.Int64N(2e9)).In(time.FixedZone("", 3600*r.IntN(5)))))
		return
	}
	switch v.Kind() {
	case reflect.String:
		v.SetString(awkward[r.IntN(len(awkward))])
	case reflect.Bool:
		v.SetBool(r.IntN(2) == 0)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt([]int64{0, 1, -1, 42, 1 << 40, -300}[r.IntN(6)] % (1 << (v.Type().Bits() - 1)))
	case reflect.Float32, reflect.Float64:
		v.SetFloat(float64(r.IntN(1000)) / 8)
	case reflect.Pointer:
		if r.IntN(3) == 0 || depth > 6 {
			return
		}
		v.Set(reflect.New(v.Type().Elem()))
		fill(r, v.Elem(), depth+1)
	case reflect.Slice:
		n := r.IntN(4) - 1
		if n < 0 || depth > 6 {
			return
		}
		v.Set(reflect.MakeSlice(v.Type(), n, n))
		for i := range n {
			fill(r, v.Index(i), depth+1)
		}
	case reflect.Map:
		n := r.IntN(4) - 1
		if n < 0 || depth > 6 {
			return
		}
		v.Set(reflect.MakeMap(v.Type()))
		for range n {
			key := reflect.New(v.Type().Key()).Elem()
			value := reflect.New(v.Type().Elem()).Elem()
			fill(r, key, depth+1)
			fill(r, value, depth+1)
			v.SetMapIndex(key, value)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(r, v.Field(i), depth+1)
			}
		}
	case reflect.Interface:
		// A report holds no interface; leave any nil.
	default:
		panic("fill: no random " + v.Type().String())
	}
}

// FuzzReportJSON evaluates fuzzed editors' text and compares the report's
// two encodings.
func FuzzReportJSON(f *testing.F) {
	scenarios, err := examples.All()
	if err != nil {
		f.Fatal(err)
	}
	for _, s := range scenarios {
		f.Add(s.Nodes, s.Pods)
	}
	f.Fuzz(func(t *testing.T, nodes, pods string) {
		w := engine.Load(nodes, pods, core.DefaultOptions())
		checkReportJSON(t, "fuzzed", w.EvaluatePage(engine.FirstWindow))
	})
}

// TestCellDetailJSONMatchesEncodingJSON compares AppendCellDetail with
// encoding/json on every cell of every example and on details whose every
// field reflection filled at random.
func TestCellDetailJSONMatchesEncodingJSON(t *testing.T) {
	check := func(name string, d *engine.CellDetail) {
		t.Helper()
		want, err := json.Marshal(d)
		if err != nil {
			t.Fatalf("%s: encoding/json: %v", name, err)
		}
		if got := wire.AppendCellDetail(nil, d); !bytes.Equal(got, want) {
			t.Fatalf("%s: AppendCellDetail differs from encoding/json\n got %s\nwant %s", name, got, want)
		}
	}
	scenarios, err := examples.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range scenarios {
		w := engine.Load(s.Nodes, s.Pods, s.Settings)
		for _, cell := range w.Evaluate().Cells {
			d, err := w.Explain(cell.Pod, cell.Node)
			if err != nil {
				t.Fatal(err)
			}
			check(s.Slug, d)
		}
	}
	check("zero detail", &engine.CellDetail{})
	for seed := range uint64(300) {
		var d engine.CellDetail
		fill(rand.New(rand.NewPCG(seed, 13)), reflect.ValueOf(&d).Elem(), 0)
		check("random detail", &d)
	}
}
