package solidity

import (
	"slices"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// Admin-routing proxies. Some proxies hold two implementations and pick by caller: the admin's
// calls run the primary (admin) logic, everyone else's the secondary (user) logic (Arbitrum's
// AdminFallbackProxy; a transparent proxy is the one-implementation form). Code installed as
// the primary implementation is reached only by the admin, so an upgrade hook there that
// checks nothing lets only the admin upgrade.
//
// The link between a logic contract and such a proxy is their shared storage code: both derive
// from the base whose functions read and write the implementation slots, and the proxy's
// routing function reads its targets through that base.

// routingProxy returns a contract of the program, other than logic, that picks its delegate
// target by a check of the caller through a base it shares with logic, and that routing
// function; nil when there is none.
func routingProxy(p *sema.Program, logic *sema.Contract) (*sema.Contract, *sema.Function) {
	if logic == nil {
		return nil, nil
	}
	for _, px := range p.Contracts {
		if px == logic || px.IsInterface() || px.IsLibrary() || slices.Contains(logic.Linearization, px) {
			continue
		}
		for _, fn := range px.AllFunctions() {
			if fn.Body == nil || !routesTarget(p, px, fn) || !choosesByCaller(p, fn) {
				continue
			}
			if readsThroughSharedBase(p, fn, px, logic) {
				return px, fn
			}
		}
	}
	return nil, nil
}

// routesTarget: fn is where a proxy's calls are routed: its delegating fallback or a function
// that fallback runs. When the proxy's fallback is not shipped (OpenZeppelin's Proxy base left
// unresolved, as in most projects), the name of Proxy's hook, _implementation, fills the gap.
func routesTarget(p *sema.Program, px *sema.Contract, fn *sema.Function) bool {
	shipped := false
	for _, g := range px.AllFunctions() {
		if g.Kind != ast.FuncFallback || g.Body == nil {
			continue
		}
		shipped = true
		if fn == g || slices.Contains(p.Callees(g), fn) {
			return isDelegatingProxy(p, px)
		}
	}
	return !shipped && fn.Name == "_implementation"
}

// choosesByCaller: a branch or a conditional expression of fn tests who the caller is.
func choosesByCaller(p *sema.Program, fn *sema.Function) bool {
	info := p.Info(fn)
	if info == nil {
		return false
	}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		var cond ast.Expr
		switch x := n.(type) {
		case *ast.CondExpr:
			cond = x.Cond
		case *ast.IfStmt:
			cond = x.Cond
		}
		if cond != nil && p.IsSenderCheck(info, cond) {
			found = true
		}
		return !found
	})
	return found
}

// readsThroughSharedBase: fn, or a function it calls, is declared in a contract both px and
// logic derive from.
func readsThroughSharedBase(p *sema.Program, fn *sema.Function, px, logic *sema.Contract) bool {
	for _, g := range p.Callees(fn) {
		b := g.Contract
		if b != nil && !b.IsLibrary() && !b.IsInterface() && slices.Contains(px.Linearization, b) && slices.Contains(logic.Linearization, b) {
			return true
		}
	}
	return false
}
