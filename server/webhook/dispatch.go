package webhook

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/server/store"
)

// Event is the body of a scan notification.
type Event struct {
	Type       string            `json:"type"` // EventScanCompleted or EventScanFailed
	Timestamp  string            `json:"timestamp"`
	ScanID     string            `json:"scan_id"`
	ProjectID  string            `json:"project_id"`
	ScanStatus string            `json:"scan_status"`
	ErrMsg     string            `json:"scan_status_err_msg,omitempty"`
	Summary    any               `json:"summary"`
	Links      map[string]string `json:"links"`
}

// Event types.
const (
	EventScanCompleted = "scan.completed"
	EventScanFailed    = "scan.failed"
)

// Dispatcher sends due deliveries. Set the fields, then Run it in a goroutine.
type Dispatcher struct {
	Store       store.Store
	Client      *http.Client // netguard-checked, no redirects; see NewClient
	MaxAttempts int          // default 8
	Backoff     time.Duration
	MaxBackoff  time.Duration
	Poll        time.Duration // how often to look for due deliveries without a Wake; default 1 s
	Log         *slog.Logger
	// Observe, when set, is told the outcome of every attempt: delivered, retry or failed.
	Observe func(outcome string)
	// Queue, when set, hands each new delivery to a job queue whose jobs call Deliver, instead
	// of waking Run (which then need not run).
	Queue func(ctx context.Context, deliveryID string) error

	once sync.Once
	wake chan struct{}
}

// NewClient returns the HTTP client of deliveries: addresses checked by policy at dial time,
// redirects not followed (a 3xx is a failed attempt), each attempt bounded by timeout.
func NewClient(policy netguard.Policy, timeout time.Duration) *http.Client {
	c := policy.Client(timeout)
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	return c
}

// init fills defaults once, whichever of Run, Enqueue and Wake comes first (they run on
// different goroutines).
func (d *Dispatcher) init() { d.once.Do(d.setDefaults) }

func (d *Dispatcher) setDefaults() {
	if d.wake == nil {
		d.wake = make(chan struct{}, 1)
	}
	if d.MaxAttempts <= 0 {
		d.MaxAttempts = 8
	}
	if d.Backoff <= 0 {
		d.Backoff = 10 * time.Second
	}
	if d.MaxBackoff <= 0 {
		d.MaxBackoff = time.Hour
	}
	if d.Poll <= 0 {
		d.Poll = time.Second
	}
	if d.Log == nil {
		d.Log = slog.New(slog.DiscardHandler)
	}
}

// Wake makes Run look for due deliveries now.
func (d *Dispatcher) Wake() {
	d.init()
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// Enqueue stores a delivery of ev for the client if it has tagged an endpoint, and wakes Run.
func (d *Dispatcher) Enqueue(ctx context.Context, clientID int64, ev Event, body []byte) error {
	d.init()
	if _, err := d.Store.GetEndpoint(ctx, clientID); err == store.ErrNotFound {
		return nil
	} else if err != nil {
		return err
	}
	now := time.Now().UTC()
	id := MessageID(ev.ScanID, ev.Type)
	err := d.Store.EnqueueDelivery(ctx, store.Delivery{ID: id, ClientID: clientID, EventType: ev.Type,
		ScanID: ev.ScanID, Body: body, NextAttemptAt: now, CreatedAt: now})
	switch {
	case err != nil:
		return err
	case d.Queue != nil:
		return d.Queue(ctx, id)
	}
	d.Wake()
	return nil
}

// Deliver makes one attempt of a pending delivery, for a queue's job. It returns when to try
// again (zero when the delivery is done with: delivered, failed for good, or not pending), or
// an error when the attempt could not be made (the store's, or shutdown): the job is retried.
func (d *Dispatcher) Deliver(ctx context.Context, id string) (time.Time, error) {
	d.init()
	del, err := d.Store.GetDelivery(ctx, id)
	if err != nil {
		return time.Time{}, err
	}
	if del.Status != store.DeliveryPending {
		return time.Time{}, nil
	}
	if wait := time.Until(del.NextAttemptAt); wait > 0 {
		return del.NextAttemptAt, nil
	}
	del = d.attempt(ctx, del)
	switch {
	case del.Status != store.DeliveryPending:
		return time.Time{}, nil
	case ctx.Err() != nil:
		return time.Time{}, ctx.Err()
	case !del.NextAttemptAt.After(time.Now()): // no attempt was made (reading the endpoint failed)
		return time.Time{}, fmt.Errorf("webhook: delivery %s: the attempt could not be made", id)
	}
	return del.NextAttemptAt, nil
}

// Run delivers until ctx is done. Deliveries left pending stay in the store for the next Run.
func (d *Dispatcher) Run(ctx context.Context) {
	d.init()
	t := time.NewTicker(d.Poll)
	defer t.Stop()
	for {
		d.sendDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		case <-d.wake:
		}
	}
}

