package main

import (
	"context"
	"errors"
	"fmt"
	"sort"

	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/solidity/upgrade"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// Diff-aware gating: vigil scan --new-since REF scans the merge base of REF and HEAD beside the
// working tree, in the same process, and reports only the findings the working tree adds.

// addNewSinceFlag adds --new-since to a scan command of local folders.
func addNewSinceFlag(cmd *cobra.Command) {
	cmd.Flags().String("new-since", "", "report only findings new since the merge base of this git branch, tag or commit and HEAD "+
		"(the working tree, uncommitted changes included, against it); --fail-on counts only new findings")
}

// sinceBase finds the merge base of ref and HEAD for the folder scanned, before any scan runs
// (a shallow clone fails fast, naming fetch-depth: 0).
func sinceBase(location string, head *workspace.Workspace, ref string) (*workspace.Repo, *object.Commit, error) {
	if head.Kind != workspace.FromFolderKind {
		return nil, nil, usageError("--new-since compares a folder of a git working tree with a revision; %s is not one", location)
	}
	repo, err := workspace.OpenRepo(location)
	if err != nil {
		return nil, nil, usageError("--new-since: %v", err)
	}
	mb, err := repo.MergeBase(ref)
	if err != nil {
		return nil, nil, usageError("--new-since %s: %v", ref, err)
	}
	return repo, mb, nil
}

// newSince compares the head scan res of the folder at location with a scan of mb, the merge
// base of ref and HEAD: res's report keeps only the new findings and records the comparison,
// and contracts that look upgradeable are checked against their base version (vigil
// upgrade-check).
func newSince(ctx context.Context, v *viper.Viper, repo *workspace.Repo, mb *object.Commit, head *workspace.Workspace, res *scan.Result, ref string) error {
	wopts, err := workspaceOptions(v)
	if err != nil {
		return err
	}
	wopts.Skip = res.Report.SkipFilePaths
	snap, err := repo.Snapshot(mb)
	if err != nil {
		return openError(err)
	}
	scope, err := scan.DiffScope(ctx, head, res.Program, snap)
	if err != nil {
		return err
	}
	var baseRes *scan.Result
	if len(scope.Detect) > 0 {
		opts, err := scanOptions(v)
		if err != nil {
			return err
		}
		opts.Within = func(p string) bool { return scope.Model[p] }
		opts.DetectWithin = func(p string) bool { return scope.Detect[p] }
		opts.Reuse = res.Program
		base, err := repo.Checkout(ctx, mb, wopts, opts.Within)
		if err != nil {
			return openError(err)
		}
		defer base.Close()
		baseRes, err = scan.Run(ctx, base, opts)
		switch {
		case errors.Is(err, workspace.ErrNoSources):
			baseRes = nil // the reachable part is all new
		case err != nil:
			return fmt.Errorf("scanning the merge base %s: %w", mb.Hash.String()[:12], err)
		}
	}
	rep := res.Report
	var baseRep *report.ScanReport
	if baseRes != nil {
		baseRep = baseRes.Report
	}
	isNew, fixed, unchanged := report.MatchFindings(rep, baseRep, func(p string) bool { return scope.Detect[p] })
	keepFindings(rep, func(_ *report.Group, f *report.Finding) bool { return isNew[f] })
	sort.SliceStable(fixed, func(i, j int) bool {
		return report.SeverityRank(fixed[i].Severity) < report.SeverityRank(fixed[j].Severity)
	})
	d := &report.Diff{Ref: ref, MergeBase: mb.Hash.String(), New: len(isNew), Fixed: len(fixed), Unchanged: unchanged,
		ChangedFiles: len(scope.Changed), Rescanned: len(scope.Detect), FixedFindings: fixed}
	if d.FixedFindings == nil {
		d.FixedFindings = []report.FixedFinding{}
	}
	if baseRes != nil && baseRes.Program != nil && res.Program != nil {
		addUpgradeFindings(rep, baseRes, res)
		d.New = countFindings(rep)
	}
	if baseRep != nil && baseRep.Incomplete() {
		rep.Diagnostics = append(rep.Diagnostics, "the scan of the merge base was incomplete: some findings counted new may be old")
	}
	rep.NewSince = d
	rep.Diagnostics = append(rep.Diagnostics, d.Summary())
	return nil
}

// addUpgradeFindings runs the upgrade check on the contracts of the rescanned part that look
// upgradeable, and adds its findings to the report (new by definition: they compare the base
// with the working tree).
func addUpgradeFindings(rep *report.ScanReport, base, head *scan.Result) {
	found, errs := upgrade.Check(base.Program, head.Program, upgrade.Options{OnlyUpgradeable: true})
	for _, err := range errs {
		rep.Diagnostics = append(rep.Diagnostics, "upgrade check: "+err.Error())
	}
	var ext []scan.External
	for _, f := range found {
		if f.Old || f.Template.Severity == "informational" {
			continue // the report's files are the working tree's; notes are for vigil upgrade-check
		}
		ext = append(ext, scan.External{Template: f.Template, File: f.Pos.Filename, Line: f.Pos.Line, Contract: f.Contract,
			Function: f.Function, Code: f.Code, Details: f.Details()})
	}
	if len(ext) == 0 {
		return
	}
	rep.MultiFileScanDetails = append(rep.MultiFileScanDetails, scan.GroupExternal(ext, scan.Options{ScanID: rep.ScanID, BugPrefix: "VGU"})...)
	keepFindings(rep, func(*report.Group, *report.Finding) bool { return true }) // the summary again
}

func countFindings(rep *report.ScanReport) int {
	n := 0
	for _, g := range rep.MultiFileScanDetails {
		n += len(g.MetricWiseAggregatedFindings)
	}
	return n
}
