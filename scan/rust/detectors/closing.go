package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// InsecureAccountClosing reports accounts drained of lamports while their
// data stays, so they can be revived in the same transaction.
var InsecureAccountClosing = analyzer(detect.Template{
	ID:         "SOLANA_INSECURE_ACCOUNT_CLOSING",
	Name:       "Insecure account closing",
	Severity:   detect.High,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> closes <code>${account_name}</code> by moving its " +
		"lamports out but leaves its data (and discriminator) in place; refunded within the same " +
		"transaction, the account survives and can be used again.</p>",
	Remediation: "<p>Anchor: use the <code>close = destination</code> constraint. Native: after moving the " +
		"lamports, zero the data, reassign the account to the system program and shrink it " +
		"(<code>assign</code>, <code>realloc(0, false)</code>).</p>",
	DescriptionKeys: []string{"function_name", "account_name"},
	DetectionLogic:  "Assignments of 0 to **x.lamports.borrow_mut() or **x.try_borrow_mut_lamports()? in functions that neither zero x's data (fill(0), sol_memset, assigning an empty slice, realloc/resize to 0) nor assign x to another owner.",
	CWE:             []string{"CWE-672"},
	Class:           "account-lifecycle",
},
	func(p *Pass) {
		for _, fn := range p.Program.Functions {
			if inTests(fn) {
				continue
			}
			body := fn.Decl.Body
			ast.Inspect(body, func(n ast.Node) bool {
				a, ok := n.(*ast.AssignExpr)
				if !ok || a.Op != token.EQ {
					return true
				}
				if lit, ok := a.Y.(*ast.LitExpr); !ok || lit.Kind != token.INT || lit.Value != "0" {
					return true
				}
				acc := lamportsOwner(a.X)
				if acc == "" {
					return true
				}
				names := dataAliases(body, acc)
				if marker := writtenMarker(body, names); marker != "" {
					// Marked closed: safe only if some instruction defunds
					// accounts that bear the mark (a revived account otherwise
					// lingers, marked but funded).
					if !p.comparedElsewhere(fn, marker) {
						p.Report(a, fn, map[string]string{"account_name": acc})
					}
					return true
				}
				if clearedAny(body, names) || testsMarker(body) {
					return true
				}
				if field, ok := p.markedField(fn, a); ok && p.fieldTested(field, fn) {
					// Marked closed in a field of its data (reached through a
					// view the syntax cannot tie to the account) that the
					// program's checks test.
					return true
				}
				p.Report(a, fn, map[string]string{"account_name": acc})
				return true
			})
		}
	})

// lamportsOwner returns x for **x.lamports.borrow_mut() and
// **x.try_borrow_mut_lamports()?.
func lamportsOwner(e ast.Expr) string {
	for {
		switch x := e.(type) {
		case *ast.UnaryExpr:
			e = x.X
		case *ast.TryExpr:
			e = x.X
		case *ast.MethodCallExpr:
			switch x.Name.Name {
			case "try_borrow_mut_lamports":
				return model.ExprPath(x.Recv)
			case "borrow_mut":
				if f, ok := x.Recv.(*ast.FieldExpr); ok && f.Name.Name == "lamports" {
					return model.ExprPath(f.X)
				}
			}
			return ""
		default:
			return ""
		}
	}
}

// dataAliases lists acc and the locals bound to it or to its data (let
// mut data = account.try_borrow_mut_data()?; let cursor = Cursor::new(&mut data)).
func dataAliases(body ast.Node, acc string) []string {
	out := []string{acc}
	seen := map[string]bool{acc: true}
	env := lets(body)
	for changed := true; changed; {
		changed = false
		for local, init := range env {
			if seen[local] {
				continue
			}
			for _, n := range out {
				if containsName(init, n) {
					seen[local] = true
					out = append(out, local)
					changed = true
					break
				}
			}
		}
	}
	return out
}

func clearedAny(body ast.Node, names []string) bool {
	for _, n := range names {
		if cleared(body, n) || zeroLoop(body, n) {
			return true
		}
	}
	return false
}

// zeroLoop reports a loop over name's bytes that sets each to 0
// (for byte in data.iter_mut() { *byte = 0; }).
func zeroLoop(body ast.Node, name string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		f, ok := n.(*ast.ForExpr)
		if !ok || !containsName(f.Iter, name) {
			return !found
		}
		ast.Inspect(f.Body, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignExpr); ok && a.Op == token.EQ {
				if lit, ok := a.Y.(*ast.LitExpr); ok && lit.Kind == token.INT && lit.Value == "0" {
					found = true
				}
			}
			return !found
		})
		return !found
	})
	return found
}

