package server

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

type noEngine struct{}

func (noEngine) Scan(context.Context, *workspace.Workspace, engine.ScanOptions) (*report.ScanReport, error) {
	return nil, context.Canceled
}

// A request waiting for a scan answers the report its finish handed over, byte for byte what a
// read from the store answers (GET-scan's path): as stored when nothing changed since, brought
// up to date when triage changed, and from the store when the report holds text that was not
// UTF-8.
func TestFinishedReportAnswersAsTheStore(t *testing.T) {
	ctx := context.Background()
	s, err := New(Config{DataDir: t.TempDir(), Role: RoleAPI, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}, noEngine{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close(ctx)
	c, err := s.store.CreateClient(ctx, "c")
	if err != nil {
		t.Fatal(err)
	}
	p, err := s.store.EnsureProject(ctx, store.Project{ClientID: c.ID, SourceKey: "upload:a", Name: "a"})
	if err != nil {
		t.Fatal(err)
	}
	finished := func(desc string) string {
		req, _ := json.Marshal(scans.Request{Uploads: []string{"k"}, FileURLs: []string{"http://x/uploads/k"}, Quick: true})
		sc := store.Scan{ID: store.NewID(), ClientID: c.ID, ProjectID: p.ID, ScanType: report.ScanTypeProject, Source: scans.SourceUpload,
			Status: report.StatusQueued, ReportingStatus: report.ReportNotGenerated, Request: req, CreatedAt: time.Now().UTC()}
		if err := s.store.CreateScan(ctx, sc); err != nil {
			t.Fatal(err)
		}
		rep := &report.ScanReport{MultiFileScanDetails: []*report.Group{{IssueID: "X", TemplateDetails: &report.Template{IssueID: "X", IssueSeverity: "high"},
			MetricWiseAggregatedFindings: []*report.Finding{
				{BugHash: "h1", DescriptionDetails: map[string]string{"d": desc}, Findings: []*report.Location{{FilePath: "a.sol", LineNosStart: []int{3}}}},
				{BugHash: "h2", DescriptionDetails: map[string]string{}},
			}}}}
		_, leave := s.scans.WaitFor(sc.ID) // a request waits for it
		defer leave()
		if err := s.worker.Finish(ctx, sc, rep, ""); err != nil {
			t.Fatal(err)
		}
		return sc.ID
	}
	fromStore := func(id string) string {
		rep, err := s.scans.Load(ctx, c.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		w := httptest.NewRecorder()
		httpjson.Write(w, 200, report.Envelope{ScanReport: rep})
		return w.Body.String()
	}
	handedOver := func(id string) (string, bool) {
		w := httptest.NewRecorder()
		if !s.scans.AnswerFinished(ctx, w, c.ID, id) {
			return "", false
		}
		if w.Code != 200 || w.Header().Get("Content-Type") != "application/json" || w.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("answer: %d %v", w.Code, w.Header())
		}
		return w.Body.String(), true
	}

	id := finished("<b>&\"quoted\"</b> \u2028 \\u2028 \ufffd")
	got, ok := handedOver(id)
	if !ok {
		t.Fatal("the finished report was not handed over")
	}
	if want := fromStore(id); got != want {
		t.Errorf("handed-over answer differs from the store's:\n%s\n%s", got, want)
	}
	if _, ok := handedOver(id); ok {
		t.Error("a report was handed over twice")
	}

	id = finished("plain")
	if err := s.store.SetBugStatus(ctx, c.ID, p.ID, "h1", report.BugWontFix); err != nil {
		t.Fatal(err)
	}
	got, ok = handedOver(id)
	if want := fromStore(id); !ok || got != want {
		t.Errorf("after a triage change: handed over %v\n%s\nstore:\n%s", ok, got, want)
	}

	id = finished("not UTF-8: \xff\xfe")
	if _, ok := handedOver(id); ok {
		t.Error("a report with text that was not UTF-8 was handed over")
	}
}
