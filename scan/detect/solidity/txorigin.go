package solidity

import (
	"slices"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TxOrigin reports authorization based on tx.origin: a check that lets the code go on only for
// a trusted tx.origin (a stored owner, a constant, a member of a stored set), whatever form it
// takes (tx.origin compared directly, kept in a local, returned by a library or free function,
// used as a mapping key, origin() in assembly, in a require helper or a modifier). tx.origin ==
// msg.sender (the "no contracts" idiom), comparisons with values the caller chooses, and
// checks whose passing side only reverts are not authorization.
var TxOrigin = &detect.Analyzer{
	Template: detect.Template{
		ID:         "TX_ORIGIN_AUTHENTICATION",
		Name:       "Authorization through tx.origin",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> authorizes the caller with ` +
			`<code>tx.origin</code>. A contract the legitimate user calls (a phishing contract) can call this function and pass the ` +
			`check, because <code>tx.origin</code> is the user who started the transaction, not the immediate caller.</p>`,
		Remediation:     `<p>Use <code>msg.sender</code> for authorization.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "Caller checks read with tx.origin as the identity: a require/assert, branch, require helper, modifier or " +
			"assembly condition that lets the code go on only for a trusted tx.origin (a stored, constant or immutable value, or " +
			"membership of a stored set), through locals, helpers returning tx.origin and mapping keys; the passing side must be " +
			"able to end the call normally.",
		Version:   "1.1.0",
		SWC:       []string{"SWC-115"},
		CWE:       []string{"CWE-477"},
		Languages: []string{"solidity"},
		Slither:   "tx-origin",
		Class:     "tx-origin",
	},
	Run: runTxOrigin,
}

func runTxOrigin(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if pass.Stopped(fn) {
			continue
		}
		if !reaches(p, fn, readsOrigin) {
			continue // no code it runs reads tx.origin: nothing can authorise by it
		}
		info := p.Info(fn)
		reported := map[ast.Node]bool{}
		for _, d := range info.CFG.Nodes {
			if d.Fn != fn {
				continue
			}
			strong, weak := p.AuthorisesByOrigin(fn, d)
			if !strong && !weak {
				continue
			}
			at := checkCode(d)
			if at == nil || reported[at] {
				continue
			}
			reported[at] = true
			ev := &detect.Evidence{}
			f := detect.Finding{Pos: at.Pos(), End: at.End(), Function: fn.Name,
				Details: map[string]string{"function_name": fnName(fn)}, Evidence: ev}
			if strong {
				ev.Add("the code after " + sourceText(p, at) + " runs only for a trusted tx.origin")
				if v, ok := p.InitialPhase(fn, d); ok {
					// A deployment window: the check applies only until the flag flips,
					// for good.
					ev.Add("only while " + v.Name + " holds its initial value, which no code sets back")
					f.Severity = detect.Low
					pass.Report(f)
					continue
				}
				// Impact is what the check lets through: control (ether or tokens out,
				// selfdestruct, delegatecall, state other checks rely on) is high; a gate on
				// ordinary use (an allow-list of who may deposit) lets a phisher only use the
				// contract as the victim could.
				if what := privilegedBehind(p, fn, d); what != "" {
					ev.Add("it guards " + what)
				} else {
					ev.Add("it guards no outflow, delegatecall, selfdestruct or state other checks rely on")
					f.Severity = detect.Medium
				}
			} else {
				// The caller passes what tx.origin is compared with: either that value is
				// bound elsewhere (a signed order restricting its taker), or the check is void.
				ev.Guess("tx.origin is compared with a value the caller passes; whether it is bound elsewhere is not known")
				f.Severity = detect.Low
			}
			pass.Report(f)
		}
	}
}

// checkCode returns the code a restricting node tests: the condition of a branch, the
// statement of a require or a check helper's call.
func checkCode(d *sema.Node) ast.Node {
	switch d.Kind {
	case sema.NodeBranch:
		if d.Cond != nil {
			return d.Cond.Code()
		}
	case sema.NodeStmt:
		if es, ok := d.Stmt.(*ast.ExprStmt); ok {
			if c, ok := es.X.(*ast.CallExpr); ok && len(c.Args) > 0 {
				if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") {
					return c.Args[0]
				}
			}
			return es.X
		}
	}
	return nil
}

// privilegedBehind says what privileged code check node d of fn lets through ("" for none): for
// a check in a modifier, in the functions that use the modifier.
func privilegedBehind(p *sema.Program, fn *sema.Function, d *sema.Node) string {
	if fn.IsModifier {
		for _, c := range deployedWith(p, fn.Contract) {
			for _, g := range c.AllFunctions() {
				if slices.Contains(g.Modifiers, fn) && g.IsEntryPoint() {
					if what := privilegedIn(p, g, nil); what != "" {
						return what
					}
				}
			}
		}
		return ""
	}
	return privilegedIn(p, fn, d)
}

// privilegedIn says what privileged actions fn takes after node d (anywhere when d is nil):
// ether sent, a delegatecall, a selfdestruct, a write of state that some caller check reads.
func privilegedIn(p *sema.Program, fn *sema.Function, d *sema.Node) string {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return ""
	}
	var after []bool
	if d != nil {
		after = info.CFG.ReachableFrom(d)
	}
	reached := func(n *sema.Node) bool { return d == nil || n == d || after[n.ID] }
	for _, a := range p.Actions(fn) {
		if !reached(a.Node) {
			continue
		}
		switch {
		case a.Kind == sema.ActSelfdestruct:
			return "a selfdestruct"
		case a.Kind == sema.ActDelegate:
			return "a delegatecall"
		case (a.Kind == sema.ActCall || a.Kind == sema.ActSend) && a.Sends && !a.Value.Has(sema.SrcValue):
			return "ether sent out"
		case a.Kind == sema.ActCall && a.Call != nil && isTokenOutflow(a.Call):
			return "tokens sent out"
		}
	}
	for _, w := range p.StateWrites(fn) {
		if reached(w.Node) && p.CheckedVars(fn.Contract)[w.Var] {
			return "writes of " + w.Var.Name + ", which caller checks read"
		}
	}
	return ""
}

// isTokenOutflow reports whether a call moves tokens held by the contract: transfer(to,
// amount), safeTransfer(to, amount) (transferFrom moves the caller's or a payer's tokens).
func isTokenOutflow(c *sema.Call) bool {
	switch c.Name {
	case "transfer", "safeTransfer":
		return len(c.Args) == 2 || c.Bound != nil && len(c.Args) == 2
	}
	return false
}
