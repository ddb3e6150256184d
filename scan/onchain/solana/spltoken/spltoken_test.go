package spltoken_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/onchain/solana/pubkey"
	"github.com/vigil-sec/vigil/scan/onchain/solana/solanatest"
	"github.com/vigil-sec/vigil/scan/onchain/solana/spltoken"
)

const fixtureDir = "../../../../../shared/corpus/solana-fixtures"

func loadFixtures(t *testing.T) *solanatest.Fixtures {
	t.Helper()
	f, err := solanatest.LoadFixtures(fixtureDir)
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("fixture corpus absent")
	}
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// expectedMint mirrors the "expected" objects of mints.json.
type expectedMint struct {
	Len             int     `json:"len"`
	MintAuthority   *string `json:"mint_authority"`
	Supply          uint64  `json:"supply"`
	Decimals        uint8   `json:"decimals"`
	IsInitialized   int     `json:"is_initialized"`
	FreezeAuthority *string `json:"freeze_authority"`
	AccountType     *int    `json:"account_type"`
	Extensions      []struct {
		Type              uint16  `json:"type"`
		Ext               string  `json:"ext"`
		Len               int     `json:"len"`
		Authority         *string `json:"authority"`
		ConfigAuthority   *string `json:"config_authority"`
		WithdrawAuthority *string `json:"withdraw_authority"`
		Withheld          uint64  `json:"withheld"`
		Older, Newer      struct {
			Epoch  uint64 `json:"epoch"`
			MaxFee uint64 `json:"max_fee"`
			Bps    uint16 `json:"bps"`
		}
		AutoApprove     *int        `json:"auto_approve"`
		ProgramID       *string     `json:"program_id"`
		Address         *string     `json:"address"`
		UpdateAuthority *string     `json:"update_authority"`
		Mint            string      `json:"mint"`
		Name            string      `json:"name"`
		Symbol          string      `json:"symbol"`
		URI             string      `json:"uri"`
		Additional      [][2]string `json:"additional"`
	} `json:"extensions"`
}

func keyStr(k *pubkey.Key) *string {
	if k == nil {
		return nil
	}
	s := k.String()
	return &s
}

func eqKey(t *testing.T, what string, got *pubkey.Key, want *string) {
	t.Helper()
	g := keyStr(got)
	if (g == nil) != (want == nil) || (g != nil && *g != *want) {
		t.Errorf("%s = %v, want %v", what, deref(g), deref(want))
	}
}

func deref(s *string) string {
	if s == nil {
		return "<none>"
	}
	return *s
}

