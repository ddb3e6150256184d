package detectors

import (
	"testing"
	"testing/fstest"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

func TestSuppressionComments(t *testing.T) {
	src := `fn f(accounts: &[AccountInfo]) -> ProgramResult {
    let a = unsafe { 1 };
    // vigil-disable-next-line SOLANA_UNSAFE_CODE
    let b = unsafe { 2 };
    let c = unsafe { 3 }; // vigil-disable-line
    /* vigil-disable-start solana_unsafe_code */
    let d = unsafe { 4 };
    // vigil-disable-end SOLANA_UNSAFE_CODE
    let e = unsafe { 5 }; // vigil-disable-line SOLANA_PANIC_IN_HANDLER
    Ok(())
}
`
	fs := fstest.MapFS{
		"Cargo.toml": {Data: []byte("[package]\nname = \"s\"\n")},
		"src/lib.rs": {Data: []byte(src)},
	}
	ws, err := model.LoadWorkspaceFS(fs, model.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	var lines []int
	for _, f := range Run(ws, []*detect.Analyzer{UnsafeCode}, Config{}) {
		lines = append(lines, f.Line)
	}
	if len(lines) != 2 || lines[0] != 2 || lines[1] != 9 {
		t.Errorf("unsuppressed findings on lines %v, want [2 9]", lines)
	}
}

func TestIntegrationTestsIgnored(t *testing.T) {
	fs := fstest.MapFS{
		"Cargo.toml":       {Data: []byte("[package]\nname = \"s\"\n[profile.release]\noverflow-checks = false\n")},
		"src/lib.rs":       {Data: []byte("pub fn f(accounts: &[AccountInfo]) -> u64 { accounts.len() as u64 }\n")},
		"tests/program.rs": {Data: []byte("fn helper(accounts: &[AccountInfo]) -> u64 { let x = 1u64; x + accounts.len() as u64 + Some(1).unwrap() }\n")},
	}
	ws, err := model.LoadWorkspaceFS(fs, model.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if fs := Run(ws, All, Config{}); len(fs) != 0 {
		t.Errorf("findings in integration tests: %+v", fs[0])
	}
}

func TestScan(t *testing.T) {
	fs := fstest.MapFS{
		"Cargo.toml": {Data: []byte("[package]\nname = \"s\"\n")},
		"src/lib.rs": {Data: []byte("fn f() {\n    unsafe { g() }\n}\n")},
		"src/b.rs":   {Data: []byte("fn b() {}")},
	}
	res, err := Scan(fs, model.Limits{}, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Files != 2 || res.Lines != 4 || len(res.Findings) != 1 || res.Findings[0].Analyzer != UnsafeCode {
		t.Errorf("files %d lines %d findings %+v", res.Files, res.Lines, res.Findings)
	}
	if _, err := Scan(fstest.MapFS{"Cargo.toml": {Data: []byte("[package")}}, model.Limits{}, Config{}); err == nil {
		t.Error("bad manifest accepted")
	}
}
