package worker

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/webhook"
)

// notify queues the webhook event of a finished scan for the client's tagged endpoint, if any.
func (w *Worker) notify(ctx context.Context, sc store.Scan, p store.Project, status, errMsg string, rep *report.ScanReport) error {
	ev := webhook.Event{
		Type: webhook.EventScanCompleted, Timestamp: report.Timestamp(time.Now()),
		ScanID: sc.ID, ProjectID: p.ID, ScanStatus: status, ErrMsg: errMsg,
		Links: map[string]string{
			// Retrieval is a POST with {scan_id, project_id}; the link names the endpoint.
			"get_scan": w.PublicURL + "/private/api-get-scan/",
		},
	}
	if status == report.StatusFailed {
		ev.Type = webhook.EventScanFailed
	}
	if rep != nil {
		ev.Summary = rep.MultiFileScanSummary
	}
	body, err := json.Marshal(ev)
	if err == nil {
		err = w.Hooks.Enqueue(ctx, sc.ClientID, ev, body)
	}
	if err != nil {
		return fmt.Errorf("webhook: queueing event: %w", err)
	}
	return nil
}

// renotify queues again the event of a scan already finished; the store keeps one delivery per
// scan and event, so an event queued before is not sent twice.
func (w *Worker) renotify(ctx context.Context, sc store.Scan) error {
	p, err := w.Store.GetProject(ctx, sc.ClientID, sc.ProjectID)
	if err != nil {
		return err
	}
	var rep *report.ScanReport
	if len(sc.Report) > 0 {
		rep = new(report.ScanReport)
		if err := json.Unmarshal(sc.Report, rep); err != nil {
			return err
		}
	}
	return w.notify(ctx, sc, p, sc.Status, sc.ErrMsg, rep)
}
