package explorer

import (
	"context"
	"errors"
	"net/url"
	"strings"
	"testing"
)

func TestEtherscanForms(t *testing.T) {
	files := corpusFiles(t)
	es := newEtherscanStandin(t)
	multi := map[string]any{}
	for p, c := range files {
		multi[p] = map[string]string{"content": c}
	}
	std := map[string]any{"language": "Solidity", "sources": multi,
		"settings": map[string]any{"optimizer": map[string]any{"enabled": true, "runs": 999999}, "remappings": []string{"@uniswap/=lib/"}}}

	es.answer(addrERC20, 200, etherscanOK(t, etherscanResult(files["contracts/UniswapV2ERC20.sol"], "UniswapV2ERC20", false, "")))
	es.answer(addrFactory, 200, etherscanOK(t, etherscanResult(mustJSON(t, multi), "UniswapV2Factory", false, "")))
	es.answer(addrPair, 200, etherscanOK(t, etherscanResult("{"+mustJSON(t, std)+"}", "UniswapV2Pair", false, "")))

	p := NewEtherscan(es.srv.URL, testKey)
	ch := testChain("")
	ctx := context.Background()

	flat, err := p.Fetch(ctx, ch, addrERC20)
	if err != nil {
		t.Fatal(err)
	}
	if flat.ContractName != "UniswapV2ERC20" || flat.CompilerVersion != "v0.5.16+commit.9c3226ce" || flat.EVMVersion != "istanbul" ||
		!flat.OptimizationUsed || flat.OptimizationRuns != 999999 || flat.License != "GNU GPLv3" || flat.Provider != "etherscan" ||
		len(flat.Files) != 1 || flat.MainFile != "UniswapV2ERC20.sol" {
		t.Errorf("flat source: %+v", flat)
	}
	u, _ := url.Parse(es.lastURL.Load().(string))
	if q := u.Query(); q.Get("chainid") != "1" || q.Get("apikey") != testKey || q.Get("address") != addrERC20 {
		t.Errorf("request query = %v", u.RawQuery)
	}

	mf, err := p.Fetch(ctx, ch, addrFactory)
	if err != nil || len(mf.Files) != len(files) || mf.MainFile != "contracts/UniswapV2Factory.sol" {
		t.Fatalf("multi-file: %v %q %v", keys(mf.Files), mf.MainFile, err)
	}

	sj, err := p.Fetch(ctx, ch, addrPair)
	if err != nil || len(sj.Files) != len(files) || sj.MainFile != "contracts/UniswapV2Pair.sol" || len(sj.Remappings) != 1 {
		t.Fatalf("standard JSON: %v %q %v %v", keys(sj.Files), sj.MainFile, sj.Remappings, err)
	}
	if sj.Files["contracts/UniswapV2Pair.sol"] != files["contracts/UniswapV2Pair.sol"] {
		t.Error("standard JSON: content differs from the corpus")
	}
}

func TestEtherscanRefusals(t *testing.T) {
	es := newEtherscanStandin(t)
	unverified := etherscanResult("", "", false, "")
	unverified["ABI"] = "Contract source code not verified"
	es.answer(addrUnknown, 200, etherscanOK(t, unverified))
	es.answer(addrERC20, 200, etherscanNOTOK(t, "Max calls per sec rate limit reached (5/sec)"))
	es.answer(addrFactory, 200, etherscanNOTOK(t, "Invalid API Key"))
	es.answer(addrPair, 200, etherscanNOTOK(t, "Missing or unsupported chainid parameter (required for v2 api), please see https://api.etherscan.io/v2/chainlist for the list of supported chainids"))
	es.answer(addrProxy, 502, "<html>Bad Gateway</html>")
	es.answer(addrImpl, 200, `{"status":"1","message":"OK","result":"not an array"}`)

	p := NewEtherscan(es.srv.URL, testKey)
	cases := map[string]error{addrUnknown: ErrNotVerified, addrERC20: ErrRateLimited, addrFactory: ErrUnauthorized,
		addrPair: ErrUnsupported, addrProxy: ErrUpstream, addrImpl: ErrUpstream}
	for addr, want := range cases {
		_, err := p.Fetch(context.Background(), testChain(""), addr)
		if !errors.Is(err, want) {
			t.Errorf("%s: err = %v; want %v", addr, err, want)
		}
		if err != nil && strings.Contains(err.Error(), testKey) {
			t.Errorf("%s: error reveals the key: %v", addr, err)
		}
	}
}

func TestEtherscanProxyFields(t *testing.T) {
	files := corpusFiles(t)
	es := newEtherscanStandin(t)
	es.answer(addrProxy, 200, etherscanOK(t, etherscanResult(files["contracts/UniswapV2ERC20.sol"], "FiatTokenProxy", true, strings.ToLower(addrImpl))))
	src, err := NewEtherscan(es.srv.URL, testKey).Fetch(context.Background(), testChain(""), addrProxy)
	if err != nil || !src.Proxy || src.Implementation != addrImpl {
		t.Fatalf("proxy: %v %q %v", src.Proxy, src.Implementation, err)
	}
}
