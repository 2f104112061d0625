package e2e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/browsertest"
	"github.com/taint-playground/taint-playground/web"
)

// docsPage is a docs page of another origin that embeds the playground and
// sizes the frame from the height the playground posts, as the embed
// snippet's script does.
const docsPage = `<!doctype html>
<title>Docs</title>
<h1>Taints and tolerations</h1>
<iframe id="playground" src="%s/?embed" title="Taint Playground" width="100%%" height="150"></iframe>
<script>
addEventListener('message', (e) => {
  if (e.origin !== %q || !e.data || e.data.type !== 'taint-playground:height') return;
  document.getElementById('playground').height = e.data.height;
});
</script>`

// TestEmbedInIframe embeds the playground in a page served by the test: the
// compact layout shows a verdict without the header, and the frame grows to
// the height the playground reports.
func TestEmbedInIframe(t *testing.T) {
	site := browsertest.Serve(t)
	docs := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, docsPage, site.URL, site.URL)
	}))
	t.Cleanup(docs.Close)

	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	p.Navigate(docs.URL)
	p.waitFor(`document.getElementById('playground').height > 400`)
	frame := browsertest.Run(p.Page, chromedp.Nodes(chromedp.CSS("#playground")))[0]
	browsertest.Run(p.Page, chromedp.Poll[chromedp.Void](`document.querySelector('[data-first-verdict]')`, chromedp.WithPollingInFrame(frame)))

	// The compact layout: embed mode, no header.
	browsertest.Run(p.Page, chromedp.Poll[chromedp.Void](
		`document.documentElement.classList.contains('is-embed') && getComputedStyle(document.querySelector('.site-header')).display === 'none'`,
		chromedp.WithPollingInFrame(frame)))
	// Once the frame's content is complete (the explained taints, the
	// settings' additions), the frame takes the content's height.
	browsertest.Run(p.Page, chromedp.Poll[chromedp.Void](`document.querySelector('.js-taint-row') && document.querySelector('.js-settings-added li')`, chromedp.WithPollingInFrame(frame)))
	content := browsertest.Run(p.Page, chromedp.Poll[float64](`Math.ceil(document.documentElement.getBoundingClientRect().height)`, chromedp.WithPollingInFrame(frame)))
	p.waitFor(fmt.Sprintf(`document.getElementById('playground').height === '%v'`, content))
	p.Screenshot("embed")
	p.CheckNoProblems()
}

// TestEmbedSnippet copies the embed snippet of the page's own text, in the
// edit view: an iframe of this page in embed mode, with the state in the
// link, and embed-host.js rather than inline script. Pasted into a docs page
// of another origin with a strict CSP, the frame fits its content. The
// compact page itself has no header and no authoring buttons.
func TestEmbedSnippet(t *testing.T) {
	p := open(t, "/")
	p.openEmbedBuilder()
	p.click(`.js-embed-views input[value="edit"]`)
	p.waitFor(`document.querySelector('.js-embed-output').value.includes('view=edit')`)
	snippet, _ := p.builtSnippet()
	for _, want := range []string{`<iframe src="` + p.site.URL + `/?embed&amp;view=edit#s=`, `<script src="` + p.site.URL + `/embed-host.js" defer></script>`, `title="Taint Playground`} {
		if !strings.Contains(snippet, want) {
			t.Errorf("the embed snippet lacks %q:\n%s", want, snippet)
		}
	}
	p.finish("embed-snippet")

	compact := p.reopen(p.site.URL + "/?embed")
	if display := browsertest.Run(compact.Page, chromedp.Evaluate[string](`getComputedStyle(document.querySelector('.site-header')).display`)); display != "none" {
		t.Errorf("embed mode shows the header (display %q)", display)
	}
	for _, label := range authoringButtons {
		if shown := browsertest.Run(compact.Page, chromedp.Evaluate[bool](fmt.Sprintf(`[...document.querySelectorAll('button')].some((b) => b.textContent.trim() === %q && b.getClientRects().length > 0)`, label))); shown {
			t.Errorf("embed mode shows the button %q", label)
		}
	}
	if got := compact.text(".site-footer .js-k8s-version"); got == "" || got == "…" {
		t.Errorf("embed mode does not name the Kubernetes version: %q", got)
	}
	compact.finish("")

	p.Navigate(serveDocs(t, p.site.URL, "<!doctype html>\n<title>Docs</title>\n"+snippet))
	frame := p.frames(examples.Scenario{Slug: "the pasted snippet"})[0]
	inFrame[chromedp.Void](frame, `document.querySelector('[data-first-verdict]')`)
	frame.waitFitted()
	p.CheckNoProblems()
}

// TestBlockedStorage runs the page where touching localStorage throws, as in
// a third-party iframe with storage blocked: verdicts and typing still work,
// and the page says a reload will not keep the text.
func TestBlockedStorage(t *testing.T) {
	p := openBlockedStorage(t, "/")
	p.waitFirstVerdict()
	p.waitShown(".js-storage-note", "a reload will not keep it")
	p.paste("pods", runningPod(60))
	p.waitText(".js-verdict", "Evicted in 1 min")
	p.finish("")
}

// openBlockedStorage is open, in a page where touching localStorage throws,
// but without waiting for a verdict.
func openBlockedStorage(t *testing.T, path string) *playground {
	t.Helper()
	return openBlocking(t, "localStorage", path)
}

// openBlocking opens path in a page where touching window[property]
// (localStorage, indexedDB) throws, as in a third-party iframe or a private
// window with storage blocked, without waiting for a verdict.
func openBlocking(t *testing.T, property, path string) *playground {
	t.Helper()
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	if _, err := chromedp.Call(p.Ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{
		Source: fmt.Sprintf(`Object.defineProperty(window, %q, { get() { throw new DOMException(%q, 'SecurityError'); } });`, property, property+" is blocked"),
	}); err != nil {
		t.Fatal(err)
	}
	p.Navigate(site.URL + path)
	return p
}

// serveWithout serves the built site but answers 404 for paths ending in
// suffix, and returns the server's URL.
func serveWithout(t *testing.T, site *browsertest.Site, suffix string) string {
	t.Helper()
	handler, err := web.NewHandler(os.DirFS(site.Dir))
	if err != nil {
		t.Fatal(err)
	}
	server := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasSuffix(r.URL.Path, suffix) {
			http.NotFound(w, r)
			return
		}
		handler.ServeHTTP(w, r)
	}))
	t.Cleanup(server.Close)
	return server.URL
}
