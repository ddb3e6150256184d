package server

import (
	"github.com/vigil-sec/vigil/server/repoapi"
	"github.com/vigil-sec/vigil/server/tokenapi"
)

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
