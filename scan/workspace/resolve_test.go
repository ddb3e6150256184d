package workspace

import "testing"

func TestResolveImport(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"foundry.toml":              "[profile.default]\nremappings = [\"@oz/=lib/openzeppelin-contracts/contracts/\"]\n",
		"remappings.txt":            "src/legacy/:@oz/=lib/oz-v4/contracts/\n",
		"src/Vault.sol":             token,
		"src/interfaces/IVault.sol": token,
		"src/legacy/Old.sol":        token,
		"lib/openzeppelin-contracts/contracts/token/ERC20.sol": token,
		"lib/oz-v4/contracts/token/ERC20.sol":                  token,
		"lib/solmate/src/tokens/ERC20.sol":                     token,
		"lib/forge-std/src/Test.sol":                           token,
		// A library with its own remappings, used by its own files only.
		"lib/aave/remappings.txt":                        "@oz/=lib/oz/\n",
		"lib/aave/lib/oz/token/ERC20.sol":                token,
		"lib/aave/src/Pool.sol":                          token,
		"node_modules/@chainlink/contracts/src/Feed.sol": token,
		"packages/app/node_modules/dep/Dep.sol":          token,
		"packages/app/contracts/App.sol":                 token,
	})
	w, err := FromFolder(bg, dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	cases := []struct{ from, imp, want string }{
		{"src/Vault.sol", "./interfaces/IVault.sol", "src/interfaces/IVault.sol"},
		{"src/interfaces/IVault.sol", "../Vault.sol", "src/Vault.sol"},
		{"src/Vault.sol", "@oz/token/ERC20.sol", "lib/openzeppelin-contracts/contracts/token/ERC20.sol"},
		{"src/legacy/Old.sol", "@oz/token/ERC20.sol", "lib/oz-v4/contracts/token/ERC20.sol"}, // context wins
		{"lib/aave/src/Pool.sol", "@oz/token/ERC20.sol", "lib/aave/lib/oz/token/ERC20.sol"},  // nearest project
		{"src/Vault.sol", "src/interfaces/IVault.sol", "src/interfaces/IVault.sol"},          // from the root
		{"src/Vault.sol", "solmate/tokens/ERC20.sol", "lib/solmate/src/tokens/ERC20.sol"},    // Foundry auto-remapping
		{"src/Vault.sol", "forge-std/Test.sol", "lib/forge-std/src/Test.sol"},
		{"src/Vault.sol", "@chainlink/contracts/src/Feed.sol", "node_modules/@chainlink/contracts/src/Feed.sol"},
		{"packages/app/contracts/App.sol", "dep/Dep.sol", "packages/app/node_modules/dep/Dep.sol"},
		{"src/Vault.sol", "../../etc/passwd", ""},
		{"src/Vault.sol", "/etc/passwd", ""},
		{"src/Vault.sol", "missing/X.sol", ""},
	}
	for _, c := range cases {
		got, ok := w.ResolveImport(c.from, c.imp)
		if got != c.want || ok != (c.want != "") {
			t.Errorf("ResolveImport(%s, %s) = %q, %v; want %q", c.from, c.imp, got, ok, c.want)
		}
	}
	if f, ok := w.File("src/Vault.sol"); !ok || f.Lines != 6 {
		t.Errorf("File = %+v, %v", f, ok)
	}
}
