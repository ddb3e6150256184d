package solidity

import (
	"slices"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// CallsInLoop and UnboundedLoop share the loops of a function: the external calls each loop
// makes (directly or through internal helpers) and the storage its bound reads.

var CallsInLoop = &detect.Analyzer{
	Template: detect.Template{
		ID:         "DOS_EXTERNAL_CALL_IN_LOOP",
		Name:       "External call inside a loop",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> calls <code>${call}</code> inside a loop. ` +
			`${reason}</p>`,
		Remediation: `<p>Prefer pull over push: record what each party is owed and let them withdraw it. If calls in a loop ` +
			`are needed, do not let one failure revert the whole loop, and bound the number of iterations.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call", "reason"},
		DetectionLogic:  "External or low-level calls (direct or through internal helpers) inside for/while/do loops; medium when the call reverts on failure (transfer, require(send), require(success)) so that one recipient can block everyone, unless no third party can: the callee is a constant or immutable address, only trusted callers reach the function, or the loop runs over the caller's own batch (an array parameter of a public function), which a failing entry only fails for that caller.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-113"},
		CWE:             []string{"CWE-703"},
		Languages:       []string{"solidity"},
		Slither:         "calls-loop",
		Class:           "dos",
	},
	Run: runCallsInLoop,
}

var UnboundedLoop = &detect.Analyzer{
	Template: detect.Template{
		ID:         "DOS_UNBOUNDED_LOOP",
		Name:       "Loop over storage that anyone can grow",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> loops over <code>${state_var}</code>, ` +
			`${reason} Once it is long enough, the loop needs more gas than a block holds and the function can never complete.</p>`,
		Remediation: `<p>Bound the number of iterations (process in batches with a cursor), cap the size of the collection, ` +
			`or restructure so that each user handles their own entry.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_var", "reason"},
		DetectionLogic:  "A loop whose condition reads the length of a state array (or a state counter) that a public function grows with push/++ ; or a loop that pushes to a state array in a public function. Medium when the growth is open to anyone, low when restricted.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-128"},
		CWE:             []string{"CWE-400"},
		Languages:       []string{"solidity"},
		Slither:         "costly-loop",
		Class:           "dos",
	},
	Run: runUnboundedLoop,
}

var loopKinds = inspect.Of((*ast.ForStmt)(nil), (*ast.WhileStmt)(nil), (*ast.DoWhileStmt)(nil))

type loopsKey struct{}

// loopsIn returns the loops of a function's body in tree order, found once per function
// (sema.Memo) from its flattened tree: the failed-call detector asks once per call it checks.
func loopsIn(info *sema.FuncInfo) []ast.Stmt {
	return sema.Memo(info, loopsKey{}, func() []ast.Stmt {
		var out []ast.Stmt
		for n := range info.Fn.BodyTree().Preorder(loopKinds) {
			out = append(out, n.(ast.Stmt))
		}
		return out
	})
}

func loopParts(l ast.Stmt) (cond ast.Expr, body ast.Stmt) {
	switch s := l.(type) {
	case *ast.ForStmt:
		return s.Cond, s.Body
	case *ast.WhileStmt:
		return s.Cond, s.Body
	case *ast.DoWhileStmt:
		return s.Cond, s.Body
	}
	return nil, nil
}

func runCallsInLoop(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil || fn.IsView() {
			continue
		}
		reverting := revertingCalls(info, fn)
		seen := map[*ast.CallExpr]bool{}
		for _, l := range loopsIn(info) {
			_, body := loopParts(l)
			for _, c := range callsIn(info, body) {
				if seen[c.Expr] {
					continue
				}
				var ext *sema.Call
				extInfo := info
				switch {
				case c.IsExternal():
					ext = c
				case (c.Kind == sema.CallInternal || c.Kind == sema.CallLibrary) && c.Callee != nil && !c.Callee.IsView():
					// a helper that calls out
					for _, g := range append([]*sema.Function{c.Callee}, p.Callees(c.Callee)...) {
						if gi := p.Info(g); gi != nil {
							for _, gc := range gi.Calls {
								if gc.IsExternal() && !staticCall(p, gi, gc) {
									ext, extInfo = gc, gi
								}
							}
						}
					}
				}
				if ext == nil || staticCall(p, extInfo, ext) || isThis(ext.Target) {
					continue
				}
				seen[c.Expr] = true
				sev := detect.Low
				reason := "Each iteration costs an external call, and a callee that fails or burns gas can make the whole transaction fail."
				if ext.IsLowLevel("transfer") || reverting[ext.Expr] {
					sev = detect.Medium
					reason = "The call reverts the whole loop when it fails, so a single recipient that rejects the payment (a contract without a payable fallback) blocks every other one."
					if why := noThirdPartyBlocks(p, pass.Contract, fn, l, extInfo, ext); why != "" {
						sev = detect.Low
						reason = "The call reverts the whole loop when it fails, but " + why
					}
				}
				if inTestCode(fn) {
					sev = detect.Low
				}
				reportAt(pass, c.Expr, fn, map[string]string{"call": sourceText(p, c.Expr), "reason": reason}, sev, "")
			}
		}
	}
}

