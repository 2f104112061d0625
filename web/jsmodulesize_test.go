package web

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// maxModuleLines is the most lines a module of the page may have: past it a
// module holds more than one concern and is split by what it owns.
const maxModuleLines = 400

// TestJSModulesAreShort fails for every module under static/js longer than
// maxModuleLines, naming it and its length.
func TestJSModulesAreShort(t *testing.T) {
	modules := 0
	err := filepath.WalkDir(filepath.Join("static", "js"), func(path string, entry fs.DirEntry, err error) error {
		if err != nil || entry.IsDir() || !strings.HasSuffix(path, ".js") {
			return err
		}
		modules++
		text, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if lines := bytes.Count(text, []byte("\n")); lines > maxModuleLines {
			t.Errorf("%s has %d lines; a module has at most %d: split it by what it owns", filepath.ToSlash(path), lines, maxModuleLines)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if modules == 0 {
		t.Fatal("no module under static/js")
	}
}
