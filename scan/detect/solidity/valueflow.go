package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// valueFlow is a data flow of values, for arithmetic: what each local's value may depend on.
// It differs from sema.Flow in two ways that matter for overflow: the key of a mapping or
// array read selects a slot but does not make its value the caller's, so ticks[tickLower] is
// storage, not a parameter; and what another contract returns is the caller's doing only when
// the caller steers the call (picks the contract, passes it a value of their choosing, or
// sends ether with it): a call to a contract the code fixes, with arguments the code fixes,
// reads that contract's state, as a read of this contract's storage does. Locals declared
// twice by sema (pre-0.5 hoisting) share sources.
type valueFlow struct {
	p     *sema.Program
	info  *sema.FuncInfo
	vars  map[*ast.VarDecl]sema.Source
	depth int // helpers' result parts followed (valueflow_calls.go); past 2, all arguments count
	// helper is set for the flow of a helper seen from its callers: a call its parameters
	// steer is steered only if the caller's arguments are, which the caller judges.
	helper bool
}

func newValueFlow(p *sema.Program, info *sema.FuncInfo) *valueFlow {
	return newValueFlowAt(p, info, 0)
}

// newValueFlowAt is newValueFlow for a helper's flow seen depth helper calls deep.
func newValueFlowAt(p *sema.Program, info *sema.FuncInfo, depth int) *valueFlow {
	f := &valueFlow{p: p, info: info, vars: map[*ast.VarDecl]sema.Source{}, depth: depth, helper: depth > 0}
	if info == nil || info.Fn.Body == nil {
		return f
	}
	for round := 0; round < 8; round++ {
		changed := false
		add := func(d *ast.VarDecl, src sema.Source) {
			if d == nil || src == 0 {
				return
			}
			if f.vars[d]|src != f.vars[d] {
				f.vars[d] |= src
				changed = true
			}
		}
		visitKinds(info.Fn.BodyTree(), localWriteKinds, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.VarDeclStmt:
				if s.Value == nil {
					return true
				}
				if t, ok := ast.Unparen(s.Value).(*ast.TupleExpr); ok && len(t.Elems) == len(s.Vars) {
					for i, d := range s.Vars {
						add(d, f.Of(t.Elems[i]))
					}
					return true
				}
				src := f.Of(s.Value)
				for i, d := range s.Vars {
					if part, ok := f.tuplePart(s.Value, i, len(s.Vars)); ok {
						add(d, part)
					} else {
						add(d, src)
					}
				}
			case *ast.AssignExpr:
				src := f.Of(s.Rhs)
				if s.Op != token.ASSIGN {
					src |= f.Of(s.Lhs)
				}
				lhs := []ast.Expr{s.Lhs}
				if t, ok := s.Lhs.(*ast.TupleExpr); ok {
					lhs = t.Elems
					if rt, ok := ast.Unparen(s.Rhs).(*ast.TupleExpr); ok && len(rt.Elems) == len(t.Elems) {
						for i, e := range t.Elems {
							if v := localOf(info, e); v != nil && rt.Elems[i] != nil {
								add(v.Decl, f.Of(rt.Elems[i]))
							}
						}
						return true
					}
				}
				for i, e := range lhs {
					if v := localOf(info, e); v != nil {
						if part, ok := f.tuplePart(s.Rhs, i, len(lhs)); ok && s.Op == token.ASSIGN {
							add(v.Decl, part)
						} else {
							add(v.Decl, src)
						}
					}
				}
			}
			return true
		})
		if !changed {
			break
		}
	}
	return f
}

// localOf returns the local (or parameter) an lvalue writes as a whole, or nil.
func localOf(info *sema.FuncInfo, x ast.Expr) *sema.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok || v.Kind == sema.StateVar || v.Decl == nil {
		return nil
	}
	return v
}

