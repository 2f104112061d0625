package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/taint-playground/taint-playground/web"
)

// The marks in index.html around the markup an example's embed does not
// show at first (the header, the editors, the countdown, the what-if, the
// settings, the dialogs): the lean embed page holds each such region in a
// template, which the browser parses but neither styles nor lays out, and
// js/embed/later-markup.js puts it in place once the first view is drawn.
const (
	laterStart    = "<!-- embed:later -->"
	laterEnd      = "<!-- /embed:later -->"
	laterTemplate = `<template class="js-embed-later">`
)

// preloadedWASM is the WASM's preload link in the built index.html, its
// hashed name in the first group.
var preloadedWASM = regexp.MustCompile(`<link rel="preload" href="([^"]+\.wasm)"[^>]*>`)

// writeLazyEmbedPage writes web.LazyEmbedPage into dir from the page
// index.html as the build left it (the WASM's name, the first answers, the
// bundle): the same page, but the WASM is named by a meta element instead of
// the preload link, so the browser does not fetch it while it parses. The
// server sends it for the embed of a gallery example, which shows the
// example from the answers examples.json holds and starts the engine only
// once the reader touches the frame (js/embed/lazyengine.js); six such frames on
// a docs page then cost no WASM download, no worker and no Go runtime. Its
// marked regions become templates (holdBackLater), so each frame styles
// and lays out only its verdicts before it draws them.
func writeLazyEmbedPage(dir string) error {
	path := filepath.Join(dir, pageName)
	page, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if n := len(preloadedWASM.FindAll(page, -1)); n != 1 {
		return fmt.Errorf("%s: %d preload links of a WASM; want one", path, n)
	}
	lazy := preloadedWASM.ReplaceAll(page, []byte(`<meta name="`+web.LazyWASMMeta+`" content="$1">`))
	lean, err := holdBackLater(string(lazy))
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return os.WriteFile(filepath.Join(dir, web.LazyEmbedPage), []byte(lean), 0o644)
}

// holdBackLater turns each region of page between laterStart and laterEnd
// into a template, and refuses marks that do not pair up in order.
func holdBackLater(page string) (string, error) {
	var lean strings.Builder
	for rest := page; ; {
		start := strings.Index(rest, laterStart)
		end := strings.Index(rest, laterEnd)
		if start < 0 {
			if end >= 0 {
				return "", fmt.Errorf("%q without %q before it", laterEnd, laterStart)
			}
			lean.WriteString(rest)
			return lean.String(), nil
		}
		inner := rest[start+len(laterStart):]
		closing := strings.Index(inner, laterEnd)
		if end < start || closing < 0 || strings.Contains(inner[:closing], laterStart) {
			return "", fmt.Errorf("%q and %q do not pair up", laterStart, laterEnd)
		}
		lean.WriteString(rest[:start] + laterTemplate + inner[:closing] + "</template>")
		rest = inner[closing+len(laterEnd):]
	}
}