// staticCall reports whether a call cannot change state: staticcall, or a call to a function
// declared view (in the project, or by the token standard an unshipped interface names).
func staticCall(p *sema.Program, info *sema.FuncInfo, c *sema.Call) bool {
	if c.IsLowLevel("staticcall") {
		return true
	}
	return c.Kind == sema.CallExternal && (c.Callee != nil && c.Callee.IsView() || p.StandardViewCall(info, c))
}

// revertingCalls returns the calls of fn whose failure reverts: send/call inside require or
// assert, or whose success flag a require, assert or if-revert checks.
func revertingCalls(info *sema.FuncInfo, fn *sema.Function) map[*ast.CallExpr]bool {
	out := map[*ast.CallExpr]bool{}
	for _, c := range funcConditions(info) {
		if !c.assertion {
			continue
		}
		for _, call := range callsIn(info, c.expr) {
			out[call.Expr] = true
		}
	}
	for _, call := range info.Calls {
		if !call.IsLowLevel("send", "call") {
			continue
		}
		if v := boolVarOf(info, fn, call.Expr); v != nil {
			for _, c := range funcConditions(info) {
				found := false
				ast.Inspect(c.expr, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok && sameVar(info.Uses[id], v) {
						found = true
					}
					return !found
				})
				if found {
					out[call.Expr] = true
				}
			}
		}
	}
	return out
}

func runUnboundedLoop(pass *detect.Pass) {
	p := pass.Program
	c := pass.Contract
	if c == nil || c.IsLibrary() {
		return
	}
	// Which state variables grow, and whether anyone can grow them. A push onto the
	// caller's own entry (lists[msg.sender]) grows what only that caller loops over: it counts
	// apart (selfOnly), the DoS is the caller's own.
	grows := map[*sema.Var]bool{} // value: open to anyone
	shared := map[*sema.Var]bool{}
	for _, g := range c.AllFunctions() {
		if !g.IsEntryPoint() {
			continue
		}
		open := !p.HasAccessControl(g)
		for _, h := range append([]*sema.Function{g}, p.Callees(g)...) {
			hi := p.Info(h)
			if hi == nil || h.Body == nil {
				continue
			}
			for _, gr := range bodyGrowth(p, hi) {
				grows[gr.v] = grows[gr.v] || open
				shared[gr.v] = shared[gr.v] || !gr.own
			}
		}
	}
	selfOnly := func(v *sema.Var) bool { return !shared[v] }
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		// Clearing a dynamic storage array (arr = new T[](0), delete arr) writes zero to every
		// element: an implicit loop over everything pushed so far.
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			var target ast.Expr
			switch e := n.(type) {
			case *ast.AssignExpr:
				if c, ok := ast.Unparen(e.Rhs).(*ast.CallExpr); ok && e.Op == token.ASSIGN {
					if _, isNew := c.Fun.(*ast.NewExpr); isNew {
						target = e.Lhs
					}
				}
			case *ast.UnaryExpr:
				if e.Op == token.DELETE {
					target = e.X
				}
			}
			if target == nil {
				return true
			}
			v := p.StateVarOf(info, target)
			if v == nil || p.StateVarOf(info, target) == nil {
				return true
			}
			if at, ok := v.Type.(*sema.ArrayType); !ok || !at.Dynamic {
				return true
			}
			if _, direct := target.(*ast.Ident); !direct {
				return true
			}
			open, grows := grows[v]
			if !grows {
				return true
			}
			sev, reason := detect.Low, "which only privileged functions grow: clearing it costs gas for every element."
			if open {
				sev, reason = detect.Medium, "which any caller can grow: clearing it costs gas for every element, and past some length it cannot be cleared at all."
				if p.HasAccessControl(fn) {
					sev = detect.Low
				}
			}
			if inTestCode(fn) {
				sev = detect.Low
			}
			reportAt(pass, n, fn, map[string]string{"state_var": v.Name, "reason": reason}, sev, "")
			return true
		})
		for _, l := range loopsIn(info) {
			cond, body := loopParts(l)
			reported := false
			if callerBounded(p, info, cond) {
				continue // the caller picks how many turns: a long list is worked through in batches
			}
			for v := range loopBound(p, info, cond) {
				open, ok := grows[v]
				if !ok {
					continue
				}
				sev := detect.Low
				reason := "which only privileged functions grow."
				if open {
					sev = detect.Medium
					reason = "which any caller can grow."
				}
				if open && selfOnly(v) {
					sev = detect.Low
					reason = "which each caller grows only under their own key: a long list stops only its owner."
				}
				if open && p.HasAccessControl(fn) {
					// Only trusted callers run the loop: they are the ones a long list
					// stops, and they choose when to run it.
					sev = detect.Low
					reason = "which any caller can grow; only trusted callers run this loop."
				}
				if inTestCode(fn) {
					sev = detect.Low
				}
				if fn.IsView() {
					// Off-chain callers pay nothing; only contracts calling it on-chain suffer.
					sev = detect.Low
					reason += " The function is read-only, so only on-chain callers are affected."
				}
				reportAt(pass, l, fn, map[string]string{"state_var": v.Name, "reason": reason}, sev, "")
				reported = true
				break
			}
			if reported || !fn.IsEntryPoint() || p.HasAccessControl(fn) || fn.IsView() {
				continue
			}
			// A public function that grows storage in a loop.
			if gs := growsIn(p, info, info.Fn.BodyTree().In(body)); len(gs) > 0 {
				sev, reason := detect.Medium, "which this loop grows on every call: any caller can make it arbitrarily long."
				if gs[0].own {
					sev, reason = detect.Low, "which this loop grows under the caller's own key: only that caller's list gets long."
				}
				reportAt(pass, l, fn, map[string]string{"state_var": gs[0].v.Name, "reason": reason}, sev, "")
			}
		}
	}
}

