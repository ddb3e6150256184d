package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// What a call to another contract of the program proves when it returns. The call reverts
// unless the callee's checks hold, and for a contract the program ships those checks can be
// read: l2Outputs[index] in the oracle's getter bounds the index below the array's length
// (2^64), so after oracle.getL2Output(index) returns, index is below 2^64 in the caller too.
// Only a callee the program has one implementation for counts (CallTargets), and only at the
// function's own level of analysis (summaries of summaries stay small). This assumes the
// address holds the program's implementation, as the code that deploys and wires the
// contracts intends.

// externalGuards narrows s by what the one implementation of external call c proves of its
// arguments on every return.
func (a *rangeAnalysis) externalGuards(s *rangeState, info *FuncInfo, c *ast.CallExpr, call *Call) {
	if a.depth > 0 || s.dead {
		return
	}
	targets := a.p.CallTargets(call, 1)
	if len(targets) != 1 {
		return
	}
	impl := targets[0]
	if !impl.IsView() {
		return // only checks of a callee that cannot write storage are kept as facts of the values passed
	}
	sum := a.p.externalSummary(impl)
	if sum == nil || !sum.returns {
		return
	}
	args, ok := callArgs(c, impl)
	if !ok {
		return
	}
	for i, arg := range args {
		if i < len(sum.requires) && sum.requires[i] {
			a.assume(s, info, arg, true)
		}
	}
	a.applyParamFacts(s, info, impl, args, sum.bounds)
}

type externalSummaryKey struct{}

// externalSummary is a callee's summary for its external callers: what its returns prove of
// its parameters, its indexing included (a summary for internal callers skips a helper that
// has no check of its own). Small functions only, as for internal summaries.
func (p *Program) externalSummary(fn *Function) *rangeSummary {
	info := p.Info(fn)
	if info == nil || fn.Body == nil || info.CFG == nil || len(info.CFG.Nodes) > maxSummaryNodes {
		return nil
	}
	return Memo(info, externalSummaryKey{}, func() *rangeSummary { return p.summarize(info, 1) })
}
