package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/taint-playground/taint-playground/engine/message"
)

// TestWriteEngineCatalogs writes the engine's catalog of every language the
// page speaks, English from the engine's own (not engineDir's), an empty one
// where the engine has none, and none of a language the page does not speak.
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
	var english map[string]string
	if err := json.Unmarshal([]byte(got["engine-en.json"]), &english); err != nil {
		t.Fatalf("engine-en.json: %v", err)
	}
	if english["device.pod.stays"] != message.InEnglish(message.New("device.pod.stays")) || english["a"] != "" {
		t.Errorf("engine-en.json is not the engine's English catalog: %d messages, device.pod.stays %q", len(english), english["device.pod.stays"])
	}
	delete(got, "engine-en.json")
	want := map[string]string{
		"en.json": `{"page":"…"}`, "ja.json": `{"page":"…"}`, "pt-br.json": `{"page":"…"}`,
		"engine-ja.json": `{"a":"あ"}`, "engine-pt-br.json": "{}\n",
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("the site's i18n folder (-want +got):\n%s", diff)
	}
}
