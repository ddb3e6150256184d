package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// userWords mark seeds that tie a PDA to one user or destination.
var userWords = []string{"user", "owner", "authority", "destination", "recipient", "payer", "signer",
	"member", "depositor", "beneficiary", "wallet", "player", "buyer", "seller", "maker", "taker", "admin"}

// PDASharing reports PDA signer seeds that hold no user-specific key, so
// one PDA signs for every user.
var PDASharing = &Analyzer{
	Template: template(detect.Template{
		ID:         "SOLANA_PDA_SHARING",
		Name:       "PDA shared between users",
		Severity:   detect.High,
		Confidence: detect.ConfidenceLow,
		Description: "<p><code>${function_name}</code> signs a CPI with a program address whose seeds hold no " +
			"user- or destination-specific key, so the same PDA has authority over every user's assets " +
			"and one user can move another's.</p>",
		Remediation: "<p>Derive authority PDAs from seeds that include the owning user or the withdrawal " +
			"destination (for example <code>[b\"vault\", user.key().as_ref()]</code>), and check them.</p>",
		DescriptionKeys: []string{"function_name"},
		DetectionLogic:  "Signer seeds of invoke_signed and CpiContext::new_with_signer (followed through locals) whose seed expressions mention no account named like a user, owner, authority, destination or signer.",
		CWE:             []string{"CWE-284"},
		Class:           "pda",
	}),
	Run: func(p *Pass) {
		for _, u := range p.units() {
			body := u.Func.Decl.Body
			env := lets(body)
			for _, c := range model.CPICalls(body) {
				var seeds ast.Expr
				switch c.Kind {
				case model.CallInvokeSigned, model.CallCpiContextNewWithSigner:
					if len(c.Args) >= 3 {
						seeds = c.Args[2]
					}
				}
				if seeds == nil {
					continue
				}
				arr := innermostSeeds(seeds, env)
				if arr == nil || len(arr.Elems) == 0 || seedsHaveUser(arr, env) {
					continue
				}
				p.ReportRange(arr.Pos(), arr.End(), u.Func, nil)
			}
		}
	},
}

// innermostSeeds follows &[&[..]] and locals down to the array literal
// that lists the seeds.
func innermostSeeds(x ast.Expr, env map[string]ast.Expr) *ast.ArrayExpr {
	for depth := 0; depth < 10 && x != nil; depth++ {
		switch e := x.(type) {
		case *ast.RefExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		case *ast.PathExpr:
			if len(e.Path.Segments) != 1 {
				return nil
			}
			x = env[e.Path.String()]
		case *ast.ArrayExpr:
			if len(e.Elems) == 1 && e.Len == nil {
				inner := unwrapSeed(e.Elems[0], env)
				if _, ok := inner.(*ast.ArrayExpr); ok {
					x = e.Elems[0]
					continue
				}
				if pe, ok := e.Elems[0].(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 {
					if _, ok := unwrapSeed(env[pe.Path.String()], env).(*ast.ArrayExpr); ok {
						x = e.Elems[0]
						continue
					}
				}
			}
			return e
		default:
			return nil
		}
	}
	return nil
}

func unwrapSeed(x ast.Expr, env map[string]ast.Expr) ast.Expr {
	for x != nil {
		switch e := x.(type) {
		case *ast.RefExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		default:
			return x
		}
	}
	return nil
}

// seedsHaveUser reports a seed that mentions a user-specific name.
func seedsHaveUser(arr *ast.ArrayExpr, env map[string]ast.Expr) bool {
	found := false
	var visit func(n ast.Node, depth int)
	visit = func(n ast.Node, depth int) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.Ident:
				name := strings.ToLower(x.Name)
				for _, w := range userWords {
					if strings.Contains(name, w) {
						found = true
					}
				}
				if init, ok := env[x.Name]; ok && depth < 4 && !found {
					visit(init, depth+1)
				}
			case *ast.LitExpr:
				if x.Kind == token.BYTE_STRING {
					return true
				}
			}
			return !found
		})
	}
	visit(arr, 0)
	return found
}
