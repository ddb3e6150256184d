package detectors

import "github.com/vigil-sec/vigil/scan/detect"

// All lists every Rust detector, in catalogue order.
var All = []*detect.Analyzer{
	MissingSignerCheck,
	MissingOwnerCheck,
	AccountDataMatching,
	TypeCosplay,
	Reinitialization,
	ArbitraryCPI,
	DuplicateMutableAccounts,
	BumpSeedCanonicalization,
	PDASharing,
	InsecureAccountClosing,
	MissingRentExemption,
	UncheckedSysvar,
	ImproperInstructionIntrospection,
	Token2022UncheckedTransfer,
	Token2022FeeIgnored,
	Token2022MintExtensions,
	Token2022TransferHookIgnored,
	StaleAfterCPI,
	UnvalidatedRemainingAccounts,
	UncheckedOraclePrice,
	OracleConfidenceIgnored,
	UncheckedArithmetic,
	DivisionBeforeMultiplication,
	DivisionByZero,
	PanicInHandler,
	CheckNote,
	UnsafeCode,
	VulnerableDependency,
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
