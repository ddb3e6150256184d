package repoapi

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/server/reports"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

// Public repository scans are the second host's (SPEC 4.10, 4.11): anyone who passes the
// CAPTCHA may scan a public repository, so the scans are recorded under one client the server
// names itself ("public_repo_scans"), through the same job runner as the private API's scans
// (bounded, persisted, resumed after a restart).

const publicClient = "public_repo_scans"

// ServerScans is the Scans of `vigil serve`: its scans (package scans) and reports (package
// reports), recorded under the client publicClient.
type ServerScans struct {
	store   store.Store
	scans   *scans.Service
	reports *reports.Service
	policy  netguard.Policy // where repository URLs may point
	public  scans.NamedClient
}

// NewServerScans returns the Scans over the server's parts.
func NewServerScans(st store.Store, sc *scans.Service, rep *reports.Service, policy netguard.Policy) *ServerScans {
	return &ServerScans{store: st, scans: sc, reports: rep, policy: policy}
}

// Store is the server's store, which tells whether a scan is its project's latest.
func (s *ServerScans) Store() store.Store { return s.store }

// client is the client public scans are recorded under.
func (s *ServerScans) client(ctx context.Context) (int64, error) {
	return s.public.Get(ctx, s.store, publicClient)
}

// WaitScan returns when the scan is finished, or with ctx's error.
func (s *ServerScans) WaitScan(ctx context.Context, scanID string) error {
	return s.scans.Wait(ctx, scanID)
}

// StartRepoScan records and queues a public repository scan; it returns at once with the
// scan's and project's ids. Input errors (a URL that is not http(s), a private address) wrap
// ErrInput; a full queue is ErrBusy.
func (s *ServerScans) StartRepoScan(ctx context.Context, req ScanRequest) (scanID, projectID string, err error) {
	cid, err := s.client(ctx)
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
	if errors.Is(err, scans.ErrClientBusy) {
		return "", p.ID, ErrClientBusy
	}
	return sc.ID, p.ID, err
}

// RepoScanReport returns the report of a public repository scan as it stands (queued and
// running scans answer scan_in_progress). Unknown ids are store.ErrNotFound.
func (s *ServerScans) RepoScanReport(ctx context.Context, scanID string) (*report.ScanReport, error) {
	cid, err := s.client(ctx)
	if err != nil {
		return nil, err
	}
	return s.scans.Load(ctx, cid, scanID)
}

// GenerateRepoReport generates (synchronously) the report of a public repository scan, for the
// second host's WebSocket generate_report message, and returns its id. reportID is accepted for
// the protocol's "regenerate" form; a new id is always returned.
func (s *ServerScans) GenerateRepoReport(ctx context.Context, scanID, reportID string) (string, error) {
	cid, err := s.client(ctx)
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
func (s *ServerScans) RepoReportURL(ctx context.Context, scanID, format string) (string, error) {
	cid, err := s.client(ctx)
	if err != nil {
		return "", err
	}
	sc, err := s.store.GetScanMeta(ctx, cid, scanID)
	if err != nil || sc.ReportID == "" {
		return "", errors.New("no report for this scan")
	}
	return s.reports.URL(sc.ReportID + "." + format), nil
}
