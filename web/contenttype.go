package web

import (
	"mime"
	"path"
)

// contentTypes fixes the types of the files the site is made of, so that
// answers do not depend on the host's /etc/mime.types: browsers compile a
// .wasm as a stream only when it is application/wasm, and run a module script
// only with a JavaScript type.
var contentTypes = map[string]string{
	".html": "text/html; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".mjs":  "text/javascript; charset=utf-8",
	".css":  "text/css; charset=utf-8",
	".json": "application/json",
	".wasm": "application/wasm",
	".svg":  "image/svg+xml",
	".png":  "image/png",
	".ico":  "image/x-icon",
	".txt":  "text/plain; charset=utf-8",
	".yaml": "text/yaml; charset=utf-8",
}

// contentType names the media type of a file by its extension.
func contentType(name string) string {
	ext := path.Ext(name)
	if t, ok := contentTypes[ext]; ok {
		return t
	}
	if t := mime.TypeByExtension(ext); t != "" {
		return t
	}
	return "application/octet-stream"
}
