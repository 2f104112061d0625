package e2e

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// The user's own text is never replaced without a one-step way back: these
// tests pick examples, open share links, edit in two tabs and reload in the
// middle of a save, as a person does, and get their text back each time.

// restoreOffer is the restore notice's sentence, or "" while it is hidden.
func (p *playground) restoreOffer() string {
	p.t.Helper()
	return browsertest.Run(p.Page, chromedp.Evaluate[string](
		`(() => { const n = document.querySelector('.js-restore'); return n.hidden ? '' : n.querySelector('.js-restore-text').textContent; })()`))
}

// waitPods waits until the Pods editor holds want.
func (p *playground) waitPods(want string) {
	p.t.Helper()
	js := fmt.Sprintf(`document.querySelector('#pods-input').value === %q`, want)
	if _, err := chromedp.Run(p.Ctx, chromedp.Poll[chromedp.Void](js)); err != nil {
		p.t.Fatalf("waiting for the Pods editor to hold %q: %v\nit holds %q", want, err, p.value("pods"))
	}
}

// waitLarge waits until the editor has taken a pasted text into its
// large-document mode, which it does just before the page takes the text.
func (p *playground) waitLarge(editor string) {
	p.t.Helper()
	p.waitFor(fmt.Sprintf(`document.querySelector('[data-editor=%q]').classList.contains('editor--large')`, editor))
}

// TestExampleOverEditedText edits the text, picks a gallery example and gets
// the text back, with the notice's button and with the browser's Back; then
// edits an example, which makes it the user's, and still gets the earlier
// text back, after a reload too, while the edited example stays one click
// away.
func TestExampleOverEditedText(t *testing.T) {
	p := open(t, "/")
	p.typeAtEnd("pods", "# my own pods\n")
	mine := p.value("pods")
	cordoned := scenario(t, "cordoned-node")

	p.pickExample("cordon", cordoned.Title)
	scenarioView{p: p, scenario: cordoned}.checkVerdicts()
	p.Do(chromedp.NavigateBack())
	p.waitPods(mine)
	p.Do(chromedp.NavigateForward())
	p.waitPods(cordoned.Pods)
	if offer := p.restoreOffer(); !strings.Contains(offer, "You are viewing the example “"+cordoned.Title+"”") {
		t.Errorf("over the picked example the notice says %q", offer)
	}
	p.Screenshot("restore-viewing-example")
	p.clickButton("Back to my text")
	p.waitPods(mine)
	p.waitFor(`location.search === '' && document.querySelector('.js-restore').hidden`)

	p.pickExample("cordon", cordoned.Title)
	p.waitPods(cordoned.Pods)

	p.typeAtEnd("pods", "# edited example\n")
	edited := cordoned.Pods + "# edited example\n"
	p.waitFor(`location.search === ''`)
	p.waitText(".js-restore-text", "Your text from before the example “"+cordoned.Title+"” is kept.")
	p.Screenshot("restore-point")
	p.Navigate(p.site.URL + "/")
	p.waitFirstVerdict()
	p.waitPods(edited)
	p.waitText(".js-restore-text", "Your text from before the example")
	p.clickButton("Back to my text")
	p.waitPods(mine)
	p.waitText(".js-restore-text", "The text you left is kept.")
	p.clickButton("Show the text I left")
	p.waitPods(edited)
	p.finish("")
}