type bodyGrowthKey struct{}

// bodyGrowth is growsIn of a function's whole body, found once per function (sema.Memo): each
// contract asks it of every entry point it has, inherited ones included, and of their callees.
func bodyGrowth(p *sema.Program, info *sema.FuncInfo) []growth {
	return sema.Memo(info, bodyGrowthKey{}, func() []growth { return growsIn(p, info, *info.Fn.BodyTree()) })
}

// growth is a state variable some code grows; own when it grows the caller's own entry
// (lists[msg.sender].push(x)).
type growth struct {
	v   *sema.Var
	own bool
}

// growsIn returns the state arrays pushed (or whose length is incremented) and the state
// counters incremented in tree (part of the function's flattened body: only the nodes that
// can grow storage are visited, instead of a walk of every node).
func growsIn(p *sema.Program, info *sema.FuncInfo, tree inspect.Inspector) []growth {
	var out []growth
	seen := map[growth]bool{}
	add := func(v *sema.Var, own ...bool) {
		g := growth{v: v, own: len(own) > 0 && own[0]}
		if v != nil && !seen[g] {
			seen[g] = true
			out = append(out, g)
		}
	}
	for x := range tree.Preorder(growthKinds) {
		switch e := x.(type) {
		case *ast.CallExpr:
			// A push onto the caller's own entry (states[msg.sender].part) grows what only
			// that caller loops over.
			if m, ok := e.Fun.(*ast.MemberExpr); ok && m.Name.Name == "push" && !lengthCapped(p, info, e, m.X) {
				add(p.StateVarOf(info, m.X), p.CallersEntry(info, m.X))
			}
		case *ast.UnaryExpr:
			if e.Op == token.INC {
				if m, ok := e.X.(*ast.MemberExpr); ok && m.Name.Name == "length" {
					add(p.StateVarOf(info, m.X))
				} else if v := p.StateVarOf(info, e.X); v != nil {
					if _, isInt := sema.IsInteger(v.Type); isInt {
						add(v)
					}
				}
			}
		case *ast.AssignExpr:
			if e.Op == token.ADD_ASSIGN {
				if m, ok := e.Lhs.(*ast.MemberExpr); ok && m.Name.Name == "length" {
					add(p.StateVarOf(info, m.X))
				}
			}
		}
	}
	return out
}

// growthKinds are the nodes growsIn looks at.
var growthKinds = inspect.Of((*ast.CallExpr)(nil), (*ast.UnaryExpr)(nil), (*ast.AssignExpr)(nil))

