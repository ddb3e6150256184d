package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Summaries of internal helpers: whether a function returns at all, which of its boolean
// parameters must be true for it to return (a _require(cond, code) helper is a guard), the
// range of what it returns and which parameters bound it, so that min(a, b) is known to be at
// most a and at most b at every call, and a clamp(x) that returns at most MAX is known to.

// rangeSummary is what the analysis of a function tells its callers.
type rangeSummary struct {
	returns   bool        // some execution returns to the caller
	requires  []bool      // the (boolean) parameter is true on every return
	bounds    []paramFact // what holds of the parameters on every return (require(w <= MAX))
	hasResult bool        // one integer result, described by result, le and ge
	result    Interval
	le, ge    []bool // the result is at most (at least) the parameter, on every return
}

// rangeSummaryKey memoises a function's summary, for callers at depth-1.
type rangeSummaryKey struct{ depth int }

// maxSummaryNodes bounds the functions summarised: the helpers whose facts a caller needs
// (min, max, clamps, _require-style guards, revert helpers) are short, and summarising every
// large callee made the ranges cost more than the rest of a scan's analyses.
const maxSummaryNodes = 40

// summary returns callee's summary for a call from a function's own ranges, or nil. Summaries
// are computed once per function; a summary's own analysis uses none (only whether a callee
// never returns, see ranges_stops.go), so that no memoised computation waits for another.
func (a *rangeAnalysis) summary(callee *Function) *rangeSummary {
	info := a.p.Info(callee)
	if info == nil || callee.Body == nil || callee.IsModifier || info.CFG == nil || len(info.CFG.Nodes) > maxSummaryNodes {
		return nil
	}
	// A summary uses only those of pure helpers (min, max, and a clamp made of them), two
	// levels deep: a memoised computation only ever waits for a deeper one.
	if a.depth > 2 || (a.depth >= 1 && callee.Mutability != token.PURE) {
		return nil
	}
	depth := a.depth + 1
	return Memo(info, rangeSummaryKey{depth}, func() *rangeSummary {
		if !mayStop(a.p, callee) {
			// Nothing in it reverts on purpose: it returns, and proves nothing of its
			// parameters; only an integer result is worth the analysis.
			if _, ok := intTypeOfType(resultType(callee)); !ok {
				return &rangeSummary{returns: true, requires: make([]bool, len(callee.Params))}
			}
		}
		return a.p.summarize(info, depth)
	})
}

// mayStop reports whether fn (or a modifier of it) may stop a caller on a condition: it
// holds a require, assert, revert or throw, inline assembly, or an internal call (which may
// do so). A function with none of them returns whenever it is called, and proves nothing of
// the values passed to it.
func mayStop(p *Program, fn *Function) bool {
	for _, f := range append([]*Function{fn}, fn.Modifiers...) {
		info := p.Info(f)
		if f == nil || f.Body == nil || info == nil {
			continue
		}
		for n := range f.BodyTree().Preorder(stopKinds) {
			c, ok := n.(*ast.CallExpr)
			if !ok {
				return true // revert, throw, assembly
			}
			call := info.CallOf[c]
			switch {
			case call == nil:
			case call.Kind == CallInternal || call.Kind == CallLibrary:
				return true
			case call.Kind == CallBuiltin && (call.Name == "require" || call.Name == "assert" || call.Name == "revert"):
				return true
			}
		}
	}
	return false
}

var stopKinds = inspect.Of((*ast.CallExpr)(nil), (*ast.RevertStmt)(nil), (*ast.ThrowStmt)(nil), (*ast.AssemblyStmt)(nil))

// resultType is the type of fn's one result (nil for none or several).
func resultType(fn *Function) Type {
	if len(fn.Returns) != 1 {
		return nil
	}
	return fn.Returns[0].Type
}

// summarize analyses info's function and reads its summary off the states at its returns.
func (p *Program) summarize(info *FuncInfo, depth int) *rangeSummary {
	if info.CFG == nil {
		return nil
	}
	a := newRangeAnalysis(p, info, depth)
	in, seen, ok := a.run()
	if !ok {
		return nil
	}
	fn := info.Fn
	exit := info.CFG.Exit.ID
	sum := &rangeSummary{returns: seen[exit] && !in[exit].dead, requires: make([]bool, len(fn.Params))}
	params := make([]int32, len(fn.Params))
	for i, v := range fn.Params {
		params[i] = a.varLoc(v)
		if sum.returns && params[i] >= 0 && a.terms[params[i]].typ.bits == 1 && !a.assignedInBody(info, v) {
			s := in[exit]
			iv := a.get(&s, params[i])
			sum.requires[i] = iv.Lo != nil && iv.Lo.Sign() > 0
		}
	}
	if sum.returns {
		sum.bounds = a.paramFacts(in[exit])
	}
	if len(fn.Returns) == 1 && sum.returns {
		if _, ok := intTypeOfType(fn.Returns[0].Type); ok {
			a.resultSummary(sum, in, seen, params)
		}
	}
	return sum
}

