package e2e

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/taint-playground/taint-playground/internal/browsertest"
)

// TestExampleLink opens gallery scenarios by link, ?example=<slug>: the
// scenario shows with its verdicts and is marked in the gallery, but the
// user's saved work is kept until they edit what the link showed; then the
// address drops the name and the edit is what a reload shows. A name no
// scenario has says so and shows the saved work.
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

	// An embed whose reader may edit (view=edit): the edit drops the example's name and keeps the rest.
	p.Navigate(p.site.URL + "/?embed&view=edit&example=" + docs.Slug)
	scenarioView{p: p, scenario: docs}.checkVerdicts()
	p.typeAtEnd("nodes", "# edited")
	p.waitFor(`location.search === '?embed&view=edit'`)
	p.Navigate(p.site.URL + "/")
	p.waitFirstVerdict()
	if nodes := p.value("nodes"); nodes != docs.Nodes+"# edited" {
		t.Errorf("after editing the example the saved nodes are:\n%s", nodes)
	}

	p.Navigate(p.site.URL + "/?example=no-such-example")
	p.waitFirstVerdict()
	p.waitText(".js-notice-text", "This example link cannot be opened: no example is named “no-such-example”.")
	if nodes := p.value("nodes"); nodes != docs.Nodes+"# edited" {
		t.Errorf("an unknown example replaced the saved nodes with:\n%s", nodes)
	}
	p.finish("")
}
