package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/store"
)

// Scan sources.
const (
	sourceGit    = "git"
	sourceUpload = "upload"
	sourceBlock  = "block" // a deployed contract's verified source
)

// scanRequest is what a scan was asked to do, stored with the scan so that a restart can run
// it again. It may hold a repository URL with credentials: it is never returned or logged.
type scanRequest struct {
	URL         string   `json:"url,omitempty"`
	Branch      string   `json:"branch,omitempty"`
	Commit      string   `json:"commit,omitempty"`
	Skip        []string `json:"skip,omitempty"`
	Rescan      bool     `json:"rescan,omitempty"`
	Uploads     []string `json:"uploads,omitempty"`   // object keys
	FileURLs    []string `json:"file_urls,omitempty"` // as the client sent them
	ProjectType string   `json:"project_type,omitempty"`
	Quick       bool     `json:"quick,omitempty"`
	// Block scans.
	Address  string `json:"address,omitempty"`
	Platform string `json:"platform,omitempty"`
	Chain    string `json:"chain,omitempty"`
}

// errQueueFull and errStopping say why a scan could not be queued.
var (
	errQueueFull = errors.New("the scan queue is full; try again later")
	errStopping  = errors.New("the server is shutting down; try again later")
)

// enqueue records a scan of the project and submits it to the job runner. A scan the runner
// refuses is recorded as failed (rather than left queued: a scan the client was told to retry
// must not also run by surprise after the next restart), and the error says why.
func (s *Server) enqueue(ctx context.Context, p store.Project, source string, req scanRequest) (store.Scan, error) {
	return s.enqueueAs(ctx, store.NewID(), p, source, req)
}

// enqueueAs is enqueue of a scan whose id the caller chose (to wait for it before it exists).
func (s *Server) enqueueAs(ctx context.Context, id string, p store.Project, source string, req scanRequest) (store.Scan, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return store.Scan{}, err
	}
	scanType := report.ScanTypeProject
	if source == sourceBlock {
		scanType = report.ScanTypeBlock
	}
	sc := store.Scan{
		ID: id, ClientID: p.ClientID, ProjectID: p.ID, ScanType: scanType, Source: source,
		Status: report.StatusQueued, ReportingStatus: report.ReportNotGenerated, Request: body, CreatedAt: time.Now().UTC(),
	}
	if err := s.store.CreateScan(ctx, sc); err != nil {
		return store.Scan{}, err
	}
	if err := s.projects.Listed(ctx, p); err != nil { // the dashboard lists every scanned project
		s.log.ErrorContext(ctx, "listing project for the dashboard", "project_id", p.ID, "err", err)
	}
	if err := s.submit(ctx, sc.ID); err != nil {
		if ferr := s.store.FinishScan(context.WithoutCancel(ctx), sc.ID, report.StatusFailed, "not run: "+err.Error(), nil, nil, time.Now().UTC()); ferr != nil {
			s.log.ErrorContext(ctx, "recording refused scan", "scan_id", sc.ID, "err", ferr)
		}
		return sc, err
	}
	s.log.InfoContext(ctx, "scan queued", "scan_id", sc.ID, "project_id", p.ID, "client_id", p.ClientID, "source", source)
	return sc, nil
}

// submit queues the job of a recorded scan, unless the server is stopping or more than
// QueueLimit scans (this one included) wait for a worker.
func (s *Server) submit(ctx context.Context, id string) error {
	select {
	case <-s.stopping:
		return errStopping
	default:
	}
	queued, err := s.store.QueuedScans(ctx)
	if err != nil {
		return err
	}
	if queued > s.cfg.QueueLimit {
		return errQueueFull
	}
	return s.queue.Enqueue(ctx, jobs.ScanArgs{ScanID: id})
}

// awaitScan waits up to d for a queued scan to end (or until the server begins to stop). wake,
// when not nil, is the caller's finishSignal.wait of the scan, begun before the scan was
// queued: its finish cannot have come unseen, so the status is not read until waitPoll passes
// without it (for a scan another process runs).
func (s *Server) awaitScan(ctx context.Context, id string, wake <-chan struct{}, d time.Duration) {
	wctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	go func() {
		select {
		case <-s.stopping:
			cancel()
		case <-wctx.Done():
		}
	}()
	if wake != nil {
		t := time.NewTimer(waitPoll)
		defer t.Stop()
		select {
		case <-wake:
			return
		case <-wctx.Done():
			return
		case <-t.C:
		}
	}
	s.WaitScan(wctx, id)
}

// startScan records a scan of the project, queues it, waits up to ScanWait and answers the
// report as it then stands.
func (s *Server) startScan(w http.ResponseWriter, r *http.Request, p store.Project, source string, req scanRequest) {
	ctx := r.Context()
	// The request waits for the scan from before it is queued: a finish then always finds it
	// (and hands it the report), and the wait needs no first read of the status.
	id := store.NewID()
	wake, leave := s.finished.wait(id)
	sc, err := s.enqueueAs(ctx, id, p, source, req)
	if err != nil {
		leave()
	}
	switch {
	case errors.Is(err, errQueueFull), errors.Is(err, errStopping):
		w.Header().Set("Retry-After", "30")
		httpjson.Error(w, http.StatusServiceUnavailable, err.Error())
		return
	case err != nil:
		s.internal(w, r, "recording scan", err)
		return
	}
	s.awaitScan(ctx, sc.ID, wake, s.cfg.ScanWait)
	leave()
	if s.answerFinished(context.WithoutCancel(ctx), w, p.ClientID, sc.ID) {
		return
	}
	rep, err := s.loadReport(context.WithoutCancel(ctx), p.ClientID, sc.ID)
	if err != nil {
		s.internal(w, r, "reading scan", err)
		return
	}
	httpjson.Write(w, http.StatusOK, report.Envelope{ScanReport: rep})
}

// internal answers 500 without detail and logs the cause.
func (s *Server) internal(w http.ResponseWriter, r *http.Request, what string, err error) {
	httpjson.Internal(w, r, s.log, what, err)
}
