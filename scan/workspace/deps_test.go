package workspace

import (
	"strings"
	"testing"
)

// Vendored copies are dependencies wherever they sit, and test and script code is marked as
// such, per foundry.toml when it names the folders and by Foundry's conventions otherwise.
func TestVendoredAndTestCode(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"foundry.toml":                         "[profile.default]\nsrc = \"contracts\"\ntest = \"checks\"\nscript = \"deploy\"\n",
		"contracts/Pool.sol":                   token,
		"contracts/lib/Math.sol":               token, // the project's own lib folder
		"contracts/dependencies/oz/ERC20.sol":  token,
		"contracts/vendor/Solady.sol":          token,
		"contracts/mocks/Harness.t.sol":        token,
		"contracts/test/TestERC20.sol":         token,
		"checks/Pool.sol":                      token,
		"deploy/Deploy.sol":                    token,
		"script/Old.s.sol":                     token,
		"test/Fuzz.sol":                        token,
		"contracts/testing/NotATestFolder.sol": token,
		"packages/core/vendor/X.sol":           token,
	})
	w, err := FromFolder(bg, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	var got []string
	for _, f := range w.Files {
		kind := "own"
		switch {
		case f.Dependency && f.Test:
			kind = "dep+test"
		case f.Dependency:
			kind = "dep"
		case f.Test:
			kind = "test"
		}
		got = append(got, f.Path+" "+kind)
	}
	want := []string{
		"checks/Pool.sol test",
		"contracts/Pool.sol own",
		"contracts/dependencies/oz/ERC20.sol dep",
		"contracts/lib/Math.sol own",
		"contracts/mocks/Harness.t.sol test",
		"contracts/test/TestERC20.sol test",
		"contracts/testing/NotATestFolder.sol own",
		"contracts/vendor/Solady.sol dep",
		"deploy/Deploy.sol test",
		"packages/core/vendor/X.sol dep",
		"script/Old.s.sol test",
		"test/Fuzz.sol test",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("files:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}

	// Files named one by one are the user's choice: never marked as tests.
	files, err := FromFiles(bg, []string{dir + "/script/Old.s.sol"}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer files.Close()
	if files.Files[0].Test {
		t.Errorf("a file named on the command line was marked as test code")
	}
}
