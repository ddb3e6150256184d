package explorer

import (
	"strings"
	"testing"
)

func TestChecksumEIP55Vectors(t *testing.T) {
	// Test vectors from EIP-55.
	for _, want := range []string{
		"0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed",
		"0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359",
		"0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB",
		"0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb",
		"0x52908400098527886E0F7030069857D2E4169EE7",
		"0x8617E340B3D01FA5F11F306F4090FD50E238070D",
		"0xde709f2102306220921060314715629080e2fb77",
		"0x27b1fdb04752bbc536007a920d24acb045561c26",
	} {
		if got := Checksum(strings.ToLower(want)); got != want {
			t.Errorf("Checksum(%s) = %s", strings.ToLower(want), got)
		}
		if got, err := ParseAddress(want); err != nil || got != want {
			t.Errorf("ParseAddress(%s) = %s, %v", want, got, err)
		}
	}
}

func TestParseAddress(t *testing.T) {
	if got, err := ParseAddress(strings.ToLower(addrFactory)); err != nil || got != addrFactory {
		t.Errorf("lower case: %s, %v", got, err)
	}
	if got, err := ParseAddress("0x" + strings.ToUpper(addrFactory[2:])); err != nil || got != addrFactory {
		t.Errorf("upper case: %s, %v", got, err)
	}
	bad := map[string]string{
		"":           "must start with 0x",
		"5C69bEe701": "must start with 0x",
		"0x5C69":     "40 hex digits",
		"0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6fff": "40 hex digits",
		"0xZZ69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f":   "hexadecimal",
		"0x5c69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f":   "checksum",
		strings.Repeat("0x", 100):                      "characters",
	}
	for in, want := range bad {
		_, err := ParseAddress(in)
		if err == nil || !strings.Contains(err.Error(), want) || !strings.HasPrefix(err.Error(), "contract_address") {
			t.Errorf("ParseAddress(%q) = %v; want error containing %q", in, err, want)
		}
	}
}
