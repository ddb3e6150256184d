package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/store"
)

// resume queues the scans a previous process left unfinished. A scan still marked running
// was running when that process died (a graceful stop clears the mark): its input may be what
// killed it, so it is quarantined, run alone so that no other client's scan shares its fate and
// a second death is surely its own; after a second death it fails with the reason. Scans
// interrupted by graceful stops MaxAttempts times fail too.
func (s *Server) resume(ctx context.Context) error {
	scans, err := s.store.UnfinishedScans(ctx)
	if err != nil {
		return fmt.Errorf("server: listing unfinished scans: %w", err)
	}
	for _, sc := range scans {
		if sc.Running {
			if sc.Crashes, err = s.store.RecordCrash(ctx, sc.ID); err != nil {
				return fmt.Errorf("server: recording a crash: %w", err)
			}
			s.log.Warn("the server died during a scan; quarantining it", "scan_id", sc.ID, "crashes", sc.Crashes)
		}
		if sc.Crashes >= 2 {
			s.finish(ctx, sc, nil, fmt.Sprintf("the scan crashed the scanner %d times (its input makes the analysis die, "+
				"for example by exhausting memory); it was quarantined and is not retried", sc.Crashes))
			continue
		}
		if sc.Attempts-sc.Crashes >= s.cfg.MaxAttempts { // attempts a graceful stop interrupted
			msg := fmt.Sprintf("the scan was interrupted %d times (the server stopped during it); giving up", sc.Attempts)
			s.finish(ctx, sc, nil, msg)
			continue
		}
		submit := s.runner.Submit
		if sc.Crashes > 0 {
			submit = s.runner.SubmitAlone
		}
		if err := submit(sc.ID); err != nil {
			if errors.Is(err, jobs.ErrQueueFull) {
				s.log.Warn("resume: queue full; scan left for the next start", "scan_id", sc.ID)
				continue
			}
			return err
		}
		s.log.Info("resuming scan", "scan_id", sc.ID, "attempts_so_far", sc.Attempts, "quarantined", sc.Crashes > 0)
	}
	return nil
}

// runScan is the job: one attempt of one scan. If ctx is cancelled (the server stops) the scan
// is left unfinished for the next start; every other outcome is recorded.
func (s *Server) runScan(ctx context.Context, id string) {
	// Whatever goes wrong in one job stays in it: the worker, the process and the other
	// clients' scans go on.
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("scan job panicked", "scan_id", id, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			if sc, err := s.store.GetScanAny(context.WithoutCancel(ctx), id); err == nil {
				s.finish(ctx, sc, nil, "internal error in the scanner; the scan could not be completed")
			}
		}
	}()
	sc, err := s.store.GetScanAny(ctx, id)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("job: reading scan", "scan_id", id, "err", err)
		}
		return
	}
	if sc.Status != report.StatusQueued && sc.Status != report.StatusInProgress {
		return
	}
	attempts, err := s.store.StartScan(ctx, id, time.Now().UTC())
	if err != nil {
		if ctx.Err() == nil {
			s.log.Error("job: starting scan", "scan_id", id, "err", err)
		}
		return
	}
	sc.Attempts = attempts
	start := time.Now()
	rep, errMsg := s.safeExecute(ctx, sc)
	s.metrics.scanTime.Observe(time.Since(start).Seconds())
	if ctx.Err() != nil {
		s.log.Info("job: server stopping; scan left to resume", "scan_id", id)
		if err := s.store.InterruptScan(context.WithoutCancel(ctx), id); err != nil {
			s.log.Error("job: recording the interruption", "scan_id", id, "err", err)
		}
		return
	}
	s.finish(ctx, sc, rep, errMsg)
}

// safeExecute is execute with a panic in the engine (hostile input reaching a parser bug)
// turned into a failed scan, instead of a dead server that would meet the same input again on
// restart.
func (s *Server) safeExecute(ctx context.Context, sc store.Scan) (rep *report.ScanReport, errMsg string) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Error("scan panicked", "scan_id", sc.ID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			rep, errMsg = nil, "internal error in the scanner; the scan could not be completed"
		}
	}()
	return s.execute(ctx, sc)
}