// loopBound returns the state variables a loop condition reads as its bound: arr.length of a
// state array, or a state counter, possibly through a local copy.
func loopBound(p *sema.Program, info *sema.FuncInfo, cond ast.Expr) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	if cond == nil {
		return out
	}
	copies := stateCopies(p, info)
	ast.Inspect(cond, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr:
			for v := range boundThroughGetter(p, info, e) {
				out[v] = true // i < count(): the getter returns the length
			}
		case *ast.MemberExpr:
			if e.Name.Name == "length" {
				if v := p.StateVarOf(info, e.X); v != nil {
					out[v] = true
				}
				if id, ok := e.X.(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind != sema.StateVar {
						for s := range copies[v] {
							out[s] = true
						}
					}
				}
			}
		case *ast.Ident:
			if v, ok := info.Uses[e].(*sema.Var); ok {
				if v.Kind == sema.StateVar {
					if _, isInt := sema.IsInteger(v.Type); isInt && !v.IsConstant() {
						out[v] = true
					}
				} else if v.Kind == sema.LocalVar {
					for s := range copies[v] {
						out[s] = true // n = arr.length, n = count
					}
				}
			}
		}
		return true
	})
	return out
}

// noThirdPartyBlocks says why one failing call in loop l of fn cannot block anyone but the
// caller, or returns "": the callee is fixed (a constant or immutable address such as a system
// predeploy), only trusted callers reach fn, or l iterates over an array the caller passed in
// (their own batch: a bad entry fails only their transaction, and they can resubmit without it).
func noThirdPartyBlocks(p *sema.Program, c *sema.Contract, fn *sema.Function, l ast.Stmt, extInfo *sema.FuncInfo, ext *sema.Call) string {
	if ext.Target != nil && fixedValue(extInfo, ext.Target, 0) {
		return "the callee is a fixed address, not one a third party chooses."
	}
	if ext.Target != nil && protocolsCallee(p, c, extInfo, ext.Target) {
		return "the callee is a contract the protocol names itself (stored by trusted code, looked up in its registry), not one a third party chooses."
	}
	if p.HasAccessControl(fn) {
		return "only trusted callers reach it and they choose what it loops over."
	}
	if cond, _ := loopParts(l); fn.IsEntryPoint() && (loopsOverParam(p.Info(fn), l) || callerBounded(p, p.Info(fn), cond)) {
		return "the loop runs over the caller's own batch: a failing entry fails only the caller's transaction."
	}
	return ""
}

// protocolsCallee reports whether a called address, in the function whose facts are info, is
// one the protocol names itself: no part the caller passes or the model cannot trace, and no
// storage place anyone may fill (an immutable, a variable only trusted code sets, a trusted
// registry's answer, a contract it created).
func protocolsCallee(p *sema.Program, c *sema.Contract, info *sema.FuncInfo, target ast.Expr) bool {
	pv := p.DepsOf(info).Of(target)
	if pv.Zero() || pv.Params != 0 || pv.Has(sema.SrcParam|sema.SrcSender|sema.SrcOrigin|sema.SrcData|sema.SrcCallRet|sema.SrcUnknown|sema.SrcValue|sema.SrcBalance) {
		return false
	}
	if c == nil {
		c = info.Fn.Contract
	}
	_, chosen := p.StoredChoice(c, info, target)
	return !chosen
}

// loopsOverParam reports whether a loop's condition is bounded by the length of an array
// parameter of the function (for (i = 0; i < requests.length; i++)).
func loopsOverParam(info *sema.FuncInfo, l ast.Stmt) bool {
	cond, _ := loopParts(l)
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		if m, ok := n.(*ast.MemberExpr); ok && m.Name.Name == "length" {
			if v := info.RootVar(m.X); v != nil && v.Kind == sema.ParamVar && v.Func == info.Fn {
				found = true
			}
		}
		return !found
	})
	return found
}

// lengthCapped reports whether a push onto arr is gated by a check that arr's length is below a
// constant (require(list.length < MAX_LENGTH)): the array can never outgrow that bound.
func lengthCapped(p *sema.Program, info *sema.FuncInfo, push *ast.CallExpr, arr ast.Expr) bool {
	if info.CFG == nil {
		return false
	}
	target := p.StateVarOf(info, arr)
	if target == nil {
		return false
	}
	for _, n := range info.CFG.Nodes {
		if n.Fn != info.Fn || !nodeContains(n, push) {
			continue
		}
		if cappedAfter(p, info, n, target) {
			return true
		}
		for _, gt := range p.Gates(info.CFG, n) {
			capped := false
			ast.Inspect(gt.Cond, func(x ast.Node) bool {
				b, ok := x.(*ast.BinaryExpr)
				if !ok {
					return true
				}
				op, length, bound := b.Op, b.X, b.Y
				if !isLengthOf(p, gt.Info, length, target) {
					op, length, bound = op.Mirror(), b.Y, b.X
				}
				if !isLengthOf(p, gt.Info, length, target) || !fixedValue(gt.Info, bound, 0) {
					return true
				}
				if !gt.Holds {
					op = op.Negate()
				}
				if op == token.LSS || op == token.LEQ {
					capped = true
				}
				return !capped
			})
			if capped {
				return true
			}
		}
	}
	return false
}

