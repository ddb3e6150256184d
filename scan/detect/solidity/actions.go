package solidity

import (
	"slices"
	"strconv"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// reachedHow describes how entry point fn reaches action a, for a finding's evidence: "" when
// a is in fn's own code, else the function holding it and the way there.
func reachedHow(p *sema.Program, fn *sema.Function, a sema.Action) string {
	if a.Depth == 0 && a.In == fn {
		return ""
	}
	how := ", reached from " + fnName(fn)
	if a.Depth > 1 {
		how += " through " + strconv.Itoa(a.Depth) + " calls"
	}
	if a.In.Contract != nil && a.In.Contract.IsLibrary() {
		how += " (library code)"
	}
	if _, yul := a.At.(*ast.YulCall); yul {
		how += " (inline assembly)"
	}
	return how
}

// callerChoice tells whether the caller of entry point fn chooses a value whose provenance is
// pv, and how (for the evidence): one of fn's parameters, msg.sender, tx.origin, calldata, or a
// state variable anyone may set to a value of their choice through an entry point of fn's
// contract (a takeover in two transactions).
func callerChoice(p *sema.Program, fn *sema.Function, pv sema.Prov) (string, bool) {
	// Parameters pinned by a check against what the caller cannot choose (a Merkle proof of
	// them, a stored hash) are not the caller's choice.
	if pv.Params != 0 {
		pv.Params &^= p.BoundParams(fn)
	}
	for i, prm := range fn.Params {
		if pv.Params&(1<<uint(min(i, 63))) != 0 {
			name := prm.Name
			if name == "" {
				name = "#" + strconv.Itoa(i+1)
			}
			return "parameter " + name + " of " + fnName(fn), true
		}
	}
	switch {
	case pv.Has(sema.SrcSender):
		return "msg.sender", true
	case pv.Has(sema.SrcOrigin):
		return "tx.origin", true
	case pv.Has(sema.SrcData):
		return "calldata", true
	}
	for _, v := range pv.Vars {
		if p.Compromised(fn.Contract, v) {
			return "state variable " + v.Name + ", which anyone can set first", true
		}
	}
	return "", false
}

// deployedWith lists c and the contracts of the program that inherit it: the code c's own
// code may run beside once deployed (a base's multicall delegating to a derived contract's
// functions).
func deployedWith(p *sema.Program, c *sema.Contract) []*sema.Contract {
	if c == nil {
		return nil
	}
	out := []*sema.Contract{c}
	for _, d := range p.Contracts {
		if d != c && d.Inherits(c.Name) && slices.Contains(d.Linearization, c) {
			out = append(out, d)
		}
	}
	return out
}

// writeValueProv returns what the value a write stores comes from, seen from entry point fn: the
// provenance of the assigned value (or pushed element), through the helper the write is in
// when the entry calls it directly (its parameters standing for the call's arguments). A write
// deeper in helpers keeps the helper's view, its parameters read as stored state (unknown to
// the caller).
func writeValueProv(p *sema.Program, fn *sema.Function, w writeSite) sema.Prov {
	var x []ast.Expr
	switch a := w.at.(type) {
	case *ast.AssignExpr:
		x = []ast.Expr{a.Rhs}
		if a.Op != token.ASSIGN {
			x = append(x, a.Lhs)
		}
	case *ast.CallExpr: // push(v)
		x = a.Args
	case *ast.YulCall: // sstore(v.slot, value)
		if len(a.Args) != 2 {
			return sema.Prov{}
		}
		return liftProv(p, fn, w, p.DepsOf(w.info).OfYul(a.Args[1]))
	default:
		return sema.Prov{}
	}
	return entryProv(p, fn, w, x)
}

// writeKeyProv returns what the keys of the entry a write stores to come from (m[k] = v, m[k][j]
// = v), seen from entry point fn.
func writeKeyProv(p *sema.Program, fn *sema.Function, w writeSite) sema.Prov {
	lv := lvalueOf(w.at)
	if lv == nil {
		return sema.Prov{}
	}
	return entryProv(p, fn, w, indexesOf(lv))
}

// entryProv returns what expressions x of the function holding write w come from, seen from
// entry point fn (see writeValueProv).
func entryProv(p *sema.Program, fn *sema.Function, w writeSite, x []ast.Expr) sema.Prov {
	d := p.DepsOf(w.info)
	var pv sema.Prov
	for _, e := range x {
		pv = pv.Union(d.Of(e))
	}
	return liftProv(p, fn, w, pv)
}

// liftProv turns pv, in the terms of the function holding write w, into entry point fn's.
func liftProv(p *sema.Program, fn *sema.Function, w writeSite, pv sema.Prov) sema.Prov {
	if w.via == nil {
		return pv
	}
	if w.info.Fn == w.via.Callee {
		return p.Instantiate(pv, w.via, w.via.Callee, p.DepsOf(p.Info(fn)))
	}
	if pv.Params != 0 {
		pv.Params = 0
		pv.Src = pv.Src&^sema.SrcParam | sema.SrcStorage
	}
	return pv
}
