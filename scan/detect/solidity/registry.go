package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// All lists every Solidity detector, in catalogue order. Adding a detector means adding it here.
var All = []*detect.Analyzer{
	ReentrancyETH,
	ReentrancyNoETH,
	ReentrancyLimitedGas,
	ReentrancyEvents,
	TxOrigin,
	UncheckedLowLevelCall,
	UncheckedSend,
	UnprotectedSelfdestruct,
}
