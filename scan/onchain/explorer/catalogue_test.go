package explorer

import (
	"errors"
	"strings"
	"testing"
)

func TestCatalogueKnownIDs(t *testing.T) {
	c := Default()
	want := map[int]string{1: "etherscan", 2: "bscscan", 3: "polygonscan", 4: "avalanche", 5: "fantom", 6: "cronos",
		7: "celo", 8: "aurora", 9: "arbiscan", 11: "optimism", 16: "blockscout", 17: "basescan", 21: "lineascan", 25: "sonicscan"}
	for id, name := range want {
		p, err := c.PlatformByID(id)
		if err != nil || p.Name != name {
			t.Errorf("PlatformByID(%d) = %q, %v; want %q", id, p.Name, err, name)
		}
	}
}

func TestCatalogueLookupByNames(t *testing.T) {
	c := Default()
	cases := []struct {
		platform, chain string
		chainID         int64
	}{
		{"etherscan", "mainnet", 1},
		{"Etherscan", "SEPOLIA", 11155111},
		{"bscscan", "testnet", 97},
		{"polygonscan", "amoy", 80002},
		{"arbiscan", "mainnet", 42161},
		{"optimism", "mainnet", 10},
		{"basescan", "sepolia", 84532},
		{"lineascan", "mainnet", 59144},
		{"sonicscan", "mainnet", 146},
		{"blockscout", "gnosis", 100},
		{"blockscout", "mainnet", 1}, // alias
	}
	for _, tc := range cases {
		_, ch, err := c.Lookup(tc.platform, tc.chain)
		if err != nil || ch.ChainID != tc.chainID {
			t.Errorf("Lookup(%q,%q) = %d, %v; want %d", tc.platform, tc.chain, ch.ChainID, err, tc.chainID)
		}
	}
}

func TestCatalogueUnknownValuesNameFieldAndListValid(t *testing.T) {
	c := Default()
	_, _, err := c.Lookup("etherscam", "mainnet")
	var fe *FieldError
	if !errors.As(err, &fe) || fe.Field != FieldPlatform {
		t.Fatalf("unknown platform: got %v", err)
	}
	if !strings.Contains(err.Error(), "contract_platform") || !strings.Contains(err.Error(), "etherscan, bscscan") {
		t.Errorf("message does not name the field and list values: %s", err)
	}

	_, _, err = c.Lookup("etherscan", "goerli")
	if !errors.As(err, &fe) || fe.Field != FieldChain || !strings.Contains(err.Error(), "mainnet, sepolia") {
		t.Errorf("unknown chain: got %v", err)
	}

	_, _, err = c.LookupIDs(1, 99)
	if !errors.As(err, &fe) || fe.Field != FieldExplorerID || !strings.Contains(err.Error(), "1 (etherscan)") {
		t.Errorf("unknown explorer id: got %v", err)
	}

	_, _, err = c.LookupIDs(56, 1)
	if !errors.As(err, &fe) || fe.Field != FieldChainID || !strings.Contains(err.Error(), "11155111 (sepolia)") {
		t.Errorf("chain not on platform: got %v", err)
	}
}

func TestCatalogueLookupIDsAndURL(t *testing.T) {
	p, ch, err := Default().LookupIDs(8453, 17)
	if err != nil || p.Name != "basescan" || ch.Name != "mainnet" {
		t.Fatalf("LookupIDs(8453,17) = %v %v %v", p.Name, ch.Name, err)
	}
	if got := ch.ContractURL(addrFactory); got != "https://basescan.org/address/"+addrFactory {
		t.Errorf("ContractURL = %s", got)
	}
}

func TestParseIDs(t *testing.T) {
	if n, err := ParseChainID("11155111"); err != nil || n != 11155111 {
		t.Errorf("ParseChainID = %d, %v", n, err)
	}
	for _, bad := range []string{"", "0", "-1", "1.0", "0x1", " 1", "99999999999999999999999"} {
		if _, err := ParseChainID(bad); err == nil {
			t.Errorf("ParseChainID(%q) accepted", bad)
		}
	}
	if n, err := ParseExplorerID("25"); err != nil || n != 25 {
		t.Errorf("ParseExplorerID = %d, %v", n, err)
	}
	if _, err := ParseExplorerID("abc"); err == nil || !strings.Contains(err.Error(), "explorer_id") {
		t.Errorf("ParseExplorerID(abc) = %v", err)
	}
}

func TestParseCatalogueRejectsBadData(t *testing.T) {
	bad := []string{
		`{`,
		`{"platforms":[]}`,
		`{"platforms":[{"id":1,"name":"a","chains":[{"name":"m","chain_id":1,"web_url":"https://x","providers":["etherscan"]}]},{"id":1,"name":"b","chains":[{"name":"m","chain_id":1,"web_url":"https://x","providers":["etherscan"]}]}]}`,
		`{"platforms":[{"id":1,"name":"a","chains":[{"name":"m","chain_id":1,"web_url":"http://x","providers":["etherscan"]}]}]}`,
		`{"platforms":[{"id":1,"name":"a","chains":[{"name":"m","chain_id":1,"web_url":"https://x","providers":["blockscout"]}]}]}`,
		`{"platforms":[{"id":1,"name":"a","chains":[{"name":"m","chain_id":1,"web_url":"https://x","providers":["ftp"]}]}]}`,
	}
	for _, b := range bad {
		if _, err := ParseCatalogue([]byte(b)); err == nil {
			t.Errorf("accepted %s", b)
		}
	}
}

func TestLookupChainID(t *testing.T) {
	if _, ch, err := Default().LookupChainID("arbiscan", 421614); err != nil || ch.Name != "sepolia" {
		t.Errorf("%v %v", ch.Name, err)
	}
	if _, _, err := Default().LookupChainID("arbiscan", 1); err == nil || !strings.Contains(err.Error(), "chain_id") {
		t.Errorf("%v", err)
	}
	if _, ch, ok := Default().ChainByID(8453); !ok || ch.ChainID != 8453 {
		t.Errorf("ChainByID: %v %v", ch, ok)
	}
}
