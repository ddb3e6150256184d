package api

import (
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/scans"
)

// Downloadable reports (SPEC 4.3 and issue 6). POST /private/api-generate-report/ answers
// {scan_id, status: "started"} and generates the report in the background; the scan's
// reporting_status moves from not_generated to generating_report to report_generated (or
// report_failed, with reporting_status_err_msg). The spec does not show how the file is fetched:
// POST /private/api-get-report/ {scan_id, format: "pdf"|"html"} answers a short-lived signed URL
// of GET /reports/{report_id}.{pdf|html}, which any API process serves from the blob store
// (reports/<report_id>.<format>).

// handleGenerateReport is POST /private/api-generate-report/.
func (a *API) handleGenerateReport(w http.ResponseWriter, r *http.Request) {
	f, err := httpjson.ReadFields(w, r, a.MaxBodyBytes)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	projectID := f.Str("project_id", true, scans.MaxNameLen)
	scanID := f.Str("scan_id", true, scans.MaxNameLen)
	scanType := f.Str("scan_type", false, 16)
	if f.Err() != nil {
		httpjson.Error(w, http.StatusBadRequest, f.Err().Error())
		return
	}
	if scanType != "" && scanType != report.ScanTypeProject && scanType != report.ScanTypeBlock {
		httpjson.Error(w, http.StatusBadRequest, "scan_type: must be project or block")
		return
	}
	clientID := auth.ClientID(r.Context())
	sc, err := a.Store.GetScanMeta(r.Context(), clientID, scanID)
	if err != nil || sc.ProjectID != projectID {
		httpjson.Error(w, http.StatusBadRequest, "invalid request: no such scan")
		return
	}
	if sc.Status != report.StatusDone {
		httpjson.Error(w, http.StatusBadRequest, "invalid request: the scan has not finished successfully")
		return
	}
	if err := a.Store.SetReporting(r.Context(), sc.ID, report.ReportGenerating, "", ""); err != nil {
		a.internal(w, r, "recording report generation", err)
		return
	}
	// A queue job: any worker generates it, and it survives the process that queued it.
	if err := a.Queue.Enqueue(r.Context(), jobs.ReportArgs{ClientID: clientID, ScanID: sc.ID}); err != nil {
		a.internal(w, r, "queueing report generation", err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]string{"scan_id": sc.ID, "status": "started"})
}

// handleGetReport is POST /private/api-get-report/ {scan_id, format}: a short-lived signed
// download URL of the scan's latest report.
func (a *API) handleGetReport(w http.ResponseWriter, r *http.Request) {
	f, err := httpjson.ReadFields(w, r, a.MaxBodyBytes)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	scanID := f.Str("scan_id", true, scans.MaxNameLen)
	format := f.Str("format", false, 8)
	if f.Err() != nil {
		httpjson.Error(w, http.StatusBadRequest, f.Err().Error())
		return
	}
	if format == "" {
		format = "pdf"
	}
	if format != "pdf" && format != "html" {
		httpjson.Error(w, http.StatusBadRequest, "format: must be pdf or html")
		return
	}
	sc, err := a.Store.GetScanMeta(r.Context(), auth.ClientID(r.Context()), scanID)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, "invalid request: no such scan")
		return
	}
	switch sc.ReportingStatus {
	case report.ReportGenerated:
	case report.ReportFailed:
		httpjson.Error(w, http.StatusBadRequest, "the report could not be generated: "+sc.ReportingErrMsg)
		return
	default:
		httpjson.Error(w, http.StatusBadRequest, "the report is "+strings.ReplaceAll(sc.ReportingStatus, "_", " ")+"; generate it first")
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]any{"status": "success", "result": map[string]string{
		"url": a.Reports.URL(sc.ReportID + "." + format), "report_id": sc.ReportID, "format": format}})
}

// handleDownloadReport is GET /reports/{file}: the report file, with a valid signature.
func (a *API) handleDownloadReport(w http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	exp, err := strconv.ParseInt(r.URL.Query().Get("expires"), 10, 64)
	if err != nil || !a.Reports.Signed(file, exp, r.URL.Query().Get("signature")) {
		httpjson.Error(w, http.StatusForbidden, "the download link is invalid or expired")
		return
	}
	f, info, err := a.Reports.Open(r.Context(), file)
	if errors.Is(err, blob.ErrNotFound) {
		httpjson.Error(w, http.StatusNotFound, "no such report")
		return
	} else if err != nil {
		a.internal(w, r, "reading report", err)
		return
	}
	defer f.Close()
	ctype := "application/pdf"
	if strings.HasSuffix(file, ".html") {
		ctype = "text/html; charset=utf-8"
		// the report is self-contained: forbid everything it does not need
		w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:")
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Disposition", `attachment; filename="vigil-report-`+file+`"`)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if rs, ok := f.(io.ReadSeeker); ok { // a local file: ranges and conditional requests too
		http.ServeContent(w, r, file, time.Time{}, rs)
		return
	}
	w.Header().Set("Content-Length", strconv.FormatInt(info.Size, 10))
	if r.Method != http.MethodHead {
		io.Copy(w, f)
	}
}
