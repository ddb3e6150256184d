package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// FloatingPragma reports version pragmas that admit more than one compiler version in files
// meant to be deployed: the contract may be compiled with a different compiler than the one it
// was tested with. Files holding only interfaces, libraries and abstract contracts are meant to
// be built by their users' compilers and are left alone.
var FloatingPragma = &detect.Analyzer{
	Template: detect.Template{
		ID:         "FLOATING_PRAGMA",
		Name:       "Floating compiler version pragma",
		Severity:   detect.Informational,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>File <code>${file}</code> ${problem}. The deployed bytecode may come from a compiler version other ` +
			`than the one the code was tested and audited with, including versions with known bugs.</p>`,
		Remediation:     `<p>Lock the pragma to the exact compiler version used for testing (<code>pragma solidity 0.8.24;</code>).</p>`,
		DescriptionKeys: []string{"file", "problem"},
		DetectionLogic: "A `pragma solidity` whose range admits more than one version (^, ~, >=, wildcards, ranges), or no " +
			"pragma at all, in a file that declares a deployable (non-abstract) contract or no contract.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-103"},
		CWE:       []string{"CWE-664"},
		Languages: []string{"solidity"},
		Slither:   "solc-version",
		Class:     "pragma",
	},
	Run: runFloatingPragma,
}

// OutdatedCompiler reports pragmas that only admit old compilers: releases before 0.5 carry a
// long list of known code-generation bugs and unsafe defaults (public functions by default,
// uninitialized storage pointers), and everything before 0.8 lacks checked arithmetic.
var OutdatedCompiler = &detect.Analyzer{
	Template: detect.Template{
		ID:          "OUTDATED_COMPILER_VERSION",
		Name:        "Outdated compiler version",
		Severity:    detect.Informational,
		Confidence:  detect.ConfidenceHigh,
		Description: `<p>File <code>${file}</code> can only be compiled with Solidity ${range}. ${why}</p>`,
		Remediation: `<p>Port the code to a recent 0.8 release and lock the pragma to it; review the breaking changes ` +
			`(visibility, constructors, checked arithmetic) while porting.</p>`,
		DescriptionKeys: []string{"file", "range", "why"},
		DetectionLogic:  "The newest version a `pragma solidity` admits is below 0.8.0 (informational), or below 0.5.0 (low); or the pragma pins a release with known optimizer bugs (0.8.13 to 0.8.16: low when the file's inline assembly returns or stops, informational otherwise).",
		Version:         "1.0.0",
		SWC:             []string{"SWC-102"},
		CWE:             []string{"CWE-937"},
		Languages:       []string{"solidity"},
		Slither:         "solc-version",
		Class:           "pragma",
	},
	Run: runOutdatedCompiler,
}

var (
	hygV0_8_13 = sema.Version{Major: 0, Minor: 8, Patch: 13}
	hygV0_8_17 = sema.Version{Major: 0, Minor: 8, Patch: 17}
)

// hygSolidityPragmas returns a file's `pragma solidity` declarations.
func hygSolidityPragmas(f *sema.File) []*ast.PragmaDecl {
	var out []*ast.PragmaDecl
	for _, d := range f.AST.Decls {
		if pd, ok := d.(*ast.PragmaDecl); ok && strings.HasPrefix(strings.TrimSpace(pd.Text), "solidity") {
			out = append(out, pd)
		}
	}
	return out
}

// hygDeployable reports whether a file declares a concrete contract, or no contract at all.
func hygDeployable(f *sema.File) bool {
	if len(f.Contracts) == 0 {
		return true
	}
	for _, c := range f.Contracts {
		if c.Kind == ast.KindContract && !c.IsAbstract() {
			return true
		}
	}
	return false
}

// hygExact reports whether a range admits exactly one version.
func hygExact(r sema.VersionRange) bool {
	return r.Known && r.Max == sema.Version{Major: r.Min.Major, Minor: r.Min.Minor, Patch: r.Min.Patch + 1}
}

func runFloatingPragma(pass *detect.Pass) {
	f := pass.File
	if pass.Contract != nil || f == nil || !hygDeployable(f) || hygPassIsTest(pass) {
		return
	}
	pragmas := hygSolidityPragmas(f)
	if len(pragmas) == 0 {
		if len(f.AST.Decls) == 0 {
			return
		}
		pos := f.TokFile.Pos(0)
		pass.Report(detect.Finding{Pos: pos, End: pos, Details: map[string]string{"file": f.Path, "problem": "has no version pragma"}})
		return
	}
	for _, pd := range pragmas {
		r, ok := sema.ParsePragma(pd.Text)
		if ok && hygExact(r) {
			continue
		}
		pass.Report(detect.Finding{Pos: pd.Pos(), End: pd.End(), Details: map[string]string{
			"file": f.Path, "problem": "accepts a range of compiler versions (pragma " + pd.Text + ")"}})
	}
}

func runOutdatedCompiler(pass *detect.Pass) {
	f := pass.File
	if pass.Contract != nil || f == nil {
		return
	}
	for _, pd := range hygSolidityPragmas(f) {
		r, ok := sema.ParsePragma(pd.Text)
		if !ok || !r.Known {
			continue
		}
		rangeText := strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(pd.Text), "solidity"))
		if hygExact(r) && !r.Min.Less(hygV0_8_13) && r.Min.Less(hygV0_8_17) {
			// The bug needs inline assembly that ends execution (return/stop); elsewhere the
			// pin is only worth knowing about.
			sev := detect.Informational
			if hygAssemblyTerminates(f) {
				sev = detect.Low
			}
			pass.Report(detect.Finding{Pos: pd.Pos(), End: pd.End(), Severity: sev, Details: map[string]string{"file": f.Path, "range": rangeText,
				"why": "Releases 0.8.13 to 0.8.16 have optimizer bugs that can drop storage writes made before inline assembly that returns or stops (fixed in 0.8.17)."}})
			continue
		}
		if !r.Max.Less(hygV0_8_0) && r.Max != hygV0_8_0 {
			continue
		}
		fd := detect.Finding{Pos: pd.Pos(), End: pd.End(), Details: map[string]string{"file": f.Path, "range": rangeText,
			"why": "These releases lack checked arithmetic and many later bug fixes."}}
		if !hygV0_5_0.Less(r.Max) {
			fd.Severity = detect.Low
			fd.Details["why"] = "Releases before 0.5 have known code-generation bugs and unsafe defaults (functions public by default, uninitialized storage pointers, constructors named after the contract)."
		}
		pass.Report(fd)
	}
}

// hygAssemblyTerminates reports whether a file has inline assembly that calls return or stop.
func hygAssemblyTerminates(f *sema.File) bool {
	found := false
	ast.Inspect(f.AST, func(n ast.Node) bool {
		if c, ok := n.(*ast.YulCall); ok && (c.Name.Name == "return" || c.Name.Name == "stop") {
			found = true
		}
		return !found
	})
	return found
}