func TestDecodeFixtureMints(t *testing.T) {
	f := loadFixtures(t)
	if len(f.Mints) != 5 {
		t.Fatalf("want 5 fixture mints, got %d", len(f.Mints))
	}
	for _, fx := range f.Mints {
		t.Run(fx.Name, func(t *testing.T) {
			var want expectedMint
			if err := json.Unmarshal(fx.Expected, &want); err != nil {
				t.Fatal(err)
			}
			data := fx.Data()
			if len(data) != want.Len {
				t.Fatalf("len %d, want %d", len(data), want.Len)
			}
			m, err := spltoken.DecodeMint(data, pubkey.MustParse(fx.Owner))
			if err != nil {
				t.Fatal(err)
			}
			eqKey(t, "mint_authority", m.MintAuthority, want.MintAuthority)
			eqKey(t, "freeze_authority", m.FreezeAuthority, want.FreezeAuthority)
			if m.Supply != want.Supply || m.Decimals != want.Decimals || m.IsInitialized != (want.IsInitialized == 1) {
				t.Errorf("supply/decimals/init = %d/%d/%v, want %d/%d/%d", m.Supply, m.Decimals, m.IsInitialized, want.Supply, want.Decimals, want.IsInitialized)
			}
			if m.Token2022 != (want.AccountType != nil) {
				t.Errorf("Token2022 = %v", m.Token2022)
			}
			if len(m.Extensions) != len(want.Extensions) {
				t.Fatalf("%d extensions, want %d", len(m.Extensions), len(want.Extensions))
			}
			for i, we := range want.Extensions {
				e := m.Extensions[i]
				if uint16(e.Type) != we.Type || e.Type.String() != we.Ext || len(e.Data) != we.Len {
					t.Errorf("extension %d: %s (%d) len %d, want %s (%d) len %d", i, e.Type, e.Type, len(e.Data), we.Ext, we.Type, we.Len)
					continue
				}
				switch e.Type {
				case spltoken.ExtMintCloseAuthority, spltoken.ExtPermanentDelegate:
					eqKey(t, we.Ext, e.Authority, we.Authority)
				case spltoken.ExtTransferFeeConfig:
					c := e.TransferFee
					eqKey(t, "config_authority", c.ConfigAuthority, we.ConfigAuthority)
					eqKey(t, "withdraw_authority", c.WithdrawAuthority, we.WithdrawAuthority)
					if c.WithheldAmount != we.Withheld {
						t.Errorf("withheld %d, want %d", c.WithheldAmount, we.Withheld)
					}
					if c.Older != (spltoken.TransferFee{Epoch: we.Older.Epoch, MaximumFee: we.Older.MaxFee, BasisPoints: we.Older.Bps}) ||
						c.Newer != (spltoken.TransferFee{Epoch: we.Newer.Epoch, MaximumFee: we.Newer.MaxFee, BasisPoints: we.Newer.Bps}) {
						t.Errorf("schedules %+v %+v, want %+v %+v", c.Older, c.Newer, we.Older, we.Newer)
					}
				case spltoken.ExtConfidentialTransferMint:
					eqKey(t, "confidential authority", e.ConfidentialMint.Authority, we.Authority)
					if e.ConfidentialMint.AutoApprove != (*we.AutoApprove == 1) || e.ConfidentialMint.AuditorElGamalPK != nil {
						t.Errorf("confidential mint %+v", e.ConfidentialMint)
					}
				case spltoken.ExtTransferHook:
					eqKey(t, "hook authority", e.TransferHook.Authority, we.Authority)
					eqKey(t, "hook program", e.TransferHook.ProgramID, we.ProgramID)
				case spltoken.ExtMetadataPointer, spltoken.ExtGroupMemberPointer:
					eqKey(t, "pointer authority", e.Pointer.Authority, we.Authority)
					eqKey(t, "pointer address", e.Pointer.Address, we.Address)
				case spltoken.ExtTokenMetadata:
					md := e.Metadata
					eqKey(t, "update_authority", md.UpdateAuthority, we.UpdateAuthority)
					if md.Mint.String() != we.Mint || md.Name != we.Name || md.Symbol != we.Symbol || md.URI != we.URI {
						t.Errorf("metadata %+v", md)
					}
					if len(md.Additional) != len(we.Additional) {
						t.Errorf("additional %v, want %v", md.Additional, we.Additional)
					}
					for j := range we.Additional {
						if j < len(md.Additional) && md.Additional[j] != we.Additional[j] {
							t.Errorf("additional[%d] = %v, want %v", j, md.Additional[j], we.Additional[j])
						}
					}
				case spltoken.ExtInterestBearingConfig:
					if e.InterestBearing == nil {
						t.Error("interest bearing not decoded")
					}
				case spltoken.ExtConfidentialTransferFeeConfig:
					if e.ConfidentialFee == nil {
						t.Error("confidential fee config not decoded")
					}
				}
			}
			if m.Extension(spltoken.ExtNonTransferable) != nil {
				t.Error("no fixture is non-transferable")
			}
		})
	}
}

func TestTransferFeeAt(t *testing.T) {
	f := loadFixtures(t)
	m, err := spltoken.DecodeMint(f.Mint("BERN").Data(), pubkey.Token2022Program)
	if err != nil {
		t.Fatal(err)
	}
	c := m.Extension(spltoken.ExtTransferFeeConfig).TransferFee
	if got := c.FeeAt(650).BasisPoints; got != 420 {
		t.Errorf("fee at epoch 650 = %d bps, want 420 (older)", got)
	}
	if got := c.FeeAt(698).BasisPoints; got != 269 {
		t.Errorf("fee at epoch 698 = %d bps, want 269 (newer)", got)
	}
}

