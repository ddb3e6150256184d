package server

import (
	"context"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

// Bounds on request fields.
const (
	maxURLLen      = 2048
	maxNameLen     = 256
	maxSkipPaths   = 1000
	maxSkipPathLen = 1024
	maxFileURLs    = 100
)

// handleProjectScan is POST /private/api-project-scan/ (SPEC 4.1).
func (s *Server) handleProjectScan(w http.ResponseWriter, r *http.Request) {
	f, err := httpjson.ReadFields(w, r, s.cfg.MaxBodyBytes)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	req := scans.Request{
		URL:    f.Str("project_url", true, maxURLLen),
		Branch: f.Str("project_branch", false, maxNameLen),
		Skip:   f.StrList("skip_file_paths", false, maxSkipPaths, maxSkipPathLen),
		Rescan: f.Bool("rescan"),
	}
	// The spec's sample request also sends these.
	extra := f.StrList("project_skip_files", false, maxSkipPaths, maxSkipPathLen)
	name := f.Str("project_name", false, maxNameLen)
	f.Str("provider", false, maxNameLen)
	if f.Err() != nil {
		httpjson.Error(w, http.StatusBadRequest, f.Err().Error())
		return
	}
	req.Skip = append(req.Skip, extra...)
	req.URL = strings.TrimSpace(req.URL)
	req.Branch = strings.TrimSpace(req.Branch)
	// An early look at the URL and its host's addresses, for a 400 now rather than a failed
	// scan later; the clone's dial-time check is the one that counts.
	cctx, cancel := context.WithTimeout(r.Context(), 5*time.Second)
	u, err := s.policy.CheckURL(cctx, req.URL)
	cancel()
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, "project_url: "+strings.TrimPrefix(err.Error(), "netguard: "))
		return
	}
	shown := netguard.Redact(u)
	if name = strings.TrimSpace(name); name == "" {
		name = repoName(u)
	}
	p, err := s.store.EnsureProject(r.Context(), store.Project{
		ClientID: auth.ClientID(r.Context()), SourceKey: sourceKey(u), Name: name, URL: shown, Branch: req.Branch,
	})
	if err != nil {
		s.internal(w, r, "recording project", err)
		return
	}
	s.startScan(w, r, p, scans.SourceGit, req)
}

// sourceKey identifies a repository whatever credentials, query or trailing ".git" and slash
// the URL carries, so rescans land on the same project.
func sourceKey(u *url.URL) string {
	p := strings.TrimSuffix(strings.TrimSuffix(u.EscapedPath(), "/"), ".git")
	return strings.ToLower(u.Scheme+"://"+u.Host) + p
}

// repoName is the last path element of a repository URL without ".git".
func repoName(u *url.URL) string {
	name := strings.TrimSuffix(path.Base(strings.TrimSuffix(u.Path, "/")), ".git")
	if name == "" || name == "." || name == "/" {
		return u.Hostname()
	}
	return name
}
