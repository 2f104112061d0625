package web

import (
	"os/exec"
	"path/filepath"
	"testing"
)

// TestJSPureFunctions runs the page's pure JavaScript rules in Node, no
// browser needed: jstest/*.test.mjs import the modules of static/js as the
// page does and check them with node:test.
func TestJSPureFunctions(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("the JavaScript unit tests need Node.js (make node)")
	}
	files, err := filepath.Glob(filepath.Join("jstest", "*.test.mjs"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no jstest/*.test.mjs: %v", err)
	}
	out, err := exec.Command(node, append([]string{"--test", "--test-reporter=dot"}, files...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("node --test %v: %v\n%s", files, err, out)
	}
}
