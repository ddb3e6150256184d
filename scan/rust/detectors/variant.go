package detectors

import (
	"bytes"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// Test builds. The account-validation model is of the default build (validation.Build leaves
// out code only a test feature compiles: model.Features.TestOnly). When the instructions
// reach such code, each detector runs a second time over a model of the test build
// (validation.BuildAll); what only that run finds is true of a test build, not of the program
// that is deployed, and is reported as informational, its evidence naming the feature. A
// finding whose code lies inside test-only code (an unchecked sum in a #[cfg(feature =
// "test")] block) is informational in either run.

// testSpan is an extent of source that only a test build compiles, and its gate.
type testSpan struct {
	from, to token.Pos
	gate     string
}

// testSpans lists the crate's test-only code: items, statements, match arms and struct-literal
// fields under a #[cfg] only a test feature satisfies. Files that never mention a feature are
// not walked.
func testSpans(fset *token.FileSet, crate *model.Crate) []testSpan {
	feats := crate.Features()
	any := false
	for name := range feats.Declared {
		if model.TestFeature(name) && !feats.Default[name] {
			any = true
		}
	}
	if !any {
		return nil
	}
	var out []testSpan
	for _, f := range crate.Files {
		if f.AST == nil || !bytes.Contains(f.Src, []byte("feature")) {
			continue
		}
		ast.Inspect(f.AST, func(n ast.Node) bool {
			var attrs []*ast.Attribute
			switch x := n.(type) {
			case ast.Item:
				attrs = x.Header().Attrs
			case *ast.LetStmt:
				attrs = x.Attrs
			case *ast.ExprStmt:
				attrs = x.Attrs
			case *ast.MatchArm:
				attrs = x.Attrs
			case *ast.FieldInit:
				attrs = x.Attrs
			}
			if len(attrs) == 0 {
				return true
			}
			if gate := feats.TestOnly(fset, attrs); gate != "" {
				from := n.Pos()
				if p := attrs[0].Pos(); p < from {
					from = p
				}
				out = append(out, testSpan{from: from, to: n.End(), gate: gate})
				return false
			}
			return true
		})
	}
	return out
}

// inTestBuild returns the gate of the test-only code holding pos, or "".
func inTestBuild(spans []testSpan, pos token.Pos) string {
	for _, s := range spans {
		if pos >= s.from && pos < s.to {
			return s.gate
		}
	}
	return ""
}

// testBuildOnly marks a finding that is true only of a test build: informational, with the
// gate in its evidence.
func testBuildOnly(f *detect.Finding, crate, gate string) {
	f.Severity = detect.Informational
	note := "only a test build compiles the code this rests on (" + gate + ", not a default feature of crate " + crate +
		"; the feature's name says it is for tests): the deployed program does not contain it"
	if f.Details["evidence"] != "" {
		f.Details["evidence"] += "; " + note
	} else {
		f.Details["evidence"] = note
	}
}

// runBuilds runs a detector over the crate's default build and, when the instructions reach
// test-only code, over its test build (see above); findings inside test-only code are
// informational either way.
func runBuilds(dp *detect.Pass, cu *crateUnit, run func(*Pass)) {
	prog, vm, us, shared := cu.enter()
	defer cu.leave()
	run(&Pass{Pass: dp, Fset: cu.ws.Fset, Crate: cu.crate, Program: prog, Model: vm, Config: cu.cfg, cache: &crateCache{units: us, done: true, shared: shared}})
	spans, full := cu.testBuild()
	if full == nil && len(spans) == 0 {
		return
	}
	first := len(dp.Reported())
	if full != nil {
		run(&Pass{Pass: dp, Fset: cu.ws.Fset, Crate: cu.crate, Program: prog, Model: full, Config: cu.cfg, cache: &crateCache{units: us, done: true, shared: shared}})
	}
	type at struct {
		pos, end token.Pos
		file     string
		line     int
	}
	seen := map[at]bool{}
	kept := dp.Reported()[:0]
	for i, f := range dp.Reported() {
		k := at{f.Pos, f.End, f.File, f.Line}
		if i >= first && seen[k] {
			continue // the default build's finding, found again
		}
		seen[k] = true
		gate := inTestBuild(spans, f.Pos)
		if gate == "" && i >= first {
			gate = strings.Join(vm.TestOnly, ", ")
		}
		if gate != "" {
			testBuildOnly(&f, cu.crate.Name(), gate)
		}
		kept = append(kept, f)
	}
	dp.Keep(kept)
}

// testBuild returns the crate's test-only code and, when the default build's instructions
// reach some, the model of the test build; built once per crate.
func (cu *crateUnit) testBuild() ([]testSpan, *validation.Model) {
	cu.variantOnce.Do(func() {
		cu.spans = testSpans(cu.ws.Fset, cu.crate)
		if len(cu.model.TestOnly) > 0 {
			cu.full = validation.BuildAll(cu.prog, cu.crate)
		}
	})
	return cu.spans, cu.full
}
