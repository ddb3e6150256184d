package server

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/store"
	"github.com/vigil-sec/vigil/server/tokenapi"
)

// The second host's token routes (SPEC 4.7 to 4.9) are served by package tokenapi on the same
// mux; this file gives them Vigil's storage and keys: token scans are stored as documents of
// kind "token_scan", and the optional `Authorization: Token <key>` accepts the same API keys as
// the private API.

// Document kinds.
const (
	docTokenScan = "token_scan"
	docRepoScan  = "repo_scan"
)

// MountTokenAPI serves the token routes with scanner, storing scans in the server's database.
func (s *Server) MountTokenAPI(scanner tokenapi.Scanner, cfg tokenapi.Config) {
	if cfg.Logger == nil {
		cfg.Logger = s.log
	}
	h := tokenapi.New(scanner, tokenStore{s.store}, keyChecker{s.store}, cfg)
	if s.dash != nil {
		s.dash.tokens = scanner // the dashboard's token-scan form
	}
	h.Register(s.mux)
}

// tokenStore keeps token scans as documents.
type tokenStore struct{ st store.Store }

func (t tokenStore) SaveTokenScan(ctx context.Context, r *solana.Report) error {
	data, err := json.Marshal(r)
	if err != nil {
		return err
	}
	return t.st.PutDocument(ctx, store.Document{Kind: docTokenScan, ID: r.ScanID, ClientID: r.ClientID, Data: data})
}

func (t tokenStore) GetTokenScan(ctx context.Context, scanID string) (*solana.Report, error) {
	d, err := t.st.GetDocument(ctx, docTokenScan, scanID)
	if errors.Is(err, store.ErrNotFound) {
		return nil, fmt.Errorf("%w: %s", tokenapi.ErrScanNotFound, scanID)
	}
	if err != nil {
		return nil, err
	}
	var r solana.Report
	if err := json.Unmarshal(d.Data, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

// keyChecker accepts the private API's keys as token-scan API tokens.
type keyChecker struct{ st store.Store }

func (k keyChecker) CheckToken(ctx context.Context, token string) (int64, bool, error) {
	key, err := k.st.KeyByHash(ctx, auth.Hash(token))
	if errors.Is(err, store.ErrNotFound) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	return key.ClientID, true, nil
}
