package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/solidity/layout"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/upgrade"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// newUpgradeCheckCommand compares two versions of upgradeable contracts: storage layout
// compatibility and implementation hazards, reported as a scan report.
func newUpgradeCheckCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "upgrade-check OLD NEW",
		Short: "Check that a new version of upgradeable contracts keeps the old storage layout and is safe behind a proxy",
		Long: `Compare every contract present in both versions OLD and NEW: each is a folder, a .sol file or
.zip archive, or a git revision of the repository in the current folder (a branch, tag or commit:
vigil upgrade-check v1.2.0 HEAD). The storage layouts (see vigil layout) are compared variable by
variable, and the new implementation is checked for proxy hazards.

Critical: a variable removed, inserted before existing ones, retyped or resized so that slots or
offsets move; a changed order of base contracts; a struct field inserted or changed in the middle;
an ERC-7201 namespaced struct changed other than by appending; a __gap not shrunk by exactly the
slots added before it. High or critical hazards of the new implementation: a constructor writing
state without _disableInitializers, an initializer callable on the implementation, selfdestruct or
a delegatecall to a caller-chosen address; medium: immutables set per deployment. Informational:
appended variables and renames that keep type and position.

The report is a scan report (--format json, table, sarif, github, markdown, html or pdf); exit
codes are vigil scan's: 1 when a finding is at or above --fail-on, 3 when a contract's layout could
not be computed (the report names it) and --fail-on is given.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runUpgradeCheck(cmd, v, args[0], args[1])
		},
	}
	f := cmd.Flags()
	f.String("contract", "", "check only the contract of this name")
	f.String("format", "table", "output format: json, table, sarif, github, markdown, pdf, html")
	f.Int("max-bytes", 0, "--format markdown: at most this many bytes")
	f.StringP("output", "o", "", "write the report to this file instead of standard output")
	f.String("fail-on", "none", "exit 1 when a finding is at or above this severity: critical, high, medium, low, none")
	f.String("fail-on-confidence", "medium", "--fail-on counts only findings at or above this confidence")
	f.Bool("allow-incomplete", false, "let --fail-on pass when a contract's layout could not be computed")
	f.StringSlice("skip", nil, "paths, folders or globs to leave out (repeatable)")
	return cmd
}

func runUpgradeCheck(cmd *cobra.Command, v *viper.Viper, oldLoc, newLoc string) error {
	start := time.Now()
	format := strings.ToLower(v.GetString("format"))
	if err := checkFormat(format, v.GetInt("max_bytes")); err != nil {
		return err
	}
	if err := checkFailOn(v); err != nil {
		return err
	}
	opts, err := workspaceOptions(v)
	if err != nil {
		return err
	}
	oldWS, err := openVersion(cmd.Context(), oldLoc, opts)
	if err != nil {
		return err
	}
	defer oldWS.Close()
	newWS, err := openVersion(cmd.Context(), newLoc, opts)
	if err != nil {
		return err
	}
	defer newWS.Close()
	oldProg, err := solidityProgram(oldWS, false, false)
	if err != nil {
		return usageError("%s: %v", oldLoc, err)
	}
	newProg, err := solidityProgram(newWS, false, false)
	if err != nil {
		return usageError("%s: %v", newLoc, err)
	}
	uopts := upgrade.Options{Contract: v.GetString("contract")}
	if uopts.Contract != "" && len(upgrade.Pairs(oldProg, newProg, uopts)) == 0 {
		return usageError("no contract %s in both %s and %s", uopts.Contract, oldLoc, newLoc)
	}
	found, errs := upgrade.Check(oldProg, newProg, uopts)
	rep := upgradeReport(found, errs, newWS, time.Since(start))
	rep.ProjectName = oldLoc + " -> " + newLoc
	rep.ProjectCommit = newWS.Commit
	return writeReport(cmd, v, &scan.Result{Report: rep}, "")
}

// openVersion opens one side of the comparison: an existing path, else a git revision of the
// repository in the current folder.
func openVersion(ctx context.Context, loc string, opts workspace.Options) (*workspace.Workspace, error) {
	if _, err := os.Stat(loc); err == nil {
		ws, err := workspace.Open(ctx, workspace.Target{Location: loc}, opts)
		return ws, openError(err)
	}
	repo, err := workspace.OpenRepo(".")
	if err != nil {
		return nil, usageError("%s is neither a file or folder nor a revision of a git repository here", loc)
	}
	c, err := repo.Resolve(loc)
	if err != nil {
		return nil, openError(err)
	}
	ws, err := repo.Checkout(ctx, c, opts, nil)
	return ws, openError(err)
}

var errNoSolidity = errors.New("no Solidity files")

// solidityProgram loads the semantic model of a workspace's Solidity files; dependencies and
// test code are read for context unless deps or tests ask them reported.
func solidityProgram(ws *workspace.Workspace, deps, tests bool) (*sema.Program, error) {
	var srcs []sema.SourceFile
	for _, f := range ws.Files {
		if f.Lang != workspace.Solidity {
			continue
		}
		data, err := ws.ReadFile(f.Path)
		if err != nil {
			return nil, fmt.Errorf("reading %s: %w", f.Path, err)
		}
		context := f.Dependency && !deps || f.Test && !tests
		srcs = append(srcs, sema.SourceFile{Path: f.Path, Src: data, Dependency: context})
	}
	if len(srcs) == 0 {
		return nil, errNoSolidity
	}
	var remaps []sema.Remapping
	for _, r := range ws.Remappings {
		remaps = append(remaps, sema.Remapping{Prefix: r.Prefix, Target: r.Target})
	}
	return sema.Load(srcs, remaps), nil
}

// upgradeReport makes the findings a scan report; a contract whose layout could not be
// computed leaves its file not analysed (so --fail-on does not pass it).
func upgradeReport(found []upgrade.Finding, errs []error, ws *workspace.Workspace, took time.Duration) *report.ScanReport {
	id := newScanID()
	ext := make([]scan.External, 0, len(found))
	for _, f := range found {
		ext = append(ext, scan.External{Template: f.Template, File: f.Pos.Filename, Line: f.Pos.Line, Contract: f.Contract,
			Function: f.Function, Code: f.Code, Details: f.Details()})
	}
	rep := &report.ScanReport{ScanID: id, ScanType: report.ScanTypeProject, ScanInitTime: report.Timestamp(time.Now().Add(-took)),
		ScanStatus: report.StatusDone, MultiFileScanStatus: report.StatusDone, ReportingStatus: report.ReportNotGenerated,
		QuickFileScanDetails: id, SkipFilePaths: []string{}, FileURLList: []string{}}
	rep.MultiFileScanDetails = scan.GroupExternal(ext, scan.Options{ScanID: id})
	var files []report.FileSize
	lines := 0
	for _, f := range ws.Files {
		if f.Lang == workspace.Solidity && !f.Dependency && !f.Test {
			files = append(files, report.FileSize{Path: f.Path, Lines: f.Lines})
			lines += f.Lines
		}
	}
	var gaps []report.Gap
	for _, err := range errs {
		rep.Diagnostics = append(rep.Diagnostics, err.Error())
		g := report.Gap{Kind: report.GapNotAnalysed, Reason: err.Error()}
		var le *layout.Error
		if errors.As(err, &le) {
			g.File, g.Line = le.Pos.Filename, le.Pos.Line
		}
		gaps = append(gaps, g)
	}
	rep.MultiFileScanSummary = report.Summarize(rep.MultiFileScanDetails, len(files), lines, took)
	rep.ApplyCoverage(report.NewCoverage(files, gaps))
	rep.Scope = &report.Scope{Files: files, Detectors: []string{}, ToolVersion: toolVersion()}
	for _, t := range upgrade.Catalogue {
		rep.Scope.Detectors = append(rep.Scope.Detectors, t.ID)
	}
	return rep
}
