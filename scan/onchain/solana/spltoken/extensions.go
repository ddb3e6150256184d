package spltoken

import (
	"fmt"

	"github.com/vigil-sec/vigil/scan/onchain/solana/pubkey"
)

// ExtensionType is the u16 type of a Token-2022 TLV entry (the program's ExtensionType enum).
type ExtensionType uint16

// Extension types of the Token-2022 program. Account-only types are listed so that names print.
const (
	ExtUninitialized                 ExtensionType = 0
	ExtTransferFeeConfig             ExtensionType = 1
	ExtTransferFeeAmount             ExtensionType = 2
	ExtMintCloseAuthority            ExtensionType = 3
	ExtConfidentialTransferMint      ExtensionType = 4
	ExtConfidentialTransferAccount   ExtensionType = 5
	ExtDefaultAccountState           ExtensionType = 6
	ExtImmutableOwner                ExtensionType = 7
	ExtMemoTransfer                  ExtensionType = 8
	ExtNonTransferable               ExtensionType = 9
	ExtInterestBearingConfig         ExtensionType = 10
	ExtCpiGuard                      ExtensionType = 11
	ExtPermanentDelegate             ExtensionType = 12
	ExtNonTransferableAccount        ExtensionType = 13
	ExtTransferHook                  ExtensionType = 14
	ExtTransferHookAccount           ExtensionType = 15
	ExtConfidentialTransferFeeConfig ExtensionType = 16
	ExtConfidentialTransferFeeAmount ExtensionType = 17
	ExtMetadataPointer               ExtensionType = 18
	ExtTokenMetadata                 ExtensionType = 19
	ExtGroupPointer                  ExtensionType = 20
	ExtTokenGroup                    ExtensionType = 21
	ExtGroupMemberPointer            ExtensionType = 22
	ExtTokenGroupMember              ExtensionType = 23
	ExtConfidentialMintBurn          ExtensionType = 24
	ExtScaledUiAmount                ExtensionType = 25
	ExtPausable                      ExtensionType = 26
	ExtPausableAccount               ExtensionType = 27
)

var extensionNames = map[ExtensionType]string{
	ExtUninitialized: "Uninitialized", ExtTransferFeeConfig: "TransferFeeConfig",
	ExtTransferFeeAmount: "TransferFeeAmount", ExtMintCloseAuthority: "MintCloseAuthority",
	ExtConfidentialTransferMint: "ConfidentialTransferMint", ExtConfidentialTransferAccount: "ConfidentialTransferAccount",
	ExtDefaultAccountState: "DefaultAccountState", ExtImmutableOwner: "ImmutableOwner",
	ExtMemoTransfer: "MemoTransfer", ExtNonTransferable: "NonTransferable",
	ExtInterestBearingConfig: "InterestBearingConfig", ExtCpiGuard: "CpiGuard",
	ExtPermanentDelegate: "PermanentDelegate", ExtNonTransferableAccount: "NonTransferableAccount",
	ExtTransferHook: "TransferHook", ExtTransferHookAccount: "TransferHookAccount",
	ExtConfidentialTransferFeeConfig: "ConfidentialTransferFeeConfig", ExtConfidentialTransferFeeAmount: "ConfidentialTransferFeeAmount",
	ExtMetadataPointer: "MetadataPointer", ExtTokenMetadata: "TokenMetadata",
	ExtGroupPointer: "GroupPointer", ExtTokenGroup: "TokenGroup",
	ExtGroupMemberPointer: "GroupMemberPointer", ExtTokenGroupMember: "TokenGroupMember",
	ExtConfidentialMintBurn: "ConfidentialMintBurn", ExtScaledUiAmount: "ScaledUiAmount",
	ExtPausable: "Pausable", ExtPausableAccount: "PausableAccount",
}

