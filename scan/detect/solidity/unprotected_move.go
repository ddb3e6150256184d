package solidity

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// Moves through token code that is not shipped. A custom transferFrom of a contract deriving
// from a token base whose source is missing (an unresolved ERC721 or ERC20 import) hands the
// account its caller names to the base's internal move: _transfer(from, to, id). The model
// cannot read that code; the standard bases' internal moves check nothing about who asks (the
// public functions check approval before calling them), so the only check is the caller's own,
// and there is none. The name of the unshipped primitive decides: low confidence.

// unshippedMoves are the internal move and burn primitives of the standard token bases, by
// name (lower case, without leading underscores): they move what their first argument names.
var unshippedMoves = []string{"transfer", "safetransfer", "burn"}

// unshippedMoveCalls returns the calls of fn (an entry point without access control) to an
// unresolved internal move primitive whose source account the caller chooses (a parameter),
// when nothing in fn checks the caller or reads an approval.
func unshippedMoveCalls(p *sema.Program, fn *sema.Function) []*sema.Call {
	out := unresolvedCalls(p, fn, func(info *sema.FuncInfo, n *sema.Node, c *sema.Call) bool {
		name := strings.ToLower(strings.TrimLeft(c.Name, "_"))
		return len(c.Args) > 0 && slices.Contains(unshippedMoves, name) && paramChosen(info, c.Args[0]) && !callerRestrictedAt(p, fn, n)
	})
	if len(out) == 0 || checksCaller(p, fn) || readsApproval(p, fn) || takesSignature(p, fn) {
		return nil
	}
	return out
}

