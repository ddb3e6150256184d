package explorer

import (
	"context"
	"errors"
	"testing"
)

// blockscoutVerified is a /api/v2/smart-contracts/{address} answer in the
// shape Blockscout gives for a verified contract.
func blockscoutVerified(t *testing.T, files map[string]string, main, name string, impl string) string {
	var extra []map[string]string
	for _, p := range sortedKeys(files) {
		if p != main {
			extra = append(extra, map[string]string{"file_path": p, "source_code": files[p]})
		}
	}
	var impls []map[string]string
	var proxyType any
	if impl != "" {
		impls = []map[string]string{{"address_hash": impl, "name": "FiatTokenV2_2"}}
		proxyType = "eip1967"
	}
	return mustJSON(t, map[string]any{
		"verified_twin_address_hash": nil, "is_verified": true, "is_changed_bytecode": false, "is_partially_verified": false,
		"is_fully_verified": true, "is_verified_via_sourcify": false, "is_verified_via_eth_bytecode_db": false,
		"is_vyper_contract": false, "proxy_type": proxyType, "implementations": impls,
		"name": name, "compiler_version": "v0.5.16+commit.9c3226ce", "optimization_enabled": true, "optimization_runs": 999999,
		"evm_version": "istanbul", "verified_at": "2021-06-02T17:54:17.116055Z", "abi": []any{},
		"source_code": files[main], "file_path": main, "additional_sources": extra,
		"compiler_settings":  map[string]any{"evmVersion": "istanbul", "remappings": []string{"@uniswap/=lib/"}},
		"external_libraries": []any{}, "constructor_args": nil, "language": "solidity", "license_type": "gnu_gpl_v3",
		"certified": false, "is_blueprint": false, "is_self_destructed": false,
		"deployed_bytecode": "0x6080", "creation_bytecode": "0x6080",
	})
}

func TestBlockscout(t *testing.T) {
	files := corpusFiles(t)
	bs := newBlockscoutStandin(t)
	bs.answer(addrPair, 200, blockscoutVerified(t, files, "contracts/UniswapV2Pair.sol", "UniswapV2Pair", ""))
	bs.answer(addrProxy, 200, blockscoutVerified(t, map[string]string{"FiatTokenProxy.sol": "contract FiatTokenProxy {}"}, "FiatTokenProxy.sol", "FiatTokenProxy", addrImpl))
	// An address with code but no verified source: only the bytecode part.
	bs.answer(addrUnknown, 200, `{"has_custom_methods_read":false,"has_custom_methods_write":false,"proxy_type":null,"implementations":[],"is_self_destructed":false,"deployed_bytecode":"0x6080","creation_bytecode":"0x6080"}`)
	bs.answer(addrERC20, 404, `{"message":"Not found"}`)
	bs.answer(addrFactory, 429, `{"message":"Too Many Requests"}`)
	bs.answer(addrImpl, 200, blockscoutVerified(t, map[string]string{"../../../etc/passwd": "x"}, "../../../etc/passwd", "X", ""))

	p := NewBlockscout("", "")
	ch := testChain(bs.srv.URL)
	src, err := p.Fetch(context.Background(), ch, addrPair)
	if err != nil {
		t.Fatal(err)
	}
	if len(src.Files) != len(files) || src.MainFile != "contracts/UniswapV2Pair.sol" || src.ContractName != "UniswapV2Pair" ||
		src.OptimizationRuns != 999999 || !src.OptimizationUsed || src.License != "gnu_gpl_v3" || src.Proxy || len(src.Remappings) != 1 {
		t.Errorf("verified: %+v", src)
	}

	px, err := p.Fetch(context.Background(), ch, addrProxy)
	if err != nil || !px.Proxy || px.Implementation != addrImpl {
		t.Errorf("proxy: %v %q %v", px.Proxy, px.Implementation, err)
	}

	for addr, want := range map[string]error{addrUnknown: ErrNotVerified, addrERC20: ErrNotVerified, addrFactory: ErrRateLimited, addrImpl: ErrUpstream} {
		if _, err := p.Fetch(context.Background(), ch, addr); !errors.Is(err, want) {
			t.Errorf("%s: err = %v; want %v", addr, err, want)
		}
	}

	// A configured base URL with {chain_id} overrides the chain's instance.
	over := NewBlockscout(bs.srv.URL+"/{chain_id}/..", "")
	if got := over.base(ch); got != bs.srv.URL+"/1/.." {
		t.Errorf("base = %s", got)
	}
	if _, err := p.Fetch(context.Background(), testChain(""), addrPair); !errors.Is(err, ErrUnsupported) {
		t.Errorf("no instance: %v", err)
	}
}
