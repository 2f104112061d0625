package e2e

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/bench"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// TestShareLinkRoundTrip changes the text, a setting and the clock speed,
// makes a share link, and opens it in a fresh browser: the same state and the
// same verdict.
func TestShareLinkRoundTrip(t *testing.T) {
	p := open(t, "/")
	p.typeAtEnd("pods", "# shared\n")
	p.click(`input[name="comparisonOperators"]`)
	p.click(`.js-clock-speeds input[value="60"]`)
	p.clickButton("Share link")
	link := browsertest.Run(p.Page, chromedp.Poll[string](`document.querySelector('.js-share-output').value`))
	if !strings.HasPrefix(link, p.site.URL+"/#s=") {
		t.Fatalf("share link %q does not start with %s/#s=", link, p.site.URL)
	}
	verdict := p.text(".js-verdict")
	p.finish("share-link")

	q := p.reopen(link)
	if got, want := q.value("pods"), docsPods+"# shared\n"; got != want {
		t.Errorf("the shared Pods text is %q; want %q", got, want)
	}
	if !browsertest.Run(q.Page, chromedp.Evaluate[bool](`document.querySelector('input[name="comparisonOperators"]').checked`)) {
		t.Error("the shared link lost the comparison-operators gate")
	}
	if !browsertest.Run(q.Page, chromedp.Evaluate[bool](`document.querySelector('.js-clock-speeds input[value="60"]').checked`)) {
		t.Error("the shared link lost the clock speed")
	}
	if got := q.text(".js-verdict"); got != verdict {
		t.Errorf("the shared link shows %q; the original showed %q", got, verdict)
	}
	q.finish("")
}

// TestBrokenShareLink opens damaged links after some work was saved: each
// gives a plain message and keeps the last saved text.
func TestBrokenShareLink(t *testing.T) {
	var bomb bytes.Buffer
	w, _ := flate.NewWriter(&bomb, flate.BestCompression)
	w.Write(bytes.Repeat([]byte(" "), 5<<20))
	w.Close()
	tests := []struct {
		name     string
		fragment string
		want     string
	}{
		{name: "not base64url", fragment: "#s=abc!def", want: "not valid base64url"},
		{name: "a broken percent-escape", fragment: "#s=%%%", want: `broken percent-escape, "%%%" at character 1`},
		{name: "a broken percent-escape in an escaped link", fragment: "#s%3D" + deflated(`{"v":1,"nodes":"","pods":""}`) + "%2", want: `broken percent-escape, "%2"`},
		{name: "cut short", fragment: "#s=" + base64.RawURLEncoding.EncodeToString(bomb.Bytes()[:8]), want: "does not decompress"},
		{name: "a small link that expands to 5 MiB", fragment: "#s=" + base64.RawURLEncoding.EncodeToString(bomb.Bytes()), want: "expands to more than 4 MiB"},
		{name: "valid JSON of the wrong shape", fragment: "#s=" + deflated(`{"v":1,"nodes":3,"pods":""}`), want: "nodes must be text"},
	}
	p := open(t, "/")
	p.typeAtEnd("pods", "# my work\n")
	saved := p.value("pods")
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			p.Navigate("about:blank")
			p.Navigate(p.site.URL + "/" + tc.fragment)
			p.waitFirstVerdict()
			notice := p.waitText(".js-notice", "This share link cannot be opened")
			if !strings.Contains(notice, tc.want) {
				t.Errorf("notice %q does not say %q", notice, tc.want)
			}
			if got := p.value("pods"); got != saved {
				t.Errorf("the Pods editor holds %q; want the saved %q", got, saved)
			}
		})
	}
	p.finish("broken-link")
}

