package scans

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/jobs"
	"github.com/vigil-sec/vigil/server/store"
)

// Fair shares. Every scan counts against an owner: the API key it was asked with (a dashboard
// session's key included), else the address of the anonymous client (the WebSocket and JSON-RPC
// surfaces). An owner may have at most its share of the queue waiting (ClientQueue, or its
// key's quota): past it, Enqueue answers ErrClientBusy, which the doors turn into 429 with
// Retry-After, for that owner only. And an owner's scans hold at most its share of the workers
// (ClientWorkers, or its key's quota): its other scans wait in the store, undispatched, and
// the next is dispatched (its job queued) when one of its scans ends. The job queue (River)
// then never holds more of one owner's jobs than its share, so another owner's scan waits
// behind at most the others' shares, not behind a flood.

// ErrClientBusy says the client has its share of the queue waiting.
var ErrClientBusy = errors.New("this client has its share of the scan queue waiting; try again when one of its scans has finished")

// RetryAfterBusy is the Retry-After (seconds) of an ErrClientBusy answer.
const RetryAfterBusy = 10

type addressKey struct{}

// WithAddress returns ctx carrying the client's address (clientaddr.Of), the owner of the
// scans an anonymous request queues. The server's handler sets it on every request.
func WithAddress(ctx context.Context, addr string) context.Context {
	return context.WithValue(ctx, addressKey{}, addr)
}

// OwnerOf is who a scan queued under ctx counts against: "key:<id>" for an authenticated
// request, else "addr:<address>", else "" (no share applies: jobs, tests).
func OwnerOf(ctx context.Context) string {
	if k := auth.KeyID(ctx); k != 0 {
		return "key:" + strconv.FormatInt(k, 10)
	}
	if a, _ := ctx.Value(addressKey{}).(string); a != "" {
		return "addr:" + a
	}
	return ""
}

// shares are an owner's shares of the queue and of the workers: its key's quota where set,
// else the defaults.
func (s *Service) shares(ctx context.Context, owner string) (queued, running int, err error) {
	queued, running = max(s.ClientQueue, 1), max(s.ClientWorkers, 1)
	if id, ok := strings.CutPrefix(owner, "key:"); ok {
		n, _ := strconv.ParseInt(id, 10, 64)
		k, err := s.Store.GetKey(ctx, n)
		if err != nil && !errors.Is(err, store.ErrNotFound) {
			return 0, 0, err
		}
		if k.MaxQueued > 0 {
			queued = k.MaxQueued
		}
		if k.MaxRunning > 0 {
			running = k.MaxRunning
		}
	}
	return queued, running, nil
}

// Dispatch queues the jobs of the owner's next scans as far as its share of the workers
// allows: after one of its scans ended (any process calls it), and from the janitor. Errors
// are logged: a scan left undispatched is dispatched by the next call.
func (s *Service) Dispatch(ctx context.Context, owner string) {
	if owner == "" {
		return
	}
	_, running, err := s.shares(ctx, owner)
	if err == nil {
		var ids []string
		if ids, err = s.Store.DispatchNext(ctx, owner, running); err == nil {
			err = s.queueJobs(ctx, ids)
		}
	}
	if err != nil && ctx.Err() == nil {
		s.Log.ErrorContext(ctx, "dispatching an owner's next scans", "owner", owner, "err", err)
	}
}

func (s *Service) queueJobs(ctx context.Context, ids []string) error {
	for _, id := range ids {
		if err := s.Queue.Enqueue(ctx, jobs.ScanArgs{ScanID: id}); err != nil {
			return err
		}
	}
	return nil
}

// Redispatch repairs what a process that died between two steps may have left: owners whose
// scans wait undispatched below their share get them dispatched, and a dispatched scan still
// queued after a minute gets its job queued again (a job that exists is not queued twice).
// The janitor and a starting worker call it.
func (s *Service) Redispatch(ctx context.Context) error {
	owners, err := s.Store.WaitingOwners(ctx)
	if err != nil {
		return err
	}
	for _, o := range owners {
		s.Dispatch(ctx, o)
	}
	unfinished, err := s.Store.UnfinishedScans(ctx)
	if err != nil {
		return err
	}
	for _, sc := range unfinished {
		if sc.Dispatched && sc.Status == "queued" && time.Since(sc.CreatedAt) > time.Minute {
			if err := s.Queue.Enqueue(ctx, jobs.ScanArgs{ScanID: sc.ID}); err != nil {
				return err
			}
		}
	}
	return nil
}
