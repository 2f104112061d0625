package web

import (
	"embed"
	"io/fs"
)

// dist is the built site. `make build` fills web/dist before compiling the
// server, so the binary carries the page, the WASM and its precompressed
// variants; a fresh clone embeds only web/dist/.gitkeep, and NewHandler then
// says to run `make build`.
//
//go:embed all:dist
var dist embed.FS

// Dist returns the embedded site, rooted at its top folder.
func Dist() (fs.FS, error) {
	return fs.Sub(dist, "dist")
}