// TestPercentEscapedShareLink opens a share link as a chat app or a mail
// client rewrites it, its "=" written %3D and its "-" and "_" %2D and %5F:
// the page shows the link's text, not the saved work, without a notice. In
// the full page, the docs embed and on a phone, light and dark.
func TestPercentEscapedShareLink(t *testing.T) {
	// The docs' pods and enough comment lines that the data has both a "-" and a "_".
	var pods, data string
	for n := 0; n < 100 && !(strings.Contains(data, "-") && strings.Contains(data, "_")); n++ {
		pods = docsPods + strings.Repeat("# shared through a chat app ~~~???>>>\n", n)
		data = deflated(fmt.Sprintf(`{"v":1,"nodes":%q,"pods":%q}`, docsNodes, pods))
	}
	if !strings.Contains(data, "-") || !strings.Contains(data, "_") {
		t.Fatalf("the link's data %q has no - or no _; the test needs both", data)
	}
	escaped := strings.NewReplacer("-", "%2D", "_", "%5f").Replace(data)
	eachView(t, func(t *testing.T, p *playground, view pageView) {
		p.typeAtEnd("pods", "# my work\n")
		for _, fragment := range []string{"#s%3D" + escaped, "#s=" + escaped, "#%73%3d" + data} {
			p.Navigate("about:blank")
			p.Navigate(p.site.URL + view.path + fragment)
			p.waitFirstVerdict()
			if got := p.value("pods"); got != pods {
				t.Errorf("%s…: the Pods editor holds %q; want the link's %q", fragment[:8], got, pods)
			}
			if notice := p.visibleText(".js-notice"); notice != "" {
				t.Errorf("%s…: the page says %q", fragment[:8], notice)
			}
		}
		p.finish("")
	})
}

// deflated is the share fragment data for a JSON text.
func deflated(json string) string {
	var b bytes.Buffer
	w, _ := flate.NewWriter(&b, flate.BestCompression)
	w.Write([]byte(json))
	w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// TestShareLinkFromAnotherVersion opens a link made when the page reproduced
// another Kubernetes release: the page shows it and says verdicts may differ.
func TestShareLinkFromAnotherVersion(t *testing.T) {
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	p.Navigate(site.URL + "/#s=" + deflated(`{"v":1,"nodes":"","pods":"","kubernetes":"v1.30"}`))
	notice := p.waitText(".js-notice", "reproduced Kubernetes v1.30")
	if !strings.Contains(notice, "some verdicts may differ") {
		t.Errorf("notice = %q", notice)
	}
	if got := p.value("nodes"); got != "" {
		t.Errorf("the link's empty Nodes text became %q", got)
	}
	p.finish("")
}

// TestBombLink opens, over saved work, a 1.4 MB share link whose data
// inflates to 1 GiB of zeros: the page refuses it with a plain message and
// keeps the saved text, and by its own count fed the decompressor only the
// first few KiB of the link and took out at most a few MiB past the 4 MiB cap
// (the work, not the time, is what is bounded).
func TestBombLink(t *testing.T) {
	fragment := bench.ShareBomb(1024)
	compressed := len(fragment) * 3 / 4
	p := open(t, "/")
	p.typeAtEnd("pods", "# my work\n")
	saved := p.value("pods")
	p.Navigate("about:blank")
	p.Navigate(p.site.URL + "/" + fragment)
	p.waitFirstVerdict()
	notice := p.waitText(".js-notice", "This share link cannot be opened")
	if !strings.Contains(notice, "expands to more than 4 MiB") {
		t.Errorf("notice %q does not say the link expands past the cap", notice)
	}
	if got := p.value("pods"); got != saved {
		t.Errorf("the Pods editor holds %q; want the saved %q", got, saved)
	}
	work := browsertest.Run(p.Page, chromedp.Evaluate[map[string]int](
		`(() => { const m = performance.getEntriesByName('share-inflate', 'measure')[0]; return m ? m.detail : {}; })()`))
	if fed := work["fed"]; fed == 0 || fed > compressed/50 {
		t.Errorf("the page fed the decompressor %d of the link's %d compressed bytes; want only the first few KiB", fed, compressed)
	}
	if inflated, most := work["inflated"], 4<<20+8<<20; inflated <= 4<<20 || inflated > most {
		t.Errorf("the page took %d inflated bytes out of the decompressor; want just past the 4 MiB cap, at most %d", inflated, most)
	}
	p.finish("")
}
