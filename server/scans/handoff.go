package scans

import (
	"bytes"
	"context"
	"io"
	"maps"
	"net/http"
	"reflect"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/httpjson"
)

// A request waiting for a scan this process runs (POST /private/api-file-scan/ and
// /private/api-project-scan/) used to read the report back from the store, decode it and encode
// it again: a third of the server's work for a small file scan. The scan's finish hands the
// report it just stored to the waiting request instead, which answers with the stored bytes
// when the report as it now stands (current triage, header and comments, brought up to date
// by the same overlay as a read from the store) is the one stored.

// finishedReport is a report as finish stored it; neither is changed afterwards.
type finishedReport struct {
	rep  *report.ScanReport
	body []byte    // json.Marshal(rep): the stored report
	at   time.Time // when it was handed over
}

// staleReport is how long a report no request took is kept: its request gave up waiting.
const staleReport = time.Minute

// finishedReports holds the reports of scans finished while a request of this process waited
// for them, until the request takes its one. A request that gave up waiting leaves its report;
// the oldest go first past maxFinishedReports.
type finishedReports struct {
	mu    sync.Mutex
	m     map[string]finishedReport
	order []string
}

const maxFinishedReports = 64

func (f *finishedReports) put(scanID string, r finishedReport) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.m == nil {
		f.m = map[string]finishedReport{}
	}
	if _, ok := f.m[scanID]; !ok {
		f.order = append(f.order, scanID)
	}
	r.at = time.Now()
	f.m[scanID] = r
	for len(f.order) > maxFinishedReports {
		delete(f.m, f.order[0])
		f.order = f.order[1:]
	}
}

// dropStale drops the reports handed over before now-staleReport: large reports of scans
// whose requests gave up must not stay in memory until 64 others push them out.
func (f *finishedReports) dropStale(now time.Time) {
	f.mu.Lock()
	defer f.mu.Unlock()
	for len(f.order) > 0 && now.Sub(f.m[f.order[0]].at) > staleReport {
		delete(f.m, f.order[0])
		f.order = f.order[1:]
	}
}

// DropStale drops the reports handed over long ago that no request took.
func (s *Service) DropStale(now time.Time) { s.handoff.dropStale(now) }

func (f *finishedReports) take(scanID string) (finishedReport, bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	r, ok := f.m[scanID]
	if ok {
		delete(f.m, scanID)
		// Its place in the eviction order goes too, else it would count against the reports
		// still waiting and evict one early.
		f.order = slices.DeleteFunc(f.order, func(id string) bool { return id == scanID })
	}
	return r, ok
}

// KeepFinished offers a report just stored to the requests of this process waiting for it.
// A report holding text that was not valid UTF-8 is not offered: JSON carries such bytes as
// \ufffd escapes, which a decoded report encodes as the character itself, so the stored bytes
// would not be what a read from the store answers.
func (s *Service) KeepFinished(scanID string, rep *report.ScanReport, body []byte) {
	if rep == nil || !s.finished.waited(scanID) || bytes.Contains(body, []byte(`\ufffd`)) {
		return
	}
	s.handoff.put(scanID, finishedReport{rep: rep, body: body})
}

// AnswerFinished answers a scan's report from the one its finish handed over, when there is
// one; false means the caller reads it from the store.
func (s *Service) AnswerFinished(ctx context.Context, w http.ResponseWriter, clientID int64, scanID string) bool {
	fin, ok := s.handoff.take(scanID)
	if !ok {
		return false
	}
	sc, err := s.Store.GetScanMeta(ctx, clientID, scanID) // the report is the one handed over
	if err != nil {
		return false
	}
	p, err := s.Store.GetProject(ctx, clientID, sc.ProjectID)
	if err != nil {
		return false
	}
	rep := copyFindings(fin.rep)
	if err := s.overlay(ctx, rep, sc, p); err != nil {
		return false
	}
	if !sameAsStored(rep, fin.rep) {
		// Triage, the project or a comment changed since the scan finished.
		httpjson.Write(w, http.StatusOK, report.Envelope{ScanReport: rep})
		return true
	}
	// What writeJSON writes for report.Envelope{rep}: the report's MarshalJSON output as it is,
	// written around rather than copied into one buffer.
	const head, tail = `{"scan_report":`, "}\n"
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Length", strconv.Itoa(len(head)+len(fin.body)+len(tail)))
	w.WriteHeader(http.StatusOK)
	io.WriteString(w, head)
	w.Write(fin.body)
	io.WriteString(w, tail)
	return true
}

