package server

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/html"
	"github.com/vigil-sec/vigil/report/pdf"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/store"
)

// Downloadable reports (SPEC 4.3 and issue 6). POST /private/api-generate-report/ answers
// {scan_id, status: "started"} and generates the report in the background; the scan's
// reporting_status moves from not_generated to generating_report to report_generated (or
// report_failed, with reporting_status_err_msg). The spec does not show how the file is fetched:
// POST /private/api-get-report/ {scan_id, format: "pdf"|"html"} answers a short-lived signed URL
// of GET /reports/{report_id}.{pdf|html}, which any API process serves from the blob store
// (reports/<report_id>.<format>).

const (
	reportPath        = "/reports/"
	downloadURLExpiry = 10 * time.Minute
	docExcerpts       = "scan_excerpts" // source lines around findings, kept for reports
	historyLimit      = 20
)

var reportFileRe = regexp.MustCompile(`^[0-9a-f]{24}\.(pdf|html)$`)

// excerptDocs returns the document keeping the code around a scan's findings for later
// reports, for FinishScan to store with the outcome (none when there is no code to keep).
func excerptDocs(sc store.Scan, rep *report.ScanReport) []store.Document {
	if rep == nil || len(rep.Excerpts) == 0 {
		return nil
	}
	data, err := json.Marshal(rep.Excerpts)
	if err != nil { // a map of strings by path and line always encodes
		return nil
	}
	return []store.Document{{Kind: docExcerpts, ID: sc.ID, ClientID: sc.ClientID, Data: data}}
}

// handleGenerateReport is POST /private/api-generate-report/.
func (s *Server) handleGenerateReport(w http.ResponseWriter, r *http.Request) {
	f, err := httpjson.ReadFields(w, r, s.cfg.MaxBodyBytes)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	projectID := f.Str("project_id", true, maxNameLen)
	scanID := f.Str("scan_id", true, maxNameLen)
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
	sc, err := s.store.GetScanMeta(r.Context(), clientID, scanID)
	if err != nil || sc.ProjectID != projectID {
		httpjson.Error(w, http.StatusBadRequest, "invalid request: no such scan")
		return
	}
	if sc.Status != report.StatusDone {
		httpjson.Error(w, http.StatusBadRequest, "invalid request: the scan has not finished successfully")
		return
	}
	if err := s.store.SetReporting(r.Context(), sc.ID, report.ReportGenerating, "", ""); err != nil {
		s.internal(w, r, "recording report generation", err)
		return
	}
	// A queue job: any worker generates it, and it survives the process that queued it.
	if err := s.queue.Enqueue(r.Context(), jobs.ReportArgs{ClientID: clientID, ScanID: sc.ID}); err != nil {
		s.internal(w, r, "queueing report generation", err)
		return
	}
	httpjson.Write(w, http.StatusOK, map[string]string{"scan_id": sc.ID, "status": "started"})
}

// generateReport renders a finished scan's PDF and HTML reports and records the outcome; it
// returns the new report id.
func (s *Server) generateReport(ctx context.Context, clientID int64, scanID string) (string, error) {
	fail := func(err error) (string, error) {
		if serr := s.store.SetReporting(ctx, scanID, report.ReportFailed, "report generation failed: "+err.Error(), ""); serr != nil {
			s.log.Error("recording report failure", "scan_id", scanID, "err", serr)
		}
		return "", err
	}
	before, err := s.store.GetScanMeta(ctx, clientID, scanID)
	if err != nil {
		return "", err
	}
	if err := s.store.SetReporting(ctx, scanID, report.ReportGenerating, "", ""); err != nil {
		return "", err
	}
	rep, err := s.scans.Load(ctx, clientID, scanID)
	if err != nil {
		return fail(err)
	}
	in := pdf.Input{Report: rep, Source: s.excerptSource(ctx, scanID), History: s.history(ctx, clientID, rep), Generated: time.Now(), ToolVersion: s.cfg.Version}
	var pdfBuf, htmlBuf bytes.Buffer
	if err := pdf.Write(&pdfBuf, in); err != nil {
		return fail(err)
	}
	if err := html.Write(&htmlBuf, html.Input(in)); err != nil {
		return fail(err)
	}
	id := store.NewID()
	for ext, data := range map[string]*bytes.Buffer{"pdf": &pdfBuf, "html": &htmlBuf} {
		if err := s.blobs.Put(ctx, reportBlob(id+"."+ext), data); err != nil {
			s.log.Error("storing report", "scan_id", scanID, "err", err)
			return fail(errors.New("the report could not be stored; try again"))
		}
	}
	if err := s.store.SetReporting(ctx, scanID, report.ReportGenerated, "", id); err != nil {
		if errors.Is(err, store.ErrNotFound) { // the project was deleted meanwhile: no file outlives it
			for _, key := range reportBlobs(id) {
				s.blobs.Delete(context.WithoutCancel(ctx), key)
			}
		}
		return "", err
	}
	// The store names only a scan's latest report: the superseded one's files go now, or no
	// delete of the project could find them. (Of two generations running at once, the files of
	// the one recorded first may stay; the current report's never go.)
	if before.ReportID != "" && before.ReportID != id {
		for _, key := range reportBlobs(before.ReportID) {
			if err := s.blobs.Delete(ctx, key); err != nil {
				s.log.Warn("removing a superseded report", "scan_id", scanID, "report_id", before.ReportID, "err", err)
			}
		}
	}
	s.log.Info("report generated", "scan_id", scanID, "report_id", id, "pdf_bytes", pdfBuf.Len())
	return id, nil
}

