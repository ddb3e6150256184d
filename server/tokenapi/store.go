package tokenapi

import (
	"context"
	"encoding/json"
	"errors"
	"sync"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
)

// ErrScanNotFound is returned by a Store for an unknown scan id.
var ErrScanNotFound = errors.New("scan not found")

// Store keeps token scans by scan_id. The lead's SQLite store implements it in production.
type Store interface {
	SaveTokenScan(ctx context.Context, r *solana.Report) error
	// GetTokenScan returns the scan or an error wrapping ErrScanNotFound.
	GetTokenScan(ctx context.Context, scanID string) (*solana.Report, error)
}

// MemoryStore is a Store in memory, for tests and single-process development: scans are lost
// when the process ends. It keeps JSON copies so callers cannot change stored scans.
type MemoryStore struct {
	mu    sync.Mutex
	scans map[string][]byte
}

// NewMemoryStore returns an empty MemoryStore.
func NewMemoryStore() *MemoryStore { return &MemoryStore{scans: map[string][]byte{}} }

// SaveTokenScan implements Store.
func (m *MemoryStore) SaveTokenScan(_ context.Context, r *solana.Report) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	m.mu.Lock()
	m.scans[r.ScanID] = b
	m.mu.Unlock()
	return nil
}

// GetTokenScan implements Store.
func (m *MemoryStore) GetTokenScan(_ context.Context, id string) (*solana.Report, error) {
	m.mu.Lock()
	b, ok := m.scans[id]
	m.mu.Unlock()
	if !ok {
		return nil, ErrScanNotFound
	}
	var r solana.Report
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, err
	}
	return &r, nil
}
