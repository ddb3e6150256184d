package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
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
	DetectionLogic:  "bump = <instruction argument> in #[account(...)] (names from #[instruction(...)]), and create_program_address calls whose seeds use a parameter of the enclosing function.",
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
			env := lets(fn.Decl.Body)
			for _, c := range fn.Calls() {
				if c.Macro || c.Name() != "create_program_address" || len(c.Args) == 0 {
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