func TestMintRejects(t *testing.T) {
	f := loadFixtures(t)
	usdc := f.Mint("USDC").Data()
	pyusd := f.Mint("PYUSD").Data()
	cases := map[string]struct {
		data    []byte
		program pubkey.Key
		want    string
	}{
		"wrong program":      {usdc, pubkey.SystemProgram, "not a token program"},
		"short":              {usdc[:81], pubkey.TokenProgram, "81 bytes"},
		"token account size": {make([]byte, 165), pubkey.TokenProgram, "165 bytes"},
		"t22 token account":  {make([]byte, 165), pubkey.Token2022Program, "165 bytes"},
		"bad coption tag":    {withByte(usdc, 0, 7), pubkey.TokenProgram, "mint_authority tag at offset 0 is 7"},
		"bad bool":           {withByte(usdc, 45, 3), pubkey.TokenProgram, "is_initialized"},
		"uninitialized":      {withByte(usdc, 45, 0), pubkey.TokenProgram, "not initialized"},
		"account type 2":     {withByte(pyusd, 165, 2), pubkey.Token2022Program, "account type byte is 2"},
		"padding":            {withByte(pyusd, 100, 9), pubkey.Token2022Program, "padding byte 100"},
		"truncated tlv":      {pyusd[:300], pubkey.Token2022Program, "exceeds"},
		"bad ext length":     {withByte(pyusd, 168, 31), pubkey.Token2022Program, "MintCloseAuthority"},
	}
	for name, c := range cases {
		_, err := spltoken.DecodeMint(c.data, c.program)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want mention of %q", name, err, c.want)
		}
	}
}

func withByte(b []byte, i int, v byte) []byte {
	c := append([]byte(nil), b...)
	c[i] = v
	return c
}

func TestUnknownAndBuiltExtensions(t *testing.T) {
	auth := solanatest.WalletKey("authority")
	hook := solanatest.PDAKey("hook")
	base := solanatest.MintData("", 1000, 6, "")
	data := solanatest.Token2022MintData(base,
		solanatest.TLV(9, nil), // non-transferable
		solanatest.TLV(6, []byte{2}),
		solanatest.TLV(26, append(solanatest.KeyBytes(auth), 1)),
		solanatest.TLV(14, append(solanatest.KeyBytes(auth), solanatest.KeyBytes(hook)...)),
		solanatest.TLV(25, make([]byte, 56)),
		solanatest.TLV(999, []byte{1, 2, 3}),
		make([]byte, 7), // zero padding after the last entry
	)
	m, err := spltoken.DecodeMint(data, pubkey.Token2022Program)
	if err != nil {
		t.Fatal(err)
	}
	if m.MintAuthority != nil || m.FreezeAuthority != nil {
		t.Error("authorities should be none")
	}
	if len(m.Extensions) != 6 {
		t.Fatalf("%d extensions: %+v", len(m.Extensions), m.Extensions)
	}
	if s := m.Extension(spltoken.ExtDefaultAccountState).DefaultState; s == nil || *s != spltoken.StateFrozen {
		t.Error("default state not frozen")
	}
	if p := m.Extension(spltoken.ExtPausable).Pausable; p == nil || !p.Paused || p.Authority.String() != auth {
		t.Errorf("pausable %+v", p)
	}
	if h := m.Extension(spltoken.ExtTransferHook).TransferHook; h.ProgramID.String() != hook {
		t.Errorf("hook %+v", h)
	}
	u := m.Extensions[5]
	if u.Type != 999 || u.Type.String() != "Unknown(999)" || string(u.Data) != "\x01\x02\x03" {
		t.Errorf("unknown extension %+v", u)
	}
}

func TestDecodeAccount(t *testing.T) {
	mint := solanatest.Key("mint")
	owner := solanatest.WalletKey("owner")
	d := make([]byte, 165)
	copy(d[0:32], solanatest.KeyBytes(mint))
	copy(d[32:64], solanatest.KeyBytes(owner))
	d[64] = 0x10
	d[108] = 2
	a, err := spltoken.DecodeAccount(d)
	if err != nil {
		t.Fatal(err)
	}
	if a.Mint.String() != mint || a.Owner.String() != owner || a.Amount != 16 || a.State != spltoken.StateFrozen || a.Delegate != nil || a.IsNative != nil {
		t.Errorf("account %+v", a)
	}
	if _, err := spltoken.DecodeAccount(d[:100]); err == nil {
		t.Error("short account accepted")
	}
	if _, err := spltoken.DecodeAccount(withByte(d, 108, 0)); err == nil {
		t.Error("uninitialized account accepted")
	}
	ext := append(append([]byte(nil), d...), 1) // account type byte 1 = mint
	if _, err := spltoken.DecodeAccount(ext); err == nil {
		t.Error("mint-typed data accepted as account")
	}
}

func FuzzDecodeMint(f *testing.F) {
	if fx, err := solanatest.LoadFixtures(fixtureDir); err == nil {
		for _, m := range fx.Mints {
			f.Add(m.Data())
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		spltoken.DecodeMint(b, pubkey.Token2022Program)
		spltoken.DecodeMint(b, pubkey.TokenProgram)
		spltoken.DecodeAccount(b)
	})
}
