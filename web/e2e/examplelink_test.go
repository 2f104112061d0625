package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// TestExampleLink opens gallery scenarios by link, ?example=<slug>: the
// scenario shows with its verdicts and is marked in the gallery, but the
// user's saved work is kept until they edit what the link showed. An
// embed's edit of the example is kept apart, under the address it keeps,
// and the saved work stays the user's. A name no scenario has says so and
// shows the saved work.
func TestExampleLink(t *testing.T) {
	p := open(t, "/")
	p.typeAtEnd("pods", "# my own pods")
	p.waitText(".js-editor[data-editor=pods] .js-editor-layer", "# my own pods")

	docs := scenario(t, "docs-three-taints")
	p.Navigate(p.site.URL + "/?example=" + docs.Slug)
	scenarioView{p: p, scenario: docs}.checkVerdicts()
	if marked := browsertest.Run(p.Page, chromedp.Evaluate[string](`document.querySelector('.js-gallery-option[aria-current="true"]')?.dataset.slug ?? ''`)); marked != docs.Slug {
		t.Errorf("the gallery marks %q as on the page; want %q", marked, docs.Slug)
	}

	p.Navigate(p.site.URL + "/")
	p.waitFirstVerdict()
	if pods := p.value("pods"); !strings.Contains(pods, "# my own pods") {
		t.Errorf("after opening an example link the saved pods are:\n%s", pods)
	}

	// An embed whose reader may edit (view=edit): the edit is the frame's, kept under the example's name, which the address keeps.
	embed := "?embed&view=edit&example=" + docs.Slug
	p.Navigate(p.site.URL + "/" + embed)
	scenarioView{p: p, scenario: docs}.checkVerdicts()
	p.typeAtEnd("nodes", "# edited")
	p.waitFor(`Object.keys(sessionStorage).some((k) => sessionStorage.getItem(k).includes('# edited'))`)
	if search := browsertest.Run(p.Page, chromedp.Evaluate[string](`location.search`)); search != embed {
		t.Errorf("after an edit the embed's address asks for %q; want %q, as the docs page wrote it", search, embed)
	}
	p.Navigate(p.site.URL + "/")
	p.waitFirstVerdict()
	if pods, nodes := p.value("pods"), p.value("nodes"); !strings.Contains(pods, "# my own pods") || strings.Contains(nodes, "# edited") {
		t.Errorf("after editing the example in an embed the saved work is:\n%s\n%s", nodes, pods)
	}

	p.Navigate(p.site.URL + "/?example=no-such-example")
	p.waitFirstVerdict()
	p.waitText(".js-notice-text", "This example link cannot be opened: no example is named “no-such-example”.")
	if pods := p.value("pods"); !strings.Contains(pods, "# my own pods") {
		t.Errorf("an unknown example replaced the saved pods with:\n%s", pods)
	}
	p.finish("")
}
