package solanatest

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// MintFixture is one entry of mints.json: a real mint account and its expected decoding.
type MintFixture struct {
	Name       string          `json:"name"`
	Address    string          `json:"address"`
	Owner      string          `json:"owner"`
	DataBase64 string          `json:"dataBase64"`
	Expected   json.RawMessage `json:"expected"`
}

// Data returns the decoded account bytes.
func (m MintFixture) Data() []byte {
	b, err := base64.StdEncoding.DecodeString(m.DataBase64)
	if err != nil {
		panic(fmt.Sprintf("fixture %s: %v", m.Name, err))
	}
	return b
}

// MetadataFixture is usdc_metadata.json: the USDC Metaplex metadata account.
type MetadataFixture struct {
	Mint        string          `json:"mint"`
	MetadataPDA string          `json:"metadata_pda"`
	PDABump     uint8           `json:"pda_bump"`
	Owner       string          `json:"owner"`
	DataBase64  string          `json:"dataBase64"`
	Expected    json.RawMessage `json:"expected"`
}

// Data returns the decoded account bytes.
func (m MetadataFixture) Data() []byte {
	b, err := base64.StdEncoding.DecodeString(m.DataBase64)
	if err != nil {
		panic(fmt.Sprintf("metadata fixture: %v", err))
	}
	return b
}

// Fixtures is the solana-fixtures corpus.
type Fixtures struct {
	Mints    []MintFixture
	Metadata MetadataFixture
}

// Mint returns the mint fixture with the given name (USDC, PYUSD, BERN, sUSD, BNDRG).
func (f *Fixtures) Mint(name string) MintFixture {
	for _, m := range f.Mints {
		if m.Name == name {
			return m
		}
	}
	panic("no mint fixture named " + name)
}

// LoadFixtures reads mints.json and usdc_metadata.json from dir. It returns an error wrapping
// os.ErrNotExist when the folder is absent, so tests can skip.
func LoadFixtures(dir string) (*Fixtures, error) {
	var f Fixtures
	raw, err := os.ReadFile(filepath.Join(dir, "mints.json"))
	if err != nil {
		return nil, err
	}
	var mints struct {
		Mints []MintFixture `json:"mints"`
	}
	if err := json.Unmarshal(raw, &mints); err != nil {
		return nil, fmt.Errorf("mints.json: %w", err)
	}
	f.Mints = mints.Mints
	raw, err = os.ReadFile(filepath.Join(dir, "usdc_metadata.json"))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(raw, &f.Metadata); err != nil {
		return nil, fmt.Errorf("usdc_metadata.json: %w", err)
	}
	return &f, nil
}