// copyFindings copies a report deep enough for overlay to change the copy only: the report,
// its groups and its findings (the findings' details and locations are shared, never changed).
func copyFindings(r *report.ScanReport) *report.ScanReport {
	c := *r
	if r.MultiFileScanDetails != nil {
		c.MultiFileScanDetails = make([]*report.Group, len(r.MultiFileScanDetails))
	}
	for i, g := range r.MultiFileScanDetails {
		gc := *g
		if g.MetricWiseAggregatedFindings != nil {
			gc.MetricWiseAggregatedFindings = make([]*report.Finding, len(g.MetricWiseAggregatedFindings))
		}
		for j, f := range g.MetricWiseAggregatedFindings {
			fc := *f
			gc.MetricWiseAggregatedFindings[j] = &fc
		}
		c.MultiFileScanDetails[i] = &gc
	}
	return &c
}

// sameAsStored reports whether rep, a copyFindings copy of the stored report brought up to
// date by overlay, is still the stored one. It is reflect.DeepEqual of the two, without its
// walk of every group and finding (and the map of visited pointers it fills): the header is
// compared whole; groups and findings field by field, where what copyFindings shared (a
// finding's details and locations, a group's template) compares by identity, which can only
// call equal reports different (then the report is encoded again: correct, slower). The
// fields are all listed: a test fails when Group or Finding gains one.
func sameAsStored(rep, stored *report.ScanReport) bool {
	h1, h2 := *rep, *stored
	h1.MultiFileScanDetails, h2.MultiFileScanDetails = nil, nil
	if (rep.MultiFileScanDetails == nil) != (stored.MultiFileScanDetails == nil) ||
		len(rep.MultiFileScanDetails) != len(stored.MultiFileScanDetails) || !reflect.DeepEqual(h1, h2) {
		return false
	}
	for i, g := range rep.MultiFileScanDetails {
		o := stored.MultiFileScanDetails[i]
		if g.IssueID != o.IssueID || g.NoOfFindings != o.NoOfFindings || g.TemplateDetails != o.TemplateDetails ||
			(g.MetricWiseAggregatedFindings == nil) != (o.MetricWiseAggregatedFindings == nil) ||
			len(g.MetricWiseAggregatedFindings) != len(o.MetricWiseAggregatedFindings) {
			return false
		}
		for j, f := range g.MetricWiseAggregatedFindings {
			if !sameFinding(f, o.MetricWiseAggregatedFindings[j]) {
				return false
			}
		}
	}
	return true
}

// sameFinding compares what is stored of two findings: every field but Anchor, which is not in
// the JSON (a diff-aware scan's matching key, never stored).
func sameFinding(a, b *report.Finding) bool {
	return a.BugHash == b.BugHash && a.BugID == b.BugID && a.BugStatus == b.BugStatus && a.Comment == b.Comment &&
		a.ScanID == b.ScanID && a.Severity == b.Severity && a.Confidence == b.Confidence && a.Dependency == b.Dependency &&
		(a.DescriptionDetails == nil) == (b.DescriptionDetails == nil) && maps.Equal(a.DescriptionDetails, b.DescriptionDetails) &&
		(a.Findings == nil) == (b.Findings == nil) && slices.Equal(a.Findings, b.Findings)
}