// unresolvedCalls returns the calls fn's own code makes, f(...) with a plain name, of an
// internal function the model did not find (a base's, whose source is missing), that keep
// accepts.
func unresolvedCalls(p *sema.Program, fn *sema.Function, keep func(*sema.FuncInfo, *sema.Node, *sema.Call) bool) []*sema.Call {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return nil
	}
	var out []*sema.Call
	for _, n := range info.CFG.Nodes {
		if n.Fn != fn {
			continue
		}
		for _, c := range nodeCalls(p, n) {
			if _, plain := c.Expr.Fun.(*ast.Ident); plain && len(c.Callees) == 0 &&
				(c.Kind == sema.CallInternal || c.Kind == sema.CallUnknown) && keep(info, n, c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// checksCaller reports whether a condition of fn or of a modifier it runs reads the caller
// (require(_isApprovedOrOwner(_msgSender(), id)), if (from != msg.sender) ...): the function
// relates the caller to what it moves, in a way the model may not read through.
func checksCaller(p *sema.Program, fn *sema.Function) bool {
	for _, g := range append([]*sema.Function{fn}, fn.Modifiers...) {
		if g == nil || g.Body == nil {
			continue
		}
		gi := p.Info(g)
		if gi == nil {
			continue
		}
		d := p.DepsOf(gi)
		for _, c := range conditionsOf(p, g) {
			if d.Of(c.expr).Has(sema.SrcSender | sema.SrcOrigin) {
				return true
			}
		}
	}
	return false
}

// reportUnshippedMoves reports UNPROTECTED_BURN on the unresolved moves of fn.
func reportUnshippedMoves(pass *detect.Pass, fn *sema.Function) {
	p := pass.Program
	for _, c := range unshippedMoveCalls(p, fn) {
		ev := &detect.Evidence{}
		ev.Add("the account " + c.Name + " moves from is " + sourceText(p, c.Args[0]) + ", which the caller chooses")
		ev.Add("no condition of " + fnName(fn) + " reads the caller, and no allowance or approval is read")
		ev.Guess(c.Name + " is not in the sources: its name says it is a token base's internal move, which checks nothing about who asks")
		f := detect.Finding{Function: fn.Name, Evidence: ev,
			Details: map[string]string{"function_name": fnName(fn), "state_var": c.Name + "(" + sourceText(p, c.Args[0]) + ", ...)"}}
		f.Pos, f.End = fnRange(fn, c.Expr)
		pass.Report(f)
	}
}

// Mints through token code that is not shipped: a contract deriving from a fungible token base
// whose source is missing (an unresolved ERC20 import) creates supply with the base's internal
// _mint(to, amount). An entry point that calls it with an amount its caller chooses, without a
// check of the caller and without taking payment, prints tokens for anyone. The name of the
// unshipped primitive and of the base decide: low confidence.

// unshippedMintCalls returns fn's calls of an unresolved _mint(to, amount) whose amount the
// caller chooses, in a contract whose missing bases name a fungible token, when fn checks
// nothing about the caller and charges nothing.
func unshippedMintCalls(p *sema.Program, fn *sema.Function) []*sema.Call {
	if fn.Contract == nil || !fungibleMissingBase(p, fn.Contract) {
		return nil
	}
	out := unresolvedCalls(p, fn, func(info *sema.FuncInfo, n *sema.Node, c *sema.Call) bool {
		// A minter spending a quota an admin granted it is no open mint.
		return c.Name == "_mint" && len(c.Args) == 2 && paramChosen(info, c.Args[1]) &&
			!callerRestrictedAt(p, fn, n) && !withinCallerQuota(p, fn, n)
	})
	if len(out) == 0 || checksCaller(p, fn) || p.RunsOnce(fn) || isInitializerLike(fn) || len(p.CallerDebits(fn)) > 0 ||
		fn.IsPayable() && flowReadsValue(p, fn) {
		return nil
	}
	return out
}

// fungibleMissingBase reports whether one of c's bases that the sources lack is named as a
// fungible token (ERC20..., ...Token), not a non-fungible one (ERC721, ERC1155).
func fungibleMissingBase(p *sema.Program, c *sema.Contract) bool {
	if !c.UnresolvedBases {
		return false
	}
	for _, b := range c.Linearization {
		if b.Decl == nil {
			continue
		}
		for _, spec := range b.Decl.Bases {
			names := spec.Name.Names
			name := names[len(names)-1].Name
			if p.LookupContract(name, b.File) != nil {
				continue // shipped
			}
			upper := strings.ToUpper(name)
			if strings.Contains(upper, "721") || strings.Contains(upper, "1155") {
				continue
			}
			if strings.Contains(upper, "ERC20") || strings.HasSuffix(upper, "TOKEN") {
				return true
			}
		}
	}
	return false
}

// flowReadsValue reports whether fn reads msg.value (a paid mint).
func flowReadsValue(p *sema.Program, fn *sema.Function) bool {
	found := false
	fn.BodyTree().Inspect(func(x ast.Node) bool {
		if m, ok := x.(*ast.MemberExpr); ok && m.Name.Name == "value" {
			if id, ok := ast.Unparen(m.X).(*ast.Ident); ok && id.Name == "msg" {
				found = true
			}
		}
		return !found
	})
	return found
}

// reportUnshippedMints reports UNPROTECTED_MINT on the unresolved mints of fn.
func reportUnshippedMints(pass *detect.Pass, fn *sema.Function) {
	p := pass.Program
	for _, c := range unshippedMintCalls(p, fn) {
		ev := &detect.Evidence{}
		ev.Add("the amount " + c.Name + " creates is " + sourceText(p, c.Args[1]) + ", which the caller chooses")
		ev.Add("no condition of " + fnName(fn) + " reads the caller, and the caller pays nothing")
		ev.Guess(c.Name + " is not in the sources: its name and the missing token base say it creates supply, checking nothing about who asks")
		f := detect.Finding{Function: fn.Name, Evidence: ev,
			Details: map[string]string{"function_name": fnName(fn), "state_var": c.Name + "(" + sourceText(p, c.Args[0]) + ", " + sourceText(p, c.Args[1]) + ")"}}
		f.Pos, f.End = fnRange(fn, c.Expr)
		pass.Report(f)
	}
}
