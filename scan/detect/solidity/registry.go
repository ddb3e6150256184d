package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// All lists every Solidity detector, in catalogue order. Each family keeps its list in its own
// registry_<family>.go; adding a detector means adding it to its family's list.
var All = join(
	coreDetectors,
	accessDetectors,
	arithmeticDetectors,
	hygieneDetectors,
	defiDetectors,
)

// coreDetectors: reentrancy, tx.origin, unchecked calls, selfdestruct.
var coreDetectors = []*detect.Analyzer{
	ReentrancyETH,
	ReentrancyNoETH,
	ReentrancyLimitedGas,
	ReentrancyEvents,
	TxOrigin,
	UncheckedLowLevelCall,
	UncheckedSend,
	UnprotectedSelfdestruct,
	ReturnBomb,
	ReentrancyBalance,
}

func join(lists ...[]*detect.Analyzer) []*detect.Analyzer {
	var out []*detect.Analyzer
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// ByID returns the detector with the given id, or nil.
func ByID(id string) *detect.Analyzer {
	for _, a := range All {
		if a.ID == id {
			return a
		}
	}
	return nil
}
