package server

import (
	"context"
	"encoding/json"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/webhook"
)

// notify queues the webhook event of a finished scan for the client's tagged endpoint, if any.
func (s *Server) notify(ctx context.Context, sc store.Scan, p store.Project, status, errMsg string, rep *report.ScanReport) {
	ev := webhook.Event{
		Type: webhook.EventScanCompleted, Timestamp: report.Timestamp(time.Now()),
		ScanID: sc.ID, ProjectID: p.ID, ScanStatus: status, ErrMsg: errMsg,
		Links: map[string]string{
			// Retrieval is a POST with {scan_id, project_id}; the link names the endpoint.
			"get_scan": s.cfg.PublicURL + "/private/api-get-scan/",
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
		err = s.hooks.Enqueue(ctx, sc.ClientID, ev, body)
	}
	if err != nil {
		s.log.Error("webhook: queueing event", "scan_id", sc.ID, "err", err)
	}
}
