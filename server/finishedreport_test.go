package server

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http/httptest"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/httpjson"
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
		req, _ := json.Marshal(scanRequest{Uploads: []string{"k"}, FileURLs: []string{"http://x/uploads/k"}, Quick: true})
		sc := store.Scan{ID: store.NewID(), ClientID: c.ID, ProjectID: p.ID, ScanType: report.ScanTypeProject, Source: sourceUpload,
			Status: report.StatusQueued, ReportingStatus: report.ReportNotGenerated, Request: req, CreatedAt: time.Now().UTC()}
		if err := s.store.CreateScan(ctx, sc); err != nil {
			t.Fatal(err)
		}
		rep := &report.ScanReport{MultiFileScanDetails: []*report.Group{{IssueID: "X", TemplateDetails: &report.Template{IssueID: "X", IssueSeverity: "high"},
			MetricWiseAggregatedFindings: []*report.Finding{
				{BugHash: "h1", DescriptionDetails: map[string]string{"d": desc}, Findings: []*report.Location{{FilePath: "a.sol", LineNosStart: []int{3}}}},
				{BugHash: "h2", DescriptionDetails: map[string]string{}},
			}}}}
		_, leave := s.finished.wait(sc.ID) // a request waits for it
		defer leave()
		if err := s.finish(ctx, sc, rep, ""); err != nil {
			t.Fatal(err)
		}
		return sc.ID
	}
	fromStore := func(id string) string {
		rep, err := s.loadReport(ctx, c.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		w := httptest.NewRecorder()
		httpjson.Write(w, 200, report.Envelope{ScanReport: rep})
		return w.Body.String()
	}
	handedOver := func(id string) (string, bool) {
		w := httptest.NewRecorder()
		if !s.answerFinished(ctx, w, c.ID, id) {
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

// A report taken leaves the eviction order too: the reports still waiting are evicted only
// past maxFinishedReports of them, the oldest first.
func TestFinishedReportsEvictOnlyPastTheLimit(t *testing.T) {
	var f finishedReports
	id := func(i int) string { return fmt.Sprintf("scan%d", i) }
	for i := range maxFinishedReports {
		f.put(id(i), finishedReport{})
	}
	for i := 1; i <= 3; i++ { // three requests take theirs
		if _, ok := f.take(id(i)); !ok {
			t.Fatalf("%s was not kept", id(i))
		}
	}
	for i := maxFinishedReports; i < maxFinishedReports+3; i++ { // three more finish: the limit again
		f.put(id(i), finishedReport{})
	}
	if _, ok := f.take(id(0)); !ok {
		t.Fatalf("%s was evicted while only %d reports waited", id(0), maxFinishedReports)
	}
	f.put(id(0), finishedReport{})                    // back to the limit
	f.put(id(maxFinishedReports+3), finishedReport{}) // one past it: the oldest goes
	if _, ok := f.take(id(4)); ok {
		t.Errorf("%s, the oldest, was kept past the limit", id(4))
	}
	for _, i := range []int{0, 5, maxFinishedReports + 3} {
		if _, ok := f.take(id(i)); !ok {
			t.Errorf("%s was evicted", id(i))
		}
	}
}

// sameAsStored compares groups and findings field by field: a field added to either must be
// added to it (and to this list), else a change overlay made to it could go unseen and the
// stored bytes be answered.
func TestSameAsStoredListsEveryField(t *testing.T) {
	fields := func(v any) []string {
		var out []string
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			out = append(out, rt.Field(i).Name)
		}
		return out
	}
	want := map[string][]string{
		"Group":   {"IssueID", "NoOfFindings", "MetricWiseAggregatedFindings", "TemplateDetails"},
		"Finding": {"BugHash", "BugID", "BugStatus", "Comment", "DescriptionDetails", "Findings", "ScanID", "Severity", "Confidence", "Dependency"},
	}
	for name, got := range map[string][]string{"Group": fields(report.Group{}), "Finding": fields(report.Finding{})} {
		if !slices.Equal(got, want[name]) {
			t.Errorf("report.%s has fields %v; sameAsStored compares %v", name, got, want[name])
		}
	}
	// And it agrees with reflect.DeepEqual where that matters: any change overlay can make.
	base := func() *report.ScanReport {
		return &report.ScanReport{ScanID: "s", MultiFileScanDetails: []*report.Group{{IssueID: "X", NoOfFindings: 1,
			MetricWiseAggregatedFindings: []*report.Finding{{BugHash: "h", BugID: "VG_1_1", BugStatus: "pending_fix", DescriptionDetails: map[string]string{"a": "b"}}}}}}
	}
	stored := base()
	changes := map[string]func(r *report.ScanReport){
		"nothing":    func(*report.ScanReport) {},
		"header":     func(r *report.ScanReport) { r.ProjectName = "renamed" },
		"skip paths": func(r *report.ScanReport) { r.SkipFilePaths = []string{"x"} },
		"bug id":     func(r *report.ScanReport) { r.MultiFileScanDetails[0].MetricWiseAggregatedFindings[0].BugID = "VG_1_2" },
		"bug status": func(r *report.ScanReport) {
			r.MultiFileScanDetails[0].MetricWiseAggregatedFindings[0].BugStatus = "wont_fix"
		},
		"comment":   func(r *report.ScanReport) { r.MultiFileScanDetails[0].MetricWiseAggregatedFindings[0].Comment = "ok" },
		"count":     func(r *report.ScanReport) { r.MultiFileScanDetails[0].NoOfFindings = 2 },
		"no groups": func(r *report.ScanReport) { r.MultiFileScanDetails = []*report.Group{} },
	}
	for name, change := range changes {
		rep := copyFindings(stored)
		change(rep)
		if got, want := sameAsStored(rep, stored), reflect.DeepEqual(rep, stored); got != want {
			t.Errorf("%s: sameAsStored %v, reflect.DeepEqual %v", name, got, want)
		}
	}
}
