package detectors

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// reportUnexemptInitializations reports native code that takes an
// account someone else created (the client's create_account in the same
// transaction) and marks it initialized (is_initialized: true) without
// asking the rent sysvar whether its balance covers its size: the
// program accepts whatever balance it was given. Accounts the function
// creates or allocates itself are judged where they are funded; Anchor's
// init and zero check rent exemption themselves.
func (p *Pass) reportUnexemptInitializations(fn *model.Function) {
	if !writesBack(fn) {
		return
	}
	mark := initializedMark(fn.Decl.Body)
	if mark == nil || p.Program.ContextAccounts(fn) != nil || p.anchorCode(fn) {
		return
	}
	if allocs, _ := systemCalls(fn); len(allocs) > 0 || createsAccount(fn.Decl.Body) || p.allocatesThroughHelper(fn, 0) {
		return
	}
	if p.rentCompared(fn) || p.everyCallerComparesRent(fn) {
		return
	}
	p.Report(mark, fn, map[string]string{"lamports": "the balance it was created with", "how": "is_initialized set on an account passed in"})
}

// writesBack reports a function that stores account state (Borsh
// serialize, Pack pack/pack_into_slice): a mark that is never stored
// initializes nothing.
func writesBack(fn *model.Function) bool {
	for _, c := range fn.Calls() {
		switch c.Name() {
		case "serialize", "pack", "pack_into_slice":
			return true
		}
	}
	return false
}

// initializedMark returns the first is_initialized: true (struct literal)
// or x.is_initialized = true in body, or nil.
func initializedMark(body ast.Node) ast.Node {
	var mark ast.Node
	isTrue := func(x ast.Expr) bool {
		lit, ok := x.(*ast.LitExpr)
		return ok && lit.Kind == token.TRUE
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FieldInit:
			if x.Name.Name == "is_initialized" && x.Value != nil && isTrue(x.Value) {
				mark = x
			}
		case *ast.AssignExpr:
			if f, ok := x.X.(*ast.FieldExpr); ok && x.Op == token.EQ && f.Name.Name == "is_initialized" && isTrue(x.Y) {
				mark = x
			}
		}
		return mark == nil
	})
	return mark
}

// anchorCode reports a function that runs an Anchor instruction (handler,
// delegate or Accounts method): its accounts are Anchor's to check.
func (p *Pass) anchorCode(fn *model.Function) bool {
	for _, u := range p.units() {
		if u.Func == fn && u.Accounts != nil {
			return true
		}
	}
	return false
}

// everyCallerComparesRent reports a function whose callers in the crate
// (there is at least one) all ask the rent sysvar about a balance in
// their own code. Their other callees do not count: a dispatcher calls
// the checked and the unchecked instruction alike.
func (p *Pass) everyCallerComparesRent(fn *model.Function) bool {
	sites := p.callSites(fn.Name)
	if len(sites) == 0 {
		return false
	}
	for _, s := range sites {
		if !asksRent(s.caller) {
			return false
		}
	}
	return true
}

// asksRent reports a function whose own body asks the rent sysvar about
// a balance.
func asksRent(fn *model.Function) bool {
	return mentionsIdent(fn.Decl.Body, "minimum_balance", "is_exempt")
}
