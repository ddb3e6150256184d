package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// UnprotectedInitializer reports public initializers anyone can call again: a function named
// initialize/init... that writes state, with no initializer modifier, no access check, and no
// check-then-set flag (require(!initialized); initialized = true) in front of its writes. Whoever
// calls it (first, or again) sets the owner and the parameters of the contract.
var UnprotectedInitializer = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNPROTECTED_INITIALIZER",
		Name:       "Initializer callable by anyone, more than once",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> initializes the contract ` +
			`(it writes <code>${state_vars}</code>) but anyone can call it, at any time: it has no <code>initializer</code> ` +
			`modifier, no access check, and no flag that stops a second call. An attacker can re-initialize the contract ` +
			`and make themselves its owner (as in the 2017 Parity multisig hack).</p>`,
		Remediation: `<p>Use OpenZeppelin's <code>Initializable</code> and mark the function <code>initializer</code>, or ` +
			`check and set an <code>initialized</code> flag first; for non-upgradeable contracts set the state in the constructor.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_vars"},
		DetectionLogic: "An initializer-like entry point (init/initialize/setup...) that writes state, itself or through helpers, without a " +
			"check of the caller and without running once (sema RunsOnce: an initializer modifier, a one-way flag it tests and " +
			"sets, in a variable (in Solidity or assembly) or in a named storage slot, that no other entry point sets back), in a contract behind a proxy or whose writes " +
			"decide other checks. High when it hands out a role, medium otherwise",
		Version:   "1.0.0",
		SWC:       []string{"SWC-105"},
		CWE:       []string{"CWE-665", "CWE-284"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "access-control",
	},
	Run: runUnprotectedInitializer,
}

func runUnprotectedInitializer(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		if !isInitializerLike(fn) || hasInitializerModifier(fn) || p.RunsOnce(fn) || accessControlled(p, fn) {
			continue
		}
		writes := entryWrites(p, fn)
		reopened := reopenedFlag(p, fn)
		var open []writeSite
		for _, w := range writes {
			if callerRestrictedAt(p, fn, w.node) || !reopened && oneShot(p, fn, w.node, writes) || constructorOnly(p, fn, w.node) || guardedInHelper(p, w) {
				continue
			}
			open = append(open, w)
		}
		if len(open) == 0 {
			continue
		}
		names := map[string]bool{}
		var list []string
		role := false
		for _, w := range open {
			if !names[w.v.Name] {
				names[w.v.Name] = true
				list = append(list, w.v.Name)
			}
			role = role || isRoleVar(w.v) || recordsCaller(p.Info(fn), w)
		}
		// Without a role at stake, re-running setup matters when the contract runs behind a
		// proxy or when what it writes decides other functions' checks.
		if !role && !upgradeableContract(fn.Contract) && !decidesChecks(p, fn.Contract, open) {
			continue
		}
		f := detect.Finding{Details: map[string]string{"function_name": fnName(fn), "state_vars": joinNames(list)}, Function: fn.Name}
		f.Pos, f.End = fnRange(fn, open[0].site)
		if !role {
			f.Severity = detect.Medium
		}
		pass.Report(f)
	}
}

// joinNames lists up to five names.
func joinNames(list []string) string {
	out := ""
	for i, n := range list {
		if i == 5 {
			return out + ", ..."
		}
		if i > 0 {
			out += ", "
		}
		out += n
	}
	return out
}

// upgradeableBase reports whether a contract derives from OpenZeppelin's Initializable (seen or
// only named) and so runs behind a proxy.
func upgradeableBase(c *ast.ContractDecl, lin []string) bool {
	for _, n := range lin {
		if n == "Initializable" {
			return true
		}
	}
	for _, b := range c.Bases {
		if b.Name.String() == "Initializable" {
			return true
		}
	}
	return false
}

// upgradeableContract reports whether c derives from Initializable or uses initializer
// modifiers: it is set up by initializers instead of a constructor.
func upgradeableContract(c *sema.Contract) bool {
	if c == nil {
		return false
	}
	var lin []string
	for _, b := range c.Linearization {
		lin = append(lin, b.Name)
	}
	if upgradeableBase(c.Decl, lin) {
		return true
	}
	for _, fn := range c.AllFunctions() {
		if hasInitializerModifier(fn) {
			return true
		}
	}
	return false
}

// decidesChecks reports whether any of the written variables is read by a require/assert or
// branch condition of another function of the contract.
func decidesChecks(p *sema.Program, c *sema.Contract, writes []writeSite) bool {
	if c == nil {
		return false
	}
	written := map[*sema.Var]bool{}
	for _, w := range writes {
		written[w.v] = true
	}
	for _, b := range c.Linearization {
		for _, fn := range append(append([]*sema.Function(nil), b.Functions...), b.Modifiers...) {
			info := p.Info(fn)
			if info == nil || info.CFG == nil {
				continue
			}
			for _, n := range info.CFG.Nodes {
				var cond ast.Expr
				switch n.Kind {
				case sema.NodeCond:
					cond = n.Expr
				case sema.NodeStmt:
					if es, ok := n.Stmt.(*ast.ExprStmt); ok {
						if call, ok := es.X.(*ast.CallExpr); ok {
							if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(call.Args) > 0 {
								cond = call.Args[0]
							}
						}
					}
				}
				if cond == nil || n.Fn != fn {
					continue
				}
				for v := range stateVarsIn(info, cond) {
					if written[v] {
						return true
					}
				}
				// if (underLimit(x)): a view helper that reads the variable
				for _, c := range callsIn(info, cond) {
					if c.Kind == sema.CallInternal && c.Callee != nil {
						if ci := p.Info(c.Callee); ci != nil {
							for v := range ci.StateReads {
								if written[v] {
									return true
								}
							}
						}
					}
				}
			}
		}
	}
	return false
}

// recordsCaller reports whether a write stores the caller (or keys state by it): the
// initializer makes whoever calls it special (m_owners[1] = uint(msg.sender)).
func recordsCaller(entry *sema.FuncInfo, w writeSite) bool {
	a, ok := w.at.(*ast.AssignExpr)
	if !ok {
		return false
	}
	if entrySource(entry, w, a.Rhs).Has(sema.SrcSender | sema.SrcOrigin) {
		return true
	}
	for _, ix := range indexesOf(a.Lhs) {
		if entrySource(entry, w, ix).Has(sema.SrcSender | sema.SrcOrigin) {
			return true
		}
	}
	return false
}

// constructorOnly reports whether node n runs only while the contract is being constructed: a
// dominating check that this contract has no code yet (extcodesize(address()) == 0,
// address(this).code.length == 0, _isConstructor()). Such initializers cannot be called later.
func constructorOnly(p *sema.Program, fn *sema.Function, n *sema.Node) bool {
	g := p.Info(fn).CFG
	for _, gt := range p.Gates(g, n) {
		if isCodeSizeCheck(gt) {
			return true
		}
	}
	// A check after the write still undoes it when it fails: the function cannot complete
	// without passing a check on every path.
	checks := map[*sema.Node]bool{}
	for _, m := range g.Nodes {
		if m.Kind == sema.NodeStmt {
			if es, ok := m.Stmt.(*ast.ExprStmt); ok {
				if c, ok := es.X.(*ast.CallExpr); ok {
					if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(c.Args) > 0 {
						if mi := p.Info(m.Fn); mi != nil && isCodeSizeCheck(sema.Gate{Cond: c.Args[0], Holds: true, Info: mi}) {
							checks[m] = true
						}
					}
				}
			}
		}
	}
	if len(checks) == 0 {
		return false
	}
	seen := make([]bool, len(g.Nodes))
	stack := []*sema.Node{g.Entry}
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if m == g.Exit {
			return false
		}
		if seen[m.ID] || checks[m] {
			continue
		}
		seen[m.ID] = true
		stack = append(stack, m.Succs...)
	}
	return true
}

// isCodeSizeCheck reports whether a condition tests that the contract has no code yet.
func isCodeSizeCheck(g sema.Gate) bool {
	found := false
	ast.Inspect(g.Cond, func(x ast.Node) bool {
		switch e := x.(type) {
		case *ast.MemberExpr:
			if m, ok := e.X.(*ast.MemberExpr); ok && e.Name.Name == "length" && m.Name.Name == "code" {
				found = true
			}
		case *ast.CallExpr:
			if c := g.Info.CallOf[e]; c != nil && hasWord(c.Name, "constructor") {
				found = true
			}
		case *ast.Ident:
			if v, ok := g.Info.Uses[e].(*sema.Var); ok && v.Kind == sema.LocalVar && assignedCodeSize(g.Info.Fn) {
				found = true
			}
		}
		return !found
	})
	return found
}

// assignedCodeSize reports whether fn reads extcodesize in assembly.
func assignedCodeSize(fn *sema.Function) bool {
	if fn.Body == nil {
		return false
	}
	found := false
	fn.BodyTree().Inspect(func(x ast.Node) bool {
		if y, ok := x.(*ast.YulCall); ok && y.Name.Name == "extcodesize" {
			found = true
		}
		return !found
	})
	return found
}

// reopenedFlag reports whether a state variable the checks of fn read is set back to zero by
// another entry point (require(!initialized) with a reset() that clears initialized): the
// check stops a second call only until then.
func reopenedFlag(p *sema.Program, fn *sema.Function) bool {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return false
	}
	for _, gt := range p.Gates(info.CFG, info.CFG.Exit) {
		for v := range stateVarsIn(gt.Info, gt.Cond) {
			if p.ClearedElsewhere(fn, v) {
				return true
			}
		}
	}
	return false
}
