package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// hygieneDetectors lists the detectors of the hygiene family (see registry.go): language
// pitfalls, deprecated code, and gas.
var hygieneDetectors = []*detect.Analyzer{
	UninitializedStoragePointer,
	ArrayLengthManipulation,
	ArbitraryStorageWrite,
	MisnamedConstructor,
	DefaultFunctionVisibility,
	StateVariableDefaultVisibility,
	StateVariableShadowing,
	LocalShadowsState,
	BidiControlCharacter,
	DeprecatedConstruct,
	FloatingPragma,
	OutdatedCompiler,
	AssertMisuse,
	ViewFunctionWritesState,
	UnusedInternalReturn,
	DeadCode,
	UnusedStateVariable,
	UnusedLocalVariable,
	CodeWithNoEffect,
	GasArrayLengthInLoop,
	GasStorageReadInLoop,
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
	HardcodedGasAmount,
	FunctionPointerOverwrite,
	IncorrectModifier,
	UninitializedStateVariable,
}
