package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestCopyEngineCatalogs copies every language but English under its site
// name, and copies nothing from a folder that does not exist.
func TestCopyEngineCatalogs(t *testing.T) {
	from, to := t.TempDir(), t.TempDir()
	for name, data := range map[string]string{"en.json": `{"a":"A"}`, "ja.json": `{"a":"あ"}`, "pt-br.json": `{"a":"á"}`, "notes.txt": "x"} {
		if err := os.WriteFile(filepath.Join(from, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := copyEngineCatalogs(from, to); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(filepath.Join(to, engineCatalogDir))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	if want := []string{"engine-ja.json", "engine-pt-br.json"}; len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Errorf("copied %v; want %v", got, want)
	}
	if data, _ := os.ReadFile(filepath.Join(to, engineCatalogDir, "engine-ja.json")); string(data) != `{"a":"あ"}` {
		t.Errorf("engine-ja.json holds %q", data)
	}

	empty := t.TempDir()
	if err := copyEngineCatalogs(filepath.Join(from, "missing"), empty); err != nil {
		t.Fatalf("a missing folder: %v", err)
	}
	if _, err := os.Stat(filepath.Join(empty, engineCatalogDir)); !os.IsNotExist(err) {
		t.Errorf("a missing folder made %s (%v)", engineCatalogDir, err)
	}
}
