package solidity

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// What a timestamp comparison compares, told apart for TIMESTAMP_DEPENDENCE:
//   - taint in execution order: a local assigned a block value after the comparison (outside a
//     loop around both) does not make the comparison depend on it;
//   - a clock reading (block.timestamp, a copy of it, it plus or minus a duration, a day index)
//     differs from an amount computed from elapsed time (interest accrued over deltaT): an exact
//     comparison of such an amount is arithmetic, not a race against the clock;
//   - a stamp, a variable the contract only ever sets to the current time (lastUpdate, rho,
//     lastCheckpointTimestamp), compared for equality with the time asks "already done in this
//     block?": a block producer gains nothing from it.

// orderedTaint is blockTaint restricted to the assignments that can run before a use.
type orderedTaint struct {
	taint *blockTaint
	info  *sema.FuncInfo
	defs  map[*sema.Var][]localDef
	loops [][2]token.Pos
}

// localDef is an assignment of a block-derived value to a local. An assignment made in
// assembly (t := timestamp()) has no Solidity value: clock says whether it reads the clock
// itself.
type localDef struct {
	pos   token.Pos
	value ast.Expr
	clock bool
}

// newOrderedTaint returns the ordered taint of a function, computed once and shared (it is
// read-only once built).
func newOrderedTaint(info *sema.FuncInfo) *orderedTaint {
	return sema.Memo(info, orderedTaintKey{}, func() *orderedTaint { return computeOrderedTaint(info) })
}

type orderedTaintKey struct{}

func computeOrderedTaint(info *sema.FuncInfo) *orderedTaint {
	t := &orderedTaint{taint: newBlockTaint(info, nil), info: info, defs: map[*sema.Var][]localDef{}}
	if info.Fn.Body == nil {
		return t
	}
	add := func(v *sema.Var, pos token.Pos, value ast.Expr) {
		if v != nil && v.Kind != sema.StateVar && t.taint.of(value) != 0 {
			t.defs[v] = append(t.defs[v], localDef{pos: pos, value: value})
		}
	}
	for n := range info.Fn.BodyTree().Preorder(clockKinds) {
		switch s := n.(type) {
		case *ast.ForStmt:
			t.loops = append(t.loops, [2]token.Pos{s.Pos(), s.End()})
		case *ast.WhileStmt:
			t.loops = append(t.loops, [2]token.Pos{s.Pos(), s.End()})
		case *ast.DoWhileStmt:
			t.loops = append(t.loops, [2]token.Pos{s.Pos(), s.End()})
		case *ast.VarDeclStmt:
			if s.Value == nil {
				break
			}
			for i, d := range s.Vars {
				value := s.Value
				if tup, ok := ast.Unparen(s.Value).(*ast.TupleExpr); ok && len(tup.Elems) == len(s.Vars) {
					value = tup.Elems[i]
				}
				for _, v := range info.Fn.Locals {
					if d != nil && v.Decl == d {
						add(v, s.Pos(), value)
					}
				}
			}
		case *ast.AssignExpr:
			if id, ok := s.Lhs.(*ast.Ident); ok {
				v, _ := info.Uses[id].(*sema.Var)
				add(v, s.Pos(), s.Rhs)
			}
		case *ast.YulAssign:
			// t := timestamp() in assembly writes the Solidity local t.
			for _, id := range s.Names {
				v := info.YulUses[id]
				if v != nil && v.Kind != sema.StateVar && !strings.Contains(id.Name, ".") && t.taint.ofYul(s.Value, t.taint.yul) != 0 {
					t.defs[v] = append(t.defs[v], localDef{pos: s.Pos(), clock: yulClock(s.Value)})
				}
			}
		}
	}
	return t
}

// yulClock reports whether an assembly expression is the clock itself: timestamp() or number().
func yulClock(x ast.YulExpr) bool {
	c, ok := x.(*ast.YulCall)
	return ok && (c.Name.Name == "timestamp" || c.Name.Name == "number")
}

