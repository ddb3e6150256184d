package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// BumpSeedCanonicalization reports PDAs derived with a bump the caller
// supplies instead of the canonical one.
var BumpSeedCanonicalization = analyzer(detect.Template{
	ID:         "SOLANA_BUMP_SEED_CANONICALIZATION",
	Name:       "Bump seed not canonical",
	Severity:   detect.Medium,
	Confidence: detect.ConfidenceMedium,
	Description: "<p>A program address is derived with bump <code>${bump}</code> taken from instruction " +
		"data, so several valid addresses exist for the same seeds and a caller can pick a " +
		"non-canonical one.</p>",
	Remediation: "<p>Use <code>find_program_address</code> (Anchor: a bare <code>bump</code>, or " +
		"<code>bump = account.bump</code> storing the canonical bump found at initialization).</p>",
	DescriptionKeys: []string{"bump"},
	DetectionLogic:  "bump = <instruction argument> in #[account(...)] (names from #[instruction(...)]), and create_program_address calls whose seeds use a parameter of the enclosing function, unless every seed is a byte-array parameter (the caller picks the whole input, which names no identity).",
	CWE:             []string{"CWE-1289"},
	Class:           "pda",
},
	func(p *Pass) {
		for _, as := range p.Program.Accounts {
			args := map[string]bool{}
			for _, a := range as.InstructionArgs {
				args[a] = true
			}
			for _, f := range as.Fields {
				b := f.Constraints.Bump
				if b == nil || b.Value == nil {
					continue
				}
				if pe, ok := b.Value.(*ast.PathExpr); ok && args[pe.Path.String()] {
					p.ReportRange(b.Item.Pos(), b.Item.End(), nil, map[string]string{"bump": pe.Path.String()})
				}
			}
		}
		for _, fn := range p.Program.Functions {
			if inTests(fn) {
				continue
			}
			params := fnParams(fn)
			env := fn.Lets()
			for _, c := range fn.Calls() {
				if c.Macro || c.Name() != "create_program_address" || len(c.Args) == 0 || callerBytesOnly(fn, c.Args[0]) {
					continue
				}
				used := ""
				ast.Inspect(c.Args[0], func(n ast.Node) bool {
					pe, ok := n.(*ast.PathExpr)
					if !ok || len(pe.Path.Segments) != 1 || used != "" {
						return used == ""
					}
					name := pe.Path.String()
					// A parameter, or a bump seed (&[x]) bound by no let of the
					// function (a field of a matched instruction, a value the
					// caller supplies): not the canonical bump.
					if params[name] && name != "self" || bumpSeed(c.Args[0], pe) && env[name] == nil && isLocalName(name) {
						used = name
					}
					return used == ""
				})
				if used != "" {
					p.Report(c.Node, fn, map[string]string{"bump": used})
				}
			}
		}
	})

// bumpSeed reports whether x appears as a one-byte seed &[x] inside seeds.
func bumpSeed(seeds ast.Node, x *ast.PathExpr) bool {
	found := false
	ast.Inspect(seeds, func(n ast.Node) bool {
		if arr, ok := n.(*ast.ArrayExpr); ok && arr.Len == nil && len(arr.Elems) == 1 && arr.Elems[0] == ast.Expr(x) {
			found = true
		}
		return !found
	})
	return found
}

// isLocalName reports a lower-case identifier (not a constant).
func isLocalName(name string) bool {
	return name != "" && name[0] >= 'a' && name[0] <= 'z'
}

// callerBytesOnly reports seeds that are all byte parameters of the function (&[&seed] with
// seed: [u8; 32]): the caller picks the whole input of the derivation, bump byte included, so
// the address names no identity (no constant, no key) that a canonical bump would make
// unique; any address it yields is as good as another.
func callerBytesOnly(fn *model.Function, seeds ast.Expr) bool {
	bytes := map[string]bool{}
	for _, prm := range fn.Decl.Params {
		if ip, ok := prm.Pat.(*ast.IdentPat); ok && isByteArray(prm.Type) {
			bytes[ip.Name.Name] = true
		}
	}
	arr, ok := bare(seeds).(*ast.ArrayExpr)
	if !ok || arr.Len != nil || len(arr.Elems) == 0 {
		return false
	}
	for _, e := range arr.Elems {
		pe, ok := bare(e).(*ast.PathExpr)
		if !ok || len(pe.Path.Segments) != 1 || !bytes[pe.Path.String()] {
			return false
		}
	}
	return true
}

// isByteArray reports [u8; N], &[u8] and Vec<u8>.
func isByteArray(t ast.Type) bool {
	for {
		switch x := t.(type) {
		case *ast.RefType:
			t = x.Elem
			continue
		case *ast.ArrayType:
			return typeLast(x.Elem) == "u8"
		case *ast.SliceType:
			return typeLast(x.Elem) == "u8"
		case *ast.PathType:
			if l := x.Path.Last(); l != nil && l.Name.Name == "Vec" && l.Args != nil && len(l.Args.Args) == 1 {
				return typeLast(l.Args.Args[0].Type) == "u8"
			}
		}
		return false
	}
}
