package explorer

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestDirCacheRoundTripAndCorruption(t *testing.T) {
	dir := t.TempDir()
	c := NewDirCache(dir)
	src := &Source{ChainID: 1, Address: addrPair, ContractName: "UniswapV2Pair", Files: map[string]string{"a.sol": "contract A {}"},
		Provider: "etherscan", FetchedAt: time.Now().UTC(), ImplementationSource: &Source{Address: addrImpl}}
	if err := c.Put(src); err != nil {
		t.Fatal(err)
	}
	got, ok := c.Get(1, strings.ToLower(addrPair))
	if !ok || got.ContractName != "UniswapV2Pair" || got.ImplementationSource != nil {
		t.Fatalf("round trip: %+v %v", got, ok)
	}
	if _, ok := c.Get(56, addrPair); ok {
		t.Error("hit on another chain")
	}
	// No temporary files are left behind.
	entries, _ := os.ReadDir(filepath.Join(dir, "1"))
	if len(entries) != 1 {
		t.Errorf("entries: %v", entries)
	}
	// A corrupt or hostile entry is a miss, not a crash.
	file := filepath.Join(dir, "1", strings.ToLower(addrPair)+".json")
	for _, bad := range []string{"{", `{"chain_id":1,"address":"` + addrPair + `","files":{"../x":"y"}}`, `{"chain_id":2,"address":"` + addrPair + `","files":{"a":"b"}}`} {
		os.WriteFile(file, []byte(bad), 0o600)
		if _, ok := c.Get(1, addrPair); ok {
			t.Errorf("hit on %s", bad)
		}
	}
	if err := c.Put(&Source{ChainID: 1, Address: "../../x"}); err == nil {
		t.Error("Put accepted a bad address")
	}
}

func TestMemoryCacheBound(t *testing.T) {
	c := NewMemoryCache(2)
	for _, a := range []string{addrPair, addrFactory, addrERC20} {
		c.Put(&Source{ChainID: 1, Address: a, Files: map[string]string{"a": "b"}})
	}
	if _, ok := c.Get(1, addrPair); ok {
		t.Error("oldest entry kept")
	}
	if _, ok := c.Get(1, addrERC20); !ok {
		t.Error("newest entry lost")
	}
}