// String returns the program's name for the type, or "Unknown(n)".
func (t ExtensionType) String() string {
	if n, ok := extensionNames[t]; ok {
		return n
	}
	return fmt.Sprintf("Unknown(%d)", uint16(t))
}

// Extension is one TLV entry of a mint. Type and Data are always set; exactly one of the typed
// fields is set when the type is known and its value decoded.
type Extension struct {
	Type ExtensionType
	Data []byte // the raw value, kept for unknown types and for reference

	TransferFee      *TransferFeeConfig
	Authority        *pubkey.Key // MintCloseAuthority, PermanentDelegate
	ConfidentialMint *ConfidentialTransferMint
	DefaultState     *uint8 // DefaultAccountState: 0 uninitialized, 1 initialized, 2 frozen
	InterestBearing  *InterestBearingConfig
	TransferHook     *TransferHook
	Pointer          *Pointer // MetadataPointer, GroupPointer, GroupMemberPointer
	Metadata         *TokenMetadata
	Group            *TokenGroup
	GroupMember      *TokenGroupMember
	ScaledUIAmount   *ScaledUIAmount
	Pausable         *Pausable
	ConfidentialFee  *ConfidentialTransferFeeConfig
}

// TransferFee is one fee schedule entry of TransferFeeConfig.
type TransferFee struct {
	Epoch       uint64 // first epoch in which this fee applies
	MaximumFee  uint64 // in base units
	BasisPoints uint16
}

// TransferFeeConfig is extension 1 (108 bytes).
type TransferFeeConfig struct {
	ConfigAuthority   *pubkey.Key // may change the fee; nil when none
	WithdrawAuthority *pubkey.Key // may withdraw withheld fees
	WithheldAmount    uint64
	Older, Newer      TransferFee
}

// FeeAt returns the schedule in force at epoch: the newer one once its epoch is reached.
func (c *TransferFeeConfig) FeeAt(epoch uint64) TransferFee {
	if epoch >= c.Newer.Epoch {
		return c.Newer
	}
	return c.Older
}

// ConfidentialTransferMint is extension 4 (65 bytes).
type ConfidentialTransferMint struct {
	Authority        *pubkey.Key
	AutoApprove      bool
	AuditorElGamalPK *[32]byte // nil when no auditor
}

// ConfidentialTransferFeeConfig is extension 16 (129 bytes); only the clear-text parts.
type ConfidentialTransferFeeConfig struct {
	Authority            *pubkey.Key
	HarvestToMintEnabled bool
}

// InterestBearingConfig is extension 10 (52 bytes). Rates are in basis points per year.
type InterestBearingConfig struct {
	RateAuthority           *pubkey.Key
	InitializationTimestamp int64
	PreUpdateAverageRate    int16
	LastUpdateTimestamp     int64
	CurrentRate             int16
}

// TransferHook is extension 14 (64 bytes).
type TransferHook struct {
	Authority *pubkey.Key // may change the hook program
	ProgramID *pubkey.Key // the program called on every transfer; nil when none
}

// Pointer is a MetadataPointer, GroupPointer or GroupMemberPointer (64 bytes).
type Pointer struct {
	Authority *pubkey.Key // may re-point
	Address   *pubkey.Key
}

// TokenMetadata is extension 19: the token-metadata interface's Borsh layout.
type TokenMetadata struct {
	UpdateAuthority *pubkey.Key
	Mint            pubkey.Key
	Name            string
	Symbol          string
	URI             string
	Additional      [][2]string
}

// TokenGroup is extension 21 (80 bytes).
type TokenGroup struct {
	UpdateAuthority *pubkey.Key
	Mint            pubkey.Key
	Size            uint64
	MaxSize         uint64
}

// TokenGroupMember is extension 23 (72 bytes).
type TokenGroupMember struct {
	Mint         pubkey.Key
	Group        pubkey.Key
	MemberNumber uint64
}

