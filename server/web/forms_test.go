package web_test

import (
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/scan/onchain/explorer/explorertest"
	"github.com/vigil-sec/vigil/scan/onchain/solana"
	"github.com/vigil-sec/vigil/scan/onchain/solana/rpc"
	"github.com/vigil-sec/vigil/scan/onchain/solana/solanatest"
	"github.com/vigil-sec/vigil/server/engine"
	"github.com/vigil-sec/vigil/server/tokenapi"
)

const deployed = "0x1111111111111111111111111111111111111111"

func TestBlockScanForm(t *testing.T) {
	vault, err := os.ReadFile("testdata/Vault.sol")
	if err != nil {
		t.Fatal(err)
	}
	es := explorertest.NewServer("KEY")
	t.Cleanup(es.Close)
	es.Add(deployed, explorertest.Contract{Name: "Vault", Compiler: "v0.8.20+commit.a1b79de6", License: "MIT",
		Files: map[string]string{"Vault.sol": string(vault)}})
	f := explorer.NewFetcher(explorer.Config{EtherscanURL: es.URL, EtherscanKey: "KEY", HTTPClient: es.Client(),
		SourcifyURL: es.URL + "/none", BlockscoutURL: es.URL + "/none"})
	d := newDashWith(t, engine.New(scan.Options{}, engine.WithExplorer(f)))
	b := d.browser(t)
	b.login(d.newKey(t, "alice"))

	p := b.get("/block-scan")
	mustContain(t, p, `<label for="address">`, `<label for="chain">`)
	checkStrictPage(t, p)
	p = b.post("/block-scan", url.Values{"address": {"0x12"}, "platform": {"etherscan"}, "chain": {"mainnet"}})
	if p.status != http.StatusBadRequest || !strings.Contains(p.body, `role="alert"`) || !strings.Contains(p.body, `value="0x12"`) {
		t.Fatalf("a bad address: %d\n%s", p.status, p.body)
	}
	p = b.post("/block-scan", url.Values{"address": {deployed}, "platform": {"etherscan"}, "chain": {"mainnet"}})
	if p.status != http.StatusSeeOther {
		t.Fatalf("block scan: %d %s", p.status, p.body)
	}
	id := strings.TrimPrefix(p.header.Get("Location"), "/scans/")
	waitScan(t, d, id)
	mustContain(t, b.get("/scans/"+id), deployed, "Authorization through tx.origin", "Vault.sol:14")
}

func TestTokenScanForm(t *testing.T) {
	d := newDash(t)
	b := d.browser(t)
	b.login(d.newKey(t, "alice"))
	b.get("/token-scan")
	// Without a token scanner (the API's token routes not mounted) the form says so.
	p := b.post("/token-scan", url.Values{"mint": {usdcMint}})
	if p.status != http.StatusBadRequest || !strings.Contains(p.body, "not configured on this server") {
		t.Fatalf("token scan without a scanner: %d %s", p.status, p.body)
	}

	fixtures := filepath.Join("..", "..", "..", "shared", "corpus", "solana-fixtures")
	if _, err := os.Stat(fixtures); err != nil {
		t.Skip("the shared corpus (../shared/corpus/solana-fixtures) is not beside the repository")
	}
	fx, err := solanatest.LoadFixtures(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	sol := solanatest.NewServer()
	t.Cleanup(sol.Close)
	sol.AddFixtures(fx)
	client, err := rpc.New(sol.URL, rpc.WithTimeout(10*time.Second))
	if err != nil {
		t.Fatal(err)
	}
	d.srv.MountTokenAPI(solana.New(client), tokenapi.Config{})

	p = b.get("/token-scan")
	mustContain(t, p, `<label for="mint">`)
	p = b.post("/token-scan", url.Values{"mint": {usdcMint}})
	if p.status != http.StatusSeeOther || !strings.HasPrefix(p.header.Get("Location"), "/token-scans/") {
		t.Fatalf("token scan: %d %s", p.status, p.body)
	}
	loc := p.header.Get("Location")
	p = b.get(loc)
	mustContain(t, p, "USDC", "Mint authority", "<strong>Fail</strong>", "Largest holders")
	checkStrictPage(t, p)

	other := d.browser(t)
	other.login(d.newKey(t, "bob"))
	if p := other.get(loc); p.status != http.StatusNotFound {
		t.Fatalf("another client reads the token scan: %d", p.status)
	}
}

const usdcMint = "EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v"