// execute opens the scan's workspace and runs the engine. It returns the engine's report, or
// a message for scan_status_err_msg that is safe to show the client.
func (s *Server) execute(parent context.Context, sc store.Scan) (*report.ScanReport, string) {
	var req scanRequest
	if err := json.Unmarshal(sc.Request, &req); err != nil {
		return nil, "the scan request could not be read"
	}
	ctx, cancel := context.WithTimeout(parent, s.cfg.ScanTimeout)
	defer cancel()
	if sc.Source == sourceBlock {
		return s.executeBlock(ctx, sc, req)
	}
	opts := workspace.Options{Limits: s.cfg.Limits, Skip: req.Skip, Network: s.policy, TempDir: s.tmpDir}
	var ws *workspace.Workspace
	var err error
	switch sc.Source {
	case sourceGit:
		ws, err = workspace.FromGit(ctx, workspace.GitSource{URL: req.URL, Branch: req.Branch, Commit: req.Commit}, opts)
	case sourceUpload:
		ws, err = s.openUploads(ctx, sc.ClientID, req.Uploads, opts)
	default:
		return nil, "unknown scan source " + sc.Source
	}
	if err != nil {
		return nil, s.failure(ctx, sc.ID, "opening the sources", err, "")
	}
	defer ws.Close()
	rep, err := s.engine.Scan(ctx, ws, ScanOptions{ScanID: sc.ID, ScanType: sc.ScanType, Quick: req.Quick})
	if err != nil {
		return nil, s.failure(ctx, sc.ID, "scanning", err, ws.Root)
	}
	if rep == nil {
		return nil, "the engine returned no report"
	}
	if ws.Commit != "" {
		rep.ProjectCommit = ws.Commit
	}
	return rep, ""
}

// failure turns an error into a message for the client: workspace refusals are written for
// users already; anything else is shown without the server's folders.
func (s *Server) failure(ctx context.Context, scanID, stage string, err error, root string) string {
	var budget *scan.BudgetError
	if errors.As(err, &budget) {
		// A scan past its time or memory budget fails alone, saying which and where.
		b := *budget
		if b.Budget == "time" {
			b.Limit = s.cfg.ScanTimeout.String()
		}
		s.log.Warn("scan stopped at its budget", "scan_id", scanID, "reason", b.Error())
		return b.Error()
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Sprintf("the scan took longer than %s and was stopped", s.cfg.ScanTimeout)
	}
	msg := netguard.RedactError(err).Error()
	if !errors.Is(err, workspace.ErrInput) && !errors.Is(err, workspace.ErrFetch) {
		s.log.Warn("scan failed", "scan_id", scanID, "stage", stage, "err", err)
	}
	for _, p := range []string{root, s.tmpDir, s.cfg.DataDir} {
		if p != "" {
			msg = strings.ReplaceAll(msg, p, "")
		}
	}
	return strings.TrimPrefix(msg, "workspace: ")
}

// openUploads builds the workspace of a file scan from the client's uploaded files.
func (s *Server) openUploads(ctx context.Context, clientID int64, keys []string, opts workspace.Options) (*workspace.Workspace, error) {
	ups := make([]workspace.Upload, 0, len(keys))
	for _, key := range keys {
		u, err := s.store.GetUpload(ctx, key)
		if err != nil || u.ClientID != clientID || u.UploadedAt.IsZero() {
			return nil, fmt.Errorf("an uploaded file is no longer available (uploads are kept %s after their URL expires)", s.cfg.UploadRetention)
		}
		ups = append(ups, workspace.Upload{Name: u.FileName, Open: func() (io.ReadCloser, error) { return s.openUpload(ctx, u) }})
	}
	return workspace.FromUploads(ctx, ups, opts)
}

