package cli

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// inputFile is one file named by -f, or standard input, as read.
type inputFile struct {
	// name is how diagnostics name it: the path as given, or stdinName.
	name string
	text string
}

// stdinName names standard input in positions, as compilers do.
const stdinName = "<stdin>"

// manifestExtensions are the files a directory given to -f contributes, as
// kubectl reads a directory.
var manifestExtensions = []string{".yaml", ".yml", ".json"}

// readInputs reads what the -f flags name, in their order: "-" is standard
// input (read once), a directory contributes its *.yaml, *.yml and *.json
// files, recursively in lexical order, and any other path is read whatever
// its name, so that `kubectl describe nodes > nodes.txt` or a file of
// `kubectl taint` lines can be named directly. All of them together are
// read within one inputBudget.
func readInputs(paths []string, stdin io.Reader) ([]inputFile, error) {
	if len(paths) == 0 {
		return nil, errors.New("no input: give -f FILE, -f DIRECTORY or -f - (standard input)")
	}
	budget := newInputBudget()
	var files []inputFile
	stdinRead := false
	for _, path := range paths {
		if path == "-" {
			if stdinRead {
				return nil, errors.New("-f -: standard input can be read once")
			}
			stdinRead = true
			text, err := budget.read(stdinName, stdin, 0)
			if err != nil {
				return nil, fmt.Errorf("reading standard input: %w", err)
			}
			files = append(files, inputFile{name: stdinName, text: text})
			continue
		}
		found, err := readPath(path, budget)
		if err != nil {
			return nil, err
		}
		files = append(files, found...)
	}
	return files, nil
}

// readPath reads one file, or the manifests of a directory.
func readPath(path string, budget *inputBudget) ([]inputFile, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		text, err := readFile(path, budget)
		if err != nil {
			return nil, err
		}
		return []inputFile{{name: path, text: text}}, nil
	}
	var files []inputFile
	err = filepath.WalkDir(path, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !slices.Contains(manifestExtensions, strings.ToLower(filepath.Ext(name))) {
			return err
		}
		text, err := readFile(name, budget)
		if err != nil {
			return err
		}
		files = append(files, inputFile{name: name, text: text})
		return nil
	})
	if err == nil && len(files) == 0 {
		err = fmt.Errorf("%s: the directory has no .yaml, .yml or .json file", path)
	}
	return files, err
}

// readFile reads one file within the budget.
func readFile(path string, budget *inputBudget) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var size int64
	if info, err := f.Stat(); err == nil && info.Mode().IsRegular() {
		size = info.Size()
	}
	return budget.read(path, f, size)
}
