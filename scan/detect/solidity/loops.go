package solidity

import (
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
					if why := noThirdPartyBlocks(p, fn, l, extInfo, ext); why != "" {
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
	// Which state variables grow, and whether anyone can grow them.
	grows := map[*sema.Var]bool{} // value: open to anyone
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
			for _, v := range bodyGrowth(p, hi) {
				grows[v] = grows[v] || open
			}
		}
	}
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
			if vs := growsIn(p, info, info.Fn.BodyTree().In(body)); len(vs) > 0 {
				reportAt(pass, l, fn, map[string]string{"state_var": vs[0].Name, "reason": "which this loop grows on every call: any caller can make it arbitrarily long."}, detect.Medium, "")
			}
		}
	}
}

type bodyGrowthKey struct{}

// bodyGrowth is growsIn of a function's whole body, found once per function (sema.Memo): each
// contract asks it of every entry point it has, inherited ones included, and of their callees.
func bodyGrowth(p *sema.Program, info *sema.FuncInfo) []*sema.Var {
	return sema.Memo(info, bodyGrowthKey{}, func() []*sema.Var { return growsIn(p, info, *info.Fn.BodyTree()) })
}

// growsIn returns the state arrays pushed (or whose length is incremented) and the state
// counters incremented in tree (part of the function's flattened body: only the nodes that
// can grow storage are visited, instead of a walk of every node).
func growsIn(p *sema.Program, info *sema.FuncInfo, tree inspect.Inspector) []*sema.Var {
	var out []*sema.Var
	seen := map[*sema.Var]bool{}
	add := func(v *sema.Var) {
		if v != nil && !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	for x := range tree.Preorder(growthKinds) {
		switch e := x.(type) {
		case *ast.CallExpr:
			if m, ok := e.Fun.(*ast.MemberExpr); ok && m.Name.Name == "push" && !lengthCapped(p, info, e, m.X) {
				add(p.StateVarOf(info, m.X))
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
func noThirdPartyBlocks(p *sema.Program, fn *sema.Function, l ast.Stmt, extInfo *sema.FuncInfo, ext *sema.Call) string {
	if ext.Target != nil && fixedValue(extInfo, ext.Target, 0) {
		return "the callee is a fixed address, not one a third party chooses."
	}
	if p.HasAccessControl(fn) {
		return "only trusted callers reach it and they choose what it loops over."
	}
	if fn.IsEntryPoint() && loopsOverParam(p.Info(fn), l) {
		return "the loop runs over the caller's own batch: a failing entry fails only the caller's transaction."
	}
	return ""
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
