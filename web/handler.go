// Package web serves the built playground (web/dist): the page, the WASM and
// their precompressed variants, with a strict Content-Security-Policy and cache
// headers that let a browser keep the hashed WASM forever.
package web

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"path"
	"strings"
	"time"
)

// policyBase is the Content-Security-Policy of every response, but for who
// may frame it. The page has no inline script or style; 'wasm-unsafe-eval'
// lets it compile the WASM.
const policyBase = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; " +
	"style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; "

// ContentSecurityPolicy is sent with every response but the embed's: only
// the playground's own pages may frame it (the embed snippet builder frames
// the embed), so another site cannot put the full playground, with the
// reader's saved work, in a frame of its own.
const ContentSecurityPolicy = policyBase + "frame-ancestors 'self'"

// EmbedContentSecurityPolicy is sent with the embed, the page asked for with
// the embed query parameter (/?embed&example=…): any docs site may frame it.
// The embed never reads nor writes the reader's saved work (js/state/namespace.js).
const EmbedContentSecurityPolicy = policyBase + "frame-ancestors *"

// EmbedParam is the query parameter that asks for the page in embed mode,
// read as the page reads it (js/embed/embed.js isEmbedded: present, with or
// without a value).
const EmbedParam = "embed"

// Cache-Control values: a hashed name changes with its content, so it never
// needs revalidating; every other file is revalidated with its ETag.
const (
	cacheImmutable  = "public, max-age=31536000, immutable"
	cacheRevalidate = "no-cache"
)

// precompressed lists the encodings build output may carry, best first, with
// the suffix of the file that holds each.
var precompressed = []struct{ encoding, suffix string }{
	{"br", ".br"},
	{"gzip", ".gz"},
}

// Handler serves a built site from memory.
type Handler struct {
	assets map[string]*asset
}

// asset is one file of the site with the representations it can be sent in.
type asset struct {
	contentType string
	immutable   bool
	// encoded holds the precompressed variants by encoding; identity is always there.
	encoded  map[string]representation
	identity representation
}

type representation struct {
	data []byte
	etag string
}

// NewHandler reads every file of site into memory. Files ending in .br or .gz
// are not served by their own name: they are the variants of the file without
// the suffix. Dotfiles (web/dist/.gitkeep, which keeps the folder in git) are
// not part of the site and are not served. It fails when site has no index.html, which is what a server
// built before `make build` embeds.
func NewHandler(site fs.FS) (*Handler, error) {
	h := &Handler{assets: map[string]*asset{}}
	variants := map[string][]byte{}
	err := fs.WalkDir(site, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasPrefix(path.Base(name), ".") {
			return nil
		}
		data, err := fs.ReadFile(site, name)
		if err != nil {
			return err
		}
		for _, p := range precompressed {
			if strings.HasSuffix(name, p.suffix) {
				variants[name] = data
				return nil
			}
		}
		h.assets[name] = &asset{
			contentType: contentType(name),
			immutable:   IsHashedName(name),
			encoded:     map[string]representation{},
			identity:    representation{data: data, etag: etag(data, "")},
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("reading the site: %w", err)
	}
	if _, ok := h.assets["index.html"]; !ok {
		return nil, errors.New("the site has no index.html: run `make build` to build web/dist, then rebuild the server")
	}
	for name, a := range h.assets {
		for _, p := range precompressed {
			if data, ok := variants[name+p.suffix]; ok {
				a.encoded[p.encoding] = representation{data: data, etag: etag(data, p.encoding)}
			}
		}
	}
	return h, nil
}

// etag is a strong validator: each representation of a file gets its own.
func etag(data []byte, encoding string) string {
	sum := sha256.Sum256(data)
	tag := hex.EncodeToString(sum[:8])
	if encoding != "" {
		tag += "-" + encoding
	}
	return `"` + tag + `"`
}

// ServeHTTP answers GET and HEAD with the best representation the client accepts.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	header := w.Header()
	header.Set("Content-Security-Policy", ContentSecurityPolicy)
	header.Set("X-Content-Type-Options", "nosniff")
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		header.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	a, ok := h.lookup(r.URL.Path)
	if !ok {
		http.NotFound(w, r)
		return
	}
	if query := r.URL.Query(); h.isPage(a) && query.Has(EmbedParam) {
		header.Set("Content-Security-Policy", EmbedContentSecurityPolicy)
		if lazy, ok := h.assets[LazyEmbedPage]; ok && wantsLazyEmbed(query) {
			a = lazy
		}
	}
	rep := a.identity
	if len(a.encoded) > 0 {
		header.Set("Vary", "Accept-Encoding")
		accepted := acceptedEncodings(r.Header.Get("Accept-Encoding"))
		for _, p := range precompressed {
			if enc, ok := a.encoded[p.encoding]; ok && accepted(p.encoding) {
				header.Set("Content-Encoding", p.encoding)
				rep = enc
				break
			}
		}
	}
	header.Set("Content-Type", a.contentType)
	header.Set("ETag", rep.etag)
	if a.immutable {
		header.Set("Cache-Control", cacheImmutable)
	} else {
		header.Set("Cache-Control", cacheRevalidate)
	}
	// ServeContent answers If-None-Match, Range and HEAD; embedded files have
	// no modification time, so the ETag is the only validator.
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(rep.data))
}

// lookup maps a URL path to a file: a folder means its index.html.
func (h *Handler) lookup(urlPath string) (*asset, bool) {
	name := strings.TrimPrefix(path.Clean("/"+urlPath), "/")
	if a, ok := h.assets[name]; ok {
		return a, true
	}
	a, ok := h.assets[path.Join(name, "index.html")]
	return a, ok
}
