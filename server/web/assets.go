package web

import (
	"bytes"
	"embed"
	"net/http"
	"net/url"
	"time"
)

// htmx is vendored, pinned: htmx.org 2.0.11 from npm (Zero-Clause BSD, assets/htmx-LICENSE.txt),
// sha256 d6fdc75f204e6bdefa99b69bf1e6d4ac69b8a364f77929f45c13476b4000f717.
//
//go:embed assets
var assetFS embed.FS

var assetTypes = map[string]string{
	".css": "text/css; charset=utf-8",
	".js":  "text/javascript; charset=utf-8",
	".txt": "text/plain; charset=utf-8",
	".svg": "image/svg+xml",
}

// asset is GET /assets/{file}: the embedded files and the generated syntax-highlighting CSS.
func (h *Handler) asset(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("file")
	var data []byte
	if name == "chroma.css" {
		data = chromaCSS()
	} else if b, err := assetFS.ReadFile("assets/" + name); err == nil {
		data = b
	} else {
		http.NotFound(w, r)
		return
	}
	ext := name[max(0, bytes.LastIndexByte([]byte(name), '.')):]
	ctype, ok := assetTypes[ext]
	if !ok {
		http.NotFound(w, r)
		return
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Cache-Control", "public, max-age=3600")
	http.ServeContent(w, r, name, assetTime, bytes.NewReader(data))
}

// favicon is GET /favicon.ico, which browsers ask for whatever the page links: the SVG icon.
func (h *Handler) favicon(w http.ResponseWriter, r *http.Request) {
	r.SetPathValue("file", "favicon.svg")
	h.asset(w, r)
}

// assetTime is when the embedded assets are said to have changed: the process start.
var assetTime = time.Now()

func pathEscape(s string) string { return url.PathEscape(s) }
