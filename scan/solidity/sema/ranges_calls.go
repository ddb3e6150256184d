package sema

import (
	"math/big"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// The effects of calls and inline assembly, and what evaluating an index or a division proves.

// callEffects forgets what a call may change. An internal call may write any storage, and
// the memory behind the references it is passed; a delegatecall runs foreign code on this
// contract's storage. A call to another contract changes this contract's storage only by
// calling back into it: that is re-entrancy, the reentrancy detectors' class, so the ranges
// keep their storage facts across it. Sending ether lowers this contract's balance. push and
// pop move an array's length.
func (a *rangeAnalysis) callEffects(s *rangeState, info *FuncInfo, c *ast.CallExpr) {
	switch c.Fun.(type) {
	case *ast.ElementaryType, *ast.MetaTypeExpr:
		return
	}
	call := info.CallOf[c]
	if call == nil {
		a.killStorage(s)
		a.killMemory(s)
		a.killBalance(s)
		return
	}
	if call.SendsValue() {
		a.killBalance(s)
	}
	switch call.Kind {
	case CallExternal:
		a.externalGuards(s, info, c, call)
	case CallConversion, CallStruct, CallEvent, CallError, CallNew:
	case CallBuiltin:
		switch call.Name {
		case "push", "pop":
			a.resize(s, info, c, call.Name == "push")
		case "selfdestruct", "suicide":
			a.killBalance(s)
		}
	case CallInternal, CallLibrary:
		if call.Callee == nil || !call.Callee.IsView() {
			a.killStorage(s)
			a.killBalance(s)
		}
		a.killMemory(s)
		a.callGuards(s, info, c, call)
	case CallLowLevel:
		switch call.Name {
		case "delegatecall", "callcode":
			a.killStorage(s)
			a.killBalance(s)
		}
	default:
		a.killStorage(s)
		a.killMemory(s)
		a.killBalance(s)
	}
}

// killBalance forgets what is known of this contract's balance.
func (a *rangeAnalysis) killBalance(s *rangeState) {
	if t, ok := a.index[thisBalanceKey]; ok {
		a.killTerm(s, t)
	}
}

// resize applies arr.push(...) (the length grows by one; it stays below 2^64) or arr.pop()
// (the length was at least one: pop reverts on an empty array).
func (a *rangeAnalysis) resize(s *rangeState, info *FuncInfo, c *ast.CallExpr, push bool) {
	m, ok := stripCallDecorations(c.Fun).(*ast.MemberExpr)
	if !ok {
		return
	}
	t := a.lengthOf(info, m.X)
	if t < 0 {
		return
	}
	k := bigOne
	if !push {
		a.refine(s, t, Interval{Lo: bigOne}, spreadDepth)
		k = intOf(-1)
	}
	old := a.get(s, t)
	a.setLoc(s, t, assigned{val: old.Add(Exactly(k)), lin: linear{t: [2]int32{t}, c: [2]int8{1}, n: 1, k: k}, hasLin: true, wrap: -1})
}

// lengthOf returns the location of x.length for an array or bytes expression x.
func (a *rangeAnalysis) lengthOf(info *FuncInfo, x ast.Expr) int32 {
	a.key = a.key[:0]
	a.deps = a.deps[:0]
	root, _, ok := a.writeKey(info, x, 0)
	if !ok {
		return -1
	}
	a.key = append(a.key, ".length"...)
	if id, ok := a.index[string(a.key)]; ok {
		return id
	}
	key := string(a.key)
	m := rterm{kind: termLoc, typ: intType{256, false}, root: root, path: true, length: true,
		deps: append([]*Var(nil), a.deps...), boundary: a.lengthBound(info, &ast.MemberExpr{X: x, Name: &ast.Ident{Name: "length"}})}
	if root != nil {
		m.storage = root.Kind == StateVar || root.IsStorageRef()
		m.memory = !m.storage && root.Decl != nil && root.Decl.Location != token.CALLDATA
	}
	return a.addTerm(key, m)
}

// indexFacts records what evaluating arr[i] proves: i is below arr's length (arrays and bytes
// are bounds-checked in every version).
func (a *rangeAnalysis) indexFacts(s *rangeState, info *FuncInfo, e *ast.IndexExpr) {
	if e.Index == nil {
		return
	}
	switch t := info.Types[e.X].(type) {
	case *ArrayType:
		if !t.Dynamic {
			return
		}
	case *Elementary:
		if t.Name != "bytes" {
			return
		}
	default:
		return
	}
	n := a.lengthOf(info, e.X)
	if n < 0 {
		return
	}
	i, ok := a.linearize(s, info, e.Index)
	if !ok {
		return
	}
	if d, ok := i.plus(linear{t: [2]int32{n}, c: [2]int8{1}, n: 1, k: bigZero}, -1); ok {
		a.assumeLinear(s, d, token.LSS)
	}
}

// evaluationFacts records what evaluating a binary operation without reverting proves: in
// checked code, that a sum or difference stayed in its type; in any code, that a divisor was
// not zero.
func (a *rangeAnalysis) evaluationFacts(s *rangeState, info *FuncInfo, e *ast.BinaryExpr) {
	switch e.Op {
	case token.ADD, token.SUB:
		if !a.checked(info, e.Pos()) {
			return
		}
		t, ok := a.opType(info, e.Op, e.X, e.Y)
		if !ok {
			return
		}
		l, ok := a.linearOp(s, info, e.Op, e.X, e.Y)
		if !ok || l.n == 0 {
			return
		}
		r := t.rng()
		a.assumeLinear(s, withConst(l, r.Hi), token.LEQ)
		a.assumeLinear(s, withConst(l, r.Lo), token.GEQ)
	case token.QUO, token.REM:
		if l, ok := a.linearize(s, info, e.Y); ok && l.n == 1 {
			a.assumeLinear(s, l, token.NEQ)
		}
	}
}

// withConst returns l - k (so that l op k reads as withConst(l, k) op 0).
func withConst(l linear, k *big.Int) linear {
	out := l
	out.k = sub(l.k, k)
	return out
}

// havocAssembly forgets every Solidity variable inline assembly assigns, storage when it may
// write storage or call out, and the memory it may write (see ranges_yulmem.go).
func (a *rangeAnalysis) havocAssembly(s *rangeState, info *FuncInfo, code ast.Node) {
	ast.Inspect(code, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.YulIdent:
			if v := info.YulUses[e]; v != nil {
				if v.Kind == StateVar {
					a.killVar(s, v)
					a.killStorage(s)
				} else if yulAssigned(code, e) {
					a.killVar(s, v)
				}
			}
		case *ast.YulCall:
			switch e.Name.Name {
			case "sstore", "callcode", "delegatecall":
				a.killStorage(s)
				a.killBalance(s)
			case "call", "create", "create2", "selfdestruct":
				a.killBalance(s)
			}
			if addr, writes := yulMemoryWrite(e); writes {
				a.forgetYulMemory(s, info, addr)
			}
		}
		return true
	})
}

// yulEndsCall reports whether assembly code always reverts: a block that ends in revert(...) or
// invalid(), or such a statement on its own.
func yulEndsCall(code ast.Node) bool {
	switch c := code.(type) {
	case *ast.AssemblyStmt:
		return yulReverts(c.Body)
	case *ast.YulBlock:
		return yulReverts(c)
	case *ast.YulExprStmt:
		return yulReverts(&ast.YulBlock{List: []ast.YulStmt{c}})
	}
	return false
}
