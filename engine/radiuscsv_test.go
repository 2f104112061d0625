package engine_test

import (
	"bytes"
	"encoding/csv"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine"
)

// TestWriteRadiusCSV writes rows whose names need RFC 4180 quoting or would
// run as spreadsheet formulas, byte for byte, and reads them back.
func TestWriteRadiusCSV(t *testing.T) {
	seconds := int64(300)
	rows := []engine.RadiusRow{
		{Namespace: "shop", Pod: "web-1", Node: "n1", Pool: "gpu", Workload: "Deployment/web", Outcome: "evicted later", When: &seconds},
		{Namespace: "a,b", Pod: `say "hi"`, Node: "line\nbreak", Pool: "", Workload: "Pod/x", Outcome: "stays"},
		{Namespace: "=1+1", Pod: "+cmd", Node: "-2", Pool: "@SUM(A1)", Workload: "\tPod/y", Outcome: "no longer schedulable"},
	}
	var out bytes.Buffer
	if err := engine.WriteRadiusCSV(&out, rows); err != nil {
		t.Fatal(err)
	}
	want := "namespace,pod,node,pool,workload,outcome,when\r\n" +
		"shop,web-1,n1,gpu,Deployment/web,evicted later,300\r\n" +
		"\"a,b\",\"say \"\"hi\"\"\",\"line\r\nbreak\",,Pod/x,stays,\r\n" +
		"'=1+1,'+cmd,'-2,'@SUM(A1),'\tPod/y,no longer schedulable,\r\n"
	if diff := cmp.Diff(want, out.String()); diff != "" {
		t.Errorf("CSV (-want +got):\n%s", diff)
	}
	records, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatalf("the CSV does not read back: %v", err)
	}
	if got := records[2][2]; got != "line\nbreak" {
		t.Errorf("a quoted line break reads back as %q", got)
	}
}
