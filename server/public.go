package server

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

// Public repository scans are the second host's (SPEC 4.10, 4.11): anyone who passes the
// CAPTCHA may scan a public repository, so the scans are recorded under one client the server
// names itself ("public_repo_scans"), through the same job runner as the private API's scans
// (bounded, persisted, resumed after a restart).

const publicClient = "public_repo_scans"

// RepoScanRequest asks for a scan of a public repository.
type RepoScanRequest struct {
	URL    string
	Branch string
	Commit string // "" for the tip of Branch
	Name   string // display name; the repository's name when empty
	Skip   []string
}

// ErrBusy is returned when the scan queue is full or the server is stopping.
var ErrBusy = errors.New("the scan queue is full; try again later")

// StartRepoScan records and queues a public repository scan; it returns at once with the
// scan's and project's ids. Input errors (a URL that is not http(s), a private address) wrap
// ErrInput; a full queue is ErrBusy.
func (s *Server) StartRepoScan(ctx context.Context, req RepoScanRequest) (scanID, projectID string, err error) {
	cid, err := s.public.Get(ctx, s.store, publicClient)
	if err != nil {
		return "", "", err
	}
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	u, err := s.policy.CheckURL(cctx, strings.TrimSpace(req.URL))
	cancel()
	if err != nil {
		return "", "", fmt.Errorf("%w: project_url: %s", ErrInput, strings.TrimPrefix(err.Error(), "netguard: "))
	}
	name := strings.TrimSpace(req.Name)
	if name == "" {
		name = scans.RepoName(u)
	}
	p, err := s.store.EnsureProject(ctx, store.Project{ClientID: cid, SourceKey: scans.SourceKey(u), Name: name,
		URL: netguard.Redact(u), Branch: strings.TrimSpace(req.Branch)})
	if err != nil {
		return "", "", err
	}
	sc, err := s.scans.Enqueue(ctx, p, scans.SourceGit, scans.Request{URL: strings.TrimSpace(req.URL), Branch: strings.TrimSpace(req.Branch),
		Commit: strings.TrimSpace(req.Commit), Skip: req.Skip})
	if errors.Is(err, scans.ErrQueueFull) || errors.Is(err, scans.ErrStopping) {
		return sc.ID, p.ID, ErrBusy
	}
	return sc.ID, p.ID, err
}

// RepoScanReport returns the report of a public repository scan as it stands (queued and
// running scans answer scan_in_progress). Unknown ids are store.ErrNotFound.
func (s *Server) RepoScanReport(ctx context.Context, scanID string) (*report.ScanReport, error) {
	cid, err := s.public.Get(ctx, s.store, publicClient)
	if err != nil {
		return nil, err
	}
	return s.scans.Load(ctx, cid, scanID)
}

// ErrInput marks a request the caller must fix.
var ErrInput = errors.New("invalid request")

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
	return s.reports.Generate(ctx, cid, scanID)
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
	return s.reports.URL(sc.ReportID + "." + format), nil
}
