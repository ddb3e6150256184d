package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// accessDetectors lists the detectors of the access family (see registry.go): who may call
// what, who gets paid, and whether signatures prove what they claim to.
var accessDetectors = []*detect.Analyzer{
	ArbitrarySendETH,
	UnprotectedTokenWithdraw,
	UnprotectedOwnershipChange,
	UnprotectedMint,
	UnprotectedBurn,
	UnprotectedUpgrade,
	UnprotectedPause,
	UnprotectedAdminSetter,
	UnprotectedInitializer,
	InitializersNotDisabled,
	ClaimableSelfdestruct,
	ArbitraryFromTransferFrom,
	ArbitraryCall,
	CallbackReentrancy,
	ControlledDelegatecall,
	DelegatecallInLoop,
	DelegatecallStorageCollision,
	DelegatecallUnprotectedWrite,
	MsgValueInLoop,
	LockedEther,
	SignatureReplay,
	SignatureNoChainID,
	EcrecoverZeroAddress,
	SignatureMalleability,
	EcrecoverMalleable,
	EncodePackedCollision,
	UncheckedERC20Transfer,
	CentralizationRisk,
	MissingZeroAddressCheck,
	MissingEventCriticalChange,
	SelectorCollision,
	EIP712DomainCollision,
	MsgValueNonPayable,
}
