package worker

import (
	"context"
	"errors"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/scans"
	"github.com/vigil-sec/vigil/server/store"
)

// executeBlock runs a block scan for the job runner, telling progress where it stands.
func (w *Worker) executeBlock(ctx context.Context, sc store.Scan, req scans.Request, progress func(scan.Progress)) (*report.ScanReport, string) {
	be, ok := w.Engine.(engine.BlockEngine)
	if !ok {
		return nil, "block scans are not configured on this server"
	}
	rep, err := be.ScanBlock(ctx, scan.BlockTarget{Address: req.Address, Platform: req.Platform, Chain: req.Chain},
		engine.ScanOptions{ScanID: sc.ID, ScanType: report.ScanTypeBlock, Progress: progress})
	switch {
	case err == nil:
		return rep, ""
	case errors.Is(err, explorer.ErrNotVerified):
		return nil, "the contract's source code is not verified on any explorer Vigil can read: " + err.Error()
	case errors.Is(err, explorer.ErrRateLimited):
		return nil, "the block explorers are rate limiting requests; try again later"
	case errors.Is(err, scan.ErrInput):
		return nil, err.Error()
	}
	return nil, w.failure(ctx, sc.ID, "fetching and scanning the contract", err, "")
}
