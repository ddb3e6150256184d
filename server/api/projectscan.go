package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/server/auth"
	"github.com/vigil-sec/vigil/server/httpjson"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

// handleProjectScan is POST /private/api-project-scan/ (SPEC 4.1).
func (a *API) handleProjectScan(w http.ResponseWriter, r *http.Request) {
	f, err := httpjson.ReadFields(w, r, a.MaxBodyBytes)
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, err.Error())
		return
	}
	req := scans.Request{
		URL:    f.Str("project_url", true, scans.MaxURLLen),
		Branch: f.Str("project_branch", false, scans.MaxNameLen),
		Skip:   f.StrList("skip_file_paths", false, scans.MaxSkipPaths, scans.MaxSkipPathLen),
		Rescan: f.Bool("rescan"),
	}
	// The spec's sample request also sends these.
	extra := f.StrList("project_skip_files", false, scans.MaxSkipPaths, scans.MaxSkipPathLen)
	name := f.Str("project_name", false, scans.MaxNameLen)
	f.Str("provider", false, scans.MaxNameLen)
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
	u, err := a.Policy.CheckURL(cctx, req.URL)
	cancel()
	if err != nil {
		httpjson.Error(w, http.StatusBadRequest, "project_url: "+strings.TrimPrefix(err.Error(), "netguard: "))
		return
	}
	shown := netguard.Redact(u)
	if name = strings.TrimSpace(name); name == "" {
		name = scans.RepoName(u)
	}
	p, err := a.Store.EnsureProject(r.Context(), store.Project{
		ClientID: auth.ClientID(r.Context()), SourceKey: scans.SourceKey(u), Name: name, URL: shown, Branch: req.Branch,
	})
	if err != nil {
		a.internal(w, r, "recording project", err)
		return
	}
	a.startScan(w, r, p, scans.SourceGit, req)
}
