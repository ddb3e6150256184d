package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// Who chooses the operands of a function that only the program's own code calls. The caller
// of an internal function is other code of the contract: a parameter is the caller's choice
// only if some path from an entry point fills it with something an outsider chooses
// (sema.OutsiderParams). A value every caller takes from storage, a constant, a trusted
// caller, or a parameter pinned by a proof checked against stored state (an L2 message's
// fields proven in an outbox's root) is not driven by an attacker.

// trustedParams reports whether the caller influence on xs, in function fn, comes only through
// fn's parameters and no path from an entry point lets an outsider choose them.
func trustedParams(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, src sema.Source, xs ...ast.Expr) bool {
	if fn.IsEntryPoint() || fn.Contract == nil || src&callerInfluence != sema.SrcParam {
		return false
	}
	d := p.DepsOf(info)
	var bits uint64
	for _, x := range xs {
		if x != nil {
			pv := d.Of(x)
			if pv.Has(callerInfluence &^ sema.SrcParam) {
				return false
			}
			bits |= pv.Params
		}
	}
	return bits != 0 && bits&p.OutsiderParams(fn) == 0
}
