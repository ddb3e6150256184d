package solidity

import (
	"slices"
	"strconv"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
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