// clockKinds are the nodes newOrderedTaint reads loops and definitions from.
var clockKinds = inspect.Of((*ast.ForStmt)(nil), (*ast.WhileStmt)(nil), (*ast.DoWhileStmt)(nil),
	(*ast.VarDeclStmt)(nil), (*ast.AssignExpr)(nil), (*ast.YulAssign)(nil))

// reaches reports whether an assignment at def can run before a use at use: it comes first, or
// a loop encloses both.
func (t *orderedTaint) reaches(def, use token.Pos) bool {
	if def < use {
		return true
	}
	for _, l := range t.loops {
		if l[0] <= def && def < l[1] && l[0] <= use && use < l[1] {
			return true
		}
	}
	return false
}

// of returns the block values x depends on at its place in the function.
func (t *orderedTaint) of(x ast.Expr) blockKind {
	k := blockIn(t.info, x)
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := t.info.Uses[id].(*sema.Var); ok && v.Kind != sema.StateVar {
				for _, d := range t.defs[v] {
					if t.reaches(d.pos, id.Pos()) {
						k |= t.taint.vars[v]
						break
					}
				}
			}
		}
		return true
	})
	return k
}

// isClock reports whether x reads the clock itself: a block value, a local holding one, a
// conversion of it, it plus or minus something, or it divided or scaled by a constant (a day
// index). Products with other quantities and results of calls are amounts, not times.
func (t *orderedTaint) isClock(x ast.Expr) bool {
	return t.clock(x, map[*sema.Var]bool{})
}

// clock is isClock with the locals being followed, so that x = x + 1 in a loop ends.
func (t *orderedTaint) clock(x ast.Expr, following map[*sema.Var]bool) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		if blockValueKind(t.info, e) != 0 {
			return true
		}
		v, ok := t.info.Uses[e].(*sema.Var)
		if !ok || v.Kind == sema.StateVar || following[v] {
			return false
		}
		following[v] = true
		defer delete(following, v)
		for _, d := range t.defs[v] {
			if t.reaches(d.pos, e.Pos()) && (d.value == nil && d.clock || d.value != nil && t.clock(d.value, following)) {
				return true
			}
		}
	case *ast.MemberExpr:
		return blockValueKind(t.info, e) != 0
	case *ast.CallExpr:
		if c := t.info.CallOf[e]; c != nil && c.Kind == sema.CallConversion && len(e.Args) == 1 {
			return t.clock(e.Args[0], following)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.SUB:
			return t.clock(e.X, following) || t.clock(e.Y, following)
		case token.QUO, token.REM:
			return t.clock(e.X, following)
		case token.MUL:
			return t.clock(e.X, following) && litValue(e.Y) != nil || t.clock(e.Y, following) && litValue(e.X) != nil
		}
	}
	return false
}

// stampSet holds the stamps of a contract: state variables and struct fields that every
// assignment sets to the current time, to zero, or to another stamp.
type stampSet struct {
	vars   map[*sema.Var]bool
	fields map[string]bool
}

// stampWrite is one assignment to a candidate stamp.
type stampWrite struct {
	t     *orderedTaint
	value ast.Expr // nil for delete
}

func contractStamps(p *sema.Program, c *sema.Contract) *stampSet {
	s := &stampSet{vars: map[*sema.Var]bool{}, fields: map[string]bool{}}
	if c == nil {
		return s
	}
	varWrites := map[*sema.Var][]stampWrite{}
	fieldWrites := map[string][]stampWrite{}
	for _, base := range c.Linearization {
		for _, fn := range base.Functions {
			info := p.Info(fn)
			if info == nil || fn.Body == nil {
				continue
			}
			for _, w := range stampWritesOf(p, info) {
				if w.v != nil {
					varWrites[w.v] = append(varWrites[w.v], w.write)
				} else {
					fieldWrites[w.field] = append(fieldWrites[w.field], w.write)
				}
			}
		}
	}
	for v, ws := range varWrites {
		if v.Decl == nil || v.Decl.Value == nil || isZeroLit(v.Decl.Value) || blockIn(nil, v.Decl.Value)&blockTime != 0 {
			s.vars[v] = len(ws) > 0
		}
	}
	for f, ws := range fieldWrites {
		s.fields[f] = len(ws) > 0
	}
	// Drop candidates with a write that is neither the time, zero nor another stamp, until
	// nothing changes.
	ok := func(w stampWrite) bool {
		return w.value == nil || isZeroLit(w.value) || w.t.isClock(w.value) || s.reads(w.t.info, w.value)
	}
	for changed := true; changed; {
		changed = false
		for v, ws := range varWrites {
			for _, w := range ws {
				if s.vars[v] && !ok(w) {
					s.vars[v], changed = false, true
				}
			}
		}
		for f, ws := range fieldWrites {
			for _, w := range ws {
				if s.fields[f] && !ok(w) {
					s.fields[f], changed = false, true
				}
			}
		}
	}
	return s
}