// resultSummary fills the summary of a function's integer result from the states at its
// returns: a return statement's value, or the named result where the function ends.
func (a *rangeAnalysis) resultSummary(sum *rangeSummary, in []rangeState, seen []bool, params []int32) {
	info, fn := a.info, a.info.Fn
	result, le, ge := emptyInterval, make([]bool, len(params)), make([]bool, len(params))
	for i := range params {
		le[i], ge[i] = params[i] >= 0, params[i] >= 0
	}
	returns := 0
	see := func(s rangeState, x ast.Expr) {
		returns++
		a.steps = 0
		result = result.Join(a.eval(&s, info, x))
		for i, t := range params {
			if t >= 0 {
				le[i] = le[i] && a.compares(s, info, x, t, token.LEQ)
				ge[i] = ge[i] && a.compares(s, info, x, t, token.GEQ)
			}
		}
	}
	for _, n := range info.CFG.Nodes {
		if !seen[n.ID] || in[n.ID].dead {
			continue
		}
		ret, ok := n.Stmt.(*ast.ReturnStmt)
		if n.Kind != NodeStmt || !ok {
			continue
		}
		if n.Fn != fn || ret.Result == nil {
			return // a return in a modifier, or one that returns the named variable: not followed
		}
		see(in[n.ID], ret.Result)
	}
	if exit := info.CFG.Exit.ID; fn.Returns[0].Name != "" && returns == 0 {
		// The named result, read where the function ends.
		r := a.varLoc(fn.Returns[0])
		s := in[exit]
		returns++
		result = a.get(&s, r)
		for i, t := range params {
			if t >= 0 && t != r {
				d := a.linearValue(&s, linear{t: [2]int32{r, t}, c: [2]int8{1, -1}, n: 2, k: bigZero})
				le[i] = d.Hi != nil && d.Hi.Sign() <= 0
				ge[i] = d.Lo != nil && d.Lo.Sign() >= 0
			}
		}
	}
	if returns > 0 {
		// The value returned is converted to the declared result type.
		if t, ok := intTypeOfType(fn.Returns[0].Type); ok {
			result = result.Meet(t.rng())
		}
		sum.hasResult, sum.result, sum.le, sum.ge = true, result, le, ge
	}
}

// compares reports whether x op t holds in s for location t, op LEQ or GEQ; a ternary is
// followed into both branches under their conditions.
func (a *rangeAnalysis) compares(s rangeState, info *FuncInfo, x ast.Expr, t int32, op token.Token) bool {
	if s.dead {
		return true
	}
	if c, ok := ast.Unparen(x).(*ast.CondExpr); ok {
		yes, no := s.clone(), s.clone()
		a.assume(&yes, info, c.Cond, true)
		a.assume(&no, info, c.Cond, false)
		return a.compares(yes, info, c.Then, t, op) && a.compares(no, info, c.Else, t, op)
	}
	// A helper's result at most (at least) one of its arguments, which is at most (at least)
	// t: min(max(v, lo), hi) <= hi.
	if c, ok := ast.Unparen(x).(*ast.CallExpr); ok && a.steps < evalBudget {
		if call := info.CallOf[c]; call != nil && (call.Kind == CallInternal || call.Kind == CallLibrary) && call.Callee != nil {
			callee := byArity(a.p, c, call)
			if sum := a.callSummary(info, c, callee); sum != nil && sum.hasResult {
				if args, fits := callArgs(c, callee); fits {
					rel := sum.le
					if op == token.GEQ {
						rel = sum.ge
					}
					for i, arg := range args {
						if i < len(rel) && rel[i] && a.compares(s, info, arg, t, op) {
							return true
						}
					}
				}
			}
		}
	}
	d := a.eval(&s, info, x).Sub(a.get(&s, t))
	if l, ok := a.linearize(&s, info, x); ok {
		if diff, ok := l.plus(linear{t: [2]int32{t}, c: [2]int8{1}, n: 1, k: bigZero}, -1); ok {
			d = d.Meet(a.linearValue(&s, diff))
		}
	}
	if op == token.LEQ {
		return d.Hi != nil && d.Hi.Sign() <= 0
	}
	return d.Lo != nil && d.Lo.Sign() >= 0
}

// callResult is the range of an internal call's result: its summary's, narrowed by the
// arguments of the parameters that bound it.
func (a *rangeAnalysis) callResult(s *rangeState, info *FuncInfo, c *ast.CallExpr, call *Call) Interval {
	callee := byArity(a.p, c, call)
	sum := a.callSummary(info, c, callee)
	if sum == nil || !sum.hasResult {
		return Unbounded()
	}
	out := sum.result
	args, _ := callArgs(c, callee)
	for i, arg := range args {
		if sum.le[i] {
			out = out.Meet(Interval{Hi: a.eval(s, info, arg).Hi})
		}
		if sum.ge[i] {
			out = out.Meet(Interval{Lo: a.eval(s, info, arg).Lo})
		}
	}
	return out
}

