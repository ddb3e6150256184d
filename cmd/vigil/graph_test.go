package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// vigil graph draws a project's inheritance and calls as DOT that Graphviz accepts and as a
// Mermaid flowchart; a dependency's contract appears only where the project reaches it.
func TestGraphCommand(t *testing.T) {
	dir := t.TempDir()
	for path, src := range map[string]string{
		"src/Vault.sol": `pragma solidity ^0.8.0;
import "../lib/Base.sol";
interface IToken { function transfer(address to, uint256 v) external returns (bool); }
abstract contract Ownable { address owner; modifier onlyOwner() { require(msg.sender == owner); _; } }
contract Vault is Ownable, Base {
    IToken token;
    uint total;
    function deposit(uint v) external { _credit(v); }
    function _credit(uint v) internal { total += v; }
    function sweep(address to) external onlyOwner { token.transfer(to, total); helper(); }
}
`,
		"lib/Base.sol": "pragma solidity ^0.8.0;\ncontract Base { function helper() internal {} }\ncontract Unused {}\n",
	} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(dir, path)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, path), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	inh := vigil(t, "graph", "inheritance", dir)
	if inh.code != 0 || !strings.HasPrefix(inh.stdout, `digraph "inheritance" {`) ||
		strings.Count(inh.stdout, "arrowhead=empty") != 2 || !strings.Contains(inh.stdout, `label="Base", color=gray50`) ||
		strings.Contains(inh.stdout, "Unused") {
		t.Errorf("inheritance: exit %d\n%s%s", inh.code, inh.stdout, inh.stderr)
	}
	calls := vigil(t, "graph", "calls", dir, "--format", "dot")
	if calls.code != 0 || strings.Count(calls.stdout, " -> ") != 4 || !strings.Contains(calls.stdout, "style=dashed];") {
		t.Errorf("calls: exit %d\n%s%s", calls.code, calls.stdout, calls.stderr)
	}
	mm := vigil(t, "graph", "calls", dir, "--format", "mermaid")
	if mm.code != 0 || !strings.HasPrefix(mm.stdout, "flowchart LR\n") || !strings.Contains(mm.stdout, `subgraph cluster_`) ||
		!strings.Contains(mm.stdout, " -.-o ") || !strings.Contains(mm.stdout, `["sweep(address)"]`) {
		t.Errorf("mermaid: exit %d\n%s%s", mm.code, mm.stdout, mm.stderr)
	}
	for _, bad := range [][]string{{"graph", "storage", dir}, {"graph", "calls", dir, "--format", "svg"}, {"graph", "calls", filepath.Join(dir, "none")}} {
		if res := vigil(t, bad...); res.code != exitUsage {
			t.Errorf("%v: exit %d, want %d", bad, res.code, exitUsage)
		}
	}

	dot := needTool(t, "VIGIL_DOT", "dot", "apt-get install graphviz, or run .ci/workflow-tools.sh")
	for name, src := range map[string]string{"inheritance": inh.stdout, "calls": calls.stdout} {
		cmd := exec.Command(dot, "-Tsvg")
		cmd.Stdin = strings.NewReader(src)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.Contains(string(out), "<svg") || strings.Contains(string(out), "Warning") {
			t.Errorf("dot -Tsvg on the %s graph: %v\n%.500s", name, err, out)
		}
	}
}
