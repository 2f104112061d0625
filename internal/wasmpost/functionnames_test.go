package wasmpost

import (
	"encoding/binary"
	"testing"
)

func TestPackageOfName(t *testing.T) {
	for name, want := range map[string]string{
		"go.yaml.in/yaml/v3.(*parser).parse":             "go.yaml.in/yaml/v3",
		"encoding/json.(*decodeState).object":            "encoding/json",
		"slices.SortFunc[go.shape.struct { a/b.c int }]": "slices",
		"strings.ToUpper":                                "strings",
		"type:.eq.[2]interface {}":                       "type:",
		"sync..dict.OnceValue[map[string]int]":           "sync",
		"noDotAtAll":                                     "",
		".leadingDot":                                    "",
	} {
		if got := packageOfName(name); got != want {
			t.Errorf("packageOfName(%q) = %q; want %q", name, got, want)
		}
	}
}

// TestShortenNames: a library's functions end up named "<package>.?",
// written over the first of its names, the others zeroed, the project's as
// a library's; main's names stay.
func TestShortenNames(t *testing.T) {
	table := []byte("strings.ToUpper\x00main.main\x00strings.Map\x00github.com/taint-playground/taint-playground/engine.Load\x00encoding/json.Marshal\x00")
	offsets := map[string]int{"strings.ToUpper": 0, "main.main": 16, "strings.Map": 26, "engine": 38, "encoding/json.Marshal": 95}
	// The records: one name field each, 4 bytes, after the table.
	image := append([]byte(nil), table...)
	fields := map[string]int{}
	for name, offset := range offsets {
		fields[name] = len(image)
		image = binary.LittleEndian.AppendUint32(image, uint32(offset))
	}
	names := newFunctionNames(image)
	for name, field := range fields {
		names.add(field, offsets[name])
	}
	zeroed := names.shorten(image[:len(table)])
	nameOf := func(fn string) string {
		at := int(binary.LittleEndian.Uint32(image[fields[fn]:]))
		end := at
		for image[end] != 0 {
			end++
		}
		return string(image[at:end])
	}
	for fn, want := range map[string]string{
		"strings.ToUpper":       "strings.?",
		"strings.Map":           "strings.?",
		"main.main":             "main.main",
		"engine":                "github.com/taint-playground/taint-playground/engine.?",
		"encoding/json.Marshal": "encoding/json.?",
	} {
		if got := nameOf(fn); got != want {
			t.Errorf("%s is named %q; want %q", fn, got, want)
		}
	}
	if want := len("strings.ToUpper") + len("strings.Map") + len("github.com/taint-playground/taint-playground/engine.Load") + len("encoding/json.Marshal"); zeroed != want {
		t.Errorf("zeroed %d bytes; want %d", zeroed, want)
	}
}
