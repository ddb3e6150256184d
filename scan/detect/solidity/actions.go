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
