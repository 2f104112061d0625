package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/taint-playground/taint-playground/internal/wasmpost"
	"github.com/taint-playground/taint-playground/web"
)

// ManifestName is the file that names the WASM for tools (the page has the
// name in index.html, see nameWASMInPage).
const ManifestName = "build.json"

// wasmName is the WASM's name before its content hash is added.
const wasmName = "taint-playground.wasm"

// keepFile survives cleaning the output folder: git keeps web/dist with it.
const keepFile = ".gitkeep"

// Layout says where the parts of the site come from and where it goes.
type Layout struct {
	Static   string
	WASM     string
	WASMExec string
	Out      string
	// EngineCatalogs is the folder of the engine's message catalogs, one
	// <lang>.json each (engine/message/catalog).
	EngineCatalogs string
	// Generated are files made at build time, by name in the site, such as
	// examples.json.
	Generated map[string][]byte
}

// Manifest is the content of build.json.
type Manifest struct {
	// WASM is the hashed file name of the WASM, relative to the site's root.
	WASM string `json:"wasm"`
}

// Build replaces the output folder's content with the site and returns the
// manifest it wrote.
func (l Layout) Build() (Manifest, error) {
	reuse := readEarlier(l.Out)
	if err := emptyFolder(l.Out); err != nil {
		return Manifest{}, err
	}
	if err := copyStatic(l.Static, l.Out); err != nil {
		return Manifest{}, err
	}
	if err := writeEngineCatalogs(l.EngineCatalogs, l.Out); err != nil {
		return Manifest{}, err
	}
	for name, data := range l.Generated {
		if err := os.WriteFile(filepath.Join(l.Out, name), data, 0o644); err != nil {
			return Manifest{}, err
		}
	}
	wasm, err := os.ReadFile(l.WASM)
	if err != nil {
		return Manifest{}, err
	}
	if wasm, err = wasmpost.Shrink(wasm); err != nil {
		return Manifest{}, fmt.Errorf("%s: %w", l.WASM, err)
	}
	manifest := Manifest{WASM: web.HashedName(wasmName, wasm)}
	if err := os.WriteFile(filepath.Join(l.Out, manifest.WASM), wasm, 0o644); err != nil {
		return Manifest{}, err
	}
	if err := nameWASMInPage(l.Out, manifest.WASM); err != nil {
		return Manifest{}, err
	}
	if err := prerender(l.Out); err != nil {
		return Manifest{}, err
	}
	if err := bundleModules(l.Out); err != nil {
		return Manifest{}, err
	}
	if err := writeLazyEmbedPage(l.Out); err != nil {
		return Manifest{}, err
	}
	wasmExec, err := os.ReadFile(l.WASMExec)
	if err != nil {
		return Manifest{}, err
	}
	if err := os.WriteFile(filepath.Join(l.Out, "wasm_exec.js"), wasmExec, 0o644); err != nil {
		return Manifest{}, err
	}
	data, err := json.MarshalIndent(manifest, "", "  ")
	if err != nil {
		return Manifest{}, err
	}
	if err := os.WriteFile(filepath.Join(l.Out, ManifestName), append(data, '\n'), 0o644); err != nil {
		return Manifest{}, err
	}
	return manifest, precompressFolder(l.Out, reuse)
}

// emptyFolder removes everything in dir but keepFile, creating dir if needed,
// so that no WASM of an earlier build lingers under its old hash.
func emptyFolder(dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name() == keepFile {
			continue
		}
		if err := os.RemoveAll(filepath.Join(dir, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// copyStatic copies the page's files. A README documents the folder for its
// authors and dotfiles are tooling, so neither is deployed.
func copyStatic(from, to string) error {
	return filepath.WalkDir(from, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(from, path)
		if err != nil {
			return err
		}
		if rel == "." {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") || (!d.IsDir() && strings.HasPrefix(d.Name(), "README")) {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		target := filepath.Join(to, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s: not a regular file", path)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
