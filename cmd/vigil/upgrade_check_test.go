package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// initializable is a minimal OpenZeppelin-style base the cases inherit.
const initializable = `
abstract contract Initializable {
    bool private _initialized;
    modifier initializer() { require(!_initialized); _initialized = true; _; }
    function _disableInitializers() internal { _initialized = true; }
}
`

// writeVersion writes one version of V.sol into a new folder.
func writeVersion(t *testing.T, body string) string {
	t.Helper()
	dir := t.TempDir()
	src := "// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n" + initializable + body
	if err := os.WriteFile(filepath.Join(dir, "V.sol"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestUpgradeCheckClasses runs vigil upgrade-check end to end on an old and a new version per
// class of incompatibility and hazard; the allowed changes pass --fail-on high.
func TestUpgradeCheckClasses(t *testing.T) {
	const ctor = "constructor() { _disableInitializers(); }\n"
	cases := []struct {
		name, old, new, want string
		fails                bool
	}{
		{"removed", "contract C is Initializable {" + ctor + "uint a; uint b; }", "contract C is Initializable {" + ctor + "uint b; }",
			"UPGRADE_STORAGE_VARIABLE_REMOVED", true},
		{"inserted", "contract C is Initializable {" + ctor + "uint a; uint b; }", "contract C is Initializable {" + ctor + "uint a; address x; uint b; }",
			"UPGRADE_STORAGE_VARIABLE_INSERTED", true},
		{"retyped", "contract C is Initializable {" + ctor + "uint128 a; uint128 b; }", "contract C is Initializable {" + ctor + "uint256 a; uint128 b; }",
			"UPGRADE_STORAGE_TYPE_CHANGED", true},
		{"resized array", "contract C is Initializable {" + ctor + "uint[3] a; uint b; }", "contract C is Initializable {" + ctor + "uint[4] a; uint b; }",
			"UPGRADE_STORAGE_TYPE_CHANGED", true},
		{"inheritance order", "contract A { uint a; } contract B { uint b; } contract C is Initializable, A, B {" + ctor + "}",
			"contract A { uint a; } contract B { uint b; } contract C is Initializable, B, A {" + ctor + "}",
			"UPGRADE_INHERITANCE_ORDER_CHANGED", true},
		{"struct field inserted", "contract C is Initializable {" + ctor + "struct S { uint a; uint b; } mapping(uint => S) m; }",
			"contract C is Initializable {" + ctor + "struct S { uint a; bool x; uint b; } mapping(uint => S) m; }",
			"UPGRADE_STRUCT_FIELD_INSERTED", true},
		{"namespace changed", "contract C is Initializable {" + ctor + "/// @custom:storage-location erc7201:c.main\nstruct Main { uint a; uint b; } }",
			"contract C is Initializable {" + ctor + "/// @custom:storage-location erc7201:c.main\nstruct Main { uint a; address x; uint b; } }",
			"UPGRADE_NAMESPACE_CHANGED", true},
		{"gap not shrunk", "contract B { uint a; uint[50] __gap; } contract C is Initializable, B {" + ctor + "uint c; }",
			"contract B { uint a; uint b; uint[50] __gap; } contract C is Initializable, B {" + ctor + "uint c; }",
			"UPGRADE_GAP_NOT_SHRUNK", true},
		{"gap shrunk by the slots added", "contract B { uint a; uint[50] __gap; } contract C is Initializable, B {" + ctor + "uint c; }",
			"contract B { uint a; uint b; uint[49] __gap; } contract C is Initializable, B {" + ctor + "uint c; }",
			"UPGRADE_STORAGE_VARIABLE_APPENDED", false},
		{"appended", "contract C is Initializable {" + ctor + "uint a; }", "contract C is Initializable {" + ctor + "uint a; mapping(address => uint) b; }",
			"UPGRADE_STORAGE_VARIABLE_APPENDED", false},
		{"renamed", "contract C is Initializable {" + ctor + "uint a; address owner; }", "contract C is Initializable {" + ctor + "uint a; address admin; }",
			"UPGRADE_STORAGE_VARIABLE_RENAMED", false},
		{"constructor writes state", "contract C is Initializable {" + ctor + "address owner; }",
			"contract C is Initializable { address owner; constructor() { owner = msg.sender; } }",
			"UPGRADE_CONSTRUCTOR_WRITES_STATE", true},
		{"initializer open", "contract C is Initializable {" + ctor + "address owner; function initialize() external initializer { owner = msg.sender; } }",
			"contract C is Initializable { address owner; function initialize() external initializer { owner = msg.sender; } }",
			"UPGRADE_INITIALIZER_OPEN_ON_IMPLEMENTATION", true},
		{"selfdestruct", "contract C is Initializable {" + ctor + "uint a; }",
			"contract C is Initializable {" + ctor + "uint a; function kill() external { selfdestruct(payable(msg.sender)); } }",
			"UPGRADE_IMPLEMENTATION_SELFDESTRUCT", true},
		{"delegatecall to an argument", "contract C is Initializable {" + ctor + "uint a; }",
			"contract C is Initializable {" + ctor + "uint a; function run(address t, bytes calldata d) external { (bool ok,) = t.delegatecall(d); require(ok); } }",
			"UPGRADE_IMPLEMENTATION_DELEGATECALL", true},
		{"immutable per proxy", "contract C is Initializable {" + ctor + "uint a; }",
			"contract C is Initializable { uint a; uint immutable cap; constructor(uint c) { cap = c; _disableInitializers(); } }",
			"UPGRADE_IMMUTABLE_PER_PROXY", false}, // medium: under --fail-on high
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			old, new := writeVersion(t, tc.old), writeVersion(t, tc.new)
			res := vigil(t, "upgrade-check", old, new, "--format", "json", "--fail-on", "high")
			if want := map[bool]int{true: 1, false: 0}[tc.fails]; res.code != want {
				t.Errorf("exit %d, want %d: %s\n%s", res.code, want, res.stderr, res.stdout)
			}
			got := issueIDs(decode(t, res.stdout))
			if got[tc.want] == 0 {
				t.Errorf("no %s in %v", tc.want, got)
			}
			if !tc.fails {
				return
			}
			// The unchanged version is compatible with itself.
			if same := vigil(t, "upgrade-check", old, old, "--format", "json", "--fail-on", "high"); same.code != 0 {
				t.Errorf("old against itself: exit %d\n%s", same.code, same.stdout)
			}
		})
	}
}

// gitIn runs git in dir (a real repository made in the test).
func gitIn(t testing.TB, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com", "GIT_COMMITTER_NAME=t",
		"GIT_COMMITTER_EMAIL=t@example.com", "GIT_CONFIG_NOSYSTEM=1", "HOME="+dir)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// TestUpgradeCheckGitRevisions compares a tag with HEAD of a repository made in the test, from
// a subfolder: both versions are read from git, and the working tree's own edits do not count.
func TestUpgradeCheckGitRevisions(t *testing.T) {
	dir := t.TempDir()
	gitIn(t, dir, "init", "-q", "-b", "main")
	sub := filepath.Join(dir, "contracts")
	os.MkdirAll(sub, 0o755)
	write := func(body string) {
		src := "pragma solidity ^0.8.24;\n" + initializable + body
		if err := os.WriteFile(filepath.Join(sub, "V.sol"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("contract V is Initializable { constructor() { _disableInitializers(); } uint a; uint b; }")
	gitIn(t, dir, "add", ".")
	gitIn(t, dir, "commit", "-qm", "v1")
	gitIn(t, dir, "tag", "v1.0.0")
	write("contract V is Initializable { constructor() { _disableInitializers(); } uint b; }")
	gitIn(t, dir, "commit", "-qam", "v2")
	write("contract V is Initializable { constructor() { _disableInitializers(); } uint a; uint b; }") // not committed

	res := vigilIn(t, sub, "upgrade-check", "v1.0.0", "HEAD", "--format", "json", "--fail-on", "high")
	if res.code != 1 || issueIDs(decode(t, res.stdout))["UPGRADE_STORAGE_VARIABLE_REMOVED"] != 1 {
		t.Fatalf("v1.0.0 against HEAD: exit %d %s\n%s", res.code, res.stderr, res.stdout)
	}
	// The working tree (a folder) against the tag: compatible.
	if res := vigilIn(t, sub, "upgrade-check", "v1.0.0", ".", "--fail-on", "critical"); res.code != 0 {
		t.Fatalf("v1.0.0 against the working tree: exit %d %s\n%s", res.code, res.stderr, res.stdout)
	}
	if res := vigilIn(t, sub, "upgrade-check", "no-such-tag", "HEAD"); res.code != 2 || !strings.Contains(res.stderr, "no-such-tag") {
		t.Fatalf("unknown revision: exit %d %s", res.code, res.stderr)
	}
}

// A contract whose layout cannot be computed (its base is not in the sources) is named with its
// file and line, and the check is incomplete: --fail-on does not pass it.
func TestUpgradeCheckIncomplete(t *testing.T) {
	dir := writeVersion(t, "contract C is Missing { uint a; }")
	res := vigil(t, "upgrade-check", dir, dir, "--format", "json", "--fail-on", "critical")
	if res.code != 3 {
		t.Fatalf("exit %d, want 3\n%s", res.code, res.stderr)
	}
	if rep := decode(t, res.stdout); !strings.Contains(strings.Join(rep.Diagnostics, "\n"), "V.sol:") || rep.Coverage.Complete {
		t.Errorf("the unknown layout is not named: %v", rep.Diagnostics)
	}
}

// vigil layout prints solc's shape, and a table; a name matching no contract is a usage error.
func TestLayoutCommand(t *testing.T) {
	dir := writeVersion(t, "contract C is Initializable { uint128 a; bool b; mapping(address => uint) m; }")
	res := vigil(t, "layout", filepath.Join(dir, "V.sol"), "--contract", "C")
	if res.code != 0 {
		t.Fatalf("exit %d %s", res.code, res.stderr)
	}
	for _, want := range []string{`"label": "a"`, `"offset": 1`, `"t_mapping(t_address,t_uint256)"`, `"encoding": "mapping"`, `"contract": "V.sol:C"`} {
		if !strings.Contains(res.stdout, want) {
			t.Errorf("json lacks %s:\n%s", want, res.stdout)
		}
	}
	table := vigil(t, "layout", dir, "--contract", "C", "--format", "table")
	if table.code != 0 || !strings.Contains(table.stdout, "mapping(address => uint256)") || !strings.Contains(table.stdout, "Initializable") {
		t.Errorf("table: exit %d\n%s", table.code, table.stdout)
	}
	if res := vigil(t, "layout", dir, "--contract", "Nope"); res.code != 2 {
		t.Errorf("unknown contract: exit %d", res.code)
	}
}