// ScaledUIAmount is extension 25 (56 bytes).
type ScaledUIAmount struct {
	Authority                       *pubkey.Key
	Multiplier                      float64
	NewMultiplierEffectiveTimestamp int64
	NewMultiplier                   float64
}

// Pausable is extension 26 (33 bytes).
type Pausable struct {
	Authority *pubkey.Key
	Paused    bool
}

// maxExtensions bounds the TLV walk; real mints carry a dozen at most.
const maxExtensions = 64

// decodeExtensions walks the TLV area. base is the offset of b within the account, so that
// errors give account offsets. A trailing run of zero bytes (an Uninitialized entry or
// padding) ends the walk.
func decodeExtensions(b []byte, base int) ([]Extension, error) {
	var out []Extension
	off := 0
	for off < len(b) {
		if len(b)-off < 4 {
			if allZero(b[off:]) {
				break
			}
			return nil, fmt.Errorf("TLV header at offset %d: %d bytes left, need 4", base+off, len(b)-off)
		}
		t := ExtensionType(uint16(b[off]) | uint16(b[off+1])<<8)
		n := int(uint16(b[off+2]) | uint16(b[off+3])<<8)
		if t == ExtUninitialized && n == 0 {
			if allZero(b[off:]) {
				break
			}
		}
		if off+4+n > len(b) {
			return nil, fmt.Errorf("extension %s at offset %d: length %d exceeds the %d bytes left", t, base+off, n, len(b)-off-4)
		}
		if len(out) == maxExtensions {
			return nil, fmt.Errorf("more than %d extensions", maxExtensions)
		}
		val := b[off+4 : off+4+n : off+4+n]
		ext, err := decodeExtension(t, val)
		if err != nil {
			return nil, fmt.Errorf("extension %s at offset %d: %w", t, base+off, err)
		}
		out = append(out, ext)
		off += 4 + n
	}
	return out, nil
}

func allZero(b []byte) bool {
	for _, c := range b {
		if c != 0 {
			return false
		}
	}
	return true
}

// fixedLen gives the exact value length of the fixed-size mint extensions.
var fixedLen = map[ExtensionType]int{
	ExtTransferFeeConfig: 108, ExtMintCloseAuthority: 32, ExtConfidentialTransferMint: 65,
	ExtDefaultAccountState: 1, ExtNonTransferable: 0, ExtInterestBearingConfig: 52,
	ExtPermanentDelegate: 32, ExtTransferHook: 64, ExtConfidentialTransferFeeConfig: 129,
	ExtMetadataPointer: 64, ExtGroupPointer: 64, ExtTokenGroup: 80, ExtGroupMemberPointer: 64,
	ExtTokenGroupMember: 72, ExtScaledUiAmount: 56, ExtPausable: 33,
}

