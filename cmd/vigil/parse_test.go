package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseCommand(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "ok.sol"), []byte("pragma solidity ^0.8.0;\ncontract A { function f() public {} }\n"), 0o644)
	os.MkdirAll(filepath.Join(dir, "sub"), 0o755)
	os.WriteFile(filepath.Join(dir, "sub", "bad.sol"), []byte("contract B {\n  function f() public { uint x = ; }\n}\n"), 0o644)

	if res := vigil(t, "parse", filepath.Join(dir, "ok.sol")); res.code != 0 || res.stdout != "" {
		t.Errorf("valid file: exit %d, output %q", res.code, res.stdout)
	}
	res := vigil(t, "parse", "--json", dir)
	if res.code != 1 {
		t.Errorf("folder with a syntax error: exit %d, want 1", res.code)
	}
	var files []struct {
		File   string `json:"file"`
		Errors []struct {
			Line    int    `json:"line"`
			Column  int    `json:"column"`
			Message string `json:"message"`
		} `json:"errors"`
	}
	dec := json.NewDecoder(strings.NewReader(res.stdout))
	for dec.More() {
		var f struct {
			File   string `json:"file"`
			Errors []struct {
				Line    int    `json:"line"`
				Column  int    `json:"column"`
				Message string `json:"message"`
			} `json:"errors"`
		}
		if err := dec.Decode(&f); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if len(files) != 2 || len(files[0].Errors) != 0 || len(files[1].Errors) != 1 {
		t.Fatalf("one JSON object per file expected, got %+v", files)
	}
	if e := files[1].Errors[0]; e.Line != 2 || e.Column != 34 || !strings.Contains(e.Message, "expected expression") {
		t.Errorf("error: %+v", e)
	}
	plain := vigil(t, "parse", dir)
	if !strings.Contains(plain.stdout, "bad.sol:2:34: expected expression") {
		t.Errorf("plain output: %q", plain.stdout)
	}
	stats := vigil(t, "parse", "--stats", filepath.Join(dir, "ok.sol"))
	for _, want := range []string{"files: 1", "bytes:", "seconds:", "MB/s:", "allocated bytes per source byte:"} {
		if !strings.Contains(stats.stderr, want) {
			t.Errorf("--stats lacks %q: %s", want, stats.stderr)
		}
	}
	if dump := vigil(t, "parse", "--dump", filepath.Join(dir, "ok.sol")); !strings.Contains(dump.stdout, "ContractDecl 2:1") {
		t.Errorf("--dump: %s", dump.stdout)
	}
	if missing := vigil(t, "parse", filepath.Join(dir, "nope")); missing.code != 2 {
		t.Errorf("missing path: exit %d", missing.code)
	}
}
