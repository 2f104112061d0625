package browsertest

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// DocsPolicy is the strict Content-Security-Policy of a docs site that
// embeds the playground served at playground: no inline script or style,
// the playground's origin allowed only in script-src (embed-host.js) and
// frame-src.
func DocsPolicy(playground string) string {
	return fmt.Sprintf("default-src 'self'; script-src %s; frame-src %s; style-src 'self'", playground, playground)
}

// ServeDocs serves site as a docs site on an origin of its own (another
// port than the playground's), under DocsPolicy, for the rest of the test,
// and returns its URL.
func ServeDocs(t testing.TB, playground string, site http.Handler) string {
	t.Helper()
	csp := DocsPolicy(playground)
	docs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/favicon.ico" {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Security-Policy", csp)
		site.ServeHTTP(w, r)
	}))
	t.Cleanup(docs.Close)
	return docs.URL
}

// BuildHugoSite builds examples/embed/hugo, the multilingual docs site that
// embeds gallery examples with the shortcode, with the hugo on PATH (make
// test installs Debian's) into a folder of the test's, the site's
// playground set to playground, and returns the folder. Hugo writes nothing
// into the source folder: no build lock, its resources and cache in the
// test's folders.
func BuildHugoSite(t testing.TB, playground string) string {
	t.Helper()
	hugo, err := exec.LookPath("hugo")
	if err != nil {
		t.Fatal("browsertest: the Hugo site needs hugo on PATH: make test installs Debian's (apt-get install hugo)")
	}
	root, err := ModuleRoot()
	if err != nil {
		t.Fatalf("browsertest: %v", err)
	}
	out, work := t.TempDir(), t.TempDir()
	build := exec.Command(hugo, "--source", filepath.Join(root, "examples", "embed", "hugo"), "--destination", out,
		"--noBuildLock", "--cacheDir", filepath.Join(work, "cache"), "--quiet", "--panicOnWarning")
	build.Env = append(os.Environ(),
		"HUGO_PARAMS_TAINTPLAYGROUND_URL="+playground,
		"HUGO_RESOURCEDIR="+filepath.Join(work, "resources"))
	if output, err := build.CombinedOutput(); err != nil {
		t.Fatalf("hugo: %v\n%s", err, output)
	}
	return out
}

// ServeDocsPage serves html at / as a docs site, as ServeDocs does.
func ServeDocsPage(t testing.TB, playground, html string) string {
	t.Helper()
	return ServeDocs(t, playground, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, html)
	}))
}
