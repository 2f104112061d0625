package browsertest

import (
	"errors"
	"os"
	"path/filepath"
)

// ModuleRoot is the folder holding go.mod, found from the working directory
// upward: go test runs each package in its own folder.
func ModuleRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("no go.mod above the working directory")
		}
		dir = parent
	}
}

// ArtifactsDir is test-artifacts/ at the module's root, where screenshots go;
// it is created when missing.
func ArtifactsDir() (string, error) {
	root, err := ModuleRoot()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(root, "test-artifacts")
	return dir, os.MkdirAll(dir, 0o755)
}
