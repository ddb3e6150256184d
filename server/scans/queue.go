package scans

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"sync"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/projects"
	"github.com/vigil-sec/vigil/server/store"
)

// Scan sources.
const (
	SourceGit    = "git"
	SourceUpload = "upload"
	SourceBlock  = "block" // a deployed contract's verified source
)

// Request is what a scan was asked to do, stored with the scan so that a restart can run it
// again. It may hold a repository URL with credentials: it is never returned or logged.
type Request struct {
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

// ErrQueueFull and ErrStopping say why a scan could not be queued.
var (
	ErrQueueFull = errors.New("the scan queue is full; try again later")
	ErrStopping  = errors.New("the server is shutting down; try again later")
)

// Service records scans, queues them for the workers, wakes the requests waiting for them and
// reads their reports as they stand. Every door that scans goes through one.
type Service struct {
	Store    store.Store
	Queue    *jobs.Queue
	Projects projects.Records
	Log      *slog.Logger
	// QueueLimit is the most scans waiting for a worker (Config.QueueLimit).
	QueueLimit int
	// ClientQueue and ClientWorkers are an owner's default shares of the queue (scans
	// waiting) and of the workers (scans dispatched at once); see fairness.go.
	ClientQueue, ClientWorkers int
	// Stopping is closed when the server begins to stop: no scan is queued after it, and
	// waits end at once.
	Stopping <-chan struct{}

	finished finishSignal    // broadcast when this process finishes a scan
	handoff  finishedReports // the reports of those scans, for the requests waiting for them
}

// Enqueue records a scan of the project and submits it to the job runner. A scan the runner
// refuses is recorded as failed (rather than left queued: a scan the client was told to retry
// must not also run by surprise after the next restart), and the error says why. The scan
// counts against the owner of ctx (OwnerOf): past its share of the queue nothing is recorded
// and the error is ErrClientBusy; past its share of the workers the scan waits its turn.
func (s *Service) Enqueue(ctx context.Context, p store.Project, source string, req Request) (store.Scan, error) {
	return s.EnqueueAs(ctx, store.NewID(), p, source, req)
}

// EnqueueAs is Enqueue of a scan whose id the caller chose (to wait for it before it exists).
func (s *Service) EnqueueAs(ctx context.Context, id string, p store.Project, source string, req Request) (store.Scan, error) {
	body, err := json.Marshal(req)
	if err != nil {
		return store.Scan{}, err
	}
	scanType := report.ScanTypeProject
	if source == SourceBlock {
		scanType = report.ScanTypeBlock
	}
	sc := store.Scan{
		ID: id, ClientID: p.ClientID, ProjectID: p.ID, ScanType: scanType, Source: source,
		Status: report.StatusQueued, ReportingStatus: report.ReportNotGenerated, Request: body, CreatedAt: time.Now().UTC(),
		Owner: OwnerOf(ctx),
	}
	maxQueued, running, err := s.shares(ctx, sc.Owner)
	if err != nil {
		return store.Scan{}, err
	}
	if err := s.Store.AdmitScan(ctx, sc, maxQueued); errors.Is(err, store.ErrBusy) {
		return store.Scan{}, ErrClientBusy
	} else if err != nil {
		return store.Scan{}, err
	}
	if err := s.Projects.Listed(ctx, p); err != nil { // the dashboard lists every scanned project
		s.Log.ErrorContext(ctx, "listing project for the dashboard", "project_id", p.ID, "err", err)
	}
	if err := s.submit(ctx, sc, running); err != nil {
		if ferr := s.Store.FinishScan(context.WithoutCancel(ctx), sc.ID, report.StatusFailed, "not run: "+err.Error(), nil, nil, time.Now().UTC()); ferr != nil {
			s.Log.ErrorContext(ctx, "recording refused scan", "scan_id", sc.ID, "err", ferr)
		}
		s.Dispatch(context.WithoutCancel(ctx), sc.Owner) // had it been dispatched, its place is free
		return sc, err
	}
	s.Log.InfoContext(ctx, "scan queued", "scan_id", sc.ID, "project_id", p.ID, "client_id", p.ClientID, "source", source)
	return sc, nil
}

// submit queues the job of a recorded scan, unless the server is stopping or more than
// QueueLimit scans (this one included) wait for a worker. A scan with an owner is dispatched
// with the owner's next ones, as far as its share of the workers allows (the others wait).
func (s *Service) submit(ctx context.Context, sc store.Scan, running int) error {
	select {
	case <-s.Stopping:
		return ErrStopping
	default:
	}
	queued, err := s.Store.QueuedScans(ctx)
	if err != nil {
		return err
	}
	if queued > s.QueueLimit {
		return ErrQueueFull
	}
	if sc.Owner == "" {
		return s.Queue.Enqueue(ctx, jobs.ScanArgs{ScanID: sc.ID})
	}
	ids, err := s.Store.DispatchNext(ctx, sc.Owner, running)
	if err != nil {
		return err
	}
	return s.queueJobs(ctx, ids)
}

// NamedClient is a client the server records scans under itself (public repository scans,
// ss_quickscan), made on first use and remembered.
type NamedClient struct {
	mu sync.Mutex
	id int64
}

// Get returns the client named name, making it the first time.
func (n *NamedClient) Get(ctx context.Context, st store.Store, name string) (int64, error) {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.id == 0 {
		c, err := st.EnsureClient(ctx, name)
		if err != nil {
			return 0, err
		}
		n.id = c.ID
	}
	return n.id, nil
}
