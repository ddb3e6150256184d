package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/object"
	"github.com/mattn/go-isatty"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/netguard"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/scan/rust/advisory"
	"github.com/vigil-sec/vigil/scan/workspace"
)

func newScanCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "scan TARGET",
		Short: "Scan a repository, folder, file or archive and print the report",
		Long: `Scan a target and print the scan report (JSON by default).

TARGET is recognised: an existing folder, .sol/.rs file or .zip archive, an http(s) git URL, or
a deployed contract's address (0x..., with --platform and --chain), or a Solana mint address
(base58). Use the subcommands to be explicit: vigil scan repo URL|PATH,
vigil scan file PATH..., vigil scan address ADDRESS, vigil scan token MINT.

Exit codes: 0 no finding at or above --fail-on, 1 findings at or above --fail-on (counting
findings of at least --fail-on-confidence, medium by default), 2 usage or input error, 3
incomplete scan under --fail-on (a file not parsed, not analysed within the budgets of
--timeout, --detector-timeout and --max-memory, or not scanned; the report lists them) unless
--allow-incomplete is given.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if isSolanaMint(args[0]) {
				return runTokenScan(cmd, v, args[0])
			}
			if explorer.IsAddress(args[0]) {
				return runAddressScan(cmd, v, args[0])
			}
			return runScan(cmd, v, workspace.Target{Location: args[0], Branch: v.GetString("branch"), Commit: v.GetString("commit")}, nil)
		},
	}
	addScanFlags(cmd)
	addNewSinceFlag(cmd)
	addTokenFlags(cmd)
	addAddressFlags(cmd)
	cmd.Flags().String("branch", "", "git branch or tag to scan")
	cmd.Flags().String("commit", "", "git commit to scan")

	repo := &cobra.Command{
		Use:   "repo URL|PATH",
		Short: "Scan a git repository (http(s), ssh:// or user@host:path, file:// URL; a local repository with --branch or --commit) or a local folder",
		Args:  cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runScan(cmd, v, workspace.Target{Location: args[0], Branch: v.GetString("branch"), Commit: v.GetString("commit")}, nil)
		},
	}
	addScanFlags(repo)
	addNewSinceFlag(repo)
	repo.Flags().String("branch", "", "git branch or tag to scan")
	repo.Flags().String("commit", "", "git commit to scan")

	file := &cobra.Command{
		Use:   "file PATH...",
		Short: "Scan .sol files, folders or a .zip archive",
		Args:  cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				return runScan(cmd, v, workspace.Target{Location: args[0]}, nil)
			}
			return runScan(cmd, v, workspace.Target{}, args)
		},
	}
	addScanFlags(file)
	cmd.AddCommand(repo, file, newScanTokenCommand(v), newScanAddressCommand(v))
	return cmd
}

// isSolanaMint recognises a base58 32-byte key that is not also a path on disk.
func isSolanaMint(target string) bool {
	if _, err := os.Stat(target); err == nil {
		return false
	}
	_, err := solana.ParseMint(target)
	return err == nil
}

func addScanFlags(cmd *cobra.Command) {
	f := cmd.Flags()
	f.String("format", "json", "output format: json, table, sarif, github (workflow annotations), markdown, pdf, html")
	f.Int("max-bytes", 0, "--format markdown: at most this many bytes, the most severe findings first (default: 65536, a GitHub comment)")
	f.StringP("output", "o", "", "write the report to this file instead of standard output")
	f.String("fail-on", "none", "exit 1 when a finding is at or above this severity: critical, high, medium, low, none (and 3 when the scan is incomplete)")
	f.String("fail-on-confidence", "medium", "--fail-on counts only findings at or above this confidence: high, medium, low")
	f.Bool("allow-incomplete", false, "let --fail-on pass an incomplete scan (exit 0 instead of 3 when nothing is at or above it)")
	f.String("baseline", "", "an earlier JSON report: report only findings whose bug_hash is not in it")
	f.Bool("allow-private-networks", false, "allow git URLs on loopback and private networks")
	addChangedFilesFlag(f)
	f.Bool("all", false, "--format table: list every finding, also past 50 (by default a large result is shown as a summary)")
	addScopeFlags(f)
}

// addScopeFlags adds the flags that choose what a scan covers and reports, shared by vigil scan
// and vigil lsp.
func addScopeFlags(f *pflag.FlagSet) {
	f.String("min-severity", "", "leave findings below this severity out of the report (critical, high, medium, low, informational, gas)")
	addBudgetFlags(f, true)
	f.Bool("include-deps", false, "report findings in dependencies (lib/, node_modules/) too")
	f.Bool("include-tests", false, "report findings in test and script code (test/, script/, *.t.sol) too")
	f.StringSlice("skip", nil, "paths, folders or globs to leave out (repeatable)")
	f.StringSlice("enable", nil, "run only these detector ids")
	f.StringSlice("disable", nil, "detector ids not to run")
	f.String("lang", "", "scan only this language: solidity or rust (default: whatever the workspace holds)")
	f.String("rustsec-db", "", "folder of an offline RustSec advisory database, for Cargo.lock checks")
}

func runScan(cmd *cobra.Command, v *viper.Viper, target workspace.Target, files []string) error {
	stderr := cmd.ErrOrStderr()
	format := strings.ToLower(v.GetString("format"))
	if err := checkFormat(format, v.GetInt("max_bytes")); err != nil {
		return err
	}
	if format == "pdf" && v.GetString("output") == "" && isTerminal(cmd.OutOrStdout()) {
		return usageError("--format pdf writes a binary file: give --output FILE")
	}
	if err := checkFailOn(v); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()

	interactive := isTerminal(stderr)
	progress := func(stage string) {
		if interactive {
			fmt.Fprintf(stderr, "\r\033[Kvigil: %s", stage)
		}
	}
	defer func() {
		if interactive {
			fmt.Fprint(stderr, "\r\033[K")
		}
	}()

	merged := false
	if files == nil {
		var err error
		if merged, err = mergeProjectConfig(v, target.Location, stderr); err != nil {
			return err
		}
	}
	opts, err := workspaceOptions(v)
	if err != nil {
		return err
	}
	progress("opening " + describeTarget(target, files))
	if files == nil && target.Branch == "" && target.Commit == "" && isSolidityFile(target.Location) {
		files = []string{target.Location}
	}
	var ws *workspace.Workspace
	var named []string // files named one by one: the report covers these
	if files != nil {
		ws, named, err = openNamedFiles(ctx, files, opts)
	} else {
		ws, err = workspace.Open(ctx, target, opts)
	}
	if err != nil {
		return openError(err)
	}
	defer ws.Close()

	// A vigil.yaml at the root of a clone or an archive configures the scan of that workspace,
	// as far as a scanned project's config may (applyProjectConfig).
	if v.ConfigFileUsed() == "" && !merged {
		if data, err := ws.ReadFile("vigil.yaml"); err == nil {
			if err := checkConfigData("vigil.yaml in the workspace", data); err != nil {
				return err
			}
			if err := applyProjectConfig(v, data, "vigil.yaml in the workspace", stderr); err != nil {
				return err
			}
			// Its exclude list picks the files of a clone as it does a local folder's.
			if err := ws.Exclude(listOf(v, "exclude")); err != nil {
				return usageError("vigil.yaml in the workspace: exclude: %v", err)
			}
			if len(ws.Files) == 0 && named == nil {
				return usageError("vigil.yaml in the workspace: exclude %q leaves no source file to scan", listOf(v, "exclude"))
			}
			opts.Skip = listOf(v, "skip", "exclude")
		}
	}

	// --new-since: the merge base is found before the scan, so that a shallow clone fails fast.
	sinceRef := v.GetString("new_since")
	var sinceRepo *workspace.Repo
	var sinceCommit *object.Commit
	if sinceRef != "" {
		if sinceRepo, sinceCommit, err = sinceBase(target.Location, ws, sinceRef); err != nil {
			return err
		}
	}

	// The workspace's vigil.yaml may set fail_on.
	if err := checkFailOn(v); err != nil {
		return err
	}
	// Files named one by one that the skip settings leave out (a pre-commit hook naming a
	// staged mock the repository excludes) are not scanned, as in a scan of their folder.
	if named != nil {
		if named = presentFiles(ws, named); len(named) == 0 {
			fmt.Fprintln(stderr, "vigil: every file named is left out by the skip settings (--skip, exclude in vigil.yaml): nothing to scan")
			return nil
		}
	}

	opts2, err := scanOptions(v)
	if err != nil {
		return err
	}
	if named != nil {
		opts2.Include = named
	}
	opts2.Progress = progress
	opts2.TuneGC = true // one scan per process
	res, err := scan.Run(ctx, ws, opts2)
	if err != nil {
		if errors.Is(err, workspace.ErrInput) || errors.Is(err, workspace.ErrNoSources) || errors.Is(err, scan.ErrNothingInScope) ||
			strings.Contains(err.Error(), "detector") {
			return &exitError{code: exitUsage, msg: err.Error()}
		}
		return err
	}
	res.Report.ProjectName = projectName(target, files, ws)
	res.Report.SkipFilePaths = append([]string{}, opts.Skip...)
	if interactive {
		fmt.Fprint(stderr, "\r\033[K")
		interactive = false
	}
	location := target.Location
	if files != nil {
		location = ws.Root // "" for files read alone
	}
	setProvenance(res.Report, ws, location)
	if res.Report.Scope != nil {
		res.Report.Scope.ToolVersion = toolVersion()
		res.Report.Scope.ConfigFile, res.Report.Scope.Config = gateSettings(cmd, v)
		if note := res.Report.ConfigNotice(); note != "" {
			res.Report.Diagnostics = append(res.Report.Diagnostics, note)
		}
	}
	if sinceRef != "" {
		if err := newSince(ctx, v, sinceRepo, sinceCommit, ws, res, sinceRef); err != nil {
			return err
		}
	}
	return writeReport(cmd, v, res, location)
}

// scanOptions reads the detector selection and severity overrides from viper.
func scanOptions(v *viper.Viper) (scan.Options, error) {
	opts := scan.Options{
		Enable:       listOf(v, "enable", "detectors.enable"),
		Disable:      listOf(v, "disable", "detectors.disable"),
		Severity:     v.GetStringMapString("severity"),
		IncludeDeps:  v.GetBool("include_deps"),
		IncludeTests: v.GetBool("include_tests"),
		ScanID:       newScanID(),
		Lang:         strings.ToLower(v.GetString("lang")),
		Include:      listOf(v, "include"),
	}
	if _, err := opts.Analyzers(); err != nil {
		return opts, usageError("%v", err)
	}
	var err error
	if opts.Budgets, err = readBudgets(v, true); err != nil {
		return opts, err
	}
	if dir := v.GetString("rustsec_db"); dir != "" {
		db, err := advisory.Load(os.DirFS(dir))
		if err != nil {
			return opts, usageError("--rustsec-db: %v", err)
		}
		opts.RustAdvisories = db
	}
	return opts, nil
}

// writeReport renders the result in the chosen format and applies --fail-on. location is the
// scanned local folder, if any, which SARIF paths are placed from.
func writeReport(cmd *cobra.Command, v *viper.Viper, res *scan.Result, location string) error {
	stdout := cmd.OutOrStdout()
	rep := res.Report
	format := strings.ToLower(v.GetString("format"))
	failOn := strings.ToLower(v.GetString("fail_on"))
	if min := strings.ToLower(v.GetString("min_severity")); min != "" {
		if _, err := detect.ParseSeverity(min); err != nil {
			return usageError("--min-severity: %v", err)
		}
		keepFindings(rep, func(g *report.Group, f *report.Finding) bool {
			return report.SeverityRank(report.FindingSeverity(g, f)) <= report.SeverityRank(min)
		})
	}
	// After --min-severity: the baseline keeps the score of what the scan reports.
	if path := v.GetString("baseline"); path != "" {
		if err := applyBaseline(rep, path); err != nil {
			return usageError("--baseline: %v", err)
		}
	}
	out := stdout
	if path := v.GetString("output"); path != "" {
		f, err := os.Create(path)
		if err != nil {
			return &exitError{code: exitUsage, msg: err.Error()}
		}
		defer f.Close()
		out = f
	}
	changed, err := readChangedFiles(v.GetString("changed_files"))
	if err != nil {
		return err
	}
	err = render(out, format, rep, res.Source, renderOptions{location: location, maxBytes: v.GetInt("max_bytes"), changed: changed,
		width: terminalWidth(out), all: v.GetBool("all"),
		color: out == stdout && isTerminal(stdout) && os.Getenv("NO_COLOR") == ""})
	if err != nil {
		return err
	}
	return gate(rep, failOn, strings.ToLower(v.GetString("fail_on_confidence")), v.GetBool("allow_incomplete"))
}

// checkFailOn validates the fail_on and fail_on_confidence settings (flags, VIGIL_FAIL_ON,
// VIGIL_FAIL_ON_CONFIDENCE or the config file).
func checkFailOn(v *viper.Viper) error {
	if failOn := strings.ToLower(v.GetString("fail_on")); failOn != "none" {
		if _, err := detect.ParseSeverity(failOn); err != nil {
			return usageError("--fail-on: %v", err)
		}
	}
	if c := strings.ToLower(v.GetString("fail_on_confidence")); report.ConfidenceRank(c) == len(report.Confidences) {
		return usageError("--fail-on-confidence: unknown confidence %q (valid: high, medium, low)", c)
	}
	return nil
}

// workspaceOptions reads the settings of the workspace to open: skip paths (flags and the
// config's exclude list), the network policy for clones and the limits.
func workspaceOptions(v *viper.Viper) (workspace.Options, error) {
	opts := workspace.Options{
		Skip:    listOf(v, "skip", "exclude"),
		Network: netguard.Policy{AllowPrivate: v.GetBool("allow_private_networks")},
		// The command line reads the user's own repositories and ssh keys; the server never.
		LocalGit: true,
	}
	if err := unmarshalSection(v, "limits", &opts.Limits); err != nil {
		return opts, usageError("config limits: %v", err)
	}
	return opts, nil
}

// openError makes a refused input (a missing path, a bad archive, a refused URL) a usage error.
func openError(err error) error {
	if errors.Is(err, workspace.ErrInput) || errors.Is(err, os.ErrNotExist) {
		return &exitError{code: exitUsage, msg: err.Error()}
	}
	return err
}

func usageError(format string, args ...any) error {
	return &exitError{code: exitUsage, msg: fmt.Sprintf(format, args...)}
}

func describeTarget(t workspace.Target, files []string) string {
	if files != nil {
		return fmt.Sprintf("%d paths", len(files))
	}
	return netguard.RedactString(t.Location)
}

func projectName(t workspace.Target, files []string, ws *workspace.Workspace) string {
	if ws.URL != "" {
		return strings.TrimSuffix(filepath.Base(ws.URL), ".git")
	}
	if len(files) == 0 && t.Location != "" {
		if abs, err := filepath.Abs(t.Location); err == nil {
			return filepath.Base(abs)
		}
	}
	return "files"
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && (isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd()))
}