// TestShareLinkKeepsSavedWork opens someone's share link over saved work:
// playing the countdown is not an edit, so the saved work is untouched; typing
// one character makes the link's text the user's, and the saved work stays
// one click away.
func TestShareLinkKeepsSavedWork(t *testing.T) {
	p := open(t, "/")
	p.typeAtEnd("pods", "# my own pods\n")
	mine := p.value("pods")
	link := p.site.URL + "/#s=" + deflated(fmt.Sprintf(`{"v":1,"nodes":%q,"pods":%q}`, docsNodes, runningPod(30)))

	p.Navigate("about:blank")
	p.Navigate(link)
	p.waitFirstVerdict()
	p.waitPods(runningPod(30))
	p.clickButton("Play")
	p.waitFor(`document.querySelector('.js-clock-time').textContent !== 't = 0.0 s'`)
	p.clickButton("Pause")
	p.Navigate(p.site.URL + "/")
	p.waitFirstVerdict()
	if got := p.value("pods"); got != mine {
		t.Fatalf("after playing the shared clock the saved Pods are %q; want the user's %q", got, mine)
	}

	p.Navigate("about:blank")
	p.Navigate(link)
	p.waitFirstVerdict()
	p.waitPods(runningPod(30))
	p.waitText(".js-restore-text", "You are viewing the share link.")
	p.typeAtEnd("pods", "#")
	p.waitText(".js-restore-text", "Your text from before the share link is kept.")
	p.waitFor(`location.hash === ''`)
	p.clickButton("Back to my text")
	p.waitPods(mine)
	p.Navigate(p.site.URL + "/")
	p.waitFirstVerdict()
	if got := p.value("pods"); got != mine {
		t.Errorf("after going back to my text and reloading, the Pods are %q; want %q", got, mine)
	}
	p.finish("")
}

// TestTwoTabsDoNotOverwrite edits in two tabs of one browser: the tab opened
// before the other's edit says another tab saved newer work and does not
// save its own over it; keeping its own keeps the other's as a restore
// point, and the first tab, told in turn, loads the newer work and can go
// back to its own.
func TestTwoTabsDoNotOverwrite(t *testing.T) {
	site := browsertest.Serve(t)
	b := browsertest.NewBrowser(t)
	first := &playground{Page: b.NewPage(t), t: t, site: site}
	first.Navigate(site.URL + "/")
	first.waitFirstVerdict()
	second := &playground{Page: b.NewPage(t), t: t, site: site}
	second.Navigate(site.URL + "/")
	second.waitFirstVerdict()

	first.typeAtEnd("pods", "# from the first tab\n")
	fromFirst := first.value("pods")
	first.waitFor(`(localStorage.getItem('taint-playground:state') || '').includes('from the first tab')`)

	second.typeAtEnd("pods", "# from the second tab\n")
	fromSecond := second.value("pods")
	// Wait until the second tab has either saved over the first's work or said why it did not.
	second.waitFor(`(localStorage.getItem('taint-playground:state') || '').includes('from the second tab') || (document.querySelector('.js-newer') && !document.querySelector('.js-newer').hidden)`)
	third := &playground{Page: b.NewPage(t), t: t, site: site}
	third.Navigate(site.URL + "/")
	third.waitFirstVerdict()
	if got := third.value("pods"); got != fromFirst {
		t.Fatalf("a tab opened after both edits shows %q; want the first tab's newer %q", got, fromFirst)
	}
	second.waitText(".js-newer-text", "Another tab saved newer work")
	second.Screenshot("newer-work")

	second.clickButton("Keep this tab’s text")
	second.waitText(".js-restore-text", "The other tab’s work, saved at")
	second.waitFor(`(localStorage.getItem('taint-playground:state') || '').includes('from the second tab')`)

	first.waitText(".js-newer-text", "Another tab saved newer work")
	first.clickButton("Load the newer work")
	first.waitPods(fromSecond)
	first.waitText(".js-restore-text", "This tab’s text from before you loaded the newer work is kept.")
	first.clickButton("Back to this tab’s text")
	first.waitPods(fromFirst)
	for _, p := range []*playground{first, second, third} {
		p.finish("")
	}
}

