package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// arithmeticDetectors lists the detectors of the arithmetic family (see registry.go):
// arithmetic, randomness, time, transaction ordering and denial of service. Their classes,
// which evaluations match labelled bugs against: "arithmetic" (INTEGER_OVERFLOW,
// UNCHECKED_BLOCK_OVERFLOW, TAUTOLOGICAL_COMPARISON, ASSIGNMENT_OPERATOR_TYPO,
// UNSAFE_DOWNCAST), "timestamp" (TIMESTAMP_DEPENDENCE), "tod" (TRANSACTION_ORDER_DEPENDENCE,
// FRONT_RUNNABLE_SOLUTION, ERC20_APPROVE_RACE), "randomness" (WEAK_RANDOMNESS,
// BLOCKHASH_MISUSE), "dos" (DOS_EXTERNAL_CALL_IN_LOOP, DOS_UNBOUNDED_LOOP, DOS_FAILED_CALL,
// INSUFFICIENT_GAS_GRIEFING), "strict-equality", "precision", "logic" and "short-address".
// Shared queries live in arith_match.go.
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
	DivisionRoundsToZero,
	IncorrectShift,
	XorAsPower,
	ShortAddress,
	AssignmentTypo,
	UnsafeDowncast,
	SelfComparison,
	RemoveWhileIterating,
}