// excerptSource serves the kept code excerpts as file lines (lines not kept are empty).
func (s *Server) excerptSource(ctx context.Context, scanID string) func(string) []string {
	d, err := s.store.GetDocument(ctx, docExcerpts, scanID)
	if err != nil {
		return nil
	}
	var ex map[string]map[int]string
	if json.Unmarshal(d.Data, &ex) != nil {
		return nil
	}
	return func(path string) []string {
		m := ex[path]
		if len(m) == 0 {
			return nil
		}
		last := 0
		for l := range m {
			last = max(last, l)
		}
		lines := make([]string, last)
		for l, text := range m {
			lines[l-1] = text
		}
		return lines
	}
}

// history lists the project's earlier finished scans for the report.
func (s *Server) history(ctx context.Context, clientID int64, rep *report.ScanReport) []pdf.HistoryEntry {
	scans, err := s.store.ProjectScans(ctx, clientID, rep.ProjectID, historyLimit)
	if err != nil {
		return nil
	}
	var out []pdf.HistoryEntry
	for _, sc := range scans {
		if sc.Status != report.StatusDone || len(sc.Report) == 0 {
			continue
		}
		var r report.ScanReport
		if json.Unmarshal(sc.Report, &r) != nil || r.MultiFileScanSummary == nil {
			continue
		}
		sum := r.MultiFileScanSummary
		out = append(out, pdf.HistoryEntry{ScanID: sc.ID, Time: sc.CreatedAt, ScoreV2: sum.ScoreV2, Issues: sum.IssuesCount,
			Distribution: sum.IssueSeverityDistribution})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Time.Before(out[j].Time) })
	return out
}

// handleGetReport is POST /private/api-get-report/ {scan_id, format}: a short-lived signed
// download URL of the scan's latest report.
func (s *Server) handleGetReport(w http.ResponseWriter, r *http.Request) {
	f, err := httpjson.ReadFields(w, r, s.cfg.MaxBodyBytes)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	scanID := f.Str("scan_id", true, maxNameLen)
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
	sc, err := s.store.GetScanMeta(r.Context(), auth.ClientID(r.Context()), scanID)
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
		"url": s.reportURL(sc.ReportID + "." + format), "report_id": sc.ReportID, "format": format}})
}

func (s *Server) reportSignature(file string, expires int64) string {
	m := hmac.New(sha256.New, s.uploadKey)
	fmt.Fprintf(m, "GET\n%s%s\n%d", reportPath, file, expires)
	return hex.EncodeToString(m.Sum(nil))
}

func (s *Server) reportURL(file string) string {
	exp := time.Now().Add(downloadURLExpiry).Unix()
	q := url.Values{"expires": {strconv.FormatInt(exp, 10)}, "signature": {s.reportSignature(file, exp)}}
	return strings.TrimRight(s.cfg.PublicURL, "/") + reportPath + file + "?" + q.Encode()
}

// handleDownloadReport is GET /reports/{file}: the report file, with a valid signature.
func (s *Server) handleDownloadReport(w http.ResponseWriter, r *http.Request) {
	file := r.PathValue("file")
	exp, err := strconv.ParseInt(r.URL.Query().Get("expires"), 10, 64)
	sig := r.URL.Query().Get("signature")
	if !reportFileRe.MatchString(file) || err != nil || time.Now().Unix() > exp ||
		!hmac.Equal([]byte(sig), []byte(s.reportSignature(file, exp))) {
		httpjson.Error(w, http.StatusForbidden, "the download link is invalid or expired")
		return
	}
	f, info, err := s.blobs.Open(r.Context(), reportBlob(file))
	if errors.Is(err, blob.ErrNotFound) {
		httpjson.Error(w, http.StatusNotFound, "no such report")
		return
	} else if err != nil {
		s.internal(w, r, "reading report", err)
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

// GenerateRepoReport generates (synchronously) the report of a public repository scan, for the
// second host's WebSocket generate_report message, and returns its id. reportID is accepted for
// the protocol's "regenerate" form; a new id is always returned.
func (s *Server) GenerateRepoReport(ctx context.Context, scanID, reportID string) (string, error) {
	cid, err := s.public.Get(ctx, s.store, publicClient)
	if err != nil {
		return "", err
	}
	sc, err := s.store.GetScanMeta(ctx, cid, scanID)
	if err != nil {
		return "", fmt.Errorf("%w: no such scan", ErrInput)
	}
	if sc.Status != report.StatusDone {
		return "", fmt.Errorf("%w: the scan has not finished successfully", ErrInput)
	}
	return s.generateReport(ctx, cid, scanID)
}

// RepoReportURL returns a short-lived download URL of a public scan's latest report.
func (s *Server) RepoReportURL(ctx context.Context, scanID, format string) (string, error) {
	cid, err := s.public.Get(ctx, s.store, publicClient)
	if err != nil {
		return "", err
	}
	sc, err := s.store.GetScanMeta(ctx, cid, scanID)
	if err != nil || sc.ReportID == "" {
		return "", errors.New("no report for this scan")
	}
	return s.reportURL(sc.ReportID + "." + format), nil
}
