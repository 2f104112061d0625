// Package yamlcorpus gives tests the repository's YAML: every .yaml and
// .yml file, and every multi-line text inside one (the examples' editors),
// the texts that the YAML scanner (engine/yamltext) and the decoder
// (engine/manifest) are held to goyaml.v3 on.
package yamlcorpus

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	yaml3 "sigs.k8s.io/yaml/goyaml.v3"
)

// Texts returns the repository's YAML texts by name: a file's path from
// the module's root, and path#key for a text inside it. Built and fetched
// trees (bin, dist, node_modules) and hidden directories are left out.
func Texts(t testing.TB) map[string]string {
	t.Helper()
	root := moduleRoot(t)
	texts := make(map[string]string)
	err := filepath.WalkDir(root, func(path string, entry fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if entry.IsDir() {
			if name := entry.Name(); path != root && (strings.HasPrefix(name, ".") || name == "bin" || name == "dist" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if filepath.Ext(path) != ".yaml" && filepath.Ext(path) != ".yml" {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		name, _ := filepath.Rel(root, path)
		name = filepath.ToSlash(name)
		texts[name] = string(data)
		var fields map[string]any
		if yaml3.Unmarshal(data, &fields) == nil {
			for key, value := range fields {
				if s, ok := value.(string); ok && strings.Contains(s, "\n") {
					texts[name+"#"+key] = s
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return texts
}

// moduleRoot is the directory of the go.mod above the test's own.
func moduleRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}
