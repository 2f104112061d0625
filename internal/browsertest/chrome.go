package browsertest

import (
	"errors"
	"os"
	"os/exec"
)

// chromeNames are the browsers tried on PATH, in order.
var chromeNames = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"}

// Chrome finds the browser to drive: $CHROME when set, else the first of
// chromium, chromium-browser, google-chrome and google-chrome-stable on PATH.
func Chrome() (string, error) {
	if path := os.Getenv("CHROME"); path != "" {
		return exec.LookPath(path)
	}
	for _, name := range chromeNames {
		if path, err := exec.LookPath(name); err == nil {
			return path, nil
		}
	}
	return "", errors.New("no Chromium or Chrome on PATH: install one (make test does on Debian as root) or set CHROME")
}
