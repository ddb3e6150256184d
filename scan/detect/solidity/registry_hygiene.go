package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// hygieneDetectors lists the detectors of the hygiene family (see registry.go): language
// pitfalls, deprecated code, and gas.
var hygieneDetectors = []*detect.Analyzer{
	// Storage corruption and lost constructors: the family's high-severity checks.
	UninitializedStoragePointer,
	ArrayLengthManipulation,
	ArbitraryStorageWrite,
	FunctionPointerOverwrite,
	MisnamedConstructor,
	UninitializedStateVariable,
	UninitializedLocalVariable,
	PrivateDataOnChain,
	SecretInStorage,

	// Language pitfalls.
	DefaultFunctionVisibility,
	StateVariableDefaultVisibility,
	StateVariableShadowing,
	LocalShadowsState,
	BidiControlCharacter,
	AssertMisuse,
	ViewFunctionWritesState,
	IncorrectModifier,
	CodeWithNoEffect,
	UnusedInternalReturn,
	HardcodedGasAmount,
	BooleanConstantComparison,

	// Deprecated code and compilers.
	DeprecatedConstruct,
	FloatingPragma,
	OutdatedCompiler,

	// Unused code.
	DeadCode,
	UnusedStateVariable,
	UnusedLocalVariable,

	// Gas.
	GasArrayLengthInLoop,
	GasStorageReadInLoop,
	GasStorageWriteInLoop,
	GasPostfixIncrement,
	GasUncheckedLoopCounter,
	GasCouldBeConstant,
	GasCouldBeImmutable,
	GasBoolStorage,
	GasZeroInitialization,
	GasCalldataParameter,
	GasPublicCouldBeExternal,
	GasCustomErrors,
	GasLongRevertString,

	// Token interfaces, language pitfalls and project hygiene (issue 26's new classes).
	ERC20Interface,
	ERC721Interface,
	MappingDeletion,
	DuplicateContractName,
	WriteAfterWrite,
	StorageArrayByValue,
	AssemblyReturn,
}
