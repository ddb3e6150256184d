package main

import (
	"path/filepath"

	"github.com/go-git/go-git/v5"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// setProvenance records where the scanned code comes from in the report (repository URL,
// branch, commit): a clone's from the workspace, a local folder's from the git work tree it is
// in (its origin remote, checked-out branch and HEAD). Reports, SARIF's
// versionControlProvenance and the PDF's scope page show them.
func setProvenance(rep *report.ScanReport, ws *workspace.Workspace, location string) {
	if ws.URL != "" {
		rep.ProjectURL, rep.ProjectBranch, rep.ProjectCommit = ws.URL, ws.Branch, ws.Commit
		return
	}
	// A revision read from a local repository (--branch, --commit): that one, not the checkout.
	defer func() {
		if ws.Commit != "" {
			rep.ProjectBranch, rep.ProjectCommit = ws.Branch, ws.Commit
		}
	}()
	if location == "" {
		return
	}
	abs, err := filepath.Abs(location)
	if err != nil {
		return
	}
	repo, err := git.PlainOpenWithOptions(abs, &git.PlainOpenOptions{DetectDotGit: true, EnableDotGitCommonDir: true})
	if err != nil {
		return
	}
	head, err := repo.Head()
	if err != nil {
		return // no commit yet
	}
	rep.ProjectCommit = head.Hash().String()
	if head.Name().IsBranch() {
		rep.ProjectBranch = head.Name().Short()
	}
	if origin, err := repo.Remote("origin"); err == nil && len(origin.Config().URLs) > 0 {
		// Credentials dropped; a remote that is a local path is no use to a reader.
		rep.ProjectURL = report.RepositoryURI(origin.Config().URLs[0])
	}
}
