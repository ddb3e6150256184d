package server

import (
	"net/http"
	"net/url"

	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/server/api"
	"github.com/vigil-sec/vigil/server/clientaddr"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/web"
)

// routes mounts the operations routes and, unless the process is a worker, the private API
// and the dashboard. The optional doors are mounted by surfaces.go.
func (s *Server) routes() {
	s.mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		httpjson.Write(w, http.StatusOK, map[string]string{"status": "ok", "role": s.cfg.Role})
	})
	s.mux.Handle("GET /metrics", s.metrics.Handler())
	notFound := func(w http.ResponseWriter, r *http.Request) {
		httpjson.Error(w, http.StatusNotFound, "no such endpoint: "+r.Method+" "+truncate(r.URL.Path, 200))
	}
	s.mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) { notFound(w, r) })
	if s.cfg.Role == RoleWorker {
		return // a worker serves its health and metrics only
	}
	catalogue := s.catalogue()
	private := &api.API{Store: s.store, Scans: s.scans, Uploads: s.uploads, Reports: s.reports, Queue: s.queue,
		Catalogue: catalogue, Policy: s.policy, Metrics: s.metrics, Log: s.log, MaxBodyBytes: s.cfg.MaxBodyBytes, ScanWait: s.cfg.ScanWait,
		Throttle: s.throttle}
	private.Register(s.mux)
	// The dashboard's pages at /, /login, /projects/..., /scans/...
	s.dash = &web.ServerBackend{Store: s.store, Scans: s.scans, Uploads: s.uploads, Reports: s.reports, Records: s.projects,
		Catalogue: catalogue, Policy: s.policy, Version: s.cfg.Version, Log: s.log}
	pages, err := web.New(web.Config{
		Store: s.store, Backend: s.dash, Log: s.log, Version: s.cfg.Version, Stopping: s.stopping, Throttle: s.throttle,
		HTTPSPublicURL: isHTTPS(s.cfg.PublicURL),
		MaxUploadBytes: s.cfg.Limits.MaxArchiveBytes,
	})
	if err != nil {
		panic(err) // the templates are embedded: this fails in every test, never only in production
	}
	pages.Register(s.mux)
	// A browser that opens a path nobody serves gets the dashboard's page saying so; API
	// clients keep the JSON error.
	apiNotFound := notFound
	notFound = func(w http.ResponseWriter, r *http.Request) {
		if web.WantsHTML(r) {
			pages.NotFound(w, r)
			return
		}
		apiNotFound(w, r)
	}
}

// catalogue is the chain catalogue of an engine that scans deployed contracts, or nil.
func (s *Server) catalogue() *explorer.Catalogue {
	if be, ok := s.engine.(engine.BlockEngine); ok {
		return be.Catalogue()
	}
	return nil
}

// isHTTPS says whether the public URL is https (the session cookie is Secure then).
func isHTTPS(publicURL string) bool {
	u, err := url.Parse(publicURL)
	return err == nil && u.Scheme == "https"
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "..."
	}
	return s
}

// withAddress records the client's address in every request's context: the owner of the
// scans an anonymous door queues (scans.OwnerOf).
func withAddress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		next.ServeHTTP(w, r.WithContext(scans.WithAddress(r.Context(), clientaddr.Of(r))))
	})
}