// finish records a scan's outcome: the report with bug ids and triage carried over from the
// project's earlier scans, the status, and a webhook event.
func (s *Server) finish(ctx context.Context, sc store.Scan, rep *report.ScanReport, errMsg string) {
	ctx = context.WithoutCancel(ctx) // an outcome computed is an outcome recorded
	status := report.StatusDone
	if rep == nil {
		status = report.StatusFailed
		if errMsg == "" {
			errMsg = "the scan failed"
		}
	}
	p, err := s.store.GetProject(ctx, sc.ClientID, sc.ProjectID)
	if err != nil {
		s.log.Error("finish: reading project", "scan_id", sc.ID, "err", err)
		return
	}
	var findings []store.Finding
	var body []byte
	if rep != nil {
		if findings, err = s.triage(ctx, rep, sc, p); err != nil {
			s.log.Error("finish: triage", "scan_id", sc.ID, "err", err)
			return
		}
		sc.Status, sc.ErrMsg = status, ""
		var req scanRequest
		json.Unmarshal(sc.Request, &req)
		fillHeader(rep, sc, p, req)
		if body, err = json.Marshal(rep); err != nil {
			s.log.Error("finish: encoding report", "scan_id", sc.ID, "err", err)
			return
		}
	}
	s.saveExcerpts(ctx, sc, rep)
	if err := s.store.FinishScan(ctx, sc.ID, status, errMsg, body, findings, time.Now().UTC()); err != nil {
		s.log.Error("finish: recording outcome", "scan_id", sc.ID, "err", err)
		return
	}
	s.metrics.scans.WithLabelValues(status).Inc()
	s.log.Info("scan finished", "scan_id", sc.ID, "status", status, "err_msg", errMsg, "findings", len(findings))
	s.notify(ctx, sc, p, status, errMsg, rep)
}

// bugPrefix starts bug ids, as in the CLI's reports.
const bugPrefix = "VG"

// triage gives every finding its scan id, bug id and bug status. A bug hash seen in an earlier
// scan of the project keeps its bug id and status (pending_fix, wont_fix, ...); a new one gets
// the next number of the project: VG_<project_sequence_id>_<n>, as `vigil scan` numbers them.
func (s *Server) triage(ctx context.Context, rep *report.ScanReport, sc store.Scan, p store.Project) ([]store.Finding, error) {
	compact(rep)
	var hashes []string
	seen := map[string]bool{}
	for _, g := range rep.MultiFileScanDetails {
		g.NoOfFindings = len(g.MetricWiseAggregatedFindings)
		for _, f := range g.MetricWiseAggregatedFindings {
			if !seen[f.BugHash] {
				seen[f.BugHash] = true
				hashes = append(hashes, f.BugHash)
			}
		}
	}
	prior, err := s.store.PriorTriage(ctx, p.ID, hashes)
	if err != nil {
		return nil, err
	}
	fresh := 0
	for _, h := range hashes {
		if _, ok := prior[h]; !ok {
			fresh++
		}
	}
	next := int64(0)
	if fresh > 0 {
		if next, err = s.store.NextBugNumbers(ctx, p.ID, fresh); err != nil {
			return nil, err
		}
	}
	assigned := map[string]store.Finding{}
	var out []store.Finding
	for _, g := range rep.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			f.ScanID = sc.ID
			rec, ok := assigned[f.BugHash]
			if !ok {
				if t, seen := prior[f.BugHash]; seen {
					rec = store.Finding{BugHash: f.BugHash, BugID: t.BugID, Status: t.Status}
				} else {
					rec = store.Finding{BugHash: f.BugHash, BugID: fmt.Sprintf("%s_%d_%d", bugPrefix, p.SequenceID, next), Status: report.BugPendingFix}
					next++
				}
				assigned[f.BugHash] = rec
				out = append(out, rec)
			}
			f.BugID, f.BugStatus = rec.BugID, rec.Status
		}
	}
	return out, nil
}

// compact drops nil groups and findings, so the rest of the server need not check.
func compact(rep *report.ScanReport) {
	groups := rep.MultiFileScanDetails[:0]
	for _, g := range rep.MultiFileScanDetails {
		if g == nil {
			continue
		}
		fs := g.MetricWiseAggregatedFindings[:0]
		for _, f := range g.MetricWiseAggregatedFindings {
			if f != nil {
				fs = append(fs, f)
			}
		}
		g.MetricWiseAggregatedFindings = fs
		groups = append(groups, g)
	}
	rep.MultiFileScanDetails = groups
}