// writtenMarker returns the constant written into the data of one of
// names (cursor.write_all(&CLOSED_ACCOUNT_DISCRIMINATOR),
// data[..8].copy_from_slice(&CLOSED)), or "".
func writtenMarker(body ast.Node, names []string) string {
	for _, c := range model.Calls(body) {
		if c.Name() != "write_all" && c.Name() != "copy_from_slice" || len(c.Args) != 1 {
			continue
		}
		arg := model.ExprPath(c.Args[0])
		if !isConstName(arg) {
			continue
		}
		for _, n := range names {
			if c.Recv != nil && containsName(c.Recv, n) {
				return arg
			}
		}
	}
	return ""
}

// testsMarker reports a comparison with a constant marker
// (if discriminator != CLOSED_ACCOUNT_DISCRIMINATOR): the function acts
// on accounts already marked closed.
func testsMarker(body ast.Node) bool {
	for _, c := range model.Comparisons(body) {
		if isConstName(c.XPath) || isConstName(c.YPath) {
			return true
		}
	}
	return false
}

// comparedElsewhere reports a function other than fn that compares a
// value with the constant marker.
func (p *Pass) comparedElsewhere(fn *model.Function, marker string) bool {
	for _, g := range p.Program.Functions {
		if g == fn {
			continue
		}
		for _, c := range model.Comparisons(g.Decl.Body) {
			if c.XPath == marker || c.YPath == marker {
				return true
			}
		}
	}
	return false
}

// markedField returns the field of its data that an instruction draining an account at
// drain writes (open_orders.account_flags = CLOSED, through whatever view of the data the
// code holds), from the model.
func (p *Pass) markedField(fn *model.Function, drain ast.Node) (string, bool) {
	for _, in := range p.Model.Instructions {
		if !in.Facts.Code[fn] {
			continue
		}
		for _, l := range in.Facts.Lamports {
			if l.Node != drain || l.Credit {
				continue
			}
			// The mark written beside the drain (not fields an initialisation the
			// instruction may run writes).
			for _, w := range in.Facts.Writes {
				if w.Acc == l.Acc && w.Path != "" && w.Fn == fn {
					return w.Path, true
				}
			}
		}
	}
	return "", false
}

// fieldTested reports a test of the field in a condition by code other than fn: the
// program looks at the mark before using an account, so a revived account is refused. The
// field is compared by its last name: the views the code reads it through (a wrapper's
// inner state) may name the path differently.
func (p *Pass) fieldTested(field string, fn *model.Function) bool {
	field = field[strings.LastIndexByte(field, '.')+1:]
	for _, in := range p.Model.Instructions {
		for _, f := range in.Facts.Fields {
			if f.Path[strings.LastIndexByte(f.Path, '.')+1:] == field && f.InCond && f.Fn != fn {
				return true
			}
		}
	}
	return false
}

// isConstName reports an upper-case constant path (CLOSED, crate::MARK).
func isConstName(path string) bool {
	if i := strings.LastIndex(path, "::"); i >= 0 {
		path = path[i+2:]
	}
	if len(path) < 2 {
		return false
	}
	for _, r := range path {
		if r != '_' && (r < 'A' || r > 'Z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// cleared reports code that wipes or hands over account acc.
func cleared(body ast.Node, acc string) bool {
	for _, c := range model.Calls(body) {
		switch c.Name() {
		case "assign", "realloc", "resize":
			if mentions(model.ExprPath(c.Recv), acc) {
				return true
			}
		case "fill", "sol_memset", "copy_from_slice":
			if c.Recv != nil && mentions(model.ExprPath(c.Recv), acc) || containsName(c.Recv, acc) {
				return true
			}
			for _, a := range c.Args {
				if containsName(a, acc) {
					return true
				}
			}
		}
	}
	// *acc.try_borrow_mut_data()? = &mut [];
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignExpr); ok && a.Op == token.EQ && containsName(a.X, acc) {
			if mc := findMethod(a.X, "try_borrow_mut_data", "borrow_mut"); mc {
				found = true
			}
		}
		return !found
	})
	return found
}

func containsName(n ast.Node, name string) bool {
	if n == nil {
		return false
	}
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if x, ok := n.(ast.Expr); ok && mentions(model.ExprPath(x), name) {
			found = true
		}
		return !found
	})
	return found
}

func findMethod(n ast.Node, names ...string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if mc, ok := n.(*ast.MethodCallExpr); ok {
			for _, nm := range names {
				if mc.Name.Name == nm {
					if nm != "borrow_mut" {
						found = true
					} else if f, ok := mc.Recv.(*ast.FieldExpr); ok && f.Name.Name == "data" {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}