// stampTarget is a write that may set a stamp: to state variable v, or (v nil) to a struct
// field named field.
type stampTarget struct {
	v     *sema.Var
	field string
	write stampWrite
}

type stampWritesKey struct{}

// stampWritesOf lists the writes of a function that may set a stamp, in body order: found once
// per function (sema.Memo), not again for every contract inheriting it.
func stampWritesOf(p *sema.Program, info *sema.FuncInfo) []stampTarget {
	return sema.Memo(info, stampWritesKey{}, func() []stampTarget {
		var out []stampTarget
		t := newOrderedTaint(info)
		record := func(lhs, value ast.Expr) {
			if m, ok := ast.Unparen(lhs).(*ast.MemberExpr); ok {
				out = append(out, stampTarget{field: m.Name.Name, write: stampWrite{t, value}})
				return
			}
			if v := p.StateVarOf(info, lhs); v != nil {
				out = append(out, stampTarget{v: v, write: stampWrite{t, value}})
			}
		}
		visitKinds(info.Fn.BodyTree(), stepKinds, func(n ast.Node) bool {
			switch e := n.(type) {
			case *ast.AssignExpr:
				if e.Op == token.ASSIGN {
					record(e.Lhs, e.Rhs)
				} else {
					record(e.Lhs, e) // x += d is not a stamp
				}
			case *ast.UnaryExpr:
				switch e.Op {
				case token.DELETE:
					record(e.X, nil)
				case token.INC, token.DEC:
					record(e.X, e)
				}
			}
			return true
		})
		return slices.Clip(out)
	})
}

// reads reports whether x reads a stamp: the variable, a field named for one, or a conversion
// of either.
func (s *stampSet) reads(info *sema.FuncInfo, x ast.Expr) bool {
	return s.readsVia(info, x, 0)
}

// readsVia is reads, following locals (a copy of the stamp: uint t = lastUpdate) depth deep.
func (s *stampSet) readsVia(info *sema.FuncInfo, x ast.Expr, depth int) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*sema.Var)
		if ok && v.Kind == sema.LocalVar && depth < 3 {
			values, known := assignedValues(info, v)
			if !known || len(values) == 0 {
				return false
			}
			for _, val := range values {
				if !s.readsVia(info, val, depth+1) {
					return false
				}
			}
			return true
		}
		return ok && s.vars[v]
	case *ast.MemberExpr:
		return s.fields[e.Name.Name]
	case *ast.CallExpr:
		if c := info.CallOf[e]; c != nil && c.Kind == sema.CallConversion && len(e.Args) == 1 {
			return s.readsVia(info, e.Args[0], depth)
		}
	}
	return false
}

// sameBlockCheck reports whether comparison b only asks whether a stamp was set in this block
// (lastUpdate == block.timestamp) and nothing after it pays anyone or records a winner.
func sameBlockCheck(p *sema.Program, info *sema.FuncInfo, t *orderedTaint, stamps *stampSet, b *ast.BinaryExpr) bool {
	if b.Op != token.EQL && b.Op != token.NEQ {
		return false
	}
	if !(t.isClock(b.X) && stamps.reads(info, b.Y) || t.isClock(b.Y) && stamps.reads(info, b.X)) {
		return false
	}
	return !decidesValue(p, info, info.Fn.Body, b.End())
}
