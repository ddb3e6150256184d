package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// A check of the caller in a registry the code trusts: require(store.getBool(keccak256(
// abi.encodePacked("contract.exists", msg.sender)))) asks a contract the code names by itself
// a yes/no question about the caller, as a lookup in its own mapping would. The question must
// be a view function returning bool (a transfer returning true is no answer about anyone),
// asked of an address nobody may overwrite, about the caller or a key made from it; through a
// helper, the helper returns that answer about the parameter it is handed.

// registryAnswer reports whether call c asks a trusted contract a yes/no question about what
// about accepts.
func (p *Program) registryAnswer(info *FuncInfo, c *Call, ck checkCtx, about func(ast.Expr) bool) bool {
	if ck.origin || c == nil || c.Kind != CallExternal || c.Callee == nil || !c.Callee.IsView() ||
		len(c.Callee.Returns) != 1 || !isBool(c.Callee.Returns[0].Type) || c.Target == nil {
		return false
	}
	if !p.trustedValue(info, c.Target, ck) {
		return false
	}
	for _, a := range c.Args {
		if about(a) {
			return true
		}
	}
	return false
}

// fromCaller reports whether x is the caller or derived from it (a key hashed from msg.sender).
func fromCaller(info *FuncInfo, x ast.Expr) bool {
	return isSender(info, x) || info.Flow != nil && info.Flow.Of(x) == SrcSender
}

// returnsRegistryAnswer reports whether helper fn returns, on every return, a trusted
// registry's answer about its parameter i.
func (p *Program) returnsRegistryAnswer(fn *Function, i int, ck checkCtx) bool {
	info := p.Info(fn)
	if info == nil || fn.Body == nil || i >= len(fn.Params) {
		return false
	}
	prm := fn.Params[i]
	about := func(x ast.Expr) bool {
		id, ok := ast.Unparen(x).(*ast.Ident)
		return ok && info.Uses[id] == prm
	}
	n := 0
	for x := range fn.BodyTree().Preorder(returnKinds) {
		r := x.(*ast.ReturnStmt)
		call, ok := ast.Unparen(r.Result).(*ast.CallExpr)
		if !ok || !p.registryAnswer(info, info.CallOf[call], ck, about) {
			return false
		}
		n++
	}
	return n > 0
}
