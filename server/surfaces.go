package server

import (
	"errors"

	"github.com/vigil-sec/vigil/server/jsonrpc"
	"github.com/vigil-sec/vigil/server/repoapi"
	"github.com/vigil-sec/vigil/server/tokenapi"
)

// The doors a command mounts beside the private API and the dashboard (cmd/vigil's
// serveMounts): the second host's token and repository-scan routes, and JSON-RPC. Each is a
// package of its own; here they only get the server's parts.

// MountTokenAPI serves the second host's token routes with scanner, storing scans in the
// server's database and accepting its API keys.
func (s *Server) MountTokenAPI(scanner tokenapi.Scanner, cfg tokenapi.Config) {
	if cfg.Logger == nil {
		cfg.Logger = s.log
	}
	h := tokenapi.New(scanner, tokenapi.Documents{Store: s.store}, tokenapi.Keys{Store: s.store}, cfg)
	if s.dash != nil {
		s.dash.Tokens = scanner // the dashboard's token-scan form
	}
	h.Register(s.mux)
}

// RepoScans is what the second host's repository-scan API (package repoapi) scans with.
func (s *Server) RepoScans() *repoapi.ServerScans { return s.repoScans }

// QuickScanServer returns the JSON-RPC server with ss_quickscan registered, and adds the
// report route GET /quickscan/{scan_id}. It needs an engine that scans deployed contracts.
func (s *Server) QuickScanServer() (*jsonrpc.Server, error) {
	catalogue := s.catalogue()
	if catalogue == nil {
		return nil, errors.New("ss_quickscan needs block scans: configure the block explorers")
	}
	qs := &jsonrpc.QuickScans{Store: s.store, Scans: s.scans, PublicURL: s.cfg.PublicURL, Wait: s.cfg.ScanTimeout, Log: s.log}
	rpc := jsonrpc.NewServer()
	if err := rpc.Handle(jsonrpc.MethodQuickScan, jsonrpc.QuickScanHandler(catalogue, qs.Run)); err != nil {
		return nil, err
	}
	s.mux.HandleFunc("GET /quickscan/{id}", qs.ServeReport)
	return rpc, nil
}
