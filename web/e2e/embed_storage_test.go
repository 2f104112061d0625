package e2e

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/taint-playground/taint-playground/examples"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// A docs page on another port of the playground's host, or on a sibling
// subdomain, is the same site as the playground: the browser gives the
// frames it holds the playground's own storage. These tests edit in such
// frames and check that the reader's work in the full playground never
// notices.

// framesPage is a docs page that frames the playground at each path (such
// as "/?embed&view=edit"), with embed-host.js, as the snippet writes it.
func framesPage(playground string, paths ...string) string {
	var b strings.Builder
	b.WriteString("<!doctype html>\n<title>Docs</title>\n<h1>Taints</h1>\n")
	for _, path := range paths {
		fmt.Fprintf(&b, "<iframe src=\"%s%s\" title=\"Taint Playground\" width=\"100%%\" height=\"640\"></iframe>\n", playground, strings.ReplaceAll(path, "&", "&amp;"))
	}
	fmt.Fprintf(&b, "<script src=\"%s/embed-host.js\" defer></script>\n", playground)
	return b.String()
}

// embedFrames waits for the docs page's n frames, each showing its first
// verdict once scrolled into view (Chromium holds back a frame of another
// origin while it is off screen).
func (p *playground) embedFrames(n int) []scenarioView {
	p.t.Helper()
	placeholders := make([]examples.Scenario, n)
	for i := range placeholders {
		placeholders[i].Slug = fmt.Sprintf("frame %d", i)
	}
	frames := p.frames(placeholders...)
	for i, f := range frames {
		browsertest.Run(p.Page, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`document.querySelectorAll('iframe')[%d].scrollIntoView()`, i)))
		inFrame[chromedp.Void](f, `document.documentElement.classList.contains('is-embed') && document.querySelector('[data-first-verdict]')`)
	}
	return frames
}

