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

// calleeChoice tells whether the caller of entry point fn, deployed in contract c, picks the
// contract action a calls or sends ether to, and how (for the evidence). chosen: one of fn's
// parameters, msg.sender, tx.origin or calldata, or a storage place the address is read from
// that anyone may fill first (sema.StoredChoice, to the struct field). open: no origin the
// model can trace (the answer of a contract the caller picks, code it cannot read): the
// callee may be anyone's, an assumption rather than a fact.
//
// n, when known, is the node of fn's graph making the call: a condition there may keep the
// values anyone fills from reaching it (sema.ExcusedByGate).
func calleeChoice(p *sema.Program, c *sema.Contract, fn *sema.Function, a sema.Action, n *sema.Node) (how string, chosen, open bool) {
	t := a.Target
	direct := t
	direct.Vars = nil
	if how, ok := callerChoice(p, fn, direct); ok {
		return how, true, false
	}
	if c == nil {
		c = fn.Contract
	}
	if a.Call != nil && a.Call.Target != nil {
		if info := p.Info(a.In); info != nil {
			if pl, ok := p.StoredChoice(c, info, a.Call.Target); ok && !(a.In == fn && n != nil && p.ExcusedByGate(c, fn, n, a.Call.Target)) {
				return "storage " + pl.String() + ", which anyone can set first", true, false
			}
		}
	} else {
		for _, v := range t.Vars {
			if p.ChosenPlace(c, sema.Place{Var: v}) {
				return "state variable " + v.Name + ", which anyone can set first", true, false
			}
		}
	}
	if t.Has(sema.SrcCallRet|sema.SrcUnknown) || t.Zero() {
		return "an address the scan cannot trace", false, true
	}
	return "", false, false
}
