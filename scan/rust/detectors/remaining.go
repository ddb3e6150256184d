package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// UnvalidatedRemainingAccounts reports accounts of ctx.remaining_accounts
// that an Anchor handler reads without establishing which accounts they
// are. Anchor checks nothing about remaining accounts: not their owner,
// not their type, not their address. A caller can pass any account there.
var UnvalidatedRemainingAccounts = analyzer(detect.Template{
	ID:         "SOLANA_UNVALIDATED_REMAINING_ACCOUNTS",
	Name:       "Remaining accounts used without validation",
	Severity:   detect.High,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> ${use} an account of <code>ctx.remaining_accounts</code> " +
		"(<code>${account_name}</code>) without checking its ${missing}. Anchor validates nothing about " +
		"remaining accounts, so a caller can pass an account it forged, or a genuine account that " +
		"belongs to another user, pool or market.</p>",
	Remediation: "<p>Before using each remaining account, compare its key with the address the program " +
		"expects (a stored key or a PDA derived from the instruction's accounts), or load it with " +
		"<code>Account::&lt;T&gt;::try_from</code> and check that its data ties it to the accounts of the " +
		"instruction (for example <code>require_keys_eq!(tick_array.pool, pool.key())</code>).</p>",
	DescriptionKeys: []string{"function_name", "use", "account_name", "missing"},
	DetectionLogic: "Anchor instruction code: elements of ctx.remaining_accounts (followed through locals, " +
		"indexing, get/first/next, for loops and closures over their iterators). Raw data reads " +
		"(try_borrow_data, data.borrow, try_from_unchecked) are reported when neither the owner nor the key of " +
		"the element is checked in the function or a helper it calls; typed loads (Account/AccountLoader/" +
		"InterfaceAccount::try_from, which check owner and type) when neither the element's key nor any field " +
		"of the loaded value is compared with anything. Deserializations that need an owner check are left to " +
		"SOLANA_MISSING_OWNER_CHECK.",
	CWE:   []string{"CWE-20", "CWE-345"},
	Class: "account-validation",
},
	func(p *Pass) {
		for _, u := range p.units() {
			if u.Ctx == "" || u.Ctx == "self" {
				continue
			}
			body := u.Func.Decl.Body
			elems := remainingElems(body, u.Ctx+".remaining_accounts")
			if len(elems) == 1 {
				continue // the function never touches ctx.remaining_accounts
			}
			reported := map[string]bool{}
			for _, s := range remainingSinks(body, elems) {
				if reported[s.elem] || ownerDetectorReads(body, s.elem) {
					continue
				}
				if p.elemChecked(u.Func, s.elem, PropKey) {
					continue
				}
				missing := "owner or address"
				if s.typed {
					if s.local != "" && relatesLoaded(body, s.local) || s.local == "" && comparesInStmt(body, s.node) ||
						standalone(p.Program, s.dataType) {
						continue
					}
					missing = "address, or the data that ties it to the instruction's other accounts"
				} else if p.elemChecked(u.Func, s.elem, PropOwner) {
					continue
				}
				reported[s.elem] = true
				p.Report(s.node, u.Func, map[string]string{"use": s.use, "account_name": s.elem, "missing": missing})
			}
		}
	})

// remainingSink is a use of a remaining account that needs validation.
type remainingSink struct {
	node  ast.Node
	elem  string // the name the code gives the account
	use   string // "reads the data of", "loads"
	typed bool   // loaded through a checked Anchor type
	local string // the local the typed load is bound to, if any
	// dataType is T of a typed load (Account::<T>::try_from), or "".
	dataType string
}

// remainingElems lists the names bound to ctx.remaining_accounts or to its
// elements: the root path itself, locals (let extra =
// &ctx.remaining_accounts[0]), for-loop and closure parameters over their
// iterators.
func remainingElems(body ast.Node, root string) map[string]bool {
	elems := map[string]bool{root: true}
	for pass := 0; pass < 3; pass++ {
		n := len(elems)
		ast.Inspect(body, func(n ast.Node) bool {
			switch x := n.(type) {
			case *ast.LetStmt:
				if x.Init != nil && elemExpr(x.Init, elems) {
					bindPat(x.Pat, elems)
				}
			case *ast.ForExpr:
				if elemExpr(x.Iter, elems) {
					bindPat(x.Pat, elems)
				}
			case *ast.MethodCallExpr:
				// ctx.remaining_accounts.iter().map(|acc| ..)
				if elemExpr(x.Recv, elems) {
					for _, a := range x.Args {
						if cl, ok := a.(*ast.ClosureExpr); ok {
							for _, prm := range cl.Params {
								bindPat(prm.Pat, elems)
							}
						}
					}
				}
			}
			return true
		})
		if len(elems) == n {
			break
		}
	}
	return elems
}

