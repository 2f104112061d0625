package web

import "net/url"

// LazyEmbedPage is the page the server sends for the embed of a gallery
// example (/?embed&example=<slug>): index.html as mkdist wrote it, but
// naming the WASM with a meta element (LazyWASMMeta) instead of a preload
// link, so that a docs page with several such frames downloads no WASM
// until a reader touches one. The page shows the example's verdicts from
// the answers the build wrote (examples.json) and js/boot.js starts the
// engine only when the reader does something they do not answer.
const LazyEmbedPage = "embed.html"

// LazyWASMMeta is the name of LazyEmbedPage's meta element whose content is
// the WASM's file name; js/boot.js reads it when it wakes the engine.
const LazyWASMMeta = "taint-playground-wasm"

// ExampleParam names a gallery example in the page's address, as
// js/gallery/examples.js reads it.
const ExampleParam = "example"

// wantsLazyEmbed reports whether a request for the page asks for the embed
// of a gallery example, which LazyEmbedPage serves. A share link's state is
// in the fragment, which the server never sees: the page itself starts the
// engine at once for one (js/boot.js).
func wantsLazyEmbed(query url.Values) bool {
	return query.Has(EmbedParam) && query.Get(ExampleParam) != ""
}

// isPage reports whether a is the playground's page: index.html, or
// LazyEmbedPage, which a static host without this server's rule can link
// to by name (embed.html?embed&example=<slug>).
func (h *Handler) isPage(a *asset) bool {
	return a == h.assets["index.html"] || (a != nil && a == h.assets[LazyEmbedPage])
}