func (d *Dispatcher) sendDue(ctx context.Context) {
	for ctx.Err() == nil {
		due, err := d.Store.DueDeliveries(ctx, time.Now(), 32)
		if err != nil {
			if ctx.Err() == nil {
				d.Log.Error("webhook: listing due deliveries", "err", err)
			}
			return
		}
		if len(due) == 0 {
			return
		}
		for _, del := range due {
			if ctx.Err() != nil {
				return
			}
			d.attempt(ctx, del)
		}
	}
}

// attempt sends one delivery once, records the outcome and returns the delivery as recorded.
func (d *Dispatcher) attempt(ctx context.Context, del store.Delivery) store.Delivery {
	ep, err := d.Store.GetEndpoint(ctx, del.ClientID)
	if err == store.ErrNotFound {
		del.Status, del.LastError = store.DeliveryFailed, "no endpoint tagged"
		d.record(ctx, del, "failed")
		return del
	}
	if err != nil {
		return del
	}
	del.Attempts++
	sendErr := d.send(ctx, ep, del)
	switch {
	case sendErr == nil:
		// Recorded even when shutdown began meanwhile, so it is not sent twice.
		del.Status, del.LastError = store.DeliveryDelivered, ""
		d.record(context.WithoutCancel(ctx), del, "delivered")
	case ctx.Err() != nil:
		// Shutting down: the attempt does not count; it is retried after restart (the
		// receiver may see it twice, with the same webhook-id, which is what that id is for).
		return del
	case del.Attempts >= d.MaxAttempts:
		del.Status, del.LastError = store.DeliveryFailed, sendErr.Error()
		d.Log.Warn("webhook: delivery failed for good", "delivery", del.ID, "scan_id", del.ScanID, "attempts", del.Attempts, "err", sendErr)
		d.record(ctx, del, "failed")
	default:
		wait := d.Backoff << (del.Attempts - 1)
		if wait > d.MaxBackoff || wait <= 0 {
			wait = d.MaxBackoff
		}
		del.LastError, del.NextAttemptAt = sendErr.Error(), time.Now().Add(wait)
		d.Log.Info("webhook: delivery attempt failed, will retry", "delivery", del.ID, "attempt", del.Attempts, "retry_in", wait, "err", sendErr)
		d.record(ctx, del, "retry")
	}
	return del
}

func (d *Dispatcher) record(ctx context.Context, del store.Delivery, outcome string) {
	if err := d.Store.UpdateDelivery(ctx, del); err != nil {
		d.Log.Error("webhook: recording delivery", "delivery", del.ID, "err", err)
	}
	if d.Observe != nil {
		d.Observe(outcome)
	}
}

func (d *Dispatcher) send(ctx context.Context, ep store.Endpoint, del store.Delivery) error {
	now := time.Now()
	sig, err := Sign(ep.Secret, del.ID, now, del.Body)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, ep.URL, bytes.NewReader(del.Body))
	if err != nil {
		return fmt.Errorf("building request: %v", err)
	}
	for k, v := range ep.Headers {
		req.Header.Set(k, v)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", "Vigil-Webhooks/1")
	req.Header.Set("webhook-id", del.ID)
	req.Header.Set("webhook-timestamp", fmt.Sprint(now.Unix()))
	req.Header.Set("webhook-signature", sig)
	resp, err := d.Client.Do(req)
	if err != nil {
		return netguard.RedactError(err)
	}
	io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
	resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("endpoint answered HTTP %d", resp.StatusCode)
	}
	return nil
}