// elemExpr reports an expression that denotes remaining accounts or one of
// them, through references, indexing, ? and the slice and iterator methods
// that hand out elements.
func elemExpr(x ast.Expr, elems map[string]bool) bool {
	base := stripAccess(x, func(m string) bool { return elemMethods[m] })
	return base != nil && elems[model.ExprPath(base)]
}

// elemMethods pass on remaining accounts or hand out one of them.
var elemMethods = map[string]bool{
	"iter": true, "into_iter": true, "get": true, "first": true, "last": true, "next": true, "nth": true,
	"skip": true, "take": true, "enumerate": true, "ok_or": true, "ok_or_else": true, "unwrap": true,
	"expect": true, "clone": true, "to_account_info": true, "as_ref": true, "to_vec": true,
	"split_first": true, "split_at": true, "chunks": true, "chunks_exact": true, "peekable": true,
	"rev": true, "cloned": true, "copied": true,
}

// bindPat adds the names a pattern binds (through tuples and references).
func bindPat(p ast.Pat, elems map[string]bool) {
	switch x := p.(type) {
	case *ast.IdentPat:
		elems[x.Name.Name] = true
	case *ast.RefPat:
		bindPat(x.Pat, elems)
	case *ast.TuplePat:
		for _, e := range x.Elems {
			bindPat(e, elems)
		}
	case *ast.TupleStructPat:
		// Some(acc)
		for _, e := range x.Elems {
			bindPat(e, elems)
		}
	}
}

// typedLoaders are the Anchor wrappers whose try_from checks the owner and
// the discriminator of the account it is given.
var typedLoaders = map[string]bool{"Account": true, "AccountLoader": true, "InterfaceAccount": true}

// remainingSinks lists the uses of remaining accounts that need them to be
// the right accounts: raw reads of their data and typed loads.
func remainingSinks(body ast.Node, elems map[string]bool) []remainingSink {
	var out []remainingSink
	elemOf := func(x ast.Expr) string {
		if x == nil || !elemExpr(x, elems) {
			return ""
		}
		return accountPath(x)
	}
	typedLocal := map[ast.Node]string{}
	letType := map[ast.Node]string{} // let x: Account<T> = Account::try_from(..)
	ast.Inspect(body, func(n ast.Node) bool {
		if l, ok := n.(*ast.LetStmt); ok && l.Init != nil {
			if ip, ok := l.Pat.(*ast.IdentPat); ok {
				if c := loadCall(l.Init); c != nil {
					typedLocal[c] = ip.Name.Name
					if l.Type != nil {
						letType[c] = model.ClassifyType(l.Type).Inner
					}
				}
			}
		}
		return true
	})
	for _, c := range model.Calls(body) {
		if c.Macro {
			continue
		}
		switch {
		case c.Method == "try_borrow_data" || c.Method == "try_borrow_mut_data":
			if e := elemOf(c.Recv); e != "" {
				out = append(out, remainingSink{node: c.Node, elem: e, use: "reads the data of"})
			}
		case c.Method == "borrow" || c.Method == "borrow_mut":
			if f, ok := c.Recv.(*ast.FieldExpr); ok && f.Name.Name == "data" {
				if e := elemOf(f.X); e != "" {
					out = append(out, remainingSink{node: c.Node, elem: e, use: "reads the data of"})
				}
			}
		case c.Name() == "try_from_unchecked" && len(c.Args) > 0:
			if e := elemOf(c.Args[0]); e != "" {
				out = append(out, remainingSink{node: c.Node, elem: e, use: "loads without checks"})
			}
		case c.Name() == "try_from" && len(c.Args) == 1 && typedLoaders[firstSegment(c.Path)]:
			if e := elemOf(c.Args[0]); e != "" {
				inner := letType[c.Node]
				if inner == "" {
					inner = turbofishType(c.Node.(*ast.CallExpr))
				}
				out = append(out, remainingSink{node: c.Node, elem: e, use: "loads", typed: true, local: typedLocal[c.Node], dataType: inner})
			}
		}
	}
	return out
}

func firstSegment(path string) string {
	first, _, _ := strings.Cut(path, "::")
	if i := strings.IndexByte(first, '<'); i >= 0 {
		first = first[:i]
	}
	return first
}

