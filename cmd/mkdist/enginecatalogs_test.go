package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestWriteEngineCatalogs writes the engine's catalog of every language the
// page speaks but English, an empty one where the engine has none, and none
// of a language the page does not speak.
func TestWriteEngineCatalogs(t *testing.T) {
	engine, site := t.TempDir(), t.TempDir()
	write := func(path, data string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"en.json", "ja.json", "pt-br.json"} {
		write(filepath.Join(site, catalogDir, name), `{"page":"…"}`)
	}
	write(filepath.Join(engine, "en.json"), `{"a":"A"}`)
	write(filepath.Join(engine, "ja.json"), `{"a":"あ"}`)
	write(filepath.Join(engine, "de.json"), `{"a":"Ä"}`)
	if err := writeEngineCatalogs(engine, site); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	entries, err := os.ReadDir(filepath.Join(site, catalogDir))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, err := os.ReadFile(filepath.Join(site, catalogDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		got[e.Name()] = string(data)
	}
	want := map[string]string{
		"en.json": `{"page":"…"}`, "ja.json": `{"page":"…"}`, "pt-br.json": `{"page":"…"}`,
		"engine-ja.json": `{"a":"あ"}`, "engine-pt-br.json": "{}\n",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the site's i18n folder (-want +got):\n%s", diff)
	}
}