// typeInFrame clicks into the frame's Pods editor, as a reader does, and
// types text at its end.
func typeInFrame(f scenarioView, text string) {
	f.p.t.Helper()
	clickInFrame(f, "#pods-input")
	f.p.Do(chromedp.KeyEvent(kb.End, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	inFrame[chromedp.Void](f, `(() => { const input = document.querySelector('#pods-input'); return document.activeElement === input && input.selectionStart === input.value.length; })()`)
	f.p.Do(chromedp.KeyEvent(text))
	inFrame[chromedp.Void](f, fmt.Sprintf(`document.querySelector('#pods-input').value.endsWith(%q)`, text))
}

// waitStoredInFrame waits until the frame has stored text, wherever the page
// keeps it (localStorage or sessionStorage), or has said why it did not:
// another tab saved newer work.
func waitStoredInFrame(f scenarioView, text string) {
	f.p.t.Helper()
	inFrame[chromedp.Void](f, fmt.Sprintf(`[localStorage, sessionStorage].some((s) => Object.keys(s).some((k) => s.getItem(k).includes(%q))) || !document.querySelector('.js-newer').hidden`, text))
	if newer := inFrame[string](f, `document.querySelector('.js-newer').hidden ? 'hidden' : document.querySelector('.js-newer-text').textContent`); newer != "hidden" {
		f.p.t.Errorf("the frame %d says %q", f.index, newer)
	}
}

// playgroundStorage is the full playground's localStorage (its keys but the
// theme), as JSON: the user's work, its revision and restore points.
const playgroundStorage = `JSON.stringify(Object.keys(localStorage).filter((k) => k.startsWith('taint-playground:') && k !== 'taint-playground:theme').sort().map((k) => [k, localStorage.getItem(k)]))`

// syncStorage writes a mark into localStorage from the frame and waits
// until the full page reads it: the storage events of every write the frame
// made before it have then reached the full page.
func syncStorage(f scenarioView, full *playground, mark string) {
	f.p.t.Helper()
	inFrame[chromedp.Void](f, fmt.Sprintf(`(localStorage.setItem('e2e:sync', %q), true)`, mark))
	full.waitFor(fmt.Sprintf(`localStorage.getItem('e2e:sync') === %q`, mark))
	full.waitFor(`new Promise((resolve) => setTimeout(() => resolve(true)))`)
}

// TestEmbedsNeverTouchTheReadersWork types in the full playground, then
// edits in embed frames (the default text, an example, a share link) on two
// docs pages, each on its own port of 127.0.0.1, the playground's site,
// while the full page is open in another tab: the frames never show the
// reader's text, the full page never says another tab saved newer work, and
// its storage (work, revision, restore points) is as it was, so it opens
// again on the reader's text. Each frame keeps its own edit: after a reload
// of the first docs page, the default text's frame shows it, and the
// example's frame shows the example with the edit one click away.
//
// Each step has a tab of its own: a tab gets browsertest.PageTimeout in all,
// and the frames' engines start slowly on a busy machine.
func TestEmbedsNeverTouchTheReadersWork(t *testing.T) {
	site := browsertest.Serve(t)
	b := browsertest.NewBrowser(t)
	tab := func() *playground { return &playground{Page: b.NewPage(t), t: t, site: site} }
	openFull := func() *playground {
		full := tab()
		full.Navigate(site.URL + "/")
		full.waitFirstVerdict()
		return full
	}
	full := openFull()
	full.typeAtEnd("pods", "# my own pods\n")
	mine := full.value("pods")
	full.waitFor(`(localStorage.getItem('taint-playground:state') || '').includes('# my own pods')`)
	before := browsertest.Run(full.Page, chromedp.Evaluate[string](playgroundStorage))
	full.finish("")

	cordoned := scenario(t, "cordoned-node")
	shared := scenario(t, "toleration-order-matters")
	link := "#s=" + deflated(fmt.Sprintf(`{"v":1,"nodes":%q,"pods":%q}`, shared.Nodes, shared.Pods))
	pages := [][]string{
		{"/?embed&view=edit", "/?embed&example=" + cordoned.Slug + "&view=edit"},
		{"/?embed&example=docs-three-taints&view=edit", "/?embed&view=edit" + link},
	}
	for i, paths := range pages {
		docs := tab()
		docs.Navigate(serveDocs(t, site.URL, framesPage(site.URL, paths...)))
		frames := docs.embedFrames(len(paths))
		// The reader's full page, open in another tab while they read the docs.
		watcher := openFull()
		if got := watcher.value("pods"); got != mine {
			t.Fatalf("before docs page %d, the full page shows Pods %q; want the reader's %q", i+1, got, mine)
		}
		for j, f := range frames {
			if got := inFrame[string](f, `document.querySelector('#pods-input').value`); got == mine {
				t.Errorf("the frame of %s shows the reader's own text", paths[j])
			}
			edit := fmt.Sprintf("# docs page %d frame %d", i+1, j+1)
			typeInFrame(f, edit)
			waitStoredInFrame(f, edit)
		}
		syncStorage(frames[len(frames)-1], watcher, fmt.Sprint(i))
		if !browsertest.Run(watcher.Page, chromedp.Evaluate[bool](`document.querySelector('.js-newer').hidden`)) {
			t.Errorf("after the edits in the frames of docs page %d, the full page says %q", i+1, watcher.text(".js-newer-text"))
		}
		if after := browsertest.Run(watcher.Page, chromedp.Evaluate[string](playgroundStorage)); after != before {
			t.Errorf("the embeds of docs page %d changed the playground's storage:\nbefore %s\nafter  %s", i+1, before, after)
		}
		watcher.finish("")
		if i > 0 {
			docs.CheckNoProblems()
			continue
		}
		docs.Do(chromedp.Reload())
		frames = docs.embedFrames(len(paths))
		inFrame[chromedp.Void](frames[0], `document.querySelector('#pods-input').value.endsWith('# docs page 1 frame 1')`)
		inFrame[chromedp.Void](frames[1], fmt.Sprintf(`document.querySelector('#pods-input').value === %q`, cordoned.Pods))
		inFrame[chromedp.Void](frames[1], fmt.Sprintf(`document.querySelector('.js-restore-text').textContent.includes(%q)`, "You are viewing the example “"+cordoned.Title+"”"))
		clickInFrame(frames[1], ".js-restore-back")
		inFrame[chromedp.Void](frames[1], `document.querySelector('#pods-input').value.endsWith('# docs page 1 frame 2')`)
		docs.Screenshot("embeds-keep-their-own")
		docs.CheckNoProblems()
	}

	reopened := openFull()
	if got := reopened.value("pods"); got != mine {
		t.Errorf("after the embeds' edits, the full page shows Pods %q; want the reader's %q", got, mine)
	}
	if offer := reopened.restoreOffer(); offer != "" {
		t.Errorf("after the embeds' edits, the full page offers %q", offer)
	}
	for _, notice := range []string{".js-newer", ".js-notice"} {
		if !browsertest.Run(reopened.Page, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q).hidden`, notice))) {
			t.Errorf("after the embeds' edits, the full page says %q", reopened.text(notice))
		}
	}
	reopened.finish("")
}

// TestSameEmbedTwiceOnAPage frames the same example, editable, twice in one
// docs page: the two frames keep their edits in one place (the tab's, for
// that example), and an edit in one does not interrupt the other with a
// notice that another tab saved newer work.
func TestSameEmbedTwiceOnAPage(t *testing.T) {
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	path := "/?embed&example=cordoned-node&view=edit"
	p.Navigate(serveDocs(t, site.URL, framesPage(site.URL, path, path)))
	frames := p.embedFrames(2)
	typeInFrame(frames[0], "# the first frame")
	waitStoredInFrame(frames[0], "# the first frame")
	// A mark written after the edit: once the second frame sees it, it has heard of the edit too.
	inFrame[chromedp.Void](frames[0], `(sessionStorage.setItem('e2e:sync', 'edited'), true)`)
	inFrame[chromedp.Void](frames[1], `sessionStorage.getItem('e2e:sync') === 'edited' && new Promise((resolve) => setTimeout(() => resolve(true)))`)
	if newer := inFrame[string](frames[1], `document.querySelector('.js-newer').hidden ? 'hidden' : document.querySelector('.js-newer-text').textContent`); newer != "hidden" {
		t.Errorf("an edit in one frame made the other say %q", newer)
	}
	p.CheckNoProblems()
}

// siteFrame is a frame of another site than its parent's, which Chromium
// runs in a process, and a DevTools target, of its own: ctx is attached to it.
type siteFrame struct {
	p   *playground
	ctx context.Context
}

// frameOfSite attaches to the frame whose address starts with url.
func frameOfSite(p *playground, url string) siteFrame {
	p.t.Helper()
	for {
		targets, err := chromedp.Targets(p.Ctx)
		if err != nil {
			p.t.Fatal(err)
		}
		for _, info := range targets {
			if info.Type == "iframe" && strings.HasPrefix(info.URL, url) {
				ctx, cancel := chromedp.NewContext(p.Ctx, chromedp.WithTargetID(info.TargetID))
				p.t.Cleanup(cancel)
				return siteFrame{p: p, ctx: ctx}
			}
		}
		if err := p.Ctx.Err(); err != nil {
			p.t.Fatalf("no frame of %s: %v", url, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// wait polls the JavaScript expression in the frame until it is truthy.
func (f siteFrame) wait(expression string) {
	f.p.t.Helper()
	if _, err := chromedp.Run(f.ctx, chromedp.Poll[chromedp.Void](expression)); err != nil {
		f.p.t.Fatalf("waiting in the frame for %s: %v", expression, err)
	}
}

// typeAtEnd clicks the frame's Pods editor with the mouse, in the docs
// page's coordinates, and types text at its end.
func (f siteFrame) typeAtEnd(text string) {
	f.p.t.Helper()
	at := func() []float64 {
		inner, err := chromedp.Run(f.ctx, chromedp.Poll[[]float64](`(() => { const r = document.querySelector('#pods-input').getBoundingClientRect(); return [r.left + r.width / 2, r.top + Math.min(r.height / 2, 20)]; })()`))
		if err != nil {
			f.p.t.Fatal(err)
		}
		outer := browsertest.Run(f.p.Page, chromedp.Evaluate[[]float64](`(() => { const f = document.querySelector('iframe'); const r = f.getBoundingClientRect(); return [r.left + f.clientLeft, r.top + f.clientTop]; })()`))
		return []float64{outer[0] + inner[0], outer[1] + inner[1]}
	}
	// Bring the editor to a third of the way down the docs page, and wait until it stands still there.
	point := at()
	browsertest.Run(f.p.Page, chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`scrollBy(0, %f - innerHeight / 3)`, point[1])))
	for still := 0; still < 3; {
		time.Sleep(50 * time.Millisecond)
		next := at()
		if next[0] == point[0] && next[1] == point[1] {
			still++
		} else {
			still = 0
		}
		point = next
	}
	f.p.Do(chromedp.MouseClickXY(point[0], point[1]))
	f.wait(`document.activeElement === document.querySelector('#pods-input')`)
	f.p.Do(chromedp.KeyEvent(kb.End, chromedp.KeyModifiers(chromedp.ModifierCtrl)))
	f.wait(`(() => { const input = document.querySelector('#pods-input'); return input.selectionStart === input.value.length; })()`)
	f.p.Do(chromedp.KeyEvent(text))
	f.wait(fmt.Sprintf(`document.querySelector('#pods-input').value.endsWith(%q)`, text))
}

// TestEmbedInCrossSiteParent frames the edit view in a docs page of another
// site (localhost framing 127.0.0.1), where the browser partitions the
// frame's storage or refuses it: the frame shows its verdicts and takes an
// edit, which "Open in the playground" then carries.
func TestEmbedInCrossSiteParent(t *testing.T) {
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	docs := serveDocs(t, site.URL, embedDocsPage(site.URL, "&view=edit"))
	p.Navigate(strings.Replace(docs, "127.0.0.1", "localhost", 1))
	f := frameOfSite(p, site.URL)
	f.wait(`document.documentElement.classList.contains('is-embed') && document.querySelector('[data-first-verdict]')`)
	f.typeAtEnd("#")
	f.wait(`document.querySelector('.js-embed-open').href.includes('#s=')`)
	p.CheckNoProblems()
}

// TestOnlyTheEmbedMayBeFramed frames the playground twice in a docs page of
// another origin: the full page (an example link) and the embed of the same
// example. The browser refuses the full page (frame-ancestors 'self'), so
// another site cannot show the reader's saved work in a frame of its own,
// and shows the embed.
func TestOnlyTheEmbedMayBeFramed(t *testing.T) {
	site := browsertest.Serve(t)
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: site}
	p.Navigate(serveDocs(t, site.URL, framesPage(site.URL, "/?example=docs-three-taints", "/?embed&example=docs-three-taints")))
	frames := p.frames(scenario(t, "docs-three-taints"), scenario(t, "docs-three-taints"))
	frames[1].checkVerdicts()
	// A refused frame shows the browser's error page instead.
	if href := inFrame[string](frames[0], `location.href !== 'about:blank' && location.href`); strings.HasPrefix(href, site.URL) {
		t.Errorf("a page of another origin frames the full playground (%s)", href)
	}
	// The browser says why, in the docs page's log; nothing else goes wrong.
	refusal := "violates the following Content Security Policy directive: \"frame-ancestors 'self'\""
	for {
		problems := p.Problems()
		refused := 0
		for _, problem := range problems {
			if strings.Contains(problem.Text, refusal) {
				refused++
			} else {
				t.Errorf("the docs page reported %s", problem)
			}
		}
		if refused > 0 || t.Failed() {
			break
		}
		if err := p.Ctx.Err(); err != nil {
			t.Fatalf("the browser never said it refused to frame the full page: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	p.Screenshot("embed-only-framed")
}
