package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/server/store"
)

// progress is where a scan stands, as the scan page renders it and as each server-sent event
// carries it: the texts are made here once, so that the page without JavaScript and the page
// app.js updates say the same.
type progress struct {
	Status   string `json:"status"`
	Label    string `json:"label"`
	Elapsed  string `json:"elapsed"`
	Attempts int    `json:"attempts"`
	Error    string `json:"error,omitempty"`
	// Phase says what the worker is doing ("Analysing the contracts"), Detail how far it got
	// ("12 of 40 files · 3 findings so far"); Done of Total fills the bar (Total 0: unknown).
	Phase  string `json:"phase"`
	Detail string `json:"detail"`
	Done   int    `json:"done"`
	Total  int    `json:"total"`
}

var phaseLabels = map[string]string{
	scan.PhaseFetching:  "Fetching the sources",
	scan.PhaseParsing:   "Parsing the Solidity files",
	scan.PhaseAnalysing: "Analysing the contracts",
	scan.PhaseRust:      "Analysing the Rust code",
}

// progressOf describes a scan's state and the progress its worker last recorded.
func progressOf(sc store.Scan) progress {
	v := progress{Status: sc.Status, Label: statusLabels[sc.Status], Elapsed: elapsed(sc), Attempts: sc.Attempts, Error: sc.ErrMsg}
	if !running(sc.Status) {
		return v
	}
	pr := sc.Progress
	switch {
	case sc.Status == report.StatusQueued:
		v.Phase = "Waiting for a worker"
	case pr.Phase == "":
		v.Phase = "Starting"
	case pr.Phase == scan.PhaseParsing && pr.FilesTotal > 0 && pr.FilesDone == pr.FilesTotal:
		// Every file is parsed; the model of the contracts (imports, inheritance, calls) is
		// built before the detectors run, which takes a while on a large project.
		v.Phase = "Building the model of the contracts"
	default:
		v.Phase = phaseLabels[pr.Phase]
		if v.Phase == "" {
			v.Phase = pr.Phase
		}
	}
	var parts []string
	if pr.FilesTotal > 0 {
		parts = append(parts, fmt.Sprintf("%d of %d files", pr.FilesDone, pr.FilesTotal))
		v.Done, v.Total = min(pr.FilesDone, pr.FilesTotal), pr.FilesTotal
	}
	if pr.Phase == scan.PhaseAnalysing || pr.Phase == scan.PhaseRust {
		parts = append(parts, plural(pr.Findings, "finding")+" so far")
	}
	v.Detail = strings.Join(parts, " · ")
	return v
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// scanEvents is GET /scans/{id}/events: server-sent events with the scan's progress, one when
// it changes, until the scan ends ("done"), the session ends ("signed_out": its key was
// revoked, or the user signed out, in any process) or the server stops. Progress comes from
// the store, where the worker (perhaps another process) records it, so polling it serves every
// process; the session is checked again at every poll, as a request would check it.
func (h *Handler) scanEvents(w http.ResponseWriter, r *http.Request, s *session) {
	id := r.PathValue("id")
	if _, err := h.cfg.Store.GetScanMeta(r.Context(), s.clientID, id); err != nil {
		h.notFound(w, r, err)
		return
	}
	if !h.streams.Take(s.keyID, h.cfg.MaxStreamsPerKey) {
		w.Header().Set("Retry-After", "10")
		h.fail(w, r, http.StatusTooManyRequests, "too many live-progress pages open with this key; close some", nil)
		return
	}
	defer h.streams.Give(s.keyID)
	rc := http.NewResponseController(w)
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("X-Accel-Buffering", "no")
	w.WriteHeader(http.StatusOK)
	tick := time.NewTicker(h.cfg.PollEvery)
	defer tick.Stop()
	limit := time.After(30 * time.Minute) // a browser reconnects on its own
	var last []byte
	for {
		if live, err := h.current(r); err != nil || live == nil || live.clientID != s.clientID {
			if err == nil {
				fmt.Fprint(w, "event: signed_out\ndata: {}\n\n")
				rc.Flush()
			}
			return
		}
		sc, err := h.cfg.Store.GetScanMeta(r.Context(), s.clientID, id)
		if err != nil {
			return
		}
		data, _ := json.Marshal(progressOf(sc))
		name := "progress"
		if !running(sc.Status) {
			name = "done"
		}
		if !bytes.Equal(data, last) || name == "done" {
			fmt.Fprintf(w, "event: %s\ndata: %s\n\n", name, data)
			if rc.Flush() != nil {
				return
			}
			last = data
		}
		if name == "done" {
			return
		}
		select {
		case <-r.Context().Done():
			return
		case <-h.cfg.Stopping:
			return
		case <-limit:
			return
		case <-tick.C:
		}
	}
}
