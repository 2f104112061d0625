package e2e

import (
	"bytes"
	"html/template"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// shortcodeFile is the Hugo shortcode that docs sites copy into
// layouts/shortcodes/.
var shortcodeFile = filepath.Join("..", "..", "examples", "embed", "hugo", "layouts", "shortcodes", "taint-playground.html")

// The stand-in for Hugo: the subset of what a Hugo shortcode template sees
// that taint-playground.html uses, with Hugo's meaning and argument order, so
// the file renders here with html/template, the package Hugo's own templates
// are built on, without installing Hugo.
//   - .Get NAME: the named parameter, nil when the call does not give it.
//   - .Site.Params: the site's params, keys in lower case as Hugo keeps them.
//   - .Page.Store: Get and Set of values that live as long as the page, so a
//     page that embeds two frames includes embed-host.js once.
//   - .Page.Language.Lang: the key of the page's language in the site's
//     config (en, pt-br).
//   - default DEFAULT VALUE: DEFAULT when VALUE is nil or "" (Hugo also
//     counts false, 0 and empty collections; the shortcode passes strings).
//   - replaceRE PATTERN REPLACEMENT INPUT: every match replaced, $1 expanded.
//   - strings.TrimSuffix SUFFIX INPUT: Hugo's namespaced function.
//   - printf, urlquery, not, with, if: Go's own.
type (
	hugoShortcode struct {
		Params map[string]string
		Site   hugoSite
		Page   hugoPage
	}
	hugoSite struct{ Params map[string]any }
	hugoPage struct {
		Store    *hugoStore
		Language hugoLanguage
	}
	hugoLanguage struct{ Lang string }
	hugoStore    struct{ values map[string]any }
	// hugoStrings is Hugo's strings namespace: strings.TrimSuffix calls its method.
	hugoStrings struct{}
)

func (s hugoShortcode) Get(name string) any {
	if value, ok := s.Params[name]; ok {
		return value
	}
	return nil
}

// newHugoPage is a page in the language lang.
func newHugoPage(lang string) hugoPage {
	return hugoPage{Store: &hugoStore{values: map[string]any{}}, Language: hugoLanguage{Lang: lang}}
}

func (s *hugoStore) Get(key string) any { return s.values[key] }

// Set returns "", as Hugo's does, so that a template may call it in an action.
func (s *hugoStore) Set(key string, value any) string {
	s.values[key] = value
	return ""
}

func (hugoStrings) TrimSuffix(suffix, input string) string { return strings.TrimSuffix(input, suffix) }

var hugoFuncs = template.FuncMap{
	"default": func(fallback, value any) any {
		if value == nil || value == "" {
			return fallback
		}
		return value
	},
	"replaceRE": func(pattern, replacement, input string) (string, error) {
		re, err := regexp.Compile(pattern)
		if err != nil {
			return "", err
		}
		return re.ReplaceAllString(input, replacement), nil
	},
	"strings": func() hugoStrings { return hugoStrings{} },
}

// renderShortcode renders one call of the shortcode on page, with the site's params.
func renderShortcode(t *testing.T, page hugoPage, siteParams map[string]any, params map[string]string) string {
	t.Helper()
	tmpl, err := template.New(filepath.Base(shortcodeFile)).Funcs(hugoFuncs).ParseFiles(shortcodeFile)
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := tmpl.Execute(&out, hugoShortcode{Params: params, Site: hugoSite{Params: siteParams}, Page: page}); err != nil {
		t.Fatalf("rendering the shortcode with %v: %v", params, err)
	}
	return out.String()
}

// sitePlayground is a Hugo site's params naming where the playground is served.
func sitePlayground(url string) map[string]any {
	return map[string]any{"taintplayground": map[string]any{"url": url}}
}

// frameAttributes are the attributes of the rendered iframe, and the src of
// the script, "" when the call did not include it.
type frameAttributes struct {
	Src, Title, Height, Script string
}

var (
	iframeTag = regexp.MustCompile(`<iframe src="([^"]*)" title="([^"]*)"\s+width="100%" height="([^"]*)" loading="lazy" allow="clipboard-write"></iframe>`)
	scriptTag = regexp.MustCompile(`<script src="([^"]*)" defer></script>`)
)

func parseShortcode(t *testing.T, html string) frameAttributes {
	t.Helper()
	frame := iframeTag.FindStringSubmatch(html)
	if frame == nil || len(iframeTag.FindAllString(html, -1)) != 1 {
		t.Fatalf("the shortcode gave no single iframe of the expected shape:\n%s", html)
	}
	got := frameAttributes{Src: frame[1], Title: frame[2], Height: frame[3]}
	scripts := scriptTag.FindAllStringSubmatch(html, -1)
	if len(scripts) > 1 {
		t.Fatalf("the shortcode gave %d scripts:\n%s", len(scripts), html)
	}
	if len(scripts) == 1 {
		got.Script = scripts[0][1]
	}
	if rest := scriptTag.ReplaceAllString(iframeTag.ReplaceAllString(html, ""), ""); strings.TrimSpace(rest) != "" {
		t.Errorf("the shortcode gave more than the frame and the script: %q", rest)
	}
	return got
}

// TestHugoShortcode renders the shortcode for each way of naming what to
// embed; on one page, the second frame comes without a second script.
func TestHugoShortcode(t *testing.T) {
	const defaultTitle = "Taint Playground: Kubernetes taints and tolerations"
	site := sitePlayground("https://playground.example.org/")
	tests := []struct {
		name   string
		lang   string // the page's; en when ""
		site   map[string]any
		params map[string]string
		want   frameAttributes
	}{
		{
			name:   "an example by slug on the site's playground",
			site:   site,
			params: map[string]string{"example": "docs-three-taints"},
			want: frameAttributes{Src: "https://playground.example.org/?embed&amp;lang=en&amp;example=docs-three-taints", Title: defaultTitle, Height: "640",
				Script: "https://playground.example.org/embed-host.js"},
		},
		{
			name:   "an example on a page in Japanese names the page's language",
			lang:   "ja",
			site:   site,
			params: map[string]string{"example": "docs-three-taints", "view": "verdicts"},
			want: frameAttributes{Src: "https://playground.example.org/?embed&amp;view=verdicts&amp;lang=ja&amp;example=docs-three-taints", Title: defaultTitle, Height: "640",
				Script: "https://playground.example.org/embed-host.js"},
		},
		{
			name:   "a share link on a page in Brazilian Portuguese names the page's language",
			lang:   "pt-br",
			params: map[string]string{"src": "https://playground.example.org/#s=q1YqU7JSMlSqBQ"},
			want: frameAttributes{Src: "https://playground.example.org/?embed&amp;lang=pt-br#s=q1YqU7JSMlSqBQ", Title: defaultTitle, Height: "640",
				Script: "https://playground.example.org/embed-host.js"},
		},
		{
			name:   "an example on a playground the call names, without a trailing slash",
			site:   site,
			params: map[string]string{"example": "cordoned-node", "playground": "https://docs.example.net/tools/taints", "height": "900", "title": "A cordoned node"},
			want: frameAttributes{Src: "https://docs.example.net/tools/taints/?embed&amp;lang=en&amp;example=cordoned-node", Title: "A cordoned node", Height: "900",
				Script: "https://docs.example.net/tools/taints/embed-host.js"},
		},
		{
			name:   "an example in the view the call names",
			site:   site,
			params: map[string]string{"example": "docs-three-taints", "view": "verdicts"},
			want: frameAttributes{Src: "https://playground.example.org/?embed&amp;view=verdicts&amp;lang=en&amp;example=docs-three-taints", Title: defaultTitle, Height: "640",
				Script: "https://playground.example.org/embed-host.js"},
		},
		{
			name:   "a share link in the view the call names",
			params: map[string]string{"src": "https://playground.example.org/?exercise=gpu-job#s=q1YqU7JSMlSqBQ", "view": "edit"},
			want: frameAttributes{Src: "https://playground.example.org/?embed&amp;view=edit&amp;lang=en#s=q1YqU7JSMlSqBQ", Title: defaultTitle, Height: "640",
				Script: "https://playground.example.org/embed-host.js"},
		},
		{
			name:   "a view is one query value",
			params: map[string]string{"example": "docs-three-taints", "view": "read&example=other", "playground": "https://example.org"},
			want: frameAttributes{Src: "https://example.org/?embed&amp;view=read%26example%3Dother&amp;lang=en&amp;example=docs-three-taints", Title: defaultTitle, Height: "640",
				Script: "https://example.org/embed-host.js"},
		},
		{
			name:   "a share link is put in embed mode",
			params: map[string]string{"src": "https://playground.example.org/#s=q1YqU7JSMlSqBQ"},
			want: frameAttributes{Src: "https://playground.example.org/?embed&amp;lang=en#s=q1YqU7JSMlSqBQ", Title: defaultTitle, Height: "640",
				Script: "https://playground.example.org/embed-host.js"},
		},
		{
			name:   "an embed link keeps its one query",
			params: map[string]string{"src": "https://example.org/tp/index.html?embed&amp;lang=en#s=abc"},
			want:   frameAttributes{Src: "https://example.org/tp/index.html?embed&amp;lang=en#s=abc", Title: defaultTitle, Height: "640", Script: "https://example.org/tp/embed-host.js"},
		},
		{
			name:   "a title with markup is text",
			params: map[string]string{"src": "https://example.org/#s=abc", "title": `Taints "quoted" <b>`},
			want: frameAttributes{Src: "https://example.org/?embed&amp;lang=en#s=abc", Title: "Taints &#34;quoted&#34; &lt;b&gt;", Height: "640",
				Script: "https://example.org/embed-host.js"},
		},
		{
			// html/template's URL filter empties the frame; what is left of
			// the link names no other origin for the script.
			name:   "a javascript: link is refused",
			params: map[string]string{"src": "javascript:alert(1)"},
			want:   frameAttributes{Src: "#ZgotmplZ", Title: defaultTitle, Height: "640", Script: "embed-host.js"},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			lang := tc.lang
			if lang == "" {
				lang = "en"
			}
			page := newHugoPage(lang)
			got := parseShortcode(t, renderShortcode(t, page, tc.site, tc.params))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("the first call on a page (-want +got):\n%s", diff)
			}
			again := parseShortcode(t, renderShortcode(t, page, tc.site, tc.params))
			tc.want.Script = ""
			if diff := cmp.Diff(tc.want, again); diff != "" {
				t.Errorf("the second call on the same page (-want +got):\n%s", diff)
			}
		})
	}
}
