package scans

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/server/store"
)

// Load returns the report of one of the client's scans as it stands: the stored report of a
// finished scan with its findings' current triage, or the skeleton of a queued or running one.
func (s *Service) Load(ctx context.Context, clientID int64, scanID string) (*report.ScanReport, error) {
	sc, err := s.Store.GetScan(ctx, clientID, scanID)
	if err != nil {
		return nil, err
	}
	p, err := s.Store.GetProject(ctx, clientID, sc.ProjectID)
	if err != nil {
		return nil, err
	}
	return s.reportOf(ctx, sc, p)
}

func (s *Service) reportOf(ctx context.Context, sc store.Scan, p store.Project) (*report.ScanReport, error) {
	rep := &report.ScanReport{}
	if len(sc.Report) > 0 {
		if err := json.Unmarshal(sc.Report, rep); err != nil {
			return nil, fmt.Errorf("scan %s: report: %w", sc.ID, err)
		}
	}
	if err := s.overlay(ctx, rep, sc, p); err != nil {
		return nil, err
	}
	return rep, nil
}

// overlay brings a scan's stored report (empty for a scan not finished) up to date: the
// findings' current triage, the header from the scan and project rows, the dashboard's
// comments.
func (s *Service) overlay(ctx context.Context, rep *report.ScanReport, sc store.Scan, p store.Project) error {
	var req Request
	if err := json.Unmarshal(sc.Request, &req); err != nil {
		return fmt.Errorf("scan %s: request: %w", sc.ID, err)
	}
	if sc.HasReport {
		// Triage may have changed since the scan finished.
		tri, err := s.Store.ScanFindings(ctx, sc.ID)
		if err != nil {
			return err
		}
		for _, g := range rep.MultiFileScanDetails {
			for _, f := range g.MetricWiseAggregatedFindings {
				if t, ok := tri[f.BugHash]; ok {
					f.BugID, f.BugStatus = t.BugID, t.Status
				}
			}
		}
		// A finding dismissed as false positive or won't fix leaves the counts and the score
		// (report/recount.go): the summary every door shows is the triaged one.
		rep.Recount()
	}
	FillHeader(rep, sc, p, req)
	return s.Projects.ApplyComments(ctx, rep) // triage comments made in the dashboard
}

// FillHeader sets the fields the server owns: ids, project fields, statuses and times.
func FillHeader(rep *report.ScanReport, sc store.Scan, p store.Project, req Request) {
	rep.ClientID = sc.ClientID
	rep.ScanID = sc.ID
	rep.ProjectID = p.ID
	rep.ProjectSequenceID = p.SequenceID
	rep.ProjectName = p.Name
	rep.ProjectURL = p.URL
	if sc.Source == SourceGit {
		rep.ProjectURL = netguard.RedactString(req.URL)
		rep.ProjectBranch = req.Branch
	}
	rep.SkipFilePaths = req.Skip
	if rep.SkipFilePaths == nil {
		rep.SkipFilePaths = []string{}
	}
	rep.FileURLList = req.FileURLs // null for repository scans, as the spec shows
	rep.IsQuickScan = req.Quick
	rep.ScanType = sc.ScanType
	rep.ScanInitTime = report.Timestamp(sc.CreatedAt)
	status := sc.Status
	if status == report.StatusQueued {
		status = report.StatusInProgress // queued is internal; clients see one waiting state
	}
	rep.ScanStatus = status
	rep.MultiFileScanStatus = status
	rep.ScanStatusErrMsg = sc.ErrMsg
	rep.ReportingStatus = sc.ReportingStatus
	if sc.ReportingStatus == report.ReportFailed {
		rep.ReportingErrMsg = sc.ReportingErrMsg
	}
	rep.QuickFileScanDetails = sc.ID
	if rep.MultiFileScanDetails == nil {
		rep.MultiFileScanDetails = []*report.Group{}
	}
	if rep.MultiFileScanSummary == nil {
		rep.MultiFileScanSummary = summarize(rep.MultiFileScanDetails)
	}
}

// summarize counts findings by severity, for reports whose engine gave no summary (and for
// scans not finished yet, where it is all zeros).
func summarize(groups []*report.Group) *report.Summary {
	sum := &report.Summary{IssueSeverityDistribution: report.NewDistribution(), ScansRan: []string{}, Score: "0", ScoreV2: "0"}
	for _, g := range groups {
		sev := ""
		if g.TemplateDetails != nil {
			sev = g.TemplateDetails.IssueSeverity
		}
		n := len(g.MetricWiseAggregatedFindings)
		if _, ok := sum.IssueSeverityDistribution[sev]; ok {
			sum.IssueSeverityDistribution[sev] += n
		}
		sum.IssuesCount += n
	}
	return sum
}
