package explorer

import (
	"errors"
	"strings"
	"testing"
)

func TestCleanPath(t *testing.T) {
	ok := map[string]string{
		"contracts/A.sol":                     "contracts/A.sol",
		"./contracts/A.sol":                   "contracts/A.sol",
		"/home/dev/project/contracts/A.sol":   "home/dev/project/contracts/A.sol",
		`C:\work\contracts\A.sol`:             "work/contracts/A.sol",
		"project:/contracts/A.sol":            "contracts/A.sol",
		"@openzeppelin/contracts/token/A.sol": "@openzeppelin/contracts/token/A.sol",
		"contracts/../lib/B.sol":              "lib/B.sol",
	}
	for in, want := range ok {
		if got, err := CleanPath(in); err != nil || got != want {
			t.Errorf("CleanPath(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	for _, in := range []string{"", "../etc/passwd", "../../x.sol", "a/../../x.sol", "/", ".", "a\x00b.sol", "a\nb.sol", strings.Repeat("a", 600)} {
		if got, err := CleanPath(in); err == nil {
			t.Errorf("CleanPath(%q) = %q; want refusal", in, got)
		}
	}
}

func TestSplitSourceCodeForms(t *testing.T) {
	files := corpusFiles(t)
	pair := files["contracts/UniswapV2Pair.sol"]

	// Flat file.
	got, rem, lang, err := splitSourceCode("etherscan", pair, "UniswapV2Pair", "v0.5.16+commit.9c3226ce")
	if err != nil || len(got) != 1 || got["UniswapV2Pair.sol"] != pair || rem != nil || lang != "Solidity" {
		t.Fatalf("flat: %v %v %q %v", keys(got), rem, lang, err)
	}

	// Multi-file JSON.
	multi := map[string]any{}
	for p, c := range files {
		multi[p] = map[string]string{"content": c}
	}
	got, _, _, err = splitSourceCode("etherscan", mustJSON(t, multi), "UniswapV2Pair", "v0.5.16")
	if err != nil || len(got) != len(files) || got["contracts/libraries/Math.sol"] != files["contracts/libraries/Math.sol"] {
		t.Fatalf("multi: %v %v", keys(got), err)
	}

	// Standard JSON in double braces.
	std := map[string]any{"language": "Solidity", "sources": multi,
		"settings": map[string]any{"optimizer": map[string]any{"enabled": true, "runs": 999999}, "remappings": []string{"@uniswap/=lib/uniswap/"}}}
	got, rem, lang, err = splitSourceCode("etherscan", "{"+mustJSON(t, std)+"}", "UniswapV2Pair", "v0.5.16")
	if err != nil || len(got) != len(files) || len(rem) != 1 || rem[0] != "@uniswap/=lib/uniswap/" || lang != "Solidity" {
		t.Fatalf("standard JSON: %v %v %q %v", keys(got), rem, lang, err)
	}

	// Vyper flat file.
	got, _, lang, err = splitSourceCode("etherscan", "# @version 0.3.7\n", "Vault", "vyper:0.3.7")
	if err != nil || lang != "Vyper" || got["Vault.vy"] == "" {
		t.Fatalf("vyper: %v %q %v", keys(got), lang, err)
	}

	// Hostile: path traversal and colliding names.
	for _, hostile := range []string{
		`{"../../etc/passwd":{"content":"x"}}`,
		`{{"language":"Solidity","sources":{"/../../root/.ssh/id":{"content":"x"}}}}`,
		`{"a.sol":{"content":"x"},"./a.sol":{"content":"y"}}`,
		`{"a.sol":{"nocontent":"x"}}`,
		`{{"language":"Solidity","sources":"not-an-object-but-flagged"}}`,
	} {
		_, _, _, err := splitSourceCode("etherscan", hostile, "X", "v0.8.0")
		if !errors.Is(err, ErrUpstream) {
			t.Errorf("hostile %s: err = %v; want ErrUpstream", hostile, err)
		}
	}
}

func TestFindMainFileAndLicense(t *testing.T) {
	files := corpusFiles(t)
	if got := findMainFile(files, "UniswapV2Pair"); got != "contracts/UniswapV2Pair.sol" {
		t.Errorf("findMainFile = %q", got)
	}
	if got := spdxLicense("// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;"); got != "MIT" {
		t.Errorf("spdx = %q", got)
	}
	if got := spdxLicense("/* SPDX-License-Identifier: GPL-3.0-or-later */"); got != "GPL-3.0-or-later" {
		t.Errorf("spdx block = %q", got)
	}
}

func keys(m map[string]string) []string { return sortedKeys(m) }

func TestDeclares(t *testing.T) {
	yes := []string{"contract Pool {", "abstract contract Pool is X {", "library Pool{", "interface Pool\n{", "x;\ncontract\tPool {"}
	no := []string{"contract PoolFactory {", "// uses Pool", "mycontract Pool {", "contractPool {", "new Pool()", "IPool"}
	for _, s := range yes {
		if !declares(s, "Pool") {
			t.Errorf("declares(%q) = false", s)
		}
	}
	for _, s := range no {
		if declares(s, "Pool") {
			t.Errorf("declares(%q) = true", s)
		}
	}
}
