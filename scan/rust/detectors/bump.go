package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// BumpSeedCanonicalization reports PDAs derived with a bump the caller
// supplies instead of the canonical one.
var BumpSeedCanonicalization = &Analyzer{
	Template: template(detect.Template{
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
	}),
	Run: func(p *Pass) {
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
			for _, c := range model.Calls(fn.Decl.Body) {
				if c.Macro || c.Name() != "create_program_address" || len(c.Args) == 0 {
					continue
				}
				used := ""
				ast.Inspect(c.Args[0], func(n ast.Node) bool {
					if pe, ok := n.(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 && params[pe.Path.String()] && used == "" {
						used = pe.Path.String()
					}
					return used == ""
				})
				if used != "" {
					p.Report(c.Node, fn, map[string]string{"bump": used})
				}
			}
		}
	},
}
