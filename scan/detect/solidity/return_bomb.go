package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// ReturnBomb reports a call to a callee the caller chooses whose return (or revert) data is
// copied into memory in full, in code meant to survive the callee's failure. The callee
// controls the size of that data: it can return megabytes, and the memory expansion the copy
// costs the caller burns the gas kept back to finish after the call (the 1/64 the callee cannot
// take, or what a gas-limited call was meant to leave), so the caller's bookkeeping after a
// failed call never runs. Relayers, keepers and batch executors that tolerate failures are the
// usual victims.
var ReturnBomb = &detect.Analyzer{
	Template: detect.Template{
		ID:         "RETURN_BOMB",
		Name:       "Unbounded return data copied from an untrusted callee",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, the call to <code>${target}</code>, ` +
			`which the caller chooses, copies all of its ${data} into memory (<code>${site}</code>), and the function is ` +
			`written to go on when the call fails. The callee decides how large that data is: a huge return makes the copy ` +
			`use up the gas kept for the code after the call, which then reverts.</p>`,
		Remediation: `<p>Copy at most a bounded prefix of the return data (in assembly: <code>returndatacopy</code> of ` +
			`<code>min(returndatasize(), N)</code>; or a library such as ExcessivelySafeCall), or do not bind the return ` +
			`data when it is not needed.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "target", "data", "site"},
		DetectionLogic: "In public and external functions (libraries aside): a low-level call whose returned bytes are bound " +
			"to a variable, a try whose catch clause binds the revert data, or an assembly block that calls and copies " +
			"returndatacopy(..., returndatasize()) without reverting; the callee is msg.sender, a parameter, or derived " +
			"from them (an element or member of a parameter included); a failure of the call does not revert the " +
			"function (its success flag is not required, not tested by an if that reverts, not handed to a helper); and " +
			"the function writes state after the call (state it had not set before the call: resetting a cache is " +
			"cleanup). Functions with an access check are left out: the trusted caller picks the callee.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-113"},
		CWE:       []string{"CWE-400"},
		Languages: []string{"solidity"},
		Slither:   "return-bomb",
		Class:     "dos",
	},
	Run: runReturnBomb,
}

func runReturnBomb(pass *detect.Pass) {
	p := pass.Program
	if pass.Contract == nil || pass.Contract.IsLibrary() || pass.Contract.IsInterface() || isTestContract(pass.Contract) {
		return
	}
	for _, fn := range entryFunctions(pass.Functions()) {
		info := p.Info(fn)
		if info == nil || fn.Body == nil {
			continue
		}
		if accessControlled(p, fn) {
			continue // a trusted caller picks the callee: only its own call can be bombed
		}
		report := func(at ast.Node, target ast.Expr, data string) {
			if !writesStateAfter(p, info, at) {
				return // nothing to finish after the call: the caller only loses its own call
			}
			reportAt(pass, at, fn, map[string]string{"target": sourceText(p, target), "data": data,
				"site": sourceText(p, at)}, "", "")
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.VarDeclStmt:
				if c := unwrapCall(s.Value); c != nil && len(s.Vars) > 1 && s.Vars[1] != nil {
					checkBombCall(p, info, fn, c, report)
				}
			case *ast.AssignExpr:
				if t, ok := s.Lhs.(*ast.TupleExpr); ok && len(t.Elems) > 1 && t.Elems[1] != nil {
					if c := unwrapCall(s.Rhs); c != nil {
						checkBombCall(p, info, fn, c, report)
					}
				}
			case *ast.TryStmt:
				checkBombTry(p, info, s, report)
			case *ast.AssemblyStmt:
				checkBombAssembly(info, s, report)
			}
			return true
		})
	}
}

// checkBombCall judges a low-level call whose returned bytes are bound.
func checkBombCall(p *sema.Program, info *sema.FuncInfo, fn *sema.Function, c *ast.CallExpr, report func(ast.Node, ast.Expr, string)) {
	call := info.CallOf[c]
	if call == nil || !call.IsLowLevel("call", "staticcall") || call.Target == nil || !chosenByCaller(info, call.Target) {
		return
	}
	if ok := boolVarOf(info, fn, c); ok == nil || failureReverts(p, info, fn, ok) {
		return // no flag kept means it is not read either; a required flag means failure reverts anyway
	}
	report(c, call.Target, "return data")
}

// checkBombTry judges a try whose catch binds the revert data.
func checkBombTry(p *sema.Program, info *sema.FuncInfo, t *ast.TryStmt, report func(ast.Node, ast.Expr, string)) {
	c := unwrapCall(t.Call)
	if c == nil {
		return
	}
	call := info.CallOf[c]
	if call == nil || call.Target == nil || !chosenByCaller(info, call.Target) {
		return
	}
	for _, cc := range t.Catches {
		if cc.Params == nil || len(cc.Params.List) == 0 || cc.Params.List[0].Name == nil {
			continue
		}
		if sema.AlwaysReverts(cc.Body) {
			continue // the catch rethrows: failure reverts anyway
		}
		report(cc, call.Target, "revert data")
		return
	}
}

