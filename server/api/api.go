package api

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/metrics"
	"github.com/vigil-sec/vigil/server/reports"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/uploads"
)

// API is the private API over the server's scans, uploads and reports.
type API struct {
	Store   store.Store // keys, projects, scans
	Scans   *scans.Service
	Uploads *uploads.Service
	Reports *reports.Service
	Queue   *jobs.Queue // report generation jobs
	// Catalogue resolves block scans' platforms and chains; nil when the engine cannot scan
	// deployed contracts (then the block scan endpoint answers 501).
	Catalogue *explorer.Catalogue
	Policy    netguard.Policy // where repository URLs and webhook endpoints may point
	Metrics   *metrics.Metrics
	Log       *slog.Logger
	// MaxBodyBytes bounds JSON bodies; ScanWait is how long a scan request waits for its
	// report (Config).
	MaxBodyBytes int64
	ScanWait     time.Duration
	// Throttle counts wrong API keys per address (shared with the dashboard's sign-in).
	Throttle *auth.Throttle
}

// Register mounts the routes on mux. Paths keep the spec's trailing slash; the same path
// without it is served too, since a redirect would turn a client's POST into a GET.
func (a *API) Register(mux *http.ServeMux) {
	private := func(method, path string, shape httpjson.Shape, h http.HandlerFunc) {
		wrapped := auth.Require(a.Store, a.Throttle, auth.Bearer, a.Log, shape, h)
		mux.Handle(method+" "+path+"{$}", wrapped)
		mux.Handle(method+" "+path[:len(path)-1], wrapped)
	}
	private("POST", "/private/api-project-scan/", httpjson.Error, a.handleProjectScan)
	private("GET", "/private/api-get-presigned-url/", httpjson.Failed, a.handlePresign)
	private("POST", "/private/api-get-scan/", httpjson.Error, a.handleGetScan)
	private("POST", "/private/api-file-scan/", httpjson.Error, a.handleFileScan)
	private("POST", "/private/api-start-scan-block/", httpjson.Error, a.handleBlockScan)
	private("POST", "/private/api-generate-report/", httpjson.Error, a.handleGenerateReport)
	private("POST", "/private/api-get-report/", httpjson.Error, a.handleGetReport)
	mux.HandleFunc("GET "+reports.Path+"{file}", a.handleDownloadReport)
	tag := auth.Require(a.Store, a.Throttle, auth.Token, a.Log, httpjson.Error, http.HandlerFunc(a.handleTagWebhook))
	mux.Handle("POST /api-tag-webhook/{$}", tag)
	mux.Handle("POST /api-tag-webhook", tag)
	mux.HandleFunc("PUT "+uploads.Path+"{key}", a.handleUpload)
	mux.HandleFunc("GET /openapi.json", serveOpenAPI)
}
