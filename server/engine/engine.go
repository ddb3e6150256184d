package engine

import (
	"context"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// Engine is the scanning engine the server's workers drive; the CLI's `vigil scan` uses the same
// one.
type Engine interface {
	// Scan runs one scan of an opened workspace and returns the finished report: findings
	// (multi_file_scan_details, each with its bug_hash), the summary and the score. The server
	// fills the rest: ids, project fields, statuses, times, bug_id and bug_status. It must
	// return promptly with ctx's error when ctx is cancelled.
	Scan(ctx context.Context, ws *workspace.Workspace, opts ScanOptions) (*report.ScanReport, error)
}

// ScanOptions tells the engine about the scan it runs.
type ScanOptions struct {
	ScanID   string
	ScanType string // report.ScanTypeProject
	// Quick asks for the fast detector set (file scans through the API are quick scans).
	Quick bool
	// IncludeDependencies reports findings in lib/, node_modules/ and the like too.
	IncludeDependencies bool
	// Progress, when set, is told where the scan stands as it runs (scan.Options.Advance):
	// from several goroutines, one at a time, and it must return quickly.
	Progress func(scan.Progress)
}

// BlockEngine scans deployed contracts from their verified source (scan.RunBlock). An Engine
// that also implements it serves POST /private/api-start-scan-block/ and ss_quickscan.
type BlockEngine interface {
	ScanBlock(ctx context.Context, target scan.BlockTarget, opts ScanOptions) (*report.ScanReport, error)
	// Catalogue is the chain catalogue the engine resolves platforms and chains with.
	Catalogue() *explorer.Catalogue
}

// Option configures New.
type Option func(*scanEngine)

// WithExplorer lets the engine scan deployed contracts, fetching sources with f.
func WithExplorer(f *explorer.Fetcher) Option { return func(e *scanEngine) { e.fetcher = f } }

// New is the Engine of package scan (scan.Run), the one `vigil scan` uses. base holds
// the configured detector selection and severity overrides; ScanID and IncludeDeps are set per
// scan. With WithExplorer it is also a BlockEngine.
func New(base scan.Options, opts ...Option) Engine {
	e := &scanEngine{base: base}
	for _, o := range opts {
		o(e)
	}
	if e.fetcher != nil {
		return blockScanEngine{e}
	}
	return e
}

type scanEngine struct {
	base    scan.Options
	fetcher *explorer.Fetcher
}

// blockScanEngine is a scanEngine that can fetch deployed contracts.
type blockScanEngine struct{ *scanEngine }

func (e blockScanEngine) Catalogue() *explorer.Catalogue { return e.fetcher.Catalogue() }

func (e blockScanEngine) ScanBlock(ctx context.Context, target scan.BlockTarget, opts ScanOptions) (*report.ScanReport, error) {
	res, err := scan.RunBlock(ctx, e.fetcher, target, e.options(opts))
	if err != nil {
		return nil, err
	}
	if res.Stopped != nil {
		return nil, res.Stopped
	}
	return res.Report, nil
}

func (e *scanEngine) options(opts ScanOptions) scan.Options {
	o := e.base
	o.ScanID = opts.ScanID
	o.IncludeDeps = o.IncludeDeps || opts.IncludeDependencies
	o.Progress = nil
	o.Advance = opts.Progress
	return o
}

func (e *scanEngine) Scan(ctx context.Context, ws *workspace.Workspace, opts ScanOptions) (*report.ScanReport, error) {
	res, err := scan.Run(ctx, ws, e.options(opts))
	if err != nil {
		return nil, err
	}
	if res.Stopped != nil {
		return nil, res.Stopped // the scan fails with the budget error as its reason
	}
	return res.Report, nil
}
