package pubkey

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const fixtures = "../../../../../shared/corpus/solana-fixtures"

func TestBase58RoundTrip(t *testing.T) {
	cases := []struct {
		hex []byte
		b58 string
	}{
		{[]byte{}, ""},
		{[]byte{0}, "1"},
		{[]byte{0, 0, 1}, "112"},
		{[]byte("hello world"), "StV1DL6CwTryKyV"},
		{[]byte{0xff, 0xff}, "LUv"},
		{make([]byte, 32), "11111111111111111111111111111111"},
	}
	for _, c := range cases {
		if got := EncodeBase58(c.hex); got != c.b58 {
			t.Errorf("EncodeBase58(%x) = %q, want %q", c.hex, got, c.b58)
		}
		if c.b58 == "" {
			continue
		}
		got, err := DecodeBase58(c.b58)
		if err != nil || !bytes.Equal(got, c.hex) {
			t.Errorf("DecodeBase58(%q) = %x, %v; want %x", c.b58, got, err, c.hex)
		}
	}
}

func TestBase58Errors(t *testing.T) {
	for _, s := range []string{"", "0OIl", "abc0", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v!", strings.Repeat("z", 500)} {
		if _, err := DecodeBase58(s); err == nil {
			t.Errorf("DecodeBase58(%q) succeeded", s)
		}
	}
	_, err := DecodeBase58("ab0c")
	if err == nil || !strings.Contains(err.Error(), "position 2") {
		t.Errorf("error should name the position: %v", err)
	}
}

func TestParse(t *testing.T) {
	k, err := Parse("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")
	if err != nil {
		t.Fatal(err)
	}
	if k.String() != "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v" {
		t.Errorf("round trip: %s", k)
	}
	for _, bad := range []string{"", "short", "1111111111111111111111111111111111111111111", "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1vv"} {
		if _, err := Parse(bad); err == nil {
			t.Errorf("Parse(%q) succeeded", bad)
		}
	}
	var j struct{ K Key }
	if err := json.Unmarshal([]byte(`{"K":"11111111111111111111111111111111"}`), &j); err != nil || !j.K.IsZero() {
		t.Errorf("json: %v %v", j.K, err)
	}
}

func TestOnCurve(t *testing.T) {
	// A wallet key (USDC's freeze authority is an ordinary keypair) and a PDA.
	if !IsOnCurve(MustParse("7dGbd2QZcCKcTndnHcTL8q7SMVXAkp688NTQYwrRCrar")) {
		t.Error("wallet key reported off curve")
	}
	if IsOnCurve(MustParse("5x38Kp4hvdomTCnCrAny4UtMUt5rQBdB6px2K1Ui45Wq")) {
		t.Error("metadata PDA reported on curve")
	}
}

func TestFindProgramAddressVectors(t *testing.T) {
	raw, err := os.ReadFile(filepath.Join(fixtures, "usdc_metadata.json"))
	if os.IsNotExist(err) {
		t.Skip("fixtures absent")
	}
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Vectors []struct {
			Mint, PDA string
			Bump      uint8
		} `json:"pda_vectors"`
	}
	if err := json.Unmarshal(raw, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	for _, v := range f.Vectors {
		mint := MustParse(v.Mint)
		got, bump, err := FindProgramAddress([][]byte{[]byte("metadata"), MetadataProgram[:], mint[:]}, MetadataProgram)
		if err != nil {
			t.Fatal(err)
		}
		if got.String() != v.PDA || bump != v.Bump {
			t.Errorf("%s: got %s bump %d, want %s bump %d", v.Mint, got, bump, v.PDA, v.Bump)
		}
	}
}

func TestSeedLimits(t *testing.T) {
	if _, _, err := FindProgramAddress([][]byte{make([]byte, 33)}, MetadataProgram); err == nil {
		t.Error("long seed accepted")
	}
	if _, _, err := FindProgramAddress(make([][]byte, 16), MetadataProgram); err == nil {
		t.Error("16 seeds accepted")
	}
}

func FuzzDecodeBase58(f *testing.F) {
	f.Add("EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v")
	f.Add("111z")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := DecodeBase58(s)
		if err != nil {
			return
		}
		if EncodeBase58(b) != s {
			t.Fatalf("round trip of %q gave %q", s, EncodeBase58(b))
		}
	})
}
