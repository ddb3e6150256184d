package tokenapi

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/store"
)

// How `vigil serve` backs the routes: token scans are documents of kind "token_scan" in the
// server's store (shared by every process, read by the dashboard too), and the optional
// `Authorization: Token <key>` accepts the private API's keys.

const docTokenScan = "token_scan"

// Documents is the Store of token scans in the server's store.
type Documents struct{ Store store.Store }

func (d Documents) SaveTokenScan(ctx context.Context, r *solana.Report) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return d.Store.PutDocument(ctx, store.Document{Kind: docTokenScan, ID: r.ScanID, ClientID: r.ClientID, Data: data})
}

func (d Documents) GetTokenScan(ctx context.Context, scanID string) (*solana.Report, error) {
	doc, err := d.Store.GetDocument(ctx, docTokenScan, scanID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: %s", ErrScanNotFound, scanID)
	}
	if err != nil {
		return nil, err
	}
	return decodeReport(doc)
}

// ClientTokenScan is a token scan of the client's (store.ErrNotFound for another's).
func (d Documents) ClientTokenScan(ctx context.Context, clientID int64, scanID string) (*solana.Report, error) {
	doc, err := d.Store.GetDocument(ctx, docTokenScan, scanID)
	if err != nil {
		return nil, err
	}
	if doc.ClientID != clientID {
		return nil, store.ErrNotFound
	}
	return decodeReport(doc)
}

func decodeReport(doc store.Document) (*solana.Report, error) {
	var r solana.Report
	if err := json.Unmarshal(doc.Data, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// Keys is the TokenChecker that accepts the private API's keys.
type Keys struct{ Store store.Store }

func (k Keys) CheckToken(ctx context.Context, token string) (int64, bool, error) {
	key, err := k.Store.KeyByHash(ctx, auth.Hash(token))
	if errors.Is(err, store.ErrNotFound) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	return key.ClientID, true, nil
}
