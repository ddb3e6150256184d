package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// UnsafeCode reports unsafe blocks, functions, impls and traits.
var UnsafeCode = analyzer(detect.Template{
	ID:         "SOLANA_UNSAFE_CODE",
	Name:       "Unsafe code",
	Severity:   detect.Low,
	Confidence: detect.ConfidenceHigh,
	Description: "<p>Crate <code>${crate_name}</code> uses <code>unsafe</code> (${unsafe_kind}). Unsafe code " +
		"bypasses Rust's memory safety; over account data it can read out of bounds, misalign or alias " +
		"mutable state.</p>",
	Remediation: "<p>Replace raw pointer casts with checked conversions (<code>bytemuck::try_from_bytes</code>, " +
		"<code>slice::get</code>, <code>try_into</code>), or document the invariants and keep the unsafe " +
		"region minimal and audited.</p>",
	DescriptionKeys: []string{"crate_name", "unsafe_kind"},
	DetectionLogic:  "Every unsafe block, unsafe fn, unsafe impl and unsafe trait in the crate's sources, outside test modules: low by default, medium when the region does something that can break memory safety over account data (raw pointer casts or dereferences, transmute, from_raw_parts, get_unchecked, ptr::read/write/copy, set_len, from_utf8_unchecked, a global allocator).",
	CWE:             []string{"CWE-242"},
	Class:           "memory-safety",
},
	func(p *Pass) {
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
				var region ast.Node
				var pos token.Pos
				kind := ""
				switch x := n.(type) {
				case *ast.BlockExpr:
					if x.Unsafe {
						region, pos, kind = x, x.From, "block"
					}
				case *ast.FnItem:
					if x.Unsafe {
						region, pos, kind = x, x.Start, "function "+x.Name.Name
					}
				case *ast.ImplItem:
					if x.Unsafe {
						region, pos, kind = x, x.Start, "impl"
					}
				case *ast.TraitItem:
					if x.Unsafe {
						region, pos, kind = x, x.Start, "trait "+x.Name.Name
					}
				}
				if region != nil {
					if hazard := unsafeHazard(region); hazard != "" {
						f := p.ReportRange(pos, pos+token.Pos(len("unsafe")), nil, map[string]string{"unsafe_kind": kind + ": " + hazard})
						f.Severity = detect.Medium
					} else {
						p.ReportRange(pos, pos+token.Pos(len("unsafe")), nil, map[string]string{"unsafe_kind": kind})
					}
				}
				return true
			})
		}
	})

// hazardousCalls are the operations whose misuse breaks memory safety.
var hazardousCalls = map[string]bool{
	"transmute": true, "transmute_copy": true, "from_raw_parts": true, "from_raw_parts_mut": true,
	"get_unchecked": true, "get_unchecked_mut": true, "set_len": true, "from_utf8_unchecked": true,
	"read_unaligned": true, "write_unaligned": true, "copy_nonoverlapping": true, "offset": true,
	"add": false, "alloc": true, "dealloc": true,
}

// unsafeHazard names what an unsafe region does that can break memory
// safety, or returns "" for calls of unsafe functions with checked
// arguments (sol_memcpy over slices, an unsafe trait marker).
func unsafeHazard(region ast.Node) string {
	hazard := ""
	ast.Inspect(region, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.CastExpr:
			if _, ok := x.Type.(*ast.PtrType); ok {
				hazard = "raw pointer cast"
			}
		case *ast.CallExpr:
			if pe, ok := x.Fun.(*ast.PathExpr); ok {
				name := pe.Path.Last().Name.Name
				path := pe.Path.String()
				if hazardousCalls[name] || strings.HasPrefix(path, "ptr::") || strings.Contains(path, "::ptr::") {
					hazard = name
				}
			}
		case *ast.MethodCallExpr:
			if hazardousCalls[x.Name.Name] {
				hazard = x.Name.Name
			}
		}
		return hazard == ""
	})
	return hazard
}
