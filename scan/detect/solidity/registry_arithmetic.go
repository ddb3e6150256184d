package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// arithmeticDetectors lists the detectors of the arithmetic family (see registry.go):
// arithmetic, randomness, time, transaction ordering and denial of service.
var arithmeticDetectors = []*detect.Analyzer{
	IntegerOverflow,
	UncheckedOverflow,
	Tautology,
	TimestampDependence,
	TransactionOrderDependence,
	FrontRunnableSolution,
	ApproveRace,
	WeakRandomness,
	BlockhashMisuse,
	CallsInLoop,
	UnboundedLoop,
	FailedCallDoS,
	GasGriefing,
	StrictBalanceEquality,
	DivideBeforeMultiply,
	IncorrectShift,
	XorAsPower,
	ShortAddress,
	AssignmentTypo,
	UnsafeDowncast,
}
