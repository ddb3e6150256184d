package server

import (
	"context"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// Engine is the scanning engine the server drives; the CLI's `vigil scan` uses the same one.
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
}

// ScanEngine is the Engine of package scan (scan.Run), the one `vigil scan` uses. base holds
// the configured detector selection and severity overrides; ScanID and IncludeDeps are set per
// scan.
func ScanEngine(base scan.Options) Engine { return scanEngine{base} }

type scanEngine struct{ base scan.Options }

func (e scanEngine) Scan(ctx context.Context, ws *workspace.Workspace, opts ScanOptions) (*report.ScanReport, error) {
	o := e.base
	o.ScanID = opts.ScanID
	o.IncludeDeps = o.IncludeDeps || opts.IncludeDependencies
	o.Progress = nil
	res, err := scan.Run(ctx, ws, o)
	if err != nil {
		return nil, err
	}
	return res.Report, nil
}
