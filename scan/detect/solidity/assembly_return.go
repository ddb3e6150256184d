package solidity

import (
	"strconv"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// AssemblyReturn reports an assembly return(...) that ends the whole call where only the
// enclosing function was meant to end: inside a Yul function whose callers go on after it
// (leave was meant), or in an internal Solidity function whose callers have code after the
// call. return in assembly is the RETURN opcode: it stops the transaction's current frame and
// hands its memory to the external caller, so the caller's remaining statements (state
// updates, checks, the unlock of a reentrancy guard) never run, and the data returned is not
// what the entry point declares.
var AssemblyReturn = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ASSEMBLY_RETURN_ENDS_CALL",
		Name:       "Assembly return ends the whole call where leave was meant",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> ` +
			`ends the whole call (the RETURN opcode), not just ${scope}. ${caller} has code after it (line ${skipped_line}) ` +
			`that never runs${skipped_effect}, and the external caller receives this memory instead of the entry point's ` +
			`declared result.</p>`,
		Remediation: `<p>Use <code>leave</code> to exit a Yul function, and return values through the function's return ` +
			`variables; in an internal Solidity function, assign the results and let the function return normally. Keep ` +
			`<code>return(...)</code> for code that is meant to end the call (a proxy's fallback).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "scope", "caller", "skipped_line", "skipped_effect"},
		DetectionLogic: "A Yul return(p, s) inside a Yul function whose call site is followed by more code (in its block, " +
			"in enclosing blocks, or after the assembly statement, including modifier code after the placeholder), or whose " +
			"result a caller uses; or at the top level of the assembly of an internal or private function (or a public one " +
			"called internally) with an internal call site that code follows, following callers where the call is the last " +
			"thing they do (up to four levels). A function or Yul function without return values whose every path ends " +
			"the call (return, revert, stop, invalid) halts on purpose and is not reported. High when the skipped code writes state or checks a condition, medium otherwise.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-670"},
		Languages: []string{"solidity"},
		Slither:   "incorrect-return",
		Class:     "logic",
	},
	Run: runAssemblyReturn,
}

func runAssemblyReturn(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil || !hasAssembly(fn) {
			continue
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			a, ok := n.(*ast.AssemblyStmt)
			if !ok {
				return true
			}
			checkYulFunctionReturns(pass, info, a)
			if !fn.IsModifier {
				for _, ret := range topLevelReturns(a.Body) {
					checkInternalReturn(pass, fn, ret)
				}
			}
			return false
		})
	}
}

// yulParents records, for the statements of an assembly block, the block holding each
// statement and the statement holding each block, so that a call's tail position can be
// asked.
type yulParents struct {
	blockOf  map[ast.YulStmt]*ast.YulBlock
	stmtOf   map[*ast.YulBlock]ast.YulStmt // nil for the top-level block
	stmtOfEx map[ast.Node]ast.YulStmt      // the statement an expression belongs to
}

func newYulParents(body *ast.YulBlock) *yulParents {
	y := &yulParents{blockOf: map[ast.YulStmt]*ast.YulBlock{}, stmtOf: map[*ast.YulBlock]ast.YulStmt{},
		stmtOfEx: map[ast.Node]ast.YulStmt{}}
	var walk func(b *ast.YulBlock, parent ast.YulStmt)
	walk = func(b *ast.YulBlock, parent ast.YulStmt) {
		if b == nil {
			return
		}
		y.stmtOf[b] = parent
		for _, s := range b.List {
			y.blockOf[s] = b
			ast.Inspect(s, func(n ast.Node) bool {
				switch x := n.(type) {
				case *ast.YulBlock:
					if x != b {
						walk(x, s)
						return false
					}
				case *ast.YulCall:
					if _, seen := y.stmtOfEx[x]; !seen {
						y.stmtOfEx[x] = s
					}
				}
				return true
			})
		}
	}
	walk(body, nil)
	return y
}

// tail reports whether statement s is the last thing its assembly block does: the last of its
// block, within enclosing blocks that are themselves last (a loop body never is), up to the
// top level (or to the body of the Yul function it is in).
func (y *yulParents) tail(s ast.YulStmt) bool {
	for {
		b := y.blockOf[s]
		if b == nil || len(b.List) == 0 || b.List[len(b.List)-1] != s {
			return false
		}
		parent := y.stmtOf[b]
		switch parent.(type) {
		case nil, *ast.YulFuncDef:
			return true
		case *ast.YulFor:
			return false
		}
		s = parent
	}
}

// checkYulFunctionReturns reports return(...) in the Yul functions of an assembly block whose
// callers go on after calling them.
func checkYulFunctionReturns(pass *detect.Pass, info *sema.FuncInfo, a *ast.AssemblyStmt) {
	p := pass.Program
	parents := newYulParents(a.Body)
	afterBlock := skippedAfter(p, info, a)
	ast.Inspect(a.Body, func(n ast.Node) bool {
		def, ok := n.(*ast.YulFuncDef)
		if !ok {
			return true
		}
		rets := returnsIn(def.Body)
		if len(rets) == 0 || len(def.Returns) == 0 && yulTerminates(def.Body) {
			return true // a Yul function that never returns to its caller, nor has a result, halts on purpose
		}
		// The call sites: a result used, or code after the call, means the caller goes on.
		var goesOn ast.Node
		ast.Inspect(a.Body, func(m ast.Node) bool {
			c, ok := m.(*ast.YulCall)
			if !ok || c.Name.Name != def.Name.Name || goesOn != nil {
				return goesOn == nil
			}
			s := parents.stmtOfEx[c]
			es, isStmt := s.(*ast.YulExprStmt)
			if !isStmt || es.X != c || !parents.tail(s) || len(def.Returns) > 0 {
				goesOn = c
			} else if afterBlock != nil {
				goesOn = afterBlock.Code()
			}
			return goesOn == nil
		})
		if goesOn == nil {
			return true
		}
		sev, effect := detect.Medium, ""
		if afterBlock != nil {
			if what := skippedEffects(p, info.Fn, afterBlock); what != "" {
				sev, effect = detect.High, " (the function's "+what+" after the assembly block)"
			}
		}
		for _, ret := range rets {
			reportAt(pass, ret, info.Fn, map[string]string{"expression": sourceText(p, ret),
				"scope":  "the Yul function <code>" + def.Name.Name + "</code> (<code>leave</code> does that)",
				"caller": "Its caller", "skipped_line": strconv.Itoa(lineOf(p, goesOn.Pos())), "skipped_effect": effect}, sev, "")
		}
		return true
	})
}

// returnsIn lists the return(...) calls of a Yul block, outside nested Yul functions.
func returnsIn(b *ast.YulBlock) []*ast.YulCall {
	var out []*ast.YulCall
	ast.Inspect(b, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.YulFuncDef:
			return false
		case *ast.YulCall:
			if x.Name.Name == "return" && len(x.Args) == 2 {
				out = append(out, x)
			}
		}
		return true
	})
	return out
}

// topLevelReturns lists the return(...) calls of an assembly block outside its Yul functions.
func topLevelReturns(b *ast.YulBlock) []*ast.YulCall { return returnsIn(b) }

// skippedAfter returns the first node of fn's graph that runs after the assembly statement a
// (a statement, a condition, modifier code after the placeholder), or nil when a is the last
// thing the function does. The block's own statements are nodes of the graph (those that move
// facts); the code after it is found from them, or, for a block with none, from the statement
// after it in the source.
func skippedAfter(p *sema.Program, info *sema.FuncInfo, a *ast.AssemblyStmt) *sema.Node {
	g := info.CFG
	if g == nil {
		return nil
	}
	in := func(n *sema.Node) bool {
		return n.Fn == info.Fn && n.Yul != nil && a.Pos() <= n.Yul.Pos() && n.Yul.End() <= a.End()
	}
	var block []*sema.Node
	for _, n := range g.Nodes {
		if in(n) {
			block = append(block, n)
		}
	}
	if len(block) == 0 {
		next := stmtAfter(info.Fn.Body, a)
		if next == nil {
			return nil
		}
		if n := g.NodeOf(next); n != nil {
			if n.Code() != nil && !placeholderReturn(n, info.Fn) {
				return n
			}
			return firstCodeAfter(g, n, info.Fn)
		}
		return nil
	}
	for _, n := range block {
		for _, s := range n.Succs {
			if in(s) || s.Kind == sema.NodeExit || s.Kind == sema.NodeRevert || s.Kind == sema.NodeHalt {
				continue
			}
			if (s.Kind == sema.NodeStmt || s.Kind == sema.NodeCond) && s.Code() != nil && !placeholderReturn(s, info.Fn) {
				return s
			}
			if next := firstCodeAfter(g, s, info.Fn); next != nil {
				return next
			}
		}
	}
	return nil
}

// stmtAfter returns the statement that follows s in the block holding it (going out through
// enclosing blocks when s is last), or nil.
func stmtAfter(body *ast.BlockStmt, s ast.Stmt) ast.Stmt {
	var found ast.Stmt
	var walk func(b *ast.BlockStmt) bool // reports whether s is at the end of b
	walk = func(b *ast.BlockStmt) bool {
		for i, x := range b.List {
			if x == s {
				if i+1 < len(b.List) {
					found = b.List[i+1]
					return false
				}
				return true
			}
			if inner, ok := x.(*ast.BlockStmt); ok && inner.Pos() <= s.Pos() && s.End() <= inner.End() {
				if walk(inner) && found == nil && i+1 < len(b.List) {
					found = b.List[i+1]
				}
				return false
			}
		}
		return false
	}
	if body != nil {
		walk(body)
	}
	return found
}

// firstCodeAfter returns the nearest node after n (breadth first) that runs code: a
// statement or a condition; joins, branches and the exits are not code, and neither is a
// return of fn's own return variables (or of nothing), a placeholder that compilers ask for
// after a call that never comes back.
func firstCodeAfter(g *sema.CFG, n *sema.Node, fn *sema.Function) *sema.Node {
	return searchAfter(n, func(m *sema.Node) (bool, bool) {
		switch m.Kind {
		case sema.NodeStmt, sema.NodeCond:
			if m.Code() != nil && !placeholderReturn(m, fn) {
				return true, false
			}
		case sema.NodeExit, sema.NodeRevert, sema.NodeHalt:
			return false, false
		}
		return false, true
	})
}

// placeholderReturn reports whether node m is `return;` or a return of fn's own named return
// variables.
func placeholderReturn(m *sema.Node, fn *sema.Function) bool {
	r, ok := m.Stmt.(*ast.ReturnStmt)
	if !ok || m.Fn != fn || m.Expr != nil {
		return false
	}
	if r.Result == nil {
		return true
	}
	names := map[string]bool{}
	for _, v := range fn.Returns {
		if v.Name != "" {
			names[v.Name] = true
		}
	}
	elems := []ast.Expr{r.Result}
	if t, ok := ast.Unparen(r.Result).(*ast.TupleExpr); ok {
		elems = t.Elems
	}
	for _, e := range elems {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok || !names[id.Name] {
			return false
		}
	}
	return true
}

// alwaysHalts reports whether no path of fn returns to its caller: each ends in a revert or
// in an assembly block that always ends the call (return, revert, stop, invalid).
func alwaysHalts(p *sema.Program, fn *sema.Function) bool {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return false
	}
	g := info.CFG
	seen := map[*sema.Node]bool{}
	stack := []*sema.Node{g.Entry}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		if n == g.Exit {
			return false
		}
		stack = append(stack, n.Succs...) // assembly that ends the call goes to the halt or revert sink
	}
	return true
}

// yulTerminates reports whether a Yul block always ends the call: its last statement is a
// call to return, revert, stop, invalid or selfdestruct, or a switch with a default whose
// cases all end it.
func yulTerminates(b *ast.YulBlock) bool {
	if b == nil || len(b.List) == 0 {
		return false
	}
	switch s := b.List[len(b.List)-1].(type) {
	case *ast.YulExprStmt:
		if c, ok := s.X.(*ast.YulCall); ok {
			switch c.Name.Name {
			case "return", "revert", "stop", "invalid", "selfdestruct":
				return true
			}
		}
	case *ast.YulSwitch:
		hasDefault := false
		for _, c := range s.Cases {
			if c.Value == nil {
				hasDefault = true
			}
			if !yulTerminates(c.Body) {
				return false
			}
		}
		return hasDefault
	case *ast.YulBlock:
		return yulTerminates(s)
	}
	return false
}

// callSite is one internal call of a function.
type callSite struct {
	caller *sema.Function
	call   *sema.Call
}

type callersKey struct{}

// internalCallers maps each function to its internal and library call sites in the program.
//
// A local reverse call graph over sema's resolved calls; when sema exposes callers (its call
// graph), this should ask it.
func internalCallers(p *sema.Program) map[*sema.Function][]callSite {
	return sema.Memo(p, callersKey{}, func() map[*sema.Function][]callSite {
		out := map[*sema.Function][]callSite{}
		for _, fn := range p.Functions() {
			info := p.Info(fn)
			if info == nil {
				continue
			}
			for _, c := range info.Calls {
				if (c.Kind == sema.CallInternal || c.Kind == sema.CallLibrary) && c.Callee != nil {
					out[c.Callee] = append(out[c.Callee], callSite{fn, c})
				}
			}
		}
		return out
	})
}

// checkInternalReturn reports a top-level assembly return in fn when some internal caller
// (directly, or through callers for which the call is the last thing they do) has code after
// the call.
func checkInternalReturn(pass *detect.Pass, fn *sema.Function, ret *ast.YulCall) {
	p := pass.Program
	if len(fn.Returns) == 0 && alwaysHalts(p, fn) {
		return // no result and no path back to the caller: the helper ends the call on purpose (_forwardAndHalt)
	}
	callers := internalCallers(p)
	seen := map[*sema.Function]bool{}
	var find func(g *sema.Function, depth int) (*callSite, *sema.Node)
	find = func(g *sema.Function, depth int) (*callSite, *sema.Node) {
		if depth > 4 || seen[g] {
			return nil, nil
		}
		seen[g] = true
		for i := range callers[g] {
			site := &callers[g][i]
			ci := p.Info(site.caller)
			if ci == nil || ci.CFG == nil {
				continue
			}
			n := nodeHolding(ci, site.call.Expr)
			if n == nil {
				continue
			}
			if next := firstCodeAfter(ci.CFG, n, site.caller); next != nil {
				return site, next
			}
			if !resultOnlyReturned(n, site.call.Expr) {
				return site, n
			}
			if !site.caller.IsModifier {
				if s, next := find(site.caller, depth+1); s != nil {
					return s, next
				}
			}
		}
		return nil, nil
	}
	site, next := find(fn, 0)
	if site == nil {
		return
	}
	sev, effect := detect.Medium, ""
	if what := skippedEffects(p, site.caller, next); what != "" {
		sev, effect = detect.High, " ("+what+")"
	}
	reportAt(pass, ret, fn, map[string]string{"expression": sourceText(p, ret),
		"scope": "<code>" + fnName(fn) + "</code>", "caller": "<code>" + site.caller.QualifiedName() + "</code>",
		"skipped_line": strconv.Itoa(lineOf(p, next.Code().Pos())), "skipped_effect": effect}, sev, "")
}

// resultOnlyReturned reports whether the call is the statement itself (f();) or the value it
// returns (return f();): nothing of the caller's statement runs after it.
func resultOnlyReturned(n *sema.Node, call *ast.CallExpr) bool {
	switch s := n.Stmt.(type) {
	case *ast.ExprStmt:
		return unwrapCall(s.X) == call
	case *ast.ReturnStmt:
		return s.Result != nil && unwrapCall(s.Result) == call
	}
	return false
}

// skippedEffects says what the skipped code after node next (on every path from it) does that
// matters: writes state or checks a condition.
func skippedEffects(p *sema.Program, caller *sema.Function, next *sema.Node) string {
	info := p.Info(caller)
	if info == nil || info.CFG == nil {
		return ""
	}
	reach := info.CFG.ReachableFrom(next)
	writes, checks := false, false
	for _, m := range info.CFG.Nodes {
		if m != next && !reach[m.ID] {
			continue
		}
		if m.Kind == sema.NodeCond {
			checks = true
		}
		if m.Kind == sema.NodeStmt {
			if len(nodeWrites(p, m)) > 0 {
				writes = true
			}
			if _, ok := p.GateOf(m); ok {
				checks = true
			}
		}
	}
	switch {
	case writes && checks:
		return "state updates and checks"
	case writes:
		return "state updates"
	case checks:
		return "checks"
	}
	return ""
}
