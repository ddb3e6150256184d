package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Summaries of internal helpers: the range of what a function returns, and which parameters
// bound it, so that min(a, b) is known to be at most a and at most b at every call, and a
// clamp(x) that returns at most MAX is known to do so.

// rangeSummary is what the analysis of a function with one integer result tells its callers.
type rangeSummary struct {
	result Interval
	le, ge []bool // the result is at most (at least) the parameter, on every return
}

// maxSummaryDepth bounds how deep summaries nest: a function's ranges use its callees'
// summaries, which use their callees' without summaries of their own.
const maxSummaryDepth = 2

type rangeSummaryKey struct{}

// summary returns callee's summary, or nil. A function's own analysis asks the memoised
// summary (computed once per callee, for every caller); deeper analyses compute theirs inline
// so that no memoised computation waits for another.
func (a *rangeAnalysis) summary(callee *Function) *rangeSummary {
	if a.depth >= maxSummaryDepth {
		return nil
	}
	info := a.p.Info(callee)
	if info == nil || callee.Body == nil || len(callee.Returns) != 1 || callee.IsModifier {
		return nil
	}
	if a.depth == 0 {
		return Memo(info, rangeSummaryKey{}, func() *rangeSummary { return a.p.summarize(info, 1) })
	}
	if s, ok := a.summaries[callee]; ok {
		return s
	}
	if a.summaries == nil {
		a.summaries = map[*Function]*rangeSummary{}
	}
	a.summaries[callee] = nil // a recursive call finds no summary
	s := a.p.summarize(info, a.depth+1)
	a.summaries[callee] = s
	return s
}

// summarize analyses info's function at the given depth and reads its summary off the states
// at its returns.
func (p *Program) summarize(info *FuncInfo, depth int) *rangeSummary {
	if _, ok := intTypeOfType(info.Fn.Returns[0].Type); !ok || info.CFG == nil {
		return nil
	}
	a := newRangeAnalysis(p, info, depth)
	in, seen, ok := a.run()
	if !ok {
		return nil
	}
	params := make([]int32, len(info.Fn.Params))
	for i, v := range info.Fn.Params {
		params[i] = a.varLoc(v)
	}
	sum := &rangeSummary{result: emptyInterval, le: make([]bool, len(params)), ge: make([]bool, len(params))}
	for i := range params {
		sum.le[i], sum.ge[i] = params[i] >= 0, params[i] >= 0
	}
	returns := 0
	see := func(s rangeState, x ast.Expr) {
		returns++
		a.steps = 0
		sum.result = sum.result.Join(a.eval(&s, info, x))
		for i, t := range params {
			if t < 0 {
				continue
			}
			sum.le[i] = sum.le[i] && a.compares(s, info, x, t, token.LEQ)
			sum.ge[i] = sum.ge[i] && a.compares(s, info, x, t, token.GEQ)
		}
	}
	named := info.Fn.Returns[0].Name != ""
	for _, n := range info.CFG.Nodes {
		if !seen[n.ID] || in[n.ID].dead {
			continue
		}
		ret, ok := n.Stmt.(*ast.ReturnStmt)
		if n.Kind != NodeStmt || !ok {
			continue
		}
		if n.Fn != info.Fn || ret.Result == nil {
			return nil // a return in a modifier, or one that returns the named variable: not followed
		}
		see(in[n.ID], ret.Result)
	}
	if exit := info.CFG.Exit.ID; named && returns == 0 && seen[exit] && !in[exit].dead {
		// The named result, read where the function ends.
		r := a.varLoc(info.Fn.Returns[0])
		s := in[exit]
		returns++
		sum.result = a.get(&s, r)
		for i, t := range params {
			if t >= 0 && t != r {
				d := a.linearValue(&s, linear{t: [2]int32{r, t}, c: [2]int8{1, -1}, n: 2, k: bigZero})
				sum.le[i] = d.Hi != nil && d.Hi.Sign() <= 0
				sum.ge[i] = d.Lo != nil && d.Lo.Sign() >= 0
			}
		}
	}
	if returns == 0 {
		return nil
	}
	return sum
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

// callArgs returns the arguments bound to callee's parameters at call c: the receiver first
// for a function bound with using-for (x.min(y)).
func callArgs(c *ast.CallExpr, call *Call) []ast.Expr {
	n := len(call.Callee.Params)
	switch {
	case n == len(call.Args):
		return call.Args
	case n == len(call.Args)+1 && len(c.Names) == 0:
		if recv := receiver(c.Fun); recv != nil {
			return append([]ast.Expr{recv}, call.Args...)
		}
	}
	return nil
}

// callResult is the range of an internal call's result: its summary's, narrowed by the
// arguments of the parameters that bound it.
func (a *rangeAnalysis) callResult(s *rangeState, info *FuncInfo, c *ast.CallExpr, call *Call) Interval {
	sum := a.summary(call.Callee)
	if sum == nil {
		return Unbounded()
	}
	out := sum.result
	if len(c.Names) > 0 {
		return out // named arguments: their order is not the parameters'
	}
	for i, arg := range callArgs(c, call) {
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
// it: x = min(a, b) is at most a and at most b, x = a < b ? a : b too.
func (a *rangeAnalysis) clampRelations(s *rangeState, info *FuncInfo, x ast.Expr) []relation {
	var out []relation
	switch e := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		call := info.CallOf[e]
		if call == nil || (call.Kind != CallInternal && call.Kind != CallLibrary) || call.Callee == nil || len(e.Names) > 0 {
			return nil
		}
		sum := a.summary(call.Callee)
		if sum == nil {
			return nil
		}
		for i, arg := range callArgs(e, call) {
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
