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
var PDASharing = analyzer(detect.Template{
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
	DetectionLogic:  "Signer seeds of invoke_signed, CpiContext::new_with_signer and .with_signer (followed through locals) that tie the PDA to no one: no account's own key (x.key()), no account's own seeds (x.seeds(): the account signs for itself), and no stored key named like a user, owner, authority, destination or signer. Not reported: a PDA of the handler's accounts passed to a CPI both as authority and as the account operated on, in a CPI that moves no holdings (not a token/system transfer, burn, close, approval or mint): it signs only for changes to itself. Nor a protocol-wide PDA (constant seeds) whose CPI accounts are all fixed: derived, programs, or keys the handler, a function it calls or its access_control requires equal to a value.",
	CWE:             []string{"CWE-284"},
	Class:           "pda",
},
	func(p *Pass) {
		for _, u := range p.units() {
			body := u.Func.Decl.Body
			env := lets(body)
			for _, c := range model.Calls(body) {
				var seeds ast.Expr
				switch {
				case c.Kind == model.CallInvokeSigned || c.Kind == model.CallCpiContextNewWithSigner:
					if len(c.Args) >= 3 {
						seeds = c.Args[2]
					}
				case c.Method == "with_signer" && len(c.Args) == 1:
					// ctx.accounts.transfer_ctx().with_signer(&[seeds])
					seeds = c.Args[0]
				}
				if seeds == nil || cpiCreatesAccount(c, env) {
					continue
				}
				arr := innermostSeeds(seeds, env)
				if arr == nil || len(arr.Elems) == 0 || seedsIndividual(arr, env) || signsForItself(p, u, c, arr, env) || singletonFixedDestinations(p, u, c, arr, env) {
					continue
				}
				p.ReportRange(arr.Pos(), arr.End(), u.Func, nil)
			}
		}
	})

// seedsIndividual reports signer seeds that tie the PDA to one account or
// one user: a seed naming a user-specific key, an account's own key
// (pool.key().as_ref(), proposal_info.key.to_bytes()), or an account's
// own seeds (pool_state.seeds(): the PDA is that account, which signs for
// itself).
func seedsIndividual(arr *ast.ArrayExpr, env map[string]ast.Expr) bool {
	if seedsHaveUser(arr, env) {
		return true
	}
	found := false
	var visit func(n ast.Node, depth int)
	visit = func(n ast.Node, depth int) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.FieldExpr:
				// A mint's key is shared by every holder of the token.
				if x.Name.Name == "key" && !isMintName(model.ExprPath(x.X)) {
					found = true
				}
			case *ast.MethodCallExpr:
				switch x.Name.Name {
				case "key":
					found = !isMintName(model.ExprPath(x.Recv))
				case "seeds", "signer_seeds", "pda_seeds":
					found = true
				}
			case *ast.PathExpr:
				if len(x.Path.Segments) == 1 && depth < 4 {
					if init, ok := env[x.Path.String()]; ok {
						visit(init, depth+1)
					}
				}
			}
			return !found
		})
	}
	for _, e := range arr.Elems {
		visit(e, 0)
	}
	return found
}

func isMintName(path string) bool {
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		path = path[i+1:]
	}
	return strings.Contains(strings.ToLower(path), "mint")
}

// cpiCreatesAccount reports a signed CPI that creates, allocates or assigns
// an account (system create_account and its wrappers): the PDA signs for
// its own creation, not for assets it holds.
func cpiCreatesAccount(c *model.Call, env map[string]ast.Expr) bool {
	found := false
	var visit func(n ast.Node, depth int)
	visit = func(n ast.Node, depth int) {
		ast.Inspect(n, func(n ast.Node) bool {
			name := ""
			switch x := n.(type) {
			case *ast.StructExpr:
				name = x.Path.String()
			case *ast.CallExpr:
				if pe, ok := x.Fun.(*ast.PathExpr); ok {
					name = pe.Path.String()
				}
			case *ast.PathExpr:
				if init, ok := env[x.Path.String()]; ok && len(x.Path.Segments) == 1 && depth < 3 {
					visit(init, depth+1)
				}
			}
			if i := strings.LastIndex(name, "::"); i >= 0 {
				name = name[i+2:]
			}
			switch strings.ToLower(name) {
			case "createaccount", "createaccountsafe", "allocate", "assign", "create_account", "create_account_safe",
				"create_account_with_seed", "createaccountwithseed":
				found = true
			}
			return !found
		})
	}
	if c.Recv != nil {
		visit(c.Recv, 0)
	}
	for _, a := range c.Args {
		visit(a, 0)
	}
	return found
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
				inner := ast.Unref(e.Elems[0])
				// &[&seeds[..]]: the whole of a seeds array.
				if ix, ok := inner.(*ast.IndexExpr); ok {
					if r, ok := ix.Index.(*ast.RangeExpr); ok && r.Lo == nil && r.Hi == nil {
						x = ix.X
						continue
					}
				}
				if _, ok := inner.(*ast.ArrayExpr); ok {
					x = e.Elems[0]
					continue
				}
				if pe, ok := e.Elems[0].(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 {
					if _, ok := ast.Unref(env[pe.Path.String()]).(*ast.ArrayExpr); ok {
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
