package detectors

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/vigil-sec/vigil/scan/rust/model"
)

// FuzzDetectors runs every detector over arbitrary (mostly broken)
// sources: partial trees from error recovery must never make a detector
// panic. Seeds are the fixtures; the normal test run replays them.
func FuzzDetectors(f *testing.F) {
	f.Add([]byte("#[derive(Accounts)] pub struct S<'info>(AccountInfo<'info>, #[account(mut, has_one = )] Account<'info, T>);"), []byte("[package]\nname = \"x\"\n"))
	f.Add([]byte("#[program] mod p { pub fn f(ctx: Context<>) {} pub fn g(ctx: Context<'_, S>, ) -> Result<()> { invoke(&ix, &[])?; **a.lamports.borrow_mut() = 0; } }"), []byte("[package]\nname = \"x\"\n[profile.release]\noverflow-checks = false\n"))
	paths, _ := filepath.Glob("../testdata/detectors/*/*/src/lib.rs")
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		manifest, _ := os.ReadFile(filepath.Join(filepath.Dir(filepath.Dir(p)), "Cargo.toml"))
		f.Add(src, manifest)
	}
	f.Fuzz(func(t *testing.T, src, manifest []byte) {
		fs := fstest.MapFS{
			"Cargo.toml": {Data: manifest},
			"src/lib.rs": {Data: src},
		}
		ws, err := model.LoadWorkspaceFS(fs, model.Limits{})
		if err != nil {
			if !strings.Contains(err.Error(), "Cargo.toml") {
				t.Fatalf("error does not name the manifest: %v", err)
			}
			return
		}
		Run(ws, All, Config{})
	})
}
