package sema

import (
	"math/big"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// What a callee proves of its parameters (require(w <= MAX) at every return), carried to the
// caller's arguments.

// paramFact is a fact the callee's returns prove about its parameters: a parameter's value
// (or a member of it) lies in iv, or the sum or difference of two such does.
type paramFact struct {
	x, y   paramLoc
	pair   bool // iv bounds x + y (sum) or x - y, not x alone
	sum    bool
	iv     Interval
	xt, yt intType
}

// paramLoc names a location inside a parameter: the parameter, and the key suffix of the part
// (.weight, or "" for the parameter itself).
type paramLoc struct {
	param  int
	suffix string
}

// paramFacts reads off the state at the callee's exit what it proves of its parameters, for
// parameters it never reassigns (their value is the caller's argument).
func (a *rangeAnalysis) paramFacts(exit rangeState) []paramFact {
	fn := a.info.Fn
	locOf := func(t int32) (paramLoc, bool) {
		m := a.terms[t]
		if m.kind != termLoc || m.root == nil || m.root.Kind != ParamVar || m.root.Func != fn || a.assignedInBody(a.info, m.root) {
			return paramLoc{}, false
		}
		for i, v := range fn.Params {
			if v == m.root {
				return paramLoc{i, m.suffix}, true
			}
		}
		return paramLoc{}, false
	}
	var out []paramFact
	for _, f := range exit.facts {
		m := a.terms[f.term]
		if m.kind == termLoc {
			if x, ok := locOf(f.term); ok {
				out = append(out, paramFact{x: x, iv: f.iv, xt: m.typ})
			}
			continue
		}
		x, okx := locOf(m.a)
		y, oky := locOf(m.b)
		if okx && oky {
			out = append(out, paramFact{x: x, y: y, pair: true, sum: m.kind == termSum, iv: f.iv, xt: a.terms[m.a].typ, yt: a.terms[m.b].typ})
		}
	}
	return out
}

// applyParamFacts narrows the caller's state after call c by what the callee proves of its
// parameters, written in the caller's arguments: _check(d, before) requiring d.weight + before
// <= MAX bounds the caller's d.weight + before. An argument in storage counts only when the
// callee cannot write storage (the fact is about the value passed).
func (a *rangeAnalysis) applyParamFacts(s *rangeState, info *FuncInfo, callee *Function, args []ast.Expr, facts []paramFact) {
	form := func(l paramLoc, t intType) (linear, bool) {
		if l.param >= len(args) {
			return linear{}, false
		}
		arg := args[l.param]
		if l.suffix == "" {
			return a.linearize(s, info, arg)
		}
		id := a.locWithSuffix(info, arg, l.suffix, t)
		if id < 0 {
			return linear{}, false
		}
		return linear{t: [2]int32{id, -1}, c: [2]int8{1, 0}, n: 1, k: big.NewInt(0)}, true
	}
	for _, f := range facts {
		l, ok := form(f.x, f.xt)
		if !ok {
			continue
		}
		if f.pair {
			r, ok := form(f.y, f.yt)
			if !ok {
				continue
			}
			sign := int8(-1)
			if f.sum {
				sign = 1
			}
			if l, ok = l.plus(r, sign); !ok {
				continue
			}
		}
		if !callee.IsView() && a.touchesStorage(l) {
			continue
		}
		if f.iv.Hi != nil {
			a.assumeLinear(s, withConst(l, f.iv.Hi), token.LEQ)
		}
		if f.iv.Lo != nil {
			a.assumeLinear(s, withConst(l, f.iv.Lo), token.GEQ)
		}
	}
}

// touchesStorage reports whether a linear form reads a location in storage.
func (a *rangeAnalysis) touchesStorage(l linear) bool {
	for i := 0; i < l.n; i++ {
		if a.terms[l.t[i]].storage {
			return true
		}
	}
	return false
}

// locWithSuffix returns the location of a part of expression x given by its key suffix (the
// part a callee's parameter fact names), or -1.
func (a *rangeAnalysis) locWithSuffix(info *FuncInfo, x ast.Expr, suffix string, t intType) int32 {
	a.key = a.key[:0]
	a.deps = a.deps[:0]
	root, _, ok := a.writeKey(info, x, 0)
	if !ok || strings.ContainsAny(suffix, "[") {
		return -1 // an index names a callee's variable: not the caller's
	}
	a.key = append(a.key, suffix...)
	key := string(a.key)
	if id, ok := a.index[key]; ok {
		return id
	}
	m := rterm{kind: termLoc, typ: t, root: root, path: true, deps: append([]*Var(nil), a.deps...), boundary: t.rng(), suffix: suffix}
	if root != nil {
		m.storage = root.Kind == StateVar || root.IsStorageRef()
		m.memory = !m.storage && root.Decl != nil && root.Decl.Location != token.CALLDATA
	}
	return a.addTerm(key, m)
}