// TestReloadMidSave pastes text too long for localStorage's usual share
// (1.2 MB, saved to IndexedDB) and reloads as soon as the editor holds it:
// the page finishes the save as it goes and shows the text after the reload.
// Text too long even for that (6 MB) cannot be finished in time, and after
// the reload the page says so and shows the newest text it kept.
func TestReloadMidSave(t *testing.T) {
	p := open(t, "/")
	text, count := bigNodes(12 << 17)
	p.paste("nodes", text)
	p.waitLarge("nodes")
	p.Do(chromedp.Reload())
	p.waitFirstVerdict()
	p.waitText(".js-results-summary", fmt.Sprintf("%d nodes", count))
	p.checkCopied("nodes", text)
	if browsertest.Run(p.Page, chromedp.Evaluate[bool](`!document.querySelector('.js-notice').hidden`)) {
		t.Errorf("after a reload that kept the text, the page says %q", p.text(".js-notice-text"))
	}

	huge, _ := bigNodes(6 << 20)
	p.paste("nodes", huge+"# the end of 6 MB")
	// The paste ends with the caret on its last line, which the editor then shows.
	p.waitFor(`document.querySelector('#nodes-input').value.includes('# the end of 6 MB')`)
	p.Do(chromedp.Reload())
	p.waitFirstVerdict()
	p.waitText(".js-notice-text", "was still being saved when the page closed, and the save did not finish: this page shows the newest text this browser kept.")
	p.waitText(".js-results-summary", fmt.Sprintf("%d nodes", count))
	p.checkCopied("nodes", text)
	p.finish("reload-mid-save")
}

// TestKeepWorkNoticesFit opens a share link over saved work, and types in
// it, on a phone (390 × 844) and in the embed (800 px wide), light and
// dark: the notice about the link, then the one offering the earlier text,
// fit the width with their buttons in reach (screenshots keep each state).
// The embed's saved work is its own edit of the same link: an embed keeps
// its edits apart for each link it shows.
func TestKeepWorkNoticesFit(t *testing.T) {
	link := "#s=" + deflated(fmt.Sprintf(`{"v":1,"nodes":%q,"pods":%q}`, docsNodes, runningPod(30)))
	for _, tc := range []struct {
		name, path, saved string
		width, height     int64
	}{
		{"phone", "/", "", 390, 844},
		{"embed", "/?embed&view=edit", link, 800, 900},
	} {
		for _, scheme := range []string{"light", "dark"} {
			t.Run(tc.name+"-"+scheme, func(t *testing.T) {
				p := openWithScheme(t, scheme)
				p.Do(chromedp.EmulateViewport(tc.width, tc.height))
				p.Navigate(p.site.URL + tc.path + tc.saved)
				p.waitFirstVerdict()
				p.typeAtEnd("pods", "# my own pods\n")
				p.Navigate("about:blank")
				p.Navigate(p.site.URL + tc.path + link)
				p.waitFirstVerdict()
				p.waitText(".js-restore-text", "You are viewing the share link.")
				p.checkNoticeFits()
				p.Screenshot("notice-viewing-" + tc.name + "-" + scheme)
				p.typeAtEnd("pods", "#")
				p.waitText(".js-restore-text", "Your text from before the share link is kept.")
				p.checkNoticeFits()
				p.Screenshot("notice-restore-" + tc.name + "-" + scheme)
				p.finish("")
			})
		}
	}
}

// openWithScheme is a fresh browser whose prefers-color-scheme is scheme, on no page yet.
func openWithScheme(t *testing.T, scheme string) *playground {
	t.Helper()
	p := &playground{Page: browsertest.NewBrowser(t).NewPage(t), t: t, site: browsertest.Serve(t)}
	if _, err := chromedp.Call(p.Ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{
		Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}},
	}); err != nil {
		t.Fatal(err)
	}
	return p
}

// checkNoticeFits checks that the page does not scroll sideways and that the
// restore notice's buttons lie inside the viewport's width.
func (p *playground) checkNoticeFits() {
	p.t.Helper()
	overflow := browsertest.Run(p.Page, chromedp.Evaluate[string](`(() => {
		const width = document.documentElement.clientWidth;
		if (document.documentElement.scrollWidth > width) return 'the page is ' + document.documentElement.scrollWidth + ' px wide in ' + width;
		const out = [...document.querySelectorAll('.js-restore button')].find((b) => b.getBoundingClientRect().right > width || b.getBoundingClientRect().left < 0);
		return out ? 'the button ' + out.textContent + ' reaches past the edge' : '';
	})()`))
	if overflow != "" {
		p.t.Error(overflow)
	}
}
