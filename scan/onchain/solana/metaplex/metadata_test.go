package metaplex_test

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/onchain/solana/metaplex"
	"github.com/vigil-sec/vigil/scan/onchain/solana/pubkey"
	"github.com/vigil-sec/vigil/scan/onchain/solana/solanatest"
)

const fixtureDir = "../../../../../shared/corpus/solana-fixtures"

func load(t testing.TB) *solanatest.Fixtures {
	f, err := solanatest.LoadFixtures(fixtureDir)
	if errors.Is(err, os.ErrNotExist) {
		t.Skip("fixture corpus absent")
	}
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func TestDecodeUSDCMetadata(t *testing.T) {
	f := load(t)
	var want struct {
		Len                  int    `json:"len"`
		Key                  int    `json:"key"`
		UpdateAuthority      string `json:"update_authority"`
		Mint                 string `json:"mint"`
		Name                 string `json:"name"`
		Symbol               string `json:"symbol"`
		URI                  string `json:"uri"`
		SellerFeeBasisPoints uint16 `json:"seller_fee_basis_points"`
		Creators             *[]any `json:"creators"`
		PrimarySaleHappened  bool   `json:"primary_sale_happened"`
		IsMutable            bool   `json:"is_mutable"`
		EditionNonce         *uint8 `json:"edition_nonce"`
	}
	if err := json.Unmarshal(f.Metadata.Expected, &want); err != nil {
		t.Fatal(err)
	}
	data := f.Metadata.Data()
	if len(data) != want.Len || int(data[0]) != want.Key {
		t.Fatalf("len %d key %d", len(data), data[0])
	}
	m, err := metaplex.Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	if m.UpdateAuthority.String() != want.UpdateAuthority || m.Mint.String() != want.Mint ||
		m.Name != want.Name || m.Symbol != want.Symbol || m.URI != want.URI ||
		m.SellerFeeBasisPoints != want.SellerFeeBasisPoints || (m.Creators != nil) != (want.Creators != nil) ||
		m.PrimarySaleHappened != want.PrimarySaleHappened || m.IsMutable != want.IsMutable ||
		(m.EditionNonce != nil) != (want.EditionNonce != nil) {
		t.Errorf("decoded %+v\nwant %+v", m, want)
	}
	// Byte 325 (0x10) is not an Option tag: token_standard is absent, not an error.
	if m.TokenStandard != nil || !strings.Contains(m.TrailingMalformed, "token_standard option tag at offset 325 is 0x10") {
		t.Errorf("trailing: standard %v, %q", m.TokenStandard, m.TrailingMalformed)
	}
	pda, err := metaplex.MetadataAddress(m.Mint)
	if err != nil || pda.String() != f.Metadata.MetadataPDA {
		t.Errorf("PDA %s %v, want %s", pda, err, f.Metadata.MetadataPDA)
	}
}

// build encodes a metadata account the way the program lays it out.
func build(name string, creators [][]byte, mutable bool, tail []byte) []byte {
	var b []byte
	str := func(s string) {
		b = append(b, byte(len(s)), byte(len(s)>>8), 0, 0)
		b = append(b, s...)
	}
	b = append(b, 4)
	b = append(b, solanatest.KeyBytes(solanatest.WalletKey("ua"))...)
	b = append(b, solanatest.KeyBytes(solanatest.Key("mint"))...)
	str(name)
	str("SYM\x00\x00")
	str("https://example.org/x.json")
	b = append(b, 0xf4, 0x01) // 500 bps
	if creators == nil {
		b = append(b, 0)
	} else {
		b = append(b, 1, byte(len(creators)), 0, 0, 0)
		for _, c := range creators {
			b = append(b, c...)
		}
	}
	b = append(b, 1) // primary sale happened
	if mutable {
		b = append(b, 1)
	} else {
		b = append(b, 0)
	}
	return append(b, tail...)
}

func TestDecodeBuilt(t *testing.T) {
	creator := append(solanatest.KeyBytes(solanatest.WalletKey("creator")), 1, 100)
	tail := []byte{1, 254, 1, 2} // edition nonce 254, token standard Fungible
	tail = append(tail, 1, 1)
	tail = append(tail, solanatest.KeyBytes(solanatest.Key("coll"))...)
	m, err := metaplex.Decode(build("Meme\x00\x00\x00", [][]byte{creator}, true, tail))
	if err != nil {
		t.Fatal(err)
	}
	if m.Name != "Meme" || m.Symbol != "SYM" || m.SellerFeeBasisPoints != 500 || !m.IsMutable || !m.PrimarySaleHappened {
		t.Errorf("%+v", m)
	}
	if len(m.Creators) != 1 || m.Creators[0].Address.String() != solanatest.WalletKey("creator") || !m.Creators[0].Verified || m.Creators[0].Share != 100 {
		t.Errorf("creators %+v", m.Creators)
	}
	if m.EditionNonce == nil || *m.EditionNonce != 254 || m.TokenStandard == nil || *m.TokenStandard != metaplex.Fungible || m.Collection == nil || !m.Collection.Verified {
		t.Errorf("optional fields %+v", m)
	}
	if m.TrailingMalformed != "" {
		t.Errorf("trailing %q", m.TrailingMalformed)
	}
	// Short account ending right after is_mutable: valid, optional fields absent.
	m, err = metaplex.Decode(build("A", nil, false, nil))
	if err != nil || m.IsMutable || m.EditionNonce != nil || m.TrailingMalformed != "" {
		t.Errorf("short: %+v %v", m, err)
	}
}

func TestDecodeRejects(t *testing.T) {
	good := build("A", nil, true, nil)
	bad := func(i int, v byte) []byte { c := append([]byte(nil), good...); c[i] = v; return c }
	cases := map[string][]byte{
		"empty":         nil,
		"wrong key":     bad(0, 1),
		"name too long": bad(65, 0xff),
		"truncated":     good[:70],
		"bad bool":      bad(len(good)-1, 7),
		"bad option":    bad(len(good)-3, 9),
		"too many creators": func() []byte {
			c := append([]byte(nil), good[:len(good)-4]...)
			c = append(c, 1, 200, 0, 0, 0)
			return c
		}(),
	}
	for name, data := range cases {
		if _, err := metaplex.Decode(data); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	if _, err := metaplex.Decode(good[:3]); err == nil || !strings.Contains(err.Error(), "update_authority at offset 1") {
		t.Errorf("error should name the offset: %v", err)
	}
}

func TestMetadataAddressVectors(t *testing.T) {
	load(t)
	var v struct {
		Vectors []struct{ Mint, PDA string } `json:"pda_vectors"`
	}
	raw, _ := os.ReadFile(fixtureDir + "/usdc_metadata.json")
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	for _, x := range v.Vectors {
		got, err := metaplex.MetadataAddress(pubkey.MustParse(x.Mint))
		if err != nil || got.String() != x.PDA {
			t.Errorf("%s: %s %v, want %s", x.Mint, got, err, x.PDA)
		}
	}
}

func FuzzDecode(f *testing.F) {
	if fx, err := solanatest.LoadFixtures(fixtureDir); err == nil {
		f.Add(fx.Metadata.Data())
	}
	f.Fuzz(func(t *testing.T, b []byte) { metaplex.Decode(b) })
}