// clampRelations returns the relations a stored value x has with the locations that bound
// it: x = min(a, b) is at most a and at most b, x = a < b ? a : b too, and x = a / k,
// a >> k, a % k or a & k is at most a (a not negative).
func (a *rangeAnalysis) clampRelations(s *rangeState, info *FuncInfo, x ast.Expr) []relation {
	var out []relation
	switch e := ast.Unparen(x).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.QUO, token.SHR, token.REM, token.AND:
			if t := a.loc(info, e.X); t >= 0 && a.get(s, t).NonNegative() && a.eval(s, info, e.Y).NonNegative() {
				out = append(out, relation{other: t, iv: Interval{Hi: bigZero}})
			}
		}
	case *ast.CallExpr:
		call := info.CallOf[e]
		if call == nil || (call.Kind != CallInternal && call.Kind != CallLibrary) || call.Callee == nil {
			return nil
		}
		callee := byArity(a.p, e, call)
		sum := a.callSummary(info, e, callee)
		if sum == nil || !sum.hasResult {
			return nil
		}
		args, _ := callArgs(e, callee)
		for i, arg := range args {
			t := a.loc(info, arg)
			if t < 0 {
				continue
			}
			if sum.le[i] {
				out = append(out, relation{other: t, iv: Interval{Hi: bigZero}})
			}
			if sum.ge[i] {
				out = append(out, relation{other: t, iv: Interval{Lo: bigZero}})
			}
		}
	case *ast.CondExpr:
		for _, side := range [2]ast.Expr{e.Then, e.Else} {
			t := a.loc(info, side)
			if t < 0 {
				continue
			}
			for _, op := range [2]token.Token{token.LEQ, token.GEQ} {
				if a.compares(*s, info, e, t, op) {
					iv := Interval{Hi: bigZero}
					if op == token.GEQ {
						iv = Interval{Lo: bigZero}
					}
					out = append(out, relation{other: t, iv: iv})
				}
			}
		}
	}
	return out
}

// callGuards applies what returning from an internal call proves: nothing runs after a call
// that never returns, and a helper that returns only when a boolean parameter is true is a
// guard on its argument (_require(a >= b, code)).
func (a *rangeAnalysis) callGuards(s *rangeState, info *FuncInfo, c *ast.CallExpr, call *Call) {
	if call.Callee == nil {
		return
	}
	callee := byArity(a.p, c, call)
	if a.depth > 0 || callee == nil || !testsParams(a.p, callee) {
		// Only whether it returns matters: decided on the graph, without a summary.
		if callee != nil && !callee.Virtual && a.p.neverReturns(callee, 1) {
			s.dead = true
		}
		return
	}
	sum := a.callSummary(info, c, callee)
	if sum == nil {
		return
	}
	if !sum.returns {
		s.dead = true
		return
	}
	args, _ := callArgs(c, callee)
	for i, arg := range args {
		if sum.requires[i] {
			a.assume(s, info, arg, true)
		}
	}
	a.applyParamFacts(s, info, callee, args, sum.bounds)
}

// testsParams reports whether fn (an implementation of it, for a virtual one) may prove
// something of its arguments: one of its parameters appears in a condition, a require or
// assert, or is passed on to an internal call (a guard helper of its own). A callee that does
// neither proves nothing of them, and needs no summary for its callers' guards.
func testsParams(p *Program, fn *Function) bool {
	info := p.Info(fn)
	if info == nil || len(fn.Params) == 0 {
		return false
	}
	if fn.Body == nil || fn.Virtual {
		return true // decided by the implementations
	}
	return Memo(info, testsParamsKey{}, func() bool {
		isParam := func(x ast.Node) bool {
			found := false
			ast.Inspect(x, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*Var); ok && v.Kind == ParamVar && v.Func == fn {
						found = true
					}
				}
				return !found
			})
			return found
		}
		for n := range fn.BodyTree().Preorder(testKinds) {
			switch e := n.(type) {
			case *ast.IfStmt:
				if isParam(e.Cond) {
					return true
				}
			case *ast.CondExpr:
				if isParam(e.Cond) {
					return true
				}
			case *ast.CallExpr:
				c := info.CallOf[e]
				if c == nil {
					continue
				}
				if (c.Kind == CallInternal || c.Kind == CallLibrary) || c.Kind == CallBuiltin && (c.Name == "require" || c.Name == "assert") {
					for _, arg := range e.Args {
						if isParam(arg) {
							return true
						}
					}
				}
			}
		}
		return false
	})
}

type testsParamsKey struct{}

var testKinds = inspect.Of((*ast.IfStmt)(nil), (*ast.CondExpr)(nil), (*ast.CallExpr)(nil))
