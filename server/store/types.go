package store

import (
	"errors"
	"time"
)

// ErrNotFound is returned when a row does not exist, or exists for another client: callers
// cannot tell the two apart, which is what client isolation needs.
var ErrNotFound = errors.New("store: not found")

// ErrConflict is returned when a write would break a rule of the data (a file uploaded twice).
var ErrConflict = errors.New("store: conflict")

// ErrBusy is returned by AdmitScan when the scan's owner has its share of the queue.
var ErrBusy = errors.New("store: the owner has its share of the queue")

// Client owns keys, projects, scans, uploads and a webhook endpoint.
type Client struct {
	ID        int64
	Name      string
	CreatedAt time.Time
}

// Key is an API key's record. The key itself is never stored; Hash is its SHA-256.
type Key struct {
	ID        int64
	ClientID  int64
	Name      string
	Prefix    string // first characters of the key, for people to tell keys apart
	Hash      []byte
	CreatedAt time.Time
	RevokedAt time.Time // zero while the key is valid
	// MaxQueued and MaxRunning are the key's shares of the scan queue and of the workers
	// (`vigil keys quota`); 0 means the server's defaults.
	MaxQueued, MaxRunning int
}

// Project is a repository or a named set of uploads scanned by one client.
type Project struct {
	ID         string
	ClientID   int64
	SequenceID int64 // 1, 2, ... per client
	SourceKey  string
	Name       string
	URL        string
	Branch     string
	CreatedAt  time.Time
}

// Scan is one scan and its job state. Request is the JSON of what was asked (enough to run the
// scan again after a restart); Report is the JSON of the finished report, empty before.
type Scan struct {
	ID              string
	ClientID        int64
	ProjectID       string
	ScanType        string
	Source          string // "git" or "upload"
	Status          string
	ErrMsg          string
	ReportingStatus string
	Request         []byte
	Attempts        int
	// Running says an attempt was under way and did not end (neither finished nor stopped
	// gracefully): read at a start, it means the last process died during the scan.
	Running bool
	// Crashes counts the processes that died while running this scan.
	Crashes    int
	CreatedAt  time.Time
	StartedAt  time.Time
	FinishedAt time.Time
	Report     []byte
	// HasReport says the scan has a stored report, also when it was read without it
	// (GetScanMeta: Report nil).
	HasReport       bool
	ReportID        string // the latest generated report's id
	ReportingErrMsg string // why report generation failed
	// Progress is what the worker last recorded of a running scan (zero until it does).
	Progress Progress
	// Owner is who the scan counts against in the queue's fair shares ("key:<id>",
	// "addr:<address>", "" for none); Dispatched says its job has been queued (a scan of an
	// owner over its share of the workers waits undispatched, see DispatchNext).
	Owner      string
	Dispatched bool
}

// Finding is the triage record of one finding of a scan.
type Finding struct {
	BugHash string
	BugID   string
	Status  string
	// Known says the project's triage had the hash when the caller read it (PriorTriage), so
	// FinishScan need not start its triage. False is always safe: the triage is then started
	// unless it exists.
	Known bool
}

// Triage is what a project remembers about a bug hash from earlier scans.
type Triage struct {
	BugID  string
	Status string
}

// Upload is a pre-signed upload slot and, once the file arrived, its size.
type Upload struct {
	ObjectKey string
	ClientID  int64
	// KeyID is the API key that asked for the slot (0 when none was recorded): revoking the
	// key makes the slot expire (RevokeKey).
	KeyID      int64
	FileName   string
	Size       int64 // -1 until uploaded
	CreatedAt  time.Time
	ExpiresAt  time.Time
	UploadedAt time.Time // zero until uploaded
}

// Endpoint is a client's tagged webhook endpoint.
type Endpoint struct {
	ClientID  int64
	URL       string
	Headers   map[string]string
	Secret    string // whsec_... signing secret
	UpdatedAt time.Time
}

// Delivery statuses.
const (
	DeliveryPending   = "pending"
	DeliveryDelivered = "delivered"
	DeliveryFailed    = "failed"
)

// Delivery is one webhook event to send, with its retry state.
type Delivery struct {
	ID            string // the webhook-id header: stable across retries
	ClientID      int64
	EventType     string
	ScanID        string
	Body          []byte
	Status        string
	Attempts      int
	NextAttemptAt time.Time
	LastError     string
	CreatedAt     time.Time
}

// Document is a report stored whole: a Solana token scan or a repository scan's details.
type Document struct {
	Kind      string
	ID        string
	ClientID  int64 // 0 for anonymous callers
	CreatedAt time.Time
	UpdatedAt time.Time
	Data      []byte // JSON
}

// unfinished says whether a scan status is one a worker may still change: queued or
// scan_in_progress (the values of report.StatusQueued and report.StatusInProgress, spelled out
// here as the schema's partial index spells them).
func unfinished(status string) bool { return status == "queued" || status == "scan_in_progress" }
