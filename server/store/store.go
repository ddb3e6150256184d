package store

import (
	"context"
	"time"
)

// Store is everything the server keeps. Methods taking a clientID only see that client's rows
// and answer ErrNotFound for another client's.
type Store interface {
	// Clients and keys.
	CreateClient(ctx context.Context, name string) (Client, error)
	GetClient(ctx context.Context, id int64) (Client, error)
	CreateKey(ctx context.Context, k Key) (Key, error)
	// KeyByHash returns the key with this hash if it is not revoked.
	KeyByHash(ctx context.Context, hash []byte) (Key, error)
	ListKeys(ctx context.Context) ([]Key, error)
	// RevokeKey revokes a key and, in the same transaction, makes the upload URLs it issued
	// expire at the revocation: a URL handed out before dies with its key.
	RevokeKey(ctx context.Context, id int64, at time.Time) error

	// Projects: EnsureProject returns the client's project with this source key, creating it
	// with the next sequence id, and updates its name, URL and branch.
	EnsureProject(ctx context.Context, p Project) (Project, error)
	GetProject(ctx context.Context, clientID int64, id string) (Project, error)
	// DeleteProject removes one of the client's projects and everything kept about it, in one
	// transaction: its scans, their findings, webhook deliveries and documents, its bug triage
	// and the documents keyed by its id; the uploads only its scans read are expired. It returns
	// the files of the blob store to delete (Removed). ErrNotFound for a project that does not
	// exist (any more) or is another client's; ErrConflict while a scan of it is queued or
	// running, so that no worker records an outcome into a deleted project.
	DeleteProject(ctx context.Context, clientID int64, projectID string) (Removed, error)

	// Scans and job state.
	CreateScan(ctx context.Context, s Scan) error
	GetScan(ctx context.Context, clientID int64, id string) (Scan, error)
	// GetScanMeta reads one of the client's scans as GetScan does, without the report's bytes
	// (Report nil, HasReport set): for callers that need the row, not the report, which is
	// most of a finished scan's size.
	GetScanMeta(ctx context.Context, clientID int64, id string) (Scan, error)
	// GetScanAny reads a scan whatever its client; for the job runner only.
	GetScanAny(ctx context.Context, id string) (Scan, error)
	// ScanStatus reads a scan's status only (not its report), for requests waiting for it.
	ScanStatus(ctx context.Context, id string) (string, error)
	// StartScan marks a scan running and counts the attempt; it returns the attempts so far.
	StartScan(ctx context.Context, id string, at time.Time) (int, error)
	// FinishScan records the outcome, the report JSON and the findings' triage in one
	// transaction. A scan already finished is left as it is and ErrConflict returned, so that
	// two attempts of one scan (a job rescued while its first worker was still alive) record
	// one outcome. The documents given (the scan's code excerpts) are stored as PutDocument
	// stores them, in the same transaction: only with the outcome they belong to.
	FinishScan(ctx context.Context, id, status, errMsg string, report []byte, findings []Finding, at time.Time, docs ...Document) error
	// SetScanProgress records where a running scan stands, for every process to read with
	// the scan; a scan no longer running is left as it is.
	SetScanProgress(ctx context.Context, id string, p Progress) error
	// InterruptScan clears the running mark of an attempt the server stopped gracefully.
	InterruptScan(ctx context.Context, id string) error
	// RecordCrash counts a process death during the scan and clears its running mark; it
	// returns the crashes so far.
	RecordCrash(ctx context.Context, id string) (int, error)
	// QueuedScans counts the scans waiting for a worker (status queued).
	QueuedScans(ctx context.Context) (int, error)

	// Fair shares of the queue (package scans). AdmitScan records a new scan as CreateScan
	// does, unless its owner already has maxQueued scans queued (ErrBusy; 0: no bound), as one
	// step against every other admission of that owner, in any process. A scan with an owner
	// is recorded undispatched.
	AdmitScan(ctx context.Context, sc Scan, maxQueued int) error
	// DispatchNext marks dispatched the owner's oldest undispatched queued scans, as many as
	// keep its dispatched unfinished scans at most maxRunning, and returns their ids, oldest
	// first: the caller queues their jobs. One step against every other dispatch of the owner.
	DispatchNext(ctx context.Context, owner string, maxRunning int) ([]string, error)
	// WaitingOwners lists the owners that have undispatched queued scans.
	WaitingOwners(ctx context.Context) ([]string, error)
	// GetKey reads a key by id, revoked or not.
	GetKey(ctx context.Context, id int64) (Key, error)
	// SetKeyQuota sets a key's shares of the queue and of the workers (0: the defaults).
	SetKeyQuota(ctx context.Context, id int64, maxQueued, maxRunning int) error
	// UnfinishedScans lists scans queued or running, oldest first: what a restart resumes.
	UnfinishedScans(ctx context.Context) ([]Scan, error)
	// SetReporting records the state of a scan's downloadable report (reportID "" keeps the
	// current one).
	SetReporting(ctx context.Context, scanID, status, errMsg, reportID string) error
	// ProjectScans lists the client's scans of a project, newest first, at most limit.
	ProjectScans(ctx context.Context, clientID int64, projectID string, limit int) ([]Scan, error)

	// Findings and triage.
	PriorTriage(ctx context.Context, projectID string, hashes []string) (map[string]Triage, error)
	// NextBugNumbers reserves n bug numbers of the project and returns the first.
	NextBugNumbers(ctx context.Context, projectID string, n int) (int64, error)
	ScanFindings(ctx context.Context, scanID string) (map[string]Finding, error)
	SetBugStatus(ctx context.Context, clientID int64, projectID, bugHash, status string) error

	// Uploads.
	CreateUpload(ctx context.Context, u Upload) error
	GetUpload(ctx context.Context, objectKey string) (Upload, error)
	// MarkUploaded records the size of a file that arrived; ErrConflict if it already had.
	MarkUploaded(ctx context.Context, objectKey string, size int64, at time.Time) error
	// ExpiredUploads lists uploads whose slot expired before t (uploaded or not), for the
	// janitor to remove once their retention is over.
	ExpiredUploads(ctx context.Context, before time.Time, limit int) ([]Upload, error)
	DeleteUpload(ctx context.Context, objectKey string) error
	// UploadUsage counts the client's upload slots still kept and the bytes of their files.
	UploadUsage(ctx context.Context, clientID int64) (slots int, bytes int64, err error)

	// Documents: reports stored whole by kind and id (token scans, repository scan details).
	PutDocument(ctx context.Context, d Document) error
	GetDocument(ctx context.Context, kind, id string) (Document, error)
	// UpdateDocument reads a document (nil when there is none), lets change compute its new data
	// and stores it, as one step against every other update of that document, in this process
	// or another sharing the database: read-modify-write without lost updates.
	UpdateDocument(ctx context.Context, kind, id string, clientID int64, change func(old []byte) ([]byte, error)) error
	// DeleteDocumentsBefore removes the documents of a kind created before t (expired
	// dashboard sessions, say) and returns how many went.
	DeleteDocumentsBefore(ctx context.Context, kind string, t time.Time) (int64, error)
	// EnsureClient returns the client with this name, creating it once (server-named clients).
	EnsureClient(ctx context.Context, name string) (Client, error)

	// Webhooks.
	SetEndpoint(ctx context.Context, e Endpoint) error
	GetEndpoint(ctx context.Context, clientID int64) (Endpoint, error)
	// EnqueueDelivery adds a delivery; one per (scan, event type), a second is ignored.
	EnqueueDelivery(ctx context.Context, d Delivery) error
	DueDeliveries(ctx context.Context, now time.Time, limit int) ([]Delivery, error)
	UpdateDelivery(ctx context.Context, d Delivery) error
	GetDelivery(ctx context.Context, id string) (Delivery, error)

	Close() error
}
