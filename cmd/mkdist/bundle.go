package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/evanw/esbuild/pkg/api"
)

// entryModule is the page's one module script; entryScript is its tag in
// index.html.
const (
	entryModule = "main.js"
	entryScript = `<script type="module" src="` + entryModule + `" async></script>`
)

// bundleModules replaces main.js in the site with one file holding it and
// every module it imports, statically or with import(), and removes those
// modules' own files. Served one by one, the page's 47 modules took 47
// requests that queued behind one another on HTTP/1.1's six connections
// and ahead of worker.js: the last of them arrived 270 ms after
// navigation, and the worker started after that. The bundle is not
// minified, so a stack trace in the browser names the functions the
// repository holds (esbuild drops comments); a module imported with
// import() still runs only when imported.
func bundleModules(dir string) error {
	page, err := os.ReadFile(filepath.Join(dir, pageName))
	if err != nil {
		return err
	}
	if n := bytes.Count(page, []byte(entryScript)); n != 1 {
		return fmt.Errorf("%s: %d tags %s; want one", pageName, n, entryScript)
	}
	root, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	result := api.Build(api.BuildOptions{
		AbsWorkingDir:  root,
		EntryPoints:    []string{entryModule},
		Outfile:        filepath.Join(root, entryModule),
		AllowOverwrite: true,
		Bundle:         true,
		Format:         api.FormatESModule,
		Target:         api.ESNext,
		Charset:        api.CharsetUTF8,
		LegalComments:  api.LegalCommentsNone,
		Metafile:       true,
		LogLevel:       api.LogLevelSilent,
	})
	if len(result.Errors) > 0 {
		return fmt.Errorf("bundling %s: %s", entryModule, describe(result.Errors))
	}
	if len(result.Warnings) > 0 {
		return fmt.Errorf("bundling %s: %s", entryModule, describe(result.Warnings))
	}
	inputs, err := bundledInputs(result.Metafile)
	if err != nil {
		return err
	}
	for _, file := range result.OutputFiles {
		if err := os.WriteFile(file.Path, file.Contents, 0o644); err != nil {
			return err
		}
	}
	for _, input := range inputs {
		if input == entryModule {
			continue
		}
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(input))); err != nil {
			return err
		}
	}
	return nil
}

// describe is esbuild's messages, each with the file and line it is about.
func describe(messages []api.Message) string {
	var all []string
	for _, m := range messages {
		if m.Location == nil {
			all = append(all, m.Text)
			continue
		}
		all = append(all, fmt.Sprintf("%s:%d:%d: %s", m.Location.File, m.Location.Line, m.Location.Column+1, m.Text))
	}
	return strings.Join(all, "; ")
}

// bundledInputs is the site's files the bundle holds, by path relative to
// the site, from esbuild's metafile.
func bundledInputs(metafile string) ([]string, error) {
	var meta struct {
		Inputs map[string]json.RawMessage `json:"inputs"`
	}
	if err := json.Unmarshal([]byte(metafile), &meta); err != nil {
		return nil, fmt.Errorf("esbuild's metafile: %w", err)
	}
	inputs := make([]string, 0, len(meta.Inputs))
	for input := range meta.Inputs {
		inputs = append(inputs, input)
	}
	slices.Sort(inputs)
	return inputs, nil
}
