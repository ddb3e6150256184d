package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// defiDetectors lists the detectors of the DeFi family (see registry.go): the bug classes
// professional audits report in protocols that price, swap, pool and sign (oracles, slippage,
// permits, vault share accounting, read-only reentrancy).
var defiDetectors = []*detect.Analyzer{
	ReadOnlyReentrancy,
	ReadOnlyReentrancyPrice,
	VaultShareInflation,
	VaultRoundingDirection,
	OracleStalePrice,
	OracleL2Sequencer,
	OracleDeprecatedAPI,
	SpotPriceManipulation,
	SwapNoSlippage,
	SwapNoDeadline,
	PermitGriefing,
	FeeOnTransferAccounting,
	SignatureNoDeadline,
	PhantomPermit,
}
