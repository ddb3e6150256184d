package workspace

import (
	"strings"
	"testing"
)

// A Hardhat project's configured test folders are test code, in the Hardhat 2 form
// (paths.tests a string) and the Hardhat 3 form (paths.tests an object, its solidity and mocha
// folders); a path the configuration computes is not read, and the defaults hold.
func TestHardhatPaths(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"hardhat.config.ts": `import { HardhatUserConfig } from "hardhat/config";
const config: HardhatUserConfig = {
  solidity: { version: "0.8.24", settings: { optimizer: { enabled: true } } },
  paths: { sources: "./src", tests: './spec', cache: "./cache" },
};
export default config;
`,
		"src/Pool.sol":                  token,
		"spec/PoolSpec.sol":             token,
		"packages/v3/hardhat.config.js": "module.exports = { paths: { sources: 'contracts', tests: { solidity: \"./checks/sol\", mocha: `./checks/js` } } };\n",
		"packages/v3/contracts/A.sol":   token,
		"packages/v3/checks/sol/A.sol":  token,
		"packages/v3/checks/other.sol":  token,
		"other/hardhat.config.js":       "const p = require('path'); module.exports = { paths: { tests: p.join(__dirname, 'x') } };\n",
		"other/x/B.sol":                 token,
	})
	w, err := FromFolder(bg, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	var got []string
	for _, f := range w.Files {
		kind := "own"
		if f.Test {
			kind = "test"
		}
		got = append(got, f.Path+" "+kind)
	}
	want := []string{
		"other/x/B.sol own",
		"packages/v3/checks/other.sol own",
		"packages/v3/checks/sol/A.sol test",
		"packages/v3/contracts/A.sol own",
		"spec/PoolSpec.sol test",
		"src/Pool.sol own",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("files:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// Exclude drops the files a pattern matches from a built workspace, and File forgets them.
func TestExcludeAfterOpen(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"src/A.sol": token, "src/mocks/M.sol": token, "B.sol": token})
	w, err := FromFolder(bg, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	lines := w.TotalLines
	if err := w.Exclude([]string{"mocks/", "B.sol"}); err != nil {
		t.Fatal(err)
	}
	wantPaths(t, w, "src/A.sol")
	if _, ok := w.File("B.sol"); ok || w.TotalLines >= lines {
		t.Errorf("B.sol still known (total lines %d of %d)", w.TotalLines, lines)
	}
	if err := w.Exclude([]string{"../x"}); err == nil {
		t.Error("an unsafe pattern was accepted")
	}
}