// Of returns the sources the value of x may depend on.
func (f *valueFlow) Of(x ast.Expr) sema.Source {
	if x == nil {
		return 0
	}
	switch e := x.(type) {
	case *ast.Ident:
		switch o := f.info.Uses[e].(type) {
		case *sema.Var:
			switch o.Kind {
			case sema.StateVar, sema.FileConstant:
				if o.IsConstant() {
					return 0
				}
				return sema.SrcStorage
			case sema.ParamVar:
				return sema.SrcParam | f.vars[o.Decl]
			}
			if o.IsStorageRef() {
				return sema.SrcStorage
			}
			return f.vars[o.Decl]
		case *sema.Builtin:
			if o.Name == "now" {
				return sema.SrcBlock
			}
		}
		return 0
	case *ast.IndexExpr:
		return f.Of(e.X) // the key picks the slot, not the value
	case *ast.MemberExpr:
		if id, ok := e.X.(*ast.Ident); ok {
			if _, builtin := f.info.Uses[id].(*sema.Builtin); builtin {
				switch id.Name + "." + e.Name.Name {
				case "msg.value":
					return sema.SrcValue
				case "msg.sender":
					return sema.SrcSender
				case "tx.origin":
					return sema.SrcOrigin
				case "msg.data":
					return sema.SrcData
				}
				if id.Name == "block" {
					return sema.SrcBlock
				}
				return 0
			}
		}
		if e.Name.Name == "balance" {
			return sema.SrcBalance
		}
		if e.Name.Name == "length" {
			return f.Of(e.X) &^ sema.SrcStorage // a length is not a stored amount
		}
		return f.Of(e.X)
	case *ast.CallExpr:
		c := f.info.CallOf[e]
		if c != nil && len(c.Callees) > 0 && len(c.Callee.Returns) == 1 {
			if part, ok := f.callPart(c, 0); ok {
				return part
			}
		}
		var src sema.Source
		for _, a := range e.Args {
			src |= f.Of(a)
		}
		if c != nil && c.IsExternal() {
			// What the caller passes reaches the result only through the other contract's
			// code: the result is that contract's answer (steered or not), not the caller's
			// value.
			steered := f.steered(c, src)
			src &^= callerInfluence
			if steered {
				src |= sema.SrcCallRet
			} else {
				src |= sema.SrcStorage // another contract's state, read where the code says
			}
		}
		return src
	case *ast.BasicLit, *ast.ElementaryType, *ast.MetaTypeExpr:
		return 0
	}
	var src sema.Source
	ast.Inspect(x, func(n ast.Node) bool {
		if n == nil || n == x {
			return n == x
		}
		if e, ok := n.(ast.Expr); ok {
			src |= f.Of(e)
			return false
		}
		return true
	})
	return src
}

// steerSources are the origins that let a caller steer an external call: pick its target or
// pass it a value of their choosing.
const steerSources = callerInfluence | sema.SrcSender | sema.SrcOrigin | sema.SrcUnknown

// steered reports whether the caller steers external call c, whose arguments depend on args:
// an argument or the target depends on what the caller chooses, the call sends ether, or the
// target is state anyone may set first.
func (f *valueFlow) steered(c *sema.Call, args sema.Source) bool {
	steer := steerSources
	if f.helper {
		steer &^= sema.SrcParam
	}
	if args.Has(steer) || c.Value != nil || c.Target == nil {
		return true
	}
	if f.Of(c.Target).Has(steer) {
		return true
	}
	if v := f.info.RootVar(c.Target); v != nil && v.Kind == sema.StateVar && f.p != nil && f.info.Fn.Contract != nil &&
		f.p.Compromised(f.info.Fn.Contract, v) {
		return true
	}
	return false
}

// tuplePart returns what part i of an n-part value x depends on, when x is a call of an
// internal helper whose parts can be told apart (valueflow_calls.go).
func (f *valueFlow) tuplePart(x ast.Expr, i, n int) (sema.Source, bool) {
	e, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || n < 2 {
		return 0, false
	}
	c := f.info.CallOf[e]
	if c == nil || c.Callee == nil || len(c.Callee.Returns) != n {
		return 0, false
	}
	return f.callPart(c, i)
}
