package store

import (
	"context"
	"encoding/json"
	"time"
)

// SetEndpoint tags (or re-tags) the client's webhook endpoint.
func (s *SQLite) SetEndpoint(ctx context.Context, e Endpoint) error {
	h, err := json.Marshal(e.Headers)
	if err != nil {
		return err
	}
	_, err = s.w.ExecContext(ctx, `INSERT INTO webhook_endpoints(client_id, url, headers, secret, updated_at) VALUES (?, ?, ?, ?, ?)
		ON CONFLICT(client_id) DO UPDATE SET url = excluded.url, headers = excluded.headers, secret = excluded.secret,
		updated_at = excluded.updated_at`, e.ClientID, e.URL, string(h), e.Secret, e.UpdatedAt.UnixMicro())
	return err
}

// GetEndpoint reads the client's webhook endpoint.
func (s *SQLite) GetEndpoint(ctx context.Context, clientID int64) (Endpoint, error) {
	e, err := scanEndpoint(s.db.QueryRowContext(ctx, `SELECT `+endpointColumns+` FROM webhook_endpoints WHERE client_id = ?`, clientID))
	return e, notFound(err)
}

// EnqueueDelivery adds a pending delivery unless one exists for the same scan and event.
func (s *SQLite) EnqueueDelivery(ctx context.Context, d Delivery) error {
	_, err := s.w.ExecContext(ctx, `INSERT INTO webhook_deliveries(id, client_id, event_type, scan_id, body, status, attempts,
		next_attempt_at, last_error, created_at) VALUES (?, ?, ?, ?, ?, ?, 0, ?, '', ?) ON CONFLICT(scan_id, event_type) DO NOTHING`,
		d.ID, d.ClientID, d.EventType, d.ScanID, string(d.Body), DeliveryPending, d.NextAttemptAt.UnixMicro(), d.CreatedAt.UnixMicro())
	return err
}

// DueDeliveries lists pending deliveries whose next attempt is due.
func (s *SQLite) DueDeliveries(ctx context.Context, now time.Time, limit int) ([]Delivery, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries
		WHERE status = 'pending' AND next_attempt_at <= ? ORDER BY next_attempt_at LIMIT ?`, now.UnixMicro(), limit)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	return readAll(rows, scanDelivery)
}

// UpdateDelivery records the outcome of an attempt.
func (s *SQLite) UpdateDelivery(ctx context.Context, d Delivery) error {
	_, err := s.w.ExecContext(ctx, `UPDATE webhook_deliveries SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?`,
		d.Status, d.Attempts, d.NextAttemptAt.UnixMicro(), d.LastError, d.ID)
	return err
}

// GetDelivery reads one delivery.
func (s *SQLite) GetDelivery(ctx context.Context, id string) (Delivery, error) {
	d, err := scanDelivery(s.db.QueryRowContext(ctx, `SELECT `+deliveryColumns+` FROM webhook_deliveries WHERE id = ?`, id))
	return d, notFound(err)
}
