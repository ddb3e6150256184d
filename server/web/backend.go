package web

import (
	"context"
	"errors"
	"io"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/server/projects"
	"github.com/vigil-sec/vigil/server/store"
)

// ErrInput marks an error the user must fix (a bad URL, an unknown chain); its text is shown.
var ErrInput = errors.New("invalid input")

// ErrBusy says the scan queue cannot take a scan now.
var ErrBusy = errors.New("the scan queue is full; try again later")

// ErrClientBusy says the client (the signed-in key) has its share of the queue waiting.
var ErrClientBusy = errors.New("too many of your scans are waiting")

// ErrUnavailable says a feature is not configured on this server (block or token scans).
var ErrUnavailable = errors.New("not configured on this server")

// Backend is what the dashboard needs of the server beyond the store: starting scans the way
// the private API does and rendering reports the way its downloads do. ServerBackend
// implements it; every method is scoped to clientID.
type Backend interface {
	// Projects lists the client's projects, newest first.
	Projects(ctx context.Context, clientID int64) ([]store.Project, error)
	// AddProject records a repository project and queues its first scan.
	AddProject(ctx context.Context, clientID int64, url, branch string) (scanID string, err error)
	// AddUpload records a project of uploaded files (.sol or .zip) and queues its scan.
	AddUpload(ctx context.Context, clientID int64, name string, files []Upload) (scanID string, err error)
	// Rescan queues a new scan of a project with the request of its latest scan.
	Rescan(ctx context.Context, clientID int64, projectID string) (scanID string, err error)
	// DeleteProject deletes the project and everything kept about it: its scans, findings,
	// triage, reports and uploaded files. store.ErrConflict while a scan of it is queued or
	// running.
	DeleteProject(ctx context.Context, clientID int64, projectID string) error

	// Report is a scan's report as the API answers it (triage and comments applied).
	Report(ctx context.Context, clientID int64, scanID string) (*report.ScanReport, error)
	// Source gives the kept lines of a scan's files (lines not kept are empty), or nil.
	Source(ctx context.Context, clientID int64, scanID string) func(path string) []string
	// WriteReport renders a finished scan's report: json, sarif, markdown, html or pdf.
	WriteReport(ctx context.Context, w io.Writer, clientID int64, scanID, format string) error

	// Triage records a decision about a bug hash of a project, carried to later scans.
	Triage(ctx context.Context, clientID int64, projectID, bugHash, status, comment, by string) error
	// Notes returns the project's triage notes by bug hash.
	Notes(ctx context.Context, clientID int64, projectID string) (map[string]projects.Note, error)

	// BlockScan queues a scan of a deployed contract.
	BlockScan(ctx context.Context, clientID int64, address, platform, chain string) (scanID string, err error)
	// TokenScan scans a Solana token and stores the result.
	TokenScan(ctx context.Context, clientID int64, mint string) (scanID string, err error)
	// TokenReport reads a stored token scan of the client.
	TokenReport(ctx context.Context, clientID int64, scanID string) (*solana.Report, error)
}

// Upload is one file of an upload project.
type Upload struct {
	Name string
	Data io.Reader
}
