// Package web is the dashboard `vigil serve` serves at /: server-rendered pages (html/template)
// over the same store and engine as the private API, for people who would rather look than read
// JSON. Pages work with JavaScript off for reading; htmx (vendored, pinned, assets/) and a few
// lines of app.js only enhance them (live progress over server-sent events, in-place triage and
// filtering).
//
// Security: a session starts at /login with an API key (the form field api_key) and lives in
// the store (every process of a deployment shares it), named by a random HttpOnly,
// SameSite=Strict cookie (Secure when the request came over TLS or the public URL is https);
// every form carries the session's CSRF token; every page carries a strict
// Content-Security-Policy (no inline script or style, nothing from another origin); every read
// goes through the store's client-scoped methods, so a client sees only its own projects and
// scans.
package web