func decodeExtension(t ExtensionType, val []byte) (Extension, error) {
	e := Extension{Type: t, Data: val}
	if want, ok := fixedLen[t]; ok && len(val) != want {
		return e, fmt.Errorf("value is %d bytes, want %d", len(val), want)
	}
	r := &reader{b: val}
	switch t {
	case ExtTransferFeeConfig:
		c := &TransferFeeConfig{
			ConfigAuthority:   r.optionalNonZeroKey("transfer_fee_config_authority"),
			WithdrawAuthority: r.optionalNonZeroKey("withdraw_withheld_authority"),
			WithheldAmount:    r.u64("withheld_amount"),
		}
		c.Older = TransferFee{Epoch: r.u64("older.epoch"), MaximumFee: r.u64("older.maximum_fee"), BasisPoints: r.u16("older.basis_points")}
		c.Newer = TransferFee{Epoch: r.u64("newer.epoch"), MaximumFee: r.u64("newer.maximum_fee"), BasisPoints: r.u16("newer.basis_points")}
		e.TransferFee = c
	case ExtMintCloseAuthority:
		e.Authority = r.optionalNonZeroKey("close_authority")
	case ExtPermanentDelegate:
		e.Authority = r.optionalNonZeroKey("delegate")
	case ExtConfidentialTransferMint:
		c := &ConfidentialTransferMint{Authority: r.optionalNonZeroKey("authority"), AutoApprove: r.bool("auto_approve_new_accounts")}
		if pk := r.bytes(32, "auditor_elgamal_pubkey"); pk != nil && !allZero(pk) {
			var a [32]byte
			copy(a[:], pk)
			c.AuditorElGamalPK = &a
		}
		e.ConfidentialMint = c
	case ExtConfidentialTransferFeeConfig:
		c := &ConfidentialTransferFeeConfig{Authority: r.optionalNonZeroKey("authority")}
		r.bytes(32, "withdraw_withheld_authority_elgamal_pubkey")
		c.HarvestToMintEnabled = r.bool("harvest_to_mint_enabled")
		e.ConfidentialFee = c
	case ExtDefaultAccountState:
		s := r.u8("state")
		if s > StateFrozen {
			return e, fmt.Errorf("account state byte is %d", s)
		}
		e.DefaultState = &s
	case ExtInterestBearingConfig:
		e.InterestBearing = &InterestBearingConfig{
			RateAuthority:           r.optionalNonZeroKey("rate_authority"),
			InitializationTimestamp: int64(r.u64("initialization_timestamp")),
			PreUpdateAverageRate:    int16(r.u16("pre_update_average_rate")),
			LastUpdateTimestamp:     int64(r.u64("last_update_timestamp")),
			CurrentRate:             int16(r.u16("current_rate")),
		}
	case ExtTransferHook:
		e.TransferHook = &TransferHook{Authority: r.optionalNonZeroKey("authority"), ProgramID: r.optionalNonZeroKey("program_id")}
	case ExtMetadataPointer, ExtGroupPointer, ExtGroupMemberPointer:
		e.Pointer = &Pointer{Authority: r.optionalNonZeroKey("authority"), Address: r.optionalNonZeroKey("address")}
	case ExtTokenMetadata:
		m := &TokenMetadata{
			UpdateAuthority: r.optionalNonZeroKey("update_authority"),
			Mint:            r.key("mint"),
			Name:            r.borshString("name"),
			Symbol:          r.borshString("symbol"),
			URI:             r.borshString("uri"),
		}
		n := r.u32("additional_metadata count")
		// Each pair takes at least 8 bytes: a count beyond that is corrupt, not a reason to allocate.
		if r.err == nil && int64(n)*8 > int64(len(val)-r.off) {
			return e, fmt.Errorf("additional_metadata count %d exceeds the data", n)
		}
		for i := uint32(0); i < n && r.err == nil; i++ {
			k := r.borshString("additional_metadata key")
			v := r.borshString("additional_metadata value")
			m.Additional = append(m.Additional, [2]string{k, v})
		}
		e.Metadata = m
	case ExtTokenGroup:
		e.Group = &TokenGroup{UpdateAuthority: r.optionalNonZeroKey("update_authority"), Mint: r.key("mint"), Size: r.u64("size"), MaxSize: r.u64("max_size")}
	case ExtTokenGroupMember:
		e.GroupMember = &TokenGroupMember{Mint: r.key("mint"), Group: r.key("group"), MemberNumber: r.u64("member_number")}
	case ExtScaledUiAmount:
		e.ScaledUIAmount = &ScaledUIAmount{
			Authority:                       r.optionalNonZeroKey("authority"),
			Multiplier:                      r.f64("multiplier"),
			NewMultiplierEffectiveTimestamp: int64(r.u64("new_multiplier_effective_timestamp")),
			NewMultiplier:                   r.f64("new_multiplier"),
		}
	case ExtPausable:
		e.Pausable = &Pausable{Authority: r.optionalNonZeroKey("authority"), Paused: r.bool("paused")}
	}
	if r.err != nil {
		return e, r.err
	}
	return e, nil
}