// checkBombAssembly judges an assembly block that calls a caller-chosen address and copies the
// whole return data, without reverting in the block (a block that bubbles the data up with
// revert or return is a proxy forwarding its callee's answer).
func checkBombAssembly(info *sema.FuncInfo, a *ast.AssemblyStmt, report func(ast.Node, ast.Expr, string)) {
	var target *ast.YulIdent
	var copyAll ast.Node
	ends := false
	ast.Inspect(a.Body, func(n ast.Node) bool {
		c, ok := n.(*ast.YulCall)
		if !ok {
			return true
		}
		switch c.Name.Name {
		case "call", "staticcall":
			if len(c.Args) > 1 {
				if id, ok := c.Args[1].(*ast.YulIdent); ok {
					if v := info.YulUses[id]; v != nil && (v.Kind == sema.ParamVar || v.Kind == sema.LocalVar && varFlow(info, v).Has(sema.SrcParam|sema.SrcSender)) {
						target = id
					}
				}
				if inner, ok := c.Args[1].(*ast.YulCall); ok && inner.Name.Name == "caller" {
					target = &ast.YulIdent{NamePos: inner.Pos(), Name: "caller()"}
				}
			}
		case "returndatacopy":
			if len(c.Args) == 3 {
				if size, ok := c.Args[2].(*ast.YulCall); ok && size.Name.Name == "returndatasize" {
					copyAll = c
				}
			}
		case "revert", "return":
			ends = true
		}
		return true
	})
	if target == nil || copyAll == nil || ends {
		return
	}
	report(copyAll, &ast.Ident{NamePos: target.NamePos, Name: target.Name}, "return data")
}

// chosenByCaller reports whether an address comes from the caller: msg.sender, a parameter, a
// local derived from them, or an element or member of a parameter (calls[i].target).
func chosenByCaller(info *sema.FuncInfo, x ast.Expr) bool {
	x = unwrapTypeConversions(info, x)
	if callerChosen(info, x) {
		return true
	}
	root := info.RootVar(unwrapConversion(info, x))
	return root != nil && root.Kind == sema.ParamVar
}

// unwrapTypeConversions removes conversions to contract and address types: IPayer(msg.sender)
// is msg.sender.
func unwrapTypeConversions(info *sema.FuncInfo, x ast.Expr) ast.Expr {
	for {
		x = unwrapConversion(info, x)
		c, ok := x.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return x
		}
		if call := info.CallOf[c]; call == nil || call.Kind != sema.CallConversion {
			return x
		}
		x = c.Args[0]
	}
}

// failureReverts reports whether a failed call reverts the function: its success flag is
// required or asserted, tested by an if whose failing side reverts, or handed to a helper
// (verifyCallResult and its kin decide, and usually revert).
func failureReverts(p *sema.Program, info *sema.FuncInfo, fn *sema.Function, ok *sema.Var) bool {
	set := map[*sema.Var]bool{ok: true}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.IfStmt:
			if mentionsVars(info, s.Cond, set) && (branchReverts(p, info, s.Then) || s.Else != nil && branchReverts(p, info, s.Else)) {
				found = true
			}
		case *ast.CallExpr:
			if isRequire(s) && mentionsVars(info, s.Args[0], set) {
				found = true
			}
			if c := info.CallOf[s]; c != nil && (c.Kind == sema.CallInternal || c.Kind == sema.CallLibrary) {
				for _, a := range s.Args {
					if mentionsVars(info, a, set) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// branchReverts reports whether a branch always reverts: a revert statement or call, an
// assembly revert at its top level, or a call to a helper whose body always reverts
// (_revert(returndata) bubbling the callee's error, in Solidity or assembly).
func branchReverts(p *sema.Program, info *sema.FuncInfo, s ast.Stmt) bool {
	return branchRevertsDepth(p, info, s, 0)
}

func branchRevertsDepth(p *sema.Program, info *sema.FuncInfo, s ast.Stmt, depth int) bool {
	if sema.AlwaysReverts(s) {
		return true
	}
	list := []ast.Stmt{s}
	if b, ok := s.(*ast.BlockStmt); ok {
		list = b.List
	}
	for _, st := range list {
		switch st := st.(type) {
		case *ast.AssemblyStmt:
			for _, y := range st.Body.List {
				if es, ok := y.(*ast.YulExprStmt); ok {
					if c, ok := es.X.(*ast.YulCall); ok && c.Name.Name == "revert" {
						return true
					}
				}
			}
		case *ast.ExprStmt:
			c := info.CallOf[unwrapCall(st.X)]
			if c == nil || c.Callee == nil || c.Callee.Body == nil || depth > 3 {
				continue
			}
			if ci := p.Info(c.Callee); ci != nil && (ci.CFG != nil && len(ci.CFG.Exit.Preds) == 0 ||
				branchRevertsDepth(p, ci, c.Callee.Body, depth+1)) {
				return true
			}
		}
	}
	return false
}

// writesStateAfter reports whether state is written on a path from the statement holding at
// (itself excluded): the bookkeeping a failed call must not prevent.
func writesStateAfter(p *sema.Program, info *sema.FuncInfo, at ast.Node) bool {
	g := info.CFG
	var from *sema.Node
	for _, n := range g.Nodes {
		if n.Fn != info.Fn {
			continue
		}
		if x := n.Code(); x != nil && x.Pos() <= at.Pos() && at.End() <= x.End() {
			from = n
			break
		}
		if s := n.Stmt; s != nil && s.Pos() <= at.Pos() && at.End() <= s.End() && from == nil {
			from = n
		}
	}
	if from == nil {
		return false
	}
	// A variable the function set before the call and resets after it (a cache for the
	// callback, a lock) is cleanup, not bookkeeping: a revert undoes it as well.
	before := map[*sema.Var]bool{}
	reaching, reach := g.Reaching(from), g.ReachableFrom(from)
	for _, m := range g.Nodes {
		// strictly before: a write in the same loop runs after the call too
		if m != from && reaching[m.ID] && !reach[m.ID] && m.Kind == sema.NodeStmt {
			for v := range nodeWrites(p, m) {
				before[v] = true
			}
		}
	}
	for _, m := range g.Nodes {
		if m == from || !reach[m.ID] || m.Kind != sema.NodeStmt {
			continue
		}
		for v := range nodeWrites(p, m) {
			if !before[v] {
				return true
			}
		}
	}
	return false
}
