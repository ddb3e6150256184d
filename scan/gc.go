package scan

import (
	"os"
	"runtime/debug"
)

// The collector's pace for a process that runs one scan at a time (Options.TuneGC: the command
// line). With the default GOGC=100 the heap may grow to twice what the last collection kept
// before the next one, and a scan's peak of memory is set by that headroom over the model:
//   - while the model is built nearly everything allocated is kept (trees, symbols, graphs),
//     so a collection re-marks a growing heap to free little: the collector runs at a third of
//     the pace (GOGC 300);
//   - while the detectors run the model is fixed and what they allocate is garbage: the
//     collector runs at twice the pace (GOGC 50), so that the garbage stays within half the
//     model instead of as much again.
//
// The collections saved while building pay for those added afterwards: on the clean corpus the
// process's peak RSS falls by about 9 MB (a tenth) for the same CPU time within noise
// (BenchmarkScanCleanProcess). The setting is the process's own, so a server, which runs scans
// side by side, leaves it alone; so does a user who set GOGC.
const (
	gcPercentBuilding  = 300
	gcPercentDetecting = 50
)

// gcPace sets the collector's pace over a scan's phases. The detectors' pace stays when the scan
// returns: the process renders the report next, with the model still the bulk of its heap, and
// back at GOGC 100 the heap could grow to twice the model before the next collection; that is
// where the clean corpus's peak was (BenchmarkScanCleanProcess: about 10 MB more).
type gcPace struct {
	on bool
}

// paceGC starts the model-building pace when on and GOGC is not set in the environment.
func paceGC(on bool) *gcPace {
	g := &gcPace{on: on && os.Getenv("GOGC") == ""}
	if g.on {
		debug.SetGCPercent(gcPercentBuilding)
	}
	return g
}

// detecting switches to the detectors' pace, which the process keeps.
func (g *gcPace) detecting() {
	if g.on {
		debug.SetGCPercent(gcPercentDetecting)
	}
}
