package worker

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
	"time"

	"github.com/riverqueue/river"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/reports"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

// scanWorker runs scan jobs.
type scanWorker struct {
	river.WorkerDefaults[jobs.ScanArgs]
	w *Worker
}

func (r *scanWorker) Work(ctx context.Context, job *river.Job[jobs.ScanArgs]) error {
	return r.w.RunScan(ctx, job.Args.ScanID, job.Attempt >= job.MaxAttempts)
}

// resume, at the start of a process that works, queues again the scans left unfinished (a
// scan whose job was lost, or a database from before the queue). On SQLite the process is the
// only one: a scan still marked running was running when the previous process died, so the
// death is counted now and the scans a crash or the interruptions ended are failed before the
// first request, as they were before the queue. On PostgreSQL another worker may be running
// such a scan; the job's next attempt (River's rescuer runs it again once it is stuck) counts
// the death instead (RunScan).
func (w *Worker) resume(ctx context.Context) error {
	exclusive := w.Queue.Exclusive()
	if exclusive {
		if err := w.Queue.ReleaseOrphans(ctx); err != nil {
			return fmt.Errorf("server: releasing the jobs of a dead process: %w", err)
		}
	}
	scans, err := w.Store.UnfinishedScans(ctx)
	if err != nil {
		return fmt.Errorf("server: listing unfinished scans: %w", err)
	}
	for _, sc := range scans {
		if !sc.Dispatched {
			continue // waits its turn among its owner's share (dispatched below)
		}
		if exclusive {
			if sc.Running {
				if sc.Crashes, err = w.Store.RecordCrash(ctx, sc.ID); err != nil {
					return fmt.Errorf("server: recording a crash: %w", err)
				}
				w.Log.Warn("the server died during a scan; quarantining it", "scan_id", sc.ID, "crashes", sc.Crashes)
			}
			if msg := w.giveUp(sc, false); msg != "" {
				if err := w.finish(ctx, sc, nil, msg); err != nil {
					return err
				}
				continue
			}
		}
		if err := w.Queue.Enqueue(ctx, jobs.ScanArgs{ScanID: sc.ID}); err != nil {
			return fmt.Errorf("server: queueing scan %s: %w", sc.ID, err)
		}
	}
	// Owners whose places a previous process freed without dispatching their next scans.
	if err := w.Scans.Redispatch(ctx); err != nil {
		return fmt.Errorf("server: dispatching waiting scans: %w", err)
	}
	return nil
}

// giveUp returns why a scan must not be attempted again, or "": it crashed the scanner twice
// (its input makes the analysis die), stopping processes interrupted it MaxAttempts times, or
// this is the queue's last attempt.
func (w *Worker) giveUp(sc store.Scan, lastAttempt bool) string {
	switch {
	case sc.Crashes >= 2:
		return fmt.Sprintf("the scan crashed the scanner %d times (its input makes the analysis die, "+
			"for example by exhausting memory); it was quarantined and is not retried", sc.Crashes)
	case sc.Attempts-sc.Crashes >= w.MaxAttempts: // attempts a graceful stop interrupted
		return fmt.Sprintf("the scan was interrupted %d times (the server stopped during it); giving up", sc.Attempts)
	case lastAttempt:
		return fmt.Sprintf("the scan could not be completed in %d attempts", sc.Attempts)
	}
	return ""
}