// ownerDetectorReads reports a deserialization of elem that
// SOLANA_MISSING_OWNER_CHECK judges (try_deserialize, unpack, ...).
func ownerDetectorReads(body ast.Node, elem string) bool {
	for _, c := range model.Calls(body) {
		if c.Macro || !deserializersNeedingOwner[c.Name()] || len(c.Args) == 0 {
			continue
		}
		if containsName(c.Args[len(c.Args)-1], elem) {
			return true
		}
	}
	return false
}

// elemChecked is checkedIn for a remaining account, also accepting
// method comparisons (acc.key().eq(&expected), acc.owner.ne(&id)).
func (p *Pass) elemChecked(fn *model.Function, elem string, prop Property) bool {
	if p.checkedIn(fn, elem, prop) {
		return true
	}
	found := false
	ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
		mc, ok := n.(*ast.MethodCallExpr)
		if !ok || found || (mc.Name.Name != "eq" && mc.Name.Name != "ne") || len(mc.Args) != 1 {
			return !found
		}
		for _, side := range []ast.Expr{mc.Recv, mc.Args[0]} {
			path := model.ExprPath(side)
			if mentions(path, elem) && (strings.HasSuffix(path, "."+string(prop)) || strings.HasSuffix(path, "."+string(prop)+"()")) {
				found = true
			}
		}
		return !found
	})
	return found
}

// relatesLoaded reports code that ties a loaded account to something:
// its key or one of its fields compared with another value.
func relatesLoaded(body ast.Node, local string) bool {
	for _, c := range model.Comparisons(body) {
		if mentions(c.XPath, local) && c.XPath != local || mentions(c.YPath, local) && c.YPath != local {
			return true
		}
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if mc, ok := n.(*ast.MethodCallExpr); ok && (mc.Name.Name == "eq" || mc.Name.Name == "ne") && len(mc.Args) == 1 {
			if strings.HasPrefix(model.ExprPath(mc.Recv), local+".") || strings.HasPrefix(model.ExprPath(mc.Args[0]), local+".") {
				found = true
			}
		}
		return !found
	})
	return found
}

// comparesInStmt reports a comparison in the innermost statement holding
// n: a load not bound to a local (an iterator chain) is judged by what the
// same chain compares.
func comparesInStmt(body ast.Node, n ast.Node) bool {
	var stmt ast.Node
	ast.Inspect(body, func(m ast.Node) bool {
		switch m.(type) {
		case *ast.LetStmt, *ast.ExprStmt:
			if m.Pos() <= n.Pos() && n.End() <= m.End() {
				stmt = m
			}
		}
		return true
	})
	return stmt != nil && len(model.Comparisons(stmt)) > 0
}

// loadCall returns the call whose value a let binds: the initializer
// through ?, references, parentheses, unwrap/expect and Box::new.
func loadCall(x ast.Expr) *ast.CallExpr {
	for depth := 0; depth < 8; depth++ {
		switch e := x.(type) {
		case *ast.TryExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		case *ast.RefExpr:
			x = e.X
		case *ast.MethodCallExpr:
			if e.Name.Name != "unwrap" && e.Name.Name != "expect" {
				return nil
			}
			x = e.Recv
		case *ast.CallExpr:
			if pe, ok := e.Fun.(*ast.PathExpr); ok && strings.HasSuffix(pe.Path.String(), "Box::new") && len(e.Args) == 1 {
				x = e.Args[0]
				continue
			}
			return e
		default:
			return nil
		}
	}
	return nil
}

// turbofishType returns T of Account::<T>::try_from (the last type
// argument of the wrapper's segment), or "".
func turbofishType(c *ast.CallExpr) string {
	pe, ok := c.Fun.(*ast.PathExpr)
	if !ok || len(pe.Path.Segments) == 0 || pe.Path.Segments[0].Args == nil {
		return ""
	}
	args := pe.Path.Segments[0].Args.Args
	for i := len(args) - 1; i >= 0; i-- {
		if args[i].Type != nil {
			return typeLast(args[i].Type)
		}
	}
	return ""
}

// standalone reports one of the crate's account types that stores no key
// of another account (a fee or settings record): nothing in it can tie it
// to the instruction's other accounts, so any genuine account of the type
// is as good as another; Account::try_from has checked that it is genuine.
func standalone(prog *model.Program, typ string) bool {
	ds := prog.DataStruct(typ)
	if ds == nil || !ds.HasDiscriminator {
		return false
	}
	for _, f := range ds.Item.Fields {
		if strings.Contains(prog.Source(f.Type), "Pubkey") {
			return false
		}
	}
	return true
}
