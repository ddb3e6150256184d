package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/auth"
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

// startScan records a scan of the project, queues it, waits up to ScanWait and answers the
// report as it then stands.
func (s *Server) startScan(w http.ResponseWriter, r *http.Request, p store.Project, source string, req scanRequest) {
	ctx := r.Context()
	body, err := json.Marshal(req)
	if err != nil {
		s.internal(w, r, "encoding scan request", err)
		return
	}
	scanType := report.ScanTypeProject
	if source == sourceBlock {
		scanType = report.ScanTypeBlock
	}
	sc := store.Scan{
		ID: store.NewID(), ClientID: p.ClientID, ProjectID: p.ID, ScanType: scanType, Source: source,
		Status: report.StatusQueued, ReportingStatus: report.ReportNotGenerated, Request: body, CreatedAt: time.Now().UTC(),
	}
	if err := s.store.CreateScan(ctx, sc); err != nil {
		s.internal(w, r, "recording scan", err)
		return
	}
	if err := s.runner.Submit(sc.ID); err != nil {
		msg := "the scan queue is full; try again later"
		if errors.Is(err, jobs.ErrStopped) {
			msg = "the server is shutting down; try again later"
		}
		// Recorded as failed rather than left queued: a scan the client was told to retry
		// must not also run by surprise after the next restart.
		if ferr := s.store.FinishScan(context.WithoutCancel(ctx), sc.ID, report.StatusFailed, "not run: "+msg, nil, nil, time.Now().UTC()); ferr != nil {
			s.log.ErrorContext(ctx, "recording refused scan", "scan_id", sc.ID, "err", ferr)
		}
		w.Header().Set("Retry-After", "30")
		errorBody(w, http.StatusServiceUnavailable, msg)
		return
	}
	s.log.InfoContext(ctx, "scan queued", "scan_id", sc.ID, "project_id", p.ID, "client_id", p.ClientID, "source", source)
	wctx, cancel := context.WithTimeout(ctx, s.cfg.ScanWait)
	go func() {
		select {
		case <-s.stopping:
			cancel()
		case <-wctx.Done():
		}
	}()
	s.runner.Wait(wctx, sc.ID)
	cancel()
	rep, err := s.loadReport(context.WithoutCancel(ctx), p.ClientID, sc.ID)
	if err != nil {
		s.internal(w, r, "reading scan", err)
		return
	}
	writeJSON(w, http.StatusOK, report.Envelope{ScanReport: rep})
}

// internal answers 500 without detail and logs the cause.
func (s *Server) internal(w http.ResponseWriter, r *http.Request, what string, err error) {
	s.log.ErrorContext(r.Context(), what, "err", err, "path", r.URL.Path, "client_id", auth.ClientID(r.Context()))
	errorBody(w, http.StatusInternalServerError, "internal error")
}
