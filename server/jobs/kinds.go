package jobs

import "github.com/riverqueue/river"

// The server's job kinds: what the parts that queue jobs (the doors, the webhook dispatcher)
// and the part that works them (package worker) agree on. Kinds and fields are kept in the
// queue's tables: renaming one strands the jobs queued under the old name.

// The queues besides River's default (scans): webhook deliveries and report generation, each
// in a queue of its own so that they never wait behind long scans.
const (
	WebhookQueue = "webhooks"
	ReportQueue  = "reports"
)

// ScanArgs is the job of one scan: its id. Unique by args, so that queueing a scan again (a
// start resuming it, a request retried) adds nothing while its job exists.
type ScanArgs struct {
	ScanID string `json:"scan_id"`
}

func (ScanArgs) Kind() string { return "scan" }

func (ScanArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// DeliveryArgs is one webhook delivery (its id, the webhook-id), sent by as many attempts as
// the dispatcher allows, each a run of the job, with the dispatcher's backoff between them.
type DeliveryArgs struct {
	ID string `json:"id"`
}

func (DeliveryArgs) Kind() string { return "webhook_delivery" }

func (DeliveryArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: WebhookQueue, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// ReportArgs is the generation of a finished scan's downloadable report.
type ReportArgs struct {
	ClientID int64  `json:"client_id"`
	ScanID   string `json:"scan_id"`
}

func (ReportArgs) Kind() string { return "report" }

// InsertOpts: not unique. A request may come while the previous generation's job is still
// being completed; generating twice only makes a newer report id.
func (ReportArgs) InsertOpts() river.InsertOpts { return river.InsertOpts{Queue: ReportQueue} }
