package explorer

import (
	"context"
	"errors"
	"strings"
	"testing"
)

// sourcifyVerified is a /v2/contract/{chainId}/{address}?fields=sources,compilation,proxyResolution
// answer in Sourcify's shape.
func sourcifyVerified(t *testing.T, files map[string]string, fqn, name string, impl string) string {
	sources := map[string]any{}
	for p, c := range files {
		sources[p] = map[string]string{"content": c}
	}
	pr := map[string]any{"isProxy": false, "proxyType": nil, "implementations": []any{}}
	if impl != "" {
		pr = map[string]any{"isProxy": true, "proxyType": "EIP1967Proxy", "implementations": []any{map[string]string{"address": impl, "name": "Logic"}}}
	}
	return mustJSON(t, map[string]any{
		"match": "exact_match", "creationMatch": "exact_match", "runtimeMatch": "match", "chainId": "1",
		"address": addrPair, "verifiedAt": "2024-07-24T12:00:00Z", "matchId": "3266227",
		"sources": sources,
		"compilation": map[string]any{"language": "Solidity", "compiler": "solc", "compilerVersion": "0.5.16+commit.9c3226ce",
			"compilerSettings": map[string]any{"evmVersion": "istanbul", "optimizer": map[string]any{"enabled": true, "runs": 999999}, "remappings": []string{}},
			"name":             name, "fullyQualifiedName": fqn},
		"proxyResolution": pr,
	})
}

func TestSourcify(t *testing.T) {
	files := corpusFiles(t)
	sf := newSourcifyStandin(t)
	sf.answer(addrPair, 200, sourcifyVerified(t, files, "contracts/UniswapV2Pair.sol:UniswapV2Pair", "UniswapV2Pair", ""))
	sf.answer(addrProxy, 200, sourcifyVerified(t, map[string]string{"contracts/P.sol": "// SPDX-License-Identifier: MIT\ncontract P {}"}, "contracts/P.sol:P", "P", addrImpl))
	sf.answer(addrUnknown, 404, `{"match":null,"creationMatch":null,"runtimeMatch":null,"chainId":"1","address":"`+addrUnknown+`"}`)
	sf.answer(addrERC20, 429, `{"customCode":"too_many_requests","message":"You are sending too many requests","errorId":"1ac6b91a-0605-4459-93dc-18f210a70192"}`)
	sf.answer(addrFactory, 400, `{"customCode":"unsupported_chain","message":"The chain with chainId 1 is not supported","errorId":"1ac6b91a-0605-4459-93dc-18f210a70192"}`)
	sf.answer(addrImpl, 500, `{"customCode":"internal_error","message":"Something went wrong","errorId":"1ac6b91a-0605-4459-93dc-18f210a70192"}`)

	p := NewSourcify(sf.srv.URL)
	src, err := p.Fetch(context.Background(), testChain(""), addrPair)
	if err != nil {
		t.Fatal(err)
	}
	if len(src.Files) != len(files) || src.MainFile != "contracts/UniswapV2Pair.sol" || src.CompilerVersion != "0.5.16+commit.9c3226ce" ||
		!src.OptimizationUsed || src.OptimizationRuns != 999999 || src.EVMVersion != "istanbul" || src.Provider != "sourcify" {
		t.Errorf("verified: %+v", src)
	}
	if u := sf.lastURL.Load().(string); !strings.Contains(u, "/v2/contract/1/"+addrPair+"?fields=sources,compilation,proxyResolution") {
		t.Errorf("request URL = %s", u)
	}
	px, err := p.Fetch(context.Background(), testChain(""), addrProxy)
	if err != nil || !px.Proxy || px.Implementation != addrImpl || px.License != "MIT" {
		t.Errorf("proxy: %+v %v", px, err)
	}
	for addr, want := range map[string]error{addrUnknown: ErrNotVerified, addrERC20: ErrRateLimited, addrFactory: ErrUnsupported, addrImpl: ErrUpstream} {
		if _, err := p.Fetch(context.Background(), testChain(""), addr); !errors.Is(err, want) {
			t.Errorf("%s: err = %v; want %v", addr, err, want)
		}
	}
}