// RunScan is the job: one attempt of one scan. It records an outcome unless its context was
// cancelled (the process is stopping), in which case the scan is handed back to the queue;
// an error return makes River retry the attempt later, for failures of the store itself.
func (w *Worker) RunScan(ctx context.Context, id string, lastAttempt bool) (err error) {
	// Whatever goes wrong in one job stays in it: the worker, the process and the other
	// clients' scans go on.
	defer func() {
		if p := recover(); p != nil {
			w.Log.Error("scan job panicked", "scan_id", id, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			sc, gerr := w.Store.GetScanAny(context.WithoutCancel(ctx), id)
			if gerr == nil {
				gerr = w.finish(ctx, sc, nil, "internal error in the scanner; the scan could not be completed")
			}
			err = gerr
		}
	}()
	sc, err := w.Store.GetScanAny(ctx, id)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	}
	if err != nil {
		return w.handBack(ctx, id, err)
	}
	if sc.Status != report.StatusQueued && sc.Status != report.StatusInProgress {
		// Finished by an earlier attempt, which may have died before queueing the webhook:
		// queueing it again is harmless (one delivery per scan and event).
		if err := w.renotify(ctx, sc); err != nil {
			return w.handBack(ctx, id, err)
		}
		return nil
	}
	if sc.Running { // the previous attempt neither ended nor was handed back: its worker died
		if sc.Crashes, err = w.Store.RecordCrash(ctx, id); err != nil {
			return w.handBack(ctx, id, err)
		}
		w.Log.Warn("a worker died during the scan; quarantining it", "scan_id", id, "crashes", sc.Crashes)
	}
	if msg := w.giveUp(sc, lastAttempt); msg != "" {
		if err := w.finish(ctx, sc, nil, msg); err != nil {
			return w.handBack(ctx, id, err)
		}
		return nil
	}
	// A scan that killed a worker runs alone, so that a second death is surely its own and no
	// other client's scan dies with it.
	if sc.Crashes > 0 {
		w.solo.Lock()
		defer w.solo.Unlock()
	} else {
		w.solo.RLock()
		defer w.solo.RUnlock()
	}
	attempts, err := w.Store.StartScan(ctx, id, time.Now().UTC())
	if err != nil {
		return w.handBack(ctx, id, err)
	}
	sc.Attempts = attempts
	w.running.Add(1)
	defer w.running.Add(-1)
	start := time.Now()
	rep, errMsg := w.safeExecute(ctx, sc)
	w.Metrics.ScanTime.Observe(time.Since(start).Seconds())
	if ctx.Err() != nil {
		w.Log.Info("job: stopping; scan handed back to the queue", "scan_id", id)
		if err := w.Store.InterruptScan(context.WithoutCancel(ctx), id); err != nil {
			w.Log.Error("job: recording the interruption", "scan_id", id, "err", err)
		}
		return river.JobSnooze(0)
	}
	if err := w.finish(ctx, sc, rep, errMsg); err != nil {
		// Not recorded: the next attempt runs the scan again, not counting this one a crash.
		w.Store.InterruptScan(context.WithoutCancel(ctx), id)
		return w.handBack(ctx, id, err)
	}
	return nil
}

// handBack ends an attempt that could not run: at once, for another process or the next
// start, when the process is stopping; else as a failed attempt that River retries.
func (w *Worker) handBack(ctx context.Context, id string, err error) error {
	if ctx.Err() != nil {
		return river.JobSnooze(0)
	}
	w.Log.Error("job: scan attempt failed; it will be retried", "scan_id", id, "err", err)
	return err
}

// safeExecute is execute with a panic in the engine (hostile input reaching a parser bug)
// turned into a failed scan, instead of a dead server that would meet the same input again on
// restart.
func (w *Worker) safeExecute(ctx context.Context, sc store.Scan) (rep *report.ScanReport, errMsg string) {
	defer func() {
		if p := recover(); p != nil {
			w.Log.Error("scan panicked", "scan_id", sc.ID, "panic", fmt.Sprint(p), "stack", string(debug.Stack()))
			rep, errMsg = nil, "internal error in the scanner; the scan could not be completed"
		}
	}()
	return w.execute(ctx, sc)
}

