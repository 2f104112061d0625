//go:build js && wasm && faultinjection

package main

import (
	"encoding/json"
	"os"

	"github.com/taint-playground/taint-playground/wasm/api"
)

// init makes evaluate panic, as a bug in the engine would, when the Nodes
// text is api.ForcedFailure, and end the program, as running out of memory
// would, when it is api.ForcedExit.
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
			if args.Nodes == api.ForcedExit {
				os.Exit(3)
			}
			return evaluate(arg)
		}
	}
}
