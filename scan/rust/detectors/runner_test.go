package detectors

import (
	"context"
	"sort"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// TestFrameworkBudgets runs Rust analyzers on the detector framework's runner: a detector past
// its budget on one crate is abandoned with a diagnostic naming the crate's manifest and the
// detector, a panicking one becomes a diagnostic, and the other crate's findings are kept.
func TestFrameworkBudgets(t *testing.T) {
	fsys := fstest.MapFS{
		"Cargo.toml":   {Data: []byte("[workspace]\nmembers = [\"a\", \"b\"]\n")},
		"a/Cargo.toml": {Data: []byte("[package]\nname = \"a\"\n")},
		"a/src/lib.rs": {Data: []byte("fn f() { unsafe { g() } }\n")},
		"b/Cargo.toml": {Data: []byte("[package]\nname = \"slow\"\n")},
		"b/src/lib.rs": {Data: []byte("fn h() { unsafe { g() } }\n")},
	}
	ws, err := model.LoadWorkspaceFS(fsys, model.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	slow := analyzer(detect.Template{ID: "SLOW", Name: "slow", Severity: detect.Low, Confidence: detect.ConfidenceLow},
		func(p *Pass) {
			for p.Crate.Name() == "slow" && !p.Stopped(nil) {
				time.Sleep(time.Millisecond)
			}
		})
	broken := analyzer(detect.Template{ID: "BROKEN", Name: "broken", Severity: detect.Low, Confidence: detect.ConfidenceLow},
		func(p *Pass) {
			if p.Crate.Name() == "a" {
				panic("boom")
			}
		})
	res := run(context.Background(), ws, []*detect.Analyzer{UnsafeCode, slow, broken}, Config{}, false,
		detect.Limits{Task: 30 * time.Millisecond, Workers: 2})
	if len(res.Findings) != 2 {
		t.Errorf("findings %+v, want the unsafe blocks of both crates", res.Findings)
	}
	var got []string
	sort.Slice(res.Diagnostics, func(i, j int) bool { return res.Diagnostics[i].Analyzer < res.Diagnostics[j].Analyzer })
	for _, d := range res.Diagnostics {
		got = append(got, d.Analyzer+" "+d.File)
		if d.Analyzer == "SLOW" && !strings.Contains(d.Msg, "ran past its budget") || d.Analyzer == "BROKEN" && !strings.Contains(d.Msg, "boom") {
			t.Errorf("diagnostic %q", d.Msg)
		}
	}
	if strings.Join(got, ", ") != "BROKEN a/Cargo.toml, SLOW b/Cargo.toml" {
		t.Errorf("diagnostics %v", got)
	}
}

// TestFrameworkContext stops the run when its context ends: the crates not analysed get a
// diagnostic and nothing is reported from them.
func TestFrameworkContext(t *testing.T) {
	fsys := fstest.MapFS{
		"Cargo.toml": {Data: []byte("[package]\nname = \"a\"\n")},
		"src/lib.rs": {Data: []byte("fn f() { unsafe { g() } }\n")},
	}
	ws, err := model.LoadWorkspaceFS(fsys, model.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res := run(ctx, ws, All, Config{}, false, detect.Limits{})
	if len(res.Findings) != 0 || len(res.Diagnostics) != 1 || res.Diagnostics[0].File != "Cargo.toml" {
		t.Errorf("findings %v, diagnostics %+v", res.Findings, res.Diagnostics)
	}
}
