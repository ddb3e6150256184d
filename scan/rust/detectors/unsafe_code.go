package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// UnsafeCode reports unsafe blocks, functions, impls and traits.
var UnsafeCode = &Analyzer{
	Template: template(detect.Template{
		ID:         "SOLANA_UNSAFE_CODE",
		Name:       "Unsafe code",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: "<p>Crate <code>${crate_name}</code> uses <code>unsafe</code> (${unsafe_kind}). Unsafe code " +
			"bypasses Rust's memory safety; over account data it can read out of bounds, misalign or alias " +
			"mutable state.</p>",
		Remediation: "<p>Replace raw pointer casts with checked conversions (<code>bytemuck::try_from_bytes</code>, " +
			"<code>slice::get</code>, <code>try_into</code>), or document the invariants and keep the unsafe " +
			"region minimal and audited.</p>",
		DescriptionKeys: []string{"crate_name", "unsafe_kind"},
		DetectionLogic:  "Every unsafe block, unsafe fn, unsafe impl and unsafe trait in the crate's sources, outside test modules.",
		CWE:             []string{"CWE-242"},
		Class:           "memory-safety",
	}),
	Run: func(p *Pass) {
		for _, f := range p.Program.Files {
			if isTestFile(f.Path) {
				continue
			}
			var testMods []ast.Node
			ast.Inspect(f.AST, func(n ast.Node) bool {
				if m, ok := n.(*ast.ModItem); ok && (m.Name.Name == "tests" || m.Name.Name == "test") {
					testMods = append(testMods, m)
					return false
				}
				switch x := n.(type) {
				case *ast.BlockExpr:
					if x.Unsafe {
						p.ReportRange(x.From, x.From+token.Pos(len("unsafe")), nil, map[string]string{"unsafe_kind": "block"})
					}
				case *ast.FnItem:
					if x.Unsafe {
						p.ReportRange(x.Start, x.Start+token.Pos(len("unsafe")), nil, map[string]string{"unsafe_kind": "function " + x.Name.Name})
					}
				case *ast.ImplItem:
					if x.Unsafe {
						p.ReportRange(x.Start, x.Start+token.Pos(len("unsafe")), nil, map[string]string{"unsafe_kind": "impl"})
					}
				case *ast.TraitItem:
					if x.Unsafe {
						p.ReportRange(x.Start, x.Start+token.Pos(len("unsafe")), nil, map[string]string{"unsafe_kind": "trait " + x.Name.Name})
					}
				}
				return true
			})
		}
	},
}
