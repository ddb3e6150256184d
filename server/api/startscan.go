package api

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

// startScan records a scan of the project, queues it, waits up to ScanWait and answers the
// report as it then stands.
func (a *API) startScan(w http.ResponseWriter, r *http.Request, p store.Project, source string, req scans.Request) {
	ctx := r.Context()
	// The request waits for the scan from before it is queued: a finish then always finds it
	// (and hands it the report), and the wait needs no first read of the status.
	id := store.NewID()
	wake, leave := a.Scans.WaitFor(id)
	sc, err := a.Scans.EnqueueAs(ctx, id, p, source, req)
	if err != nil {
		leave()
	}
	switch {
	case errors.Is(err, scans.ErrClientBusy):
		// This client's share of the queue is taken; the others' scans are not held up.
		w.Header().Set("Retry-After", strconv.Itoa(scans.RetryAfterBusy))
		httpjson.Error(w, http.StatusTooManyRequests, err.Error())
		return
	case errors.Is(err, scans.ErrQueueFull), errors.Is(err, scans.ErrStopping):
		w.Header().Set("Retry-After", "30")
		httpjson.Error(w, http.StatusServiceUnavailable, err.Error())
		return
	case err != nil:
		a.internal(w, r, "recording scan", err)
		return
	}
	a.Scans.Await(ctx, sc.ID, wake, a.ScanWait)
	leave()
	if a.Scans.AnswerFinished(context.WithoutCancel(ctx), w, p.ClientID, sc.ID) {
		return
	}
	rep, err := a.Scans.Load(context.WithoutCancel(ctx), p.ClientID, sc.ID)
	if err != nil {
		a.internal(w, r, "reading scan", err)
		return
	}
	httpjson.Write(w, http.StatusOK, report.Envelope{ScanReport: rep})
}

// internal answers 500 without detail and logs the cause.
func (a *API) internal(w http.ResponseWriter, r *http.Request, what string, err error) {
	httpjson.Internal(w, r, a.Log, what, err)
}
