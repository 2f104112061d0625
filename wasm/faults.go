//go:build js && wasm && faultinjection

package main

import (
	"encoding/json"

	"github.com/taint-playground/taint-playground/wasm/api"
)

// init makes evaluate panic, as a bug in the engine would, when the Nodes
// text is api.ForcedFailure.
func init() {
	decorate = func(exports map[string]api.Func) {
		evaluate := exports["evaluate"]
		exports["evaluate"] = func(arg []byte) (any, error) {
			var args struct {
				Nodes string `json:"nodes"`
			}
			if json.Unmarshal(arg, &args) == nil && args.Nodes == api.ForcedFailure {
				var cells []int
				_ = cells[len(args.Nodes)] // a real runtime panic, as a bug would raise
			}
			return evaluate(arg)
		}
	}
}