// cappedAfter reports whether every path from push node n to the end of the function passes a
// check that reverts once v's length passed a constant (push, then if (list.length > MAX)
// revert): the push that would pass the cap is undone.
func cappedAfter(p *sema.Program, info *sema.FuncInfo, n *sema.Node, v *sema.Var) bool {
	g := info.CFG
	var checks []*sema.Node
	for _, m := range g.Nodes {
		if m.Kind != sema.NodeCond || m.Expr == nil || !g.Reachable(n, m) {
			continue
		}
		for _, s := range m.Succs {
			if s.Kind != sema.NodeBranch || g.Reachable(s, g.Exit) || !g.Reachable(s, g.Revert) {
				continue
			}
			// The side that reverts is s: going on means the condition has the other value.
			if boundsLength(p, info, m.Expr, !s.Polarity, v) {
				checks = append(checks, m)
			}
		}
	}
	if len(checks) == 0 {
		return false
	}
	seen := map[*sema.Node]bool{}
	stack := append([]*sema.Node(nil), n.Succs...)
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[m] || slices.Contains(checks, m) {
			continue
		}
		seen[m] = true
		if m == g.Exit {
			return false
		}
		stack = append(stack, m.Succs...)
	}
	return true
}

// boundsLength reports whether cond, having value holds, bounds v's length from above by a
// constant (list.length <= MAX).
func boundsLength(p *sema.Program, info *sema.FuncInfo, cond ast.Expr, holds bool, v *sema.Var) bool {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	op, length, bound := b.Op, b.X, b.Y
	if !isLengthOf(p, info, length, v) {
		op, length, bound = op.Mirror(), b.Y, b.X
	}
	if !isLengthOf(p, info, length, v) || !fixedValue(info, bound, 0) {
		return false
	}
	if !holds {
		op = op.Negate()
	}
	return op == token.LSS || op == token.LEQ
}

// isLengthOf reports whether x is v.length (through indexes: list[user].length).
func isLengthOf(p *sema.Program, info *sema.FuncInfo, x ast.Expr, v *sema.Var) bool {
	m, ok := ast.Unparen(x).(*ast.MemberExpr)
	return ok && m.Name.Name == "length" && p.StateVarOf(info, m.X) == v
}

// nodeContains reports whether the expressions of CFG node n contain x.
func nodeContains(n *sema.Node, x ast.Node) bool {
	for _, e := range n.Exprs() {
		if e != nil && e.Pos() <= x.Pos() && x.End() <= e.End() {
			return true
		}
	}
	return false
}

// callerBounded reports whether a loop's condition bounds the number of turns by a value the
// caller passes: a conjunct compares with a value derived from a parameter (count > 0 with
// count counted down, i < end with end = cursor + n, or the smaller of that and the length):
// the caller works through a long list in batches. The loop's own counter, counted up from a
// parameter, bounds nothing.
func callerBounded(p *sema.Program, info *sema.FuncInfo, cond ast.Expr) bool {
	if cond == nil {
		return false
	}
	d := p.DepsOf(info)
	var conj func(x ast.Expr) bool
	conj = func(x ast.Expr) bool {
		b, ok := ast.Unparen(x).(*ast.BinaryExpr)
		if !ok {
			return false
		}
		switch b.Op {
		case token.LAND:
			return conj(b.X) || conj(b.Y)
		case token.LSS, token.LEQ, token.GTR, token.GEQ, token.NEQ:
			for _, side := range []ast.Expr{b.X, b.Y} {
				if d.Of(side).Params != 0 && !countsUp(info, side) {
					return true
				}
			}
		}
		return false
	}
	return conj(cond)
}

// countsUp reports whether x is a variable the function increases (i++, i += step): a loop
// counter, not a bound.
func countsUp(info *sema.FuncInfo, x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v := info.Uses[id]
	up := false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.UnaryExpr:
			if e.Op == token.INC && info.RootVar(e.X) == v {
				up = true
			}
		case *ast.AssignExpr:
			if e.Op == token.ADD_ASSIGN && info.RootVar(e.Lhs) == v {
				up = true
			}
		}
		return !up
	})
	return up
}
