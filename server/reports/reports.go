package reports

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
	"log/slog"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/html"
	"github.com/vigil-sec/vigil/report/pdf"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

const (
	// Path is where download links point: GET {public_url}/reports/<report id>.<pdf|html>
	// ?expires=&signature=.
	Path              = "/reports/"
	downloadURLExpiry = 10 * time.Minute
	docExcerpts       = "scan_excerpts" // source lines around findings, kept for reports
	historyLimit      = 20
)

var fileRe = regexp.MustCompile(`^[0-9a-f]{24}\.(pdf|html)$`)

// Blob is where a report file (<report id>.pdf|.html) lives in the blob store. The name is the
// data folder's layout of earlier versions, so an existing folder keeps its reports.
func Blob(file string) string { return "reports/" + file }

// blobs are the files of one generated report.
func blobs(reportID string) []string {
	return []string{Blob(reportID + ".pdf"), Blob(reportID + ".html")}
}

// Service generates reports and signs their download links.
type Service struct {
	Store store.Store
	Blobs blob.Store
	Scans *scans.Service // reads the report as it stands
	// Key signs download links; PublicURL is where they point.
	Key       []byte
	PublicURL string
	Version   string // printed in the reports
	Log       *slog.Logger
}

// ExcerptDocs returns the document keeping the code around a scan's findings for later
// reports, for FinishScan to store with the outcome (none when there is no code to keep).
func ExcerptDocs(sc store.Scan, rep *report.ScanReport) []store.Document {
	if rep == nil || len(rep.Excerpts) == 0 {
		return nil
	}
	data, err := json.Marshal(rep.Excerpts)
	if err != nil { // a map of strings by path and line always encodes
		return nil
	}
	return []store.Document{{Kind: docExcerpts, ID: sc.ID, ClientID: sc.ClientID, Data: data}}
}

// Input is what the PDF and HTML writers need of a scan of the client: its report as it
// stands, the kept code excerpts and the project's earlier scans.
func (s *Service) Input(ctx context.Context, clientID int64, scanID string) (pdf.Input, error) {
	rep, err := s.Scans.Load(ctx, clientID, scanID)
	if err != nil {
		return pdf.Input{}, err
	}
	return pdf.Input{Report: rep, Source: s.Source(ctx, scanID), History: s.history(ctx, clientID, rep), Generated: time.Now(), ToolVersion: s.Version}, nil
}

// Generate renders a finished scan's PDF and HTML reports into the blob store and records the
// outcome (reporting_status); it returns the new report id.
func (s *Service) Generate(ctx context.Context, clientID int64, scanID string) (string, error) {
	fail := func(err error) (string, error) {
		if serr := s.Store.SetReporting(ctx, scanID, report.ReportFailed, "report generation failed: "+err.Error(), ""); serr != nil {
			s.Log.Error("recording report failure", "scan_id", scanID, "err", serr)
		}
		return "", err
	}
	before, err := s.Store.GetScanMeta(ctx, clientID, scanID)
	if err != nil {
		return "", err
	}
	if err := s.Store.SetReporting(ctx, scanID, report.ReportGenerating, "", ""); err != nil {
		return "", err
	}
	in, err := s.Input(ctx, clientID, scanID)
	if err != nil {
		return fail(err)
	}
	var pdfBuf, htmlBuf bytes.Buffer
	if err := pdf.Write(&pdfBuf, in); err != nil {
		return fail(err)
	}
	if err := html.Write(&htmlBuf, html.Input(in)); err != nil {
		return fail(err)
	}
	id := store.NewID()
	for ext, data := range map[string]*bytes.Buffer{"pdf": &pdfBuf, "html": &htmlBuf} {
		if err := s.Blobs.Put(ctx, Blob(id+"."+ext), data); err != nil {
			s.Log.Error("storing report", "scan_id", scanID, "err", err)
			return fail(errors.New("the report could not be stored; try again"))
		}
	}
	if err := s.Store.SetReporting(ctx, scanID, report.ReportGenerated, "", id); err != nil {
		if errors.Is(err, store.ErrNotFound) { // the project was deleted meanwhile: no file outlives it
			s.Delete(context.WithoutCancel(ctx), id)
		}
		return "", err
	}
	// The store names only a scan's latest report: the superseded one's files go now, or no
	// delete of the project could find them. (Of two generations running at once, the files of
	// the one recorded first may stay; the current report's never go.)
	if before.ReportID != "" && before.ReportID != id {
		if err := s.Delete(ctx, before.ReportID); err != nil {
			s.Log.Warn("removing a superseded report", "scan_id", scanID, "report_id", before.ReportID, "err", err)
		}
	}
	s.Log.Info("report generated", "scan_id", scanID, "report_id", id, "pdf_bytes", pdfBuf.Len())
	return id, nil
}

// Source serves the kept code excerpts of a scan as file lines (lines not kept are empty).
func (s *Service) Source(ctx context.Context, scanID string) func(string) []string {
	d, err := s.Store.GetDocument(ctx, docExcerpts, scanID)
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
func (s *Service) history(ctx context.Context, clientID int64, rep *report.ScanReport) []pdf.HistoryEntry {
	scans, err := s.Store.ProjectScans(ctx, clientID, rep.ProjectID, historyLimit)
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

func (s *Service) signature(file string, expires int64) string {
	m := hmac.New(sha256.New, s.Key)
	fmt.Fprintf(m, "GET\n%s%s\n%d", Path, file, expires)
	return hex.EncodeToString(m.Sum(nil))
}

// URL is a short-lived signed download link of a report file (<report id>.pdf|.html).
func (s *Service) URL(file string) string {
	exp := time.Now().Add(downloadURLExpiry).Unix()
	q := url.Values{"expires": {strconv.FormatInt(exp, 10)}, "signature": {s.signature(file, exp)}}
	return strings.TrimRight(s.PublicURL, "/") + Path + file + "?" + q.Encode()
}

// Signed says whether a download link of file is the server's and still valid.
func (s *Service) Signed(file string, expires int64, signature string) bool {
	return fileRe.MatchString(file) && time.Now().Unix() <= expires &&
		hmac.Equal([]byte(signature), []byte(s.signature(file, expires)))
}

// Open reads a report file (<report id>.pdf|.html); blob.ErrNotFound when it is not there.
func (s *Service) Open(ctx context.Context, file string) (io.ReadCloser, blob.Info, error) {
	return s.Blobs.Open(ctx, Blob(file))
}

// Delete removes the files of a report, each even when another fails.
func (s *Service) Delete(ctx context.Context, reportID string) error {
	var errs []error
	for _, key := range blobs(reportID) {
		if err := s.Blobs.Delete(ctx, key); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}
