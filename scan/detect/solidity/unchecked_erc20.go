package solidity

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// UncheckedERC20Transfer reports ERC20 transfer/transferFrom calls whose boolean result is
// dropped: tokens that return false instead of reverting (many older tokens) fail silently
// while the contract books the transfer as done.
var UncheckedERC20Transfer = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNCHECKED_ERC20_TRANSFER",
		Name:       "Unchecked ERC20 transfer",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> calls <code>${call}</code> on a ` +
			`token and ignores the returned boolean. Tokens that signal failure by returning <code>false</code> leave the ` +
			`transfer undone while this contract carries on as if it happened (crediting deposits that never arrived, or ` +
			`marking payouts as paid).</p>`,
		Remediation: `<p>Use OpenZeppelin's <code>SafeERC20</code> (<code>safeTransfer</code>, <code>safeTransferFrom</code>) or ` +
			`<code>require(token.transfer(to, amount))</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call"},
		DetectionLogic: "An external call named transfer (2 arguments) or transferFrom (3 arguments) on a contract-typed or " +
			"unresolved receiver, whose declared return is bool (or unknown), used as a bare statement; left out when every " +
			"shipped implementation of the token's interface reverts on failure instead of returning false, and for ERC-721 " +
			"transferFrom (which returns nothing). Low severity when the contract already uses SafeERC20/SafeTransferLib for " +
			"its tokens; medium confidence when the token's code is not shipped.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-104"},
		CWE:       []string{"CWE-252"},
		Languages: []string{"solidity"},
		Slither:   "unchecked-transfer",
		Class:     "unchecked-call",
	},
	Run: runUncheckedERC20,
}

func runUncheckedERC20(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if isTestContract(fn.Contract) {
			continue
		}
		info := p.Info(fn)
		for _, c := range info.Calls {
			if c.Kind != sema.CallExternal || isThis(c.Target) {
				continue
			}
			if !(c.Name == "transfer" && len(c.Args) == 2 || c.Name == "transferFrom" && len(c.Args) == 3) {
				continue
			}
			if c.Callee != nil && (len(c.Callee.Returns) == 0 || !isBoolType(c.Callee.Returns[0].Type)) {
				continue // declared without a bool result: nothing to check (USDT-style interface)
			}
			if resultUsed(fn, c.Expr) || insideTry(fn, c.Expr) {
				continue
			}
			if c.Name == "transferFrom" && (isNonFungible(c.Contract) || c.Contract == nil && nonFungibleName(receiverTypeName(info, c.Target))) {
				continue // ERC-721's transferFrom returns nothing and reverts on failure
			}
			if isWrappedNative(c.Contract) {
				continue // WETH9 and its kin revert on failure and otherwise return true
			}
			if c.Callee != nil && neverReturnsFalse(p, c.Callee, 0) {
				continue // the token's own code reverts on failure and otherwise returns true
			}
			if shippedImplsNeverFail(p, c) {
				continue // every implementation the project ships reverts on failure
			}
			f := detect.Finding{Pos: c.Expr.Pos(), End: c.Expr.End(), Function: fn.Name,
				Details: map[string]string{"function_name": fnName(fn), "call": c.Name}, Evidence: &detect.Evidence{}}
			f.Evidence.Add("the boolean " + c.Name + " returns is dropped")
			if c.Callee == nil || c.Callee.Body == nil {
				f.Evidence.Assume("the token's code is not in the sources: it may return false instead of reverting")
			}
			if usesSafeERC20(fn.Contract) || !booksAnything(p, info) {
				// A failed transfer in a function that records nothing (a sweep of tokens
				// sent by mistake) leaves no account wrong: the caller sees nothing arrive.
				f.Severity = detect.Low
			}
			pass.Report(f)
		}
	}
}

func isBoolType(t sema.Type) bool {
	e, ok := t.(*sema.Elementary)
	return ok && e.Name == "bool"
}

// insideTry reports whether the call is the call of a try statement (its result is handled).
func insideTry(fn *sema.Function, c *ast.CallExpr) bool {
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if t, ok := n.(*ast.TryStmt); ok && unwrapCall(t.Call) == c {
			found = true
		}
		return !found
	})
	return found
}

// usesSafeERC20 reports whether a contract binds SafeERC20 or SafeTransferLib with using-for.
func usesSafeERC20(c *sema.Contract) bool {
	if c == nil {
		return false
	}
	for _, b := range c.Linearization {
		for _, u := range b.Usings {
			if u.Library != nil {
				name := strings.ToLower(u.Library.String())
				if strings.Contains(name, "safeerc20") || strings.Contains(name, "safetransferlib") || strings.Contains(name, "transferhelper") {
					return true
				}
			}
		}
	}
	return false
}

// isNonFungible reports whether a token type is an ERC-721 or ERC-1155 contract: it is, or
// inherits (even from an unresolved import), a contract named like IERC721/ERC721/ERC1155, or
// declares ownerOf. Their transferFrom returns nothing: a failure reverts.
func isNonFungible(c *sema.Contract) bool {
	if c == nil {
		return false
	}
	for _, b := range c.Linearization {
		if nonFungibleName(b.Name) || len(b.LookupFunction("ownerOf")) > 0 && b == c {
			return true
		}
		for _, spec := range b.Decl.Bases {
			if nonFungibleName(spec.Name.String()) {
				return true
			}
		}
	}
	return false
}

// nonFungibleName reports whether a token type is named as an ERC-721 or ERC-1155 contract:
// the gap a name fills when the type's import is not shipped.
func nonFungibleName(name string) bool {
	return strings.Contains(name, "ERC721") || strings.Contains(name, "ERC1155")
}

// receiverTypeName returns the type name a call's receiver is written with when its contract
// could not be resolved: IERC721(x) converted, or a variable declared as ERC721.
func receiverTypeName(info *sema.FuncInfo, x ast.Expr) string {
	switch e := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		if id, ok := e.Fun.(*ast.Ident); ok && len(e.Args) == 1 {
			return id.Name
		}
	case *ast.Ident:
		if v, ok := info.Uses[e].(*sema.Var); ok && v.Decl != nil {
			if ip, ok := v.Decl.Type.(*ast.IdentPath); ok {
				return ip.Names[len(ip.Names)-1].Name
			}
			if id, ok := v.Decl.Type.(*ast.Ident); ok {
				return id.Name
			}
		}
	}
	return ""
}

// shippedImplsNeverFail reports whether the token type of call c is an interface (or an
// abstract contract) that the project implements, and every implementation it ships never
// returns false from the function called: the project's own token reverts on failure.
func shippedImplsNeverFail(p *sema.Program, c *sema.Call) bool {
	t := c.Contract
	if t == nil || c.Callee != nil && c.Callee.Body != nil {
		return false
	}
	found := false
	for _, impl := range p.Contracts {
		if impl == t || impl.IsInterface() || !slices.Contains(impl.Linearization, t) {
			continue
		}
		for _, g := range impl.LookupFunction(c.Name) {
			if g.Body == nil || len(g.Params) != len(c.Args) {
				continue
			}
			if !neverReturnsFalse(p, g, 0) {
				return false
			}
			found = true
		}
	}
	return found
}

// neverReturnsFalse reports whether a function's implementation is known and every return
// gives true (or the result of a function that itself never returns false): failures revert,
// so there is nothing to check (WETH9, solmate's ERC20, a project's own token).
func neverReturnsFalse(p *sema.Program, fn *sema.Function, depth int) bool {
	if fn.Body == nil || depth > 4 || len(fn.Returns) != 1 {
		return false
	}
	info := p.Info(fn)
	named := fn.Returns[0]
	returns, ok := 0, true
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.ReturnStmt:
			returns++
			if !alwaysTrue(p, info, s.Result, depth) {
				ok = false
			}
		case *ast.AssignExpr:
			// a named result assigned anything but true
			if named.Decl != nil && info.RootVar(s.Lhs) == named && !alwaysTrue(p, info, s.Rhs, depth) {
				ok = false
			}
		case *ast.AssemblyStmt:
			ok = false // assembly may return anything
		}
		return ok
	})
	if !ok {
		return false
	}
	if returns == 0 {
		// only a named result: it must be set to true on the way out
		return named.Decl != nil && assignsTrue(info, named)
	}
	return true
}

// alwaysTrue reports whether x is the literal true, or a call of an internal function that
// never returns false.
func alwaysTrue(p *sema.Program, info *sema.FuncInfo, x ast.Expr, depth int) bool {
	x = ast.Unparen(x)
	if isTrueLit(x) {
		return true
	}
	if ce, ok := x.(*ast.CallExpr); ok {
		if c := info.CallOf[ce]; c != nil && c.Kind == sema.CallInternal && c.Callee != nil {
			return neverReturnsFalse(p, c.Callee, depth+1)
		}
	}
	return false
}

// assignsTrue reports whether the body assigns true to v.
func assignsTrue(info *sema.FuncInfo, v *sema.Var) bool {
	found := false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignExpr); ok && info.RootVar(a.Lhs) == v {
			found = isTrueLit(a.Rhs)
		}
		return !found
	})
	return found
}

// booksAnything reports whether a function records something that a silently failed transfer
// would make wrong: a state write or an event, in its body or the internal functions it calls
// (modifiers' own bookkeeping, such as a reentrancy lock, does not count).
func booksAnything(p *sema.Program, info *sema.FuncInfo) bool {
	for _, n := range info.CFG.Nodes {
		if n.Fn.IsModifier || (n.Kind != sema.NodeStmt && n.Kind != sema.NodeCond) {
			continue
		}
		if len(nodeWrites(p, n)) > 0 {
			return true
		}
		if _, ok := n.Stmt.(*ast.EmitStmt); ok {
			return true
		}
		for _, c := range nodeCalls(p, n) {
			if c.Kind == sema.CallInternal && c.Callee != nil && emitsEvent(p, c.Callee) {
				return true
			}
		}
	}
	return false
}

// emitsEvent reports whether fn or an internal function it reaches emits an event.
func emitsEvent(p *sema.Program, fn *sema.Function) bool {
	for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
		if gi := p.Info(g); gi != nil {
			for _, c := range gi.Calls {
				if c.Kind == sema.CallEvent {
					return true
				}
			}
		}
	}
	return false
}

func isTrueLit(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.BasicLit)
	return ok && lit.Kind == token.TRUE
}

// isWrappedNative reports whether a token type is the chain's canonical wrapped native token
// (WETH9, WAVAX, ...), declared in the project only as an interface: the deployed contract's
// transfer and transferFrom require the balance and allowance and return true, never false.
func isWrappedNative(c *sema.Contract) bool {
	if c == nil || !c.IsInterface() {
		return false
	}
	n := strings.ToLower(strings.TrimPrefix(c.Name, "I"))
	switch n {
	case "weth", "weth9", "wrappedether", "wrappednative", "wnative", "wavax", "wbnb", "wmatic", "wpol", "weth10":
		return true
	}
	return false
}
