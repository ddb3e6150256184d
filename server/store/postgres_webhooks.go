package store

import (
	"context"
	"encoding/json"
	"time"
)

// SetEndpoint tags (or re-tags) the client's webhook endpoint.
func (s *Postgres) SetEndpoint(ctx context.Context, e Endpoint) error {
	h, err := json.Marshal(e.Headers)
	if err != nil {
		return err
	}
	_, err = s.pool.Exec(ctx, `INSERT INTO webhook_endpoints(client_id, url, headers, secret, updated_at) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT(client_id) DO UPDATE SET url = excluded.url, headers = excluded.headers, secret = excluded.secret,
		updated_at = excluded.updated_at`, e.ClientID, e.URL, string(h), e.Secret, e.UpdatedAt.UnixMicro())
	return err
}

// GetEndpoint reads the client's webhook endpoint.
func (s *Postgres) GetEndpoint(ctx context.Context, clientID int64) (Endpoint, error) {
	e, err := scanEndpoint(s.pool.QueryRow(ctx, `SELECT `+endpointColumns+` FROM webhook_endpoints WHERE client_id = $1`, clientID))
	return e, pgNotFound(err)
}

// EnqueueDelivery adds a pending delivery unless one exists for the same scan and event.
func (s *Postgres) EnqueueDelivery(ctx context.Context, d Delivery) error {
	_, err := s.pool.Exec(ctx, `INSERT INTO webhook_deliveries(id, client_id, event_type, scan_id, body, status, attempts,
		next_attempt_at, last_error, created_at) VALUES ($1, $2, $3, $4, $5, $6, 0, $7, '', $8) ON CONFLICT(scan_id, event_type) DO NOTHING`,
		d.ID, d.ClientID, d.EventType, d.ScanID, string(d.Body), DeliveryPending, d.NextAttemptAt.UnixMicro(), d.CreatedAt.UnixMicro())
	return err
}

// DueDeliveries lists pending deliveries whose next attempt is due.
func (s *Postgres) DueDeliveries(ctx context.Context, now time.Time, limit int) ([]Delivery, error) {
	rows, err := s.pool.Query(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries
		WHERE status = 'pending' AND next_attempt_at <= $1 ORDER BY next_attempt_at LIMIT $2`, now.UnixMicro(), limit)
	return collect(rows, err, scanDelivery)
}

// UpdateDelivery records the outcome of an attempt.
func (s *Postgres) UpdateDelivery(ctx context.Context, d Delivery) error {
	_, err := s.pool.Exec(ctx, `UPDATE webhook_deliveries SET status = $1, attempts = $2, next_attempt_at = $3, last_error = $4 WHERE id = $5`,
		d.Status, d.Attempts, d.NextAttemptAt.UnixMicro(), d.LastError, d.ID)
	return err
}

// GetDelivery reads one delivery.
func (s *Postgres) GetDelivery(ctx context.Context, id string) (Delivery, error) {
	d, err := scanDelivery(s.pool.QueryRow(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries WHERE id = $1`, id))
	return d, pgNotFound(err)
}