// execute opens the scan's workspace and runs the engine. It returns the engine's report, or
// a message for scan_status_err_msg that is safe to show the client.
func (w *Worker) execute(parent context.Context, sc store.Scan) (*report.ScanReport, string) {
	var req scans.Request
	if err := json.Unmarshal(sc.Request, &req); err != nil {
		return nil, "the scan request could not be read"
	}
	ctx, cancel := context.WithTimeout(parent, w.ScanTimeout)
	defer cancel()
	progress, stop := w.reportProgress(ctx, sc.ID)
	defer stop()
	progress.update(store.Progress{Phase: scan.PhaseFetching})
	advance := func(p scan.Progress) { progress.update(engineProgress(p)) }
	if sc.Source == scans.SourceBlock {
		return w.executeBlock(ctx, sc, req, advance)
	}
	opts := workspace.Options{Limits: w.Limits, Skip: req.Skip, Network: w.Policy, TempDir: w.TempDir}
	var ws *workspace.Workspace
	var err error
	switch sc.Source {
	case scans.SourceGit:
		ws, err = workspace.FromGit(ctx, workspace.GitSource{URL: req.URL, Branch: req.Branch, Commit: req.Commit}, opts)
	case scans.SourceUpload:
		ws, err = w.openUploads(ctx, sc.ClientID, req.Uploads, opts)
	default:
		return nil, "unknown scan source " + sc.Source
	}
	if err != nil {
		return nil, w.failure(ctx, sc.ID, "opening the sources", err, "")
	}
	defer ws.Close()
	rep, err := w.Engine.Scan(ctx, ws, engine.ScanOptions{ScanID: sc.ID, ScanType: sc.ScanType, Quick: req.Quick, Progress: advance})
	if err != nil {
		return nil, w.failure(ctx, sc.ID, "scanning", err, ws.Root)
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
func (w *Worker) failure(ctx context.Context, scanID, stage string, err error, root string) string {
	var budget *scan.BudgetError
	if errors.As(err, &budget) {
		// A scan past its time or memory budget fails alone, saying which and where.
		b := *budget
		if b.Budget == "time" {
			b.Limit = w.ScanTimeout.String()
		}
		w.Log.Warn("scan stopped at its budget", "scan_id", scanID, "reason", b.Error())
		return b.Error()
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return fmt.Sprintf("the scan took longer than %s and was stopped", w.ScanTimeout)
	}
	msg := netguard.RedactError(err).Error()
	if !errors.Is(err, workspace.ErrInput) && !errors.Is(err, workspace.ErrFetch) {
		w.Log.Warn("scan failed", "scan_id", scanID, "stage", stage, "err", err)
	}
	for _, p := range []string{root, w.TempDir, w.DataDir} {
		if p != "" {
			msg = strings.ReplaceAll(msg, p, "")
		}
	}
	return strings.TrimPrefix(msg, "workspace: ")
}

// openUploads builds the workspace of a file scan from the client's uploaded files.
func (w *Worker) openUploads(ctx context.Context, clientID int64, keys []string, opts workspace.Options) (*workspace.Workspace, error) {
	ups := make([]workspace.Upload, 0, len(keys))
	for _, key := range keys {
		u, err := w.Store.GetUpload(ctx, key)
		if err != nil || u.ClientID != clientID || u.UploadedAt.IsZero() {
			return nil, fmt.Errorf("an uploaded file is no longer available (uploads are kept %s after their URL expires)", w.Uploads.Retention)
		}
		ups = append(ups, workspace.Upload{Name: u.FileName, Open: func() (io.ReadCloser, error) { return w.Uploads.Open(ctx, u) }})
	}
	return workspace.FromUploads(ctx, ups, opts)
}

// finish records a scan's outcome: the report with bug ids and triage carried over from the
// project's earlier scans, the status, and a webhook event. An error (the store's) leaves the
// scan unfinished, for the job's next attempt.
func (w *Worker) finish(ctx context.Context, sc store.Scan, rep *report.ScanReport, errMsg string) error {
	ctx = context.WithoutCancel(ctx) // an outcome computed is an outcome recorded
	status := report.StatusDone
	if rep == nil {
		status = report.StatusFailed
		if errMsg == "" {
			errMsg = "the scan failed"
		}
	}
	p, err := w.Store.GetProject(ctx, sc.ClientID, sc.ProjectID)
	if errors.Is(err, store.ErrNotFound) {
		return w.dropOutcome(sc)
	}
	if err != nil {
		return fmt.Errorf("finish: reading project: %w", err)
	}
	var findings []store.Finding
	var body []byte
	if rep != nil {
		if findings, err = w.triage(ctx, rep, sc, p); err != nil {
			return fmt.Errorf("finish: triage: %w", err)
		}
		sc.Status, sc.ErrMsg = status, ""
		var req scans.Request
		json.Unmarshal(sc.Request, &req)
		scans.FillHeader(rep, sc, p, req)
		// What json.Marshal(rep) gives, without its second pass over the report's own output.
		if body, err = rep.MarshalJSON(); err != nil {
			return fmt.Errorf("finish: encoding report: %w", err)
		}
	}
	// The code excerpts are written in the outcome's transaction: one write, and none for an
	// outcome another attempt recorded first.
	err = w.Store.FinishScan(ctx, sc.ID, status, errMsg, body, findings, time.Now().UTC(), reports.ExcerptDocs(sc, rep)...)
	if errors.Is(err, store.ErrConflict) {
		// Another attempt of the scan (a worker thought dead) recorded its outcome first.
		w.Log.Info("finish: scan already finished by another attempt", "scan_id", sc.ID)
		return nil
	}
	if errors.Is(err, store.ErrNotFound) {
		return w.dropOutcome(sc)
	}
	if err != nil {
		return fmt.Errorf("finish: recording outcome: %w", err)
	}
	w.Scans.KeepFinished(sc.ID, rep, body)
	w.Scans.Finished(sc.ID)
	w.Scans.Dispatch(ctx, sc.Owner) // its place among the owner's share of the workers is free
	w.Metrics.Scans.WithLabelValues(status).Inc()
	w.Log.Info("scan finished", "scan_id", sc.ID, "status", status, "err_msg", errMsg, "findings", len(findings))
	return w.notify(ctx, sc, p, status, errMsg, rep)
}

// dropOutcome ends an attempt whose scan is gone with its project: there is nothing to record
// into, and recording would bring back rows the client deleted. The store refuses to delete a
// project while a scan of it is unfinished, so this is a safety net, not a path.
func (w *Worker) dropOutcome(sc store.Scan) error {
	w.Log.Warn("finish: the scan's project was deleted; its outcome is dropped", "scan_id", sc.ID, "project_id", sc.ProjectID)
	return nil
}

// bugPrefix starts bug ids, as in the CLI's reports.
const bugPrefix = "VG"

// triage gives every finding its scan id, bug id and bug status. A bug hash seen in an earlier
// scan of the project keeps its bug id and status (pending_fix, wont_fix, ...); a new one gets
// the next number of the project: VG_<project_sequence_id>_<n>, as `vigil scan` numbers them.
func (w *Worker) triage(ctx context.Context, rep *report.ScanReport, sc store.Scan, p store.Project) ([]store.Finding, error) {
	compact(rep)
	n := 0 // findings: the lists and maps below are made at their final size, not grown
	for _, g := range rep.MultiFileScanDetails {
		n += len(g.MetricWiseAggregatedFindings)
	}
	hashes := make([]string, 0, n)
	seen := make(map[string]bool, n)
	for _, g := range rep.MultiFileScanDetails {
		g.NoOfFindings = len(g.MetricWiseAggregatedFindings)
		for _, f := range g.MetricWiseAggregatedFindings {
			if !seen[f.BugHash] {
				seen[f.BugHash] = true
				hashes = append(hashes, f.BugHash)
			}
		}
	}
	prior, err := w.Store.PriorTriage(ctx, p.ID, hashes)
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
		if next, err = w.Store.NextBugNumbers(ctx, p.ID, fresh); err != nil {
			return nil, err
		}
	}
	assigned := make(map[string]store.Finding, len(hashes))
	out := make([]store.Finding, 0, len(hashes))
	for _, g := range rep.MultiFileScanDetails {
		for _, f := range g.MetricWiseAggregatedFindings {
			f.ScanID = sc.ID
			rec, ok := assigned[f.BugHash]
			if !ok {
				if t, seen := prior[f.BugHash]; seen {
					rec = store.Finding{BugHash: f.BugHash, BugID: t.BugID, Status: t.Status, Known: true}
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
