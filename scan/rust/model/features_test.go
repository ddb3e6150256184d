package model

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// TestFeatures checks the default build read from a manifest and which #[cfg] keep code out
// of it for test builds only.
func TestFeatures(t *testing.T) {
	m, err := ParseManifest("Cargo.toml", []byte(`[package]
name = "p"
version = "0.1.0"

[features]
default = ["hooks", "dep:extra", "other/feat"]
hooks = ["logs"]
logs = []
test = []
test-sbf = ["logs"]
enable-gpl = []
`))
	if err != nil {
		t.Fatal(err)
	}
	f := (&Crate{Manifest: m}).Features()
	for name, want := range map[string]bool{"hooks": true, "logs": true, "test": false, "enable-gpl": false, "extra": false} {
		if f.Default[name] != want {
			t.Errorf("default %s = %v, want %v", name, f.Default[name], want)
		}
	}
	for name, want := range map[string]bool{"test": true, "test-sbf": true, "testing": true, "fuzz": true, "enable-gpl": false, "contest": false, "devnet": false} {
		if TestFeature(name) != want {
			t.Errorf("TestFeature(%s) = %v, want %v", name, !want, want)
		}
	}
	for src, want := range map[string]string{
		`#[cfg(feature = "test")] fn f() {}`:                              `feature = "test"`,
		`#[cfg(not(feature = "test"))] fn f() {}`:                         "",
		`#[cfg(feature = "enable-gpl")] fn f() {}`:                        "", // may be deployed
		`#[cfg(feature = "hooks")] fn f() {}`:                             "", // a default feature
		`#[cfg(any(test, feature = "test-sbf"))] fn f() {}`:               `feature = "test-sbf"`,
		`#[cfg(all(feature = "test", feature = "hooks"))] fn f() {}`:      `feature = "test"`,
		`#[cfg(test)] fn f() {}`:                                          "", // in no build: Built leaves it out
		`#[cfg(all(feature = "test", feature = "enable-gpl"))] fn f() {}`: `feature = "test"`,
	} {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, "f.rs", []byte(src), 0)
		if err != nil {
			t.Fatal(err)
		}
		if got := f.TestOnly(fset, file.Items[0].Header().Attrs); got != want {
			t.Errorf("%s: TestOnly = %q, want %q", src, got, want)
		}
	}
}
