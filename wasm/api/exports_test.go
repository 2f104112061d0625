package api

import (
	"testing"

	"github.com/taint-playground/taint-playground/engine"
	"github.com/taint-playground/taint-playground/engine/core"
)

// TestNewArgsHasTheDefaults: an argument type with defaults gets them, a
// fresh one for every call, and one without is zero.
func TestNewArgsHasTheDefaults(t *testing.T) {
	first, second := newArgs[*evaluation](), newArgs[*evaluation]()
	if first == second {
		t.Fatal("newArgs gave two calls the same argument")
	}
	if first.Options != core.DefaultOptions() || first.Window != engine.FirstWindow {
		t.Errorf("evaluate's argument starts as %+v; want core.DefaultOptions and engine.FirstWindow", *first)
	}
	if rows, view := newArgs[*rowsArgs](), newArgs[*generatedWhatIfArgs](); rows.Limit != 100 || view.Limit != 100 {
		t.Errorf("whatIfRows' limit starts at %d, whatIfGenerated's at %d; want 100", rows.Limit, view.Limit)
	}
	if cell := newArgs[*cellArgs](); cell == nil || *cell != (cellArgs{}) {
		t.Errorf("explain's argument starts as %+v; want zero", cell)
	}
}
