package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// ArbitraryCPI reports cross-program invocations whose target program is
// an account the caller chooses.
var ArbitraryCPI = &Analyzer{
	Template: template(detect.Template{
		ID:         "SOLANA_ARBITRARY_CPI",
		Name:       "Arbitrary CPI",
		Severity:   detect.Critical,
		Confidence: detect.ConfidenceMedium,
		Description: "<p><code>${function_name}</code> invokes the program in account " +
			"<code>${account_name}</code> without checking its address, so a caller can substitute a " +
			"malicious program that receives the instruction's accounts and signatures.</p>",
		Remediation: "<p>Anchor: type the account as <code>Program&lt;'info, T&gt;</code> or pin it with " +
			"<code>address = ...</code>. Native: compare <code>program.key</code> with the expected id " +
			"before invoking.</p>",
		DescriptionKeys: []string{"function_name", "account_name"},
		DetectionLogic:  "invoke/invoke_signed whose instruction (followed through locals) takes its program id from an account, and CpiContext::new/new_with_signer whose program argument is an account, when that account is an AccountInfo/UncheckedAccount field without an address constraint or a native binding, and its key is never compared. SPL token instruction builders, which check the program id themselves, are trusted.",
		CWE:             []string{"CWE-829"},
		Class:           "cpi",
	}),
	Run: func(p *Pass) {
		for _, u := range p.units() {
			body := u.Func.Decl.Body
			env := lets(body)
			for _, c := range model.CPICalls(body) {
				if len(c.Args) == 0 {
					continue
				}
				var target ast.Expr
				switch c.Kind {
				case model.CallCpiContextNew, model.CallCpiContextNewWithSigner:
					target = c.Args[0]
				default:
					target = programIDOf(c.Args[0], env)
				}
				if target == nil {
					continue
				}
				for _, acc := range accountsIn(target, u, env) {
					if u.Ctx != "" {
						f := fieldOf(u.Accounts, acc)
						if !isUnchecked(f) || f.Constraints.Address != nil {
							continue
						}
					} else if !u.Bindings[acc] {
						continue
					}
					if comparesAny(body, names(u, env, acc), "key") {
						continue
					}
					p.Report(c.Node, u.Func, map[string]string{"account_name": acc})
					break
				}
			}
		}
	},
}

// programIDOf finds the program id expression of an instruction value:
// Instruction { program_id, .. }, Instruction::new_with_*(id, ..), or the
// first argument of an instruction builder.
func programIDOf(x ast.Expr, env map[string]ast.Expr) ast.Expr {
	for depth := 0; depth < 8 && x != nil; depth++ {
		switch e := x.(type) {
		case *ast.RefExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		case *ast.TryExpr:
			x = e.X
		case *ast.PathExpr:
			if len(e.Path.Segments) != 1 {
				return nil
			}
			x = env[e.Path.Segments[0].Name.Name]
		case *ast.StructExpr:
			for _, f := range e.Fields {
				if f.Name.Name == "program_id" {
					if f.Value == nil {
						return &ast.PathExpr{Path: &ast.Path{Segments: []*ast.PathSegment{{Name: f.Name}}, From: f.Name.Pos(), To: f.Name.End()}}
					}
					return f.Value
				}
			}
			return nil
		case *ast.CallExpr:
			pe, ok := e.Fun.(*ast.PathExpr)
			if !ok || len(e.Args) == 0 {
				return nil
			}
			path := pe.Path.String()
			if strings.HasPrefix(path, "spl_token::") || strings.HasPrefix(path, "spl_token_2022::") ||
				strings.HasPrefix(path, "spl_associated_token_account::") || strings.HasPrefix(path, "system_instruction::") {
				return nil // these builders fix or check the program id
			}
			return e.Args[0]
		case *ast.MethodCallExpr:
			if e.Name.Name == "unwrap" || e.Name.Name == "expect" {
				x = e.Recv
				continue
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}
