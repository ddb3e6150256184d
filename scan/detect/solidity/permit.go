package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// PermitGriefing reports a permit call that must succeed before a transferFrom in the same
// function. A permit signature travels in the public mempool: anyone can submit it to the
// token first, which consumes its nonce, and the contract's own permit call then reverts,
// taking the user's deposit (or repayment, or liquidation) down with it.
var PermitGriefing = &detect.Analyzer{
	Template: detect.Template{
		ID:         "PERMIT_FRONTRUN_GRIEFING",
		Name:       "Permit call can be front-run to make the function revert",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> calls <code>permit</code> ` +
			`and then pulls the tokens with <code>transferFrom</code>, and the permit call reverts the whole function if ` +
			`it fails. Anyone who copies the signature from the mempool and submits it to the token first uses up its ` +
			`nonce: the allowance is in place, but this function reverts, so the user's transaction fails (griefing, ` +
			`and a denial of service for time-critical actions such as repaying before a liquidation).</p>`,
		Remediation: `<p>Wrap the permit in <code>try ... catch {}</code> and rely on the allowance that results, or call it ` +
			`only when the allowance is not already sufficient (<code>if (token.allowance(owner, address(this)) &lt; amount)</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A call to permit (or a low-level call encoding permit whose success is required) that is not the " +
			"call of a try statement nor gated by an allowance check, from which a transferFrom is reachable in the same function.",
		Version:   "1.0.0",
		CWE:       []string{"CWE-400"},
		Languages: []string{"solidity"},
		Class:     "permit",
	},
	Run: runPermitGriefing,
}

func runPermitGriefing(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if isTestContract(fn.Contract) || fn.Contract != nil && (fn.Contract.IsInterface() || fn.Contract.IsLibrary()) {
			continue
		}
		info := p.Info(fn)
		if info == nil {
			continue
		}
		g := info.CFG
		for _, n := range g.Nodes {
			if n.Fn != fn {
				continue
			}
			for _, c := range nodeCalls(p, n) {
				if !revertingPermit(info, c) || inTry(fn, c.Expr) || allowanceGated(p, g, n) {
					continue
				}
				if !pullsAfter(p, g, n) {
					continue
				}
				pass.Report(detect.Finding{Pos: c.Expr.Pos(), End: c.Expr.End(), Function: fn.Name,
					Details: map[string]string{"function_name": fnName(fn)}})
			}
		}
	}
}

// revertingPermit reports whether c is a permit call whose failure reverts the function: a
// call to permit (or safePermit), or a low-level call encoding permit whose success is required.
func revertingPermit(info *sema.FuncInfo, c *sema.Call) bool {
	name := strings.ToLower(c.Name)
	if (c.Kind == sema.CallExternal || c.Kind == sema.CallLibrary) && (name == "permit" || name == "safepermit") {
		return true
	}
	if c.IsLowLevel("call") && len(c.Args) == 1 && encodesPermit(c.Args[0]) {
		ok := boolVarOf(info, info.Fn, c.Expr)
		return ok != nil && successRequired(info, ok)
	}
	return false
}

// encodesPermit reports whether calldata is built for permit: a signature string naming it, or
// a selector taken from a permit function.
func encodesPermit(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.BasicLit:
			if strings.HasPrefix(strings.Trim(e.Value, `"'`), "permit(") {
				found = true
			}
		case *ast.MemberExpr:
			if e.Name.Name == "permit" {
				found = true
			}
		}
		return !found
	})
	return found
}

// successRequired reports whether a success flag is tested by require/assert or an if.
func successRequired(info *sema.FuncInfo, ok *sema.Var) bool {
	set := map[*sema.Var]bool{ok: true}
	found := false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.IfStmt:
			if mentionsVars(info, s.Cond, set) {
				found = true
			}
		case *ast.CallExpr:
			if callNamed(s, "require", "assert") && len(s.Args) > 0 && mentionsVars(info, s.Args[0], set) {
				found = true
			}
		}
		return !found
	})
	return found
}

// inTry reports whether call is the call of a try statement in fn.
func inTry(fn *sema.Function, call *ast.CallExpr) bool {
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if t, ok := n.(*ast.TryStmt); ok && unwrapCall(t.Call) == call {
			found = true
		}
		return !found
	})
	return found
}

// allowanceGated reports whether node n runs only after a condition that reads an allowance.
func allowanceGated(p *sema.Program, g *sema.CFG, n *sema.Node) bool {
	for _, gt := range p.Gates(g, n) {
		hit := false
		ast.Inspect(gt.Cond, func(x ast.Node) bool {
			if callNamed(x, "allowance") {
				hit = true
			}
			return !hit
		})
		if hit {
			return true
		}
	}
	return false
}

// pullsAfter reports whether a transferFrom (or safeTransferFrom) is reachable from node n.
func pullsAfter(p *sema.Program, g *sema.CFG, n *sema.Node) bool {
	for _, m := range g.Nodes {
		if m.Kind != sema.NodeStmt || (m != n && !g.Reachable(n, m)) {
			continue
		}
		for _, c := range nodeCalls(p, m) {
			if transferFromSource(c) != nil {
				return true
			}
		}
	}
	return false
}
