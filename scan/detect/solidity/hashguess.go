package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// FrontRunnableSolution reports a reward for submitting the preimage of a hash (a puzzle, a
// guess, a reveal) when the submission is not bound to its sender: the caller sends the answer
// in clear in a pending transaction, and anyone watching the mempool can copy it with a higher
// gas price and collect the reward first. A commit-reveal scheme whose commitment includes
// msg.sender (keccak256(abi.encodePacked(msg.sender, answer, salt))) is not affected.
var FrontRunnableSolution = &detect.Analyzer{
	Template: detect.Template{
		ID:         "FRONT_RUNNABLE_SOLUTION",
		Name:       "Front-runnable hash solution (unprotected commit/reveal)",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> rewards the caller who submits a value ` +
			`whose hash matches (<code>${expression}</code>). The value travels in clear in a pending transaction, so anyone can ` +
			`copy it and submit it first with a higher gas price.</p>`,
		Remediation: `<p>Use a commit-reveal scheme bound to the sender: first commit <code>keccak256(abi.encodePacked(msg.sender, answer, salt))</code>, ` +
			`then reveal in a later block and check the commitment of <code>msg.sender</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression"},
		DetectionLogic: "In a public function, an equality between a hash of a parameter (not including msg.sender) and a value " +
			"fixed before the call (a constant or state, not another part of the caller's input) guards an ether transfer or " +
			"a state write; high when it pays ether.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-114"},
		CWE:       []string{"CWE-362"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "tod",
	},
	Run: runFrontRunnableSolution,
}

func runFrontRunnableSolution(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if !fn.IsEntryPoint() || fn.IsView() {
			continue
		}
		info := p.Info(fn)
		if info == nil {
			continue
		}
		// The reward must go to the caller: ether sent to msg.sender, or msg.sender recorded
		// in state (winner = msg.sender, balances[msg.sender] += prize). Checks of public data
		// against a stored hash that pay someone else (proposal execution) are not puzzles.
		pays, writes := false, false
		for _, c := range info.Calls {
			if sendsEther(c) && c.Target != nil && mentionsGlobal(info, c.Target, "msg", "sender") {
				pays = true
			}
		}
		visitKinds(fn.BodyTree(), assignKinds, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignExpr); ok && p.StateVarOf(info, a.Lhs) != nil &&
				(mentionsGlobal(info, a.Lhs, "msg", "sender") || mentionsGlobal(info, a.Rhs, "msg", "sender")) {
				writes = true
			}
			return true
		})
		if !pays && !writes {
			continue
		}
		for _, cond := range conditionsOf(p, fn) {
			for _, cmp := range comparisonsIn(cond.expr) {
				if cmp.Op != token.EQL && cmp.Op != token.NEQ {
					continue
				}
				if !(guessHash(info, cmp.X) && guessTarget(p, info, cmp.Y)) && !(guessHash(info, cmp.Y) && guessTarget(p, info, cmp.X)) {
					continue
				}
				sev := detect.Medium
				if pays {
					sev = detect.High
				}
				if p.HasAccessControl(fn) {
					sev = detect.Low
				}
				reportAt(pass, cmp, fn, map[string]string{"expression": sourceText(p, cmp)}, sev, "")
			}
		}
	}
}

// guessHash reports whether x is (or converts) a hash of a caller-supplied parameter that does
// not bind the caller's address.
func guessHash(info *sema.FuncInfo, x ast.Expr) bool {
	x = ast.Unparen(x)
	if c, ok := x.(*ast.CallExpr); ok {
		if _, conv := c.Fun.(*ast.ElementaryType); conv && len(c.Args) == 1 {
			return guessHash(info, c.Args[0])
		}
		if !isHashCall(c) {
			return false
		}
		param := false
		for _, a := range c.Args {
			if mentionsGlobal(info, a, "msg", "sender") || mentionsGlobal(info, a, "tx", "origin") {
				return false
			}
			if srcOf(info, a).Has(sema.SrcParam) {
				param = true
			}
		}
		return param
	}
	return false
}

// guessTarget reports whether x can be the secret a guess is checked against: not zero (a
// non-empty check), not bound to the caller, and not something the caller supplies along with
// the answer (a proof checked against a hash the caller also passes is a consistency check, not
// a puzzle: there is no secret to copy).
func guessTarget(p *sema.Program, info *sema.FuncInfo, x ast.Expr) bool {
	if pv := p.DepsOf(info).Of(x); pv.Params != 0 && !pv.Has(sema.SrcStorage|sema.SrcImmutable|sema.SrcConst|sema.SrcCallRet|sema.SrcFixedRet|sema.SrcUnknown) {
		return false
	}
	x = ast.Unparen(x)
	if c, ok := x.(*ast.CallExpr); ok {
		if _, conv := c.Fun.(*ast.ElementaryType); conv && len(c.Args) == 1 {
			x = ast.Unparen(c.Args[0])
		}
	}
	if isZero(x) {
		return false
	}
	if srcOf(info, x).Has(sema.SrcParam | sema.SrcData) {
		return false
	}
	return !mentionsGlobal(info, x, "msg", "sender")
}
