package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
)

// Source is a set of origins a value may depend on.
type Source uint32

const (
	SrcSender  Source = 1 << iota // msg.sender
	SrcOrigin                     // tx.origin
	SrcValue                      // msg.value
	SrcParam                      // a parameter of the function (attacker-chosen for public functions)
	SrcBlock                      // block.timestamp, now, block.number, blockhash, difficulty, prevrandao, coinbase
	SrcStorage                    // a state variable
	SrcCallRet                    // the result of an external or low-level call
	SrcBalance                    // an address balance
	SrcData                       // msg.data
)

// Flow holds data-flow facts of one function: which sources each local variable may depend on.
// It is flow-insensitive (a variable depends on everything ever assigned to it), which is the
// over-approximation detectors want for taint.
type Flow struct {
	info *FuncInfo
	vars map[*Var]Source
	p    *Program
}

func (p *Program) computeFlow(info *FuncInfo) *Flow {
	f := &Flow{info: info, vars: map[*Var]Source{}, p: p}
	for _, v := range info.Fn.Params {
		f.vars[v] = SrcParam
	}
	if info.Fn.Body == nil {
		return f
	}
	// Assembly locals (let x := origin()) by name: a value passes through them into the
	// Solidity locals an assembly block assigns (o := x).
	yul := map[string]Source{}
	// Iterate assignments to a fixpoint; the number of rounds is bounded by the lattice height.
	for round := 0; round < 8; round++ {
		changed := false
		// Only declarations and assignments move values: the rest of the body is skipped
		// without a call per node.
		visit := func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.VarDeclStmt:
				if s.Value == nil {
					return true
				}
				if t, ok := ast.Unparen(s.Value).(*ast.TupleExpr); ok && len(t.Elems) == len(s.Vars) {
					for i, d := range s.Vars {
						changed = f.assignDecl(d, t.Elems[i]) || changed
					}
					return true
				}
				src := f.Of(s.Value)
				for _, d := range s.Vars {
					changed = f.addDecl(d, src) || changed
				}
			case *ast.AssignExpr:
				src := f.Of(s.Rhs)
				if s.Op.String() != "=" {
					src |= f.Of(s.Lhs)
				}
				if t, ok := s.Lhs.(*ast.TupleExpr); ok {
					rt, _ := ast.Unparen(s.Rhs).(*ast.TupleExpr)
					for i, e := range t.Elems {
						if e == nil {
							continue
						}
						es := src
						if rt != nil && i < len(rt.Elems) && rt.Elems[i] != nil {
							es = f.Of(rt.Elems[i])
						}
						changed = f.addLvalue(e, es) || changed
					}
					return true
				}
				changed = f.addLvalue(s.Lhs, src) || changed
			case *ast.YulLet:
				if s.Value != nil {
					src := f.ofYul(s.Value, yul)
					for _, id := range s.Names {
						if old := yul[id.Name]; old|src != old {
							yul[id.Name] = old | src
							changed = true
						}
					}
				}
			case *ast.YulAssign:
				src := f.ofYul(s.Value, yul)
				for _, id := range s.Names {
					if v := info.YulUses[id]; v != nil {
						// o := origin() writes the Solidity local o; x.slot and x.offset
						// re-point a storage reference, which the Solidity side never does.
						if v.Kind == LocalVar && !strings.Contains(id.Name, ".") {
							changed = f.add(v, src) || changed
						}
					} else if old := yul[id.Name]; old|src != old {
						yul[id.Name] = old | src
						changed = true
					}
				}
			}
			return true
		}
		for n := range info.Fn.BodyTree().Preorder(flowKinds) {
			visit(n)
		}
		if !changed {
			break
		}
	}
	return f
}

// flowKinds are the nodes computeFlow follows values through.
var flowKinds = inspect.Of((*ast.VarDeclStmt)(nil), (*ast.AssignExpr)(nil), (*ast.YulLet)(nil), (*ast.YulAssign)(nil))

// ofYul returns the sources an assembly expression may depend on: the environment
// instructions, the Solidity variables it names and the assembly locals in yul.
func (f *Flow) ofYul(x ast.YulExpr, yul map[string]Source) Source {
	switch e := x.(type) {
	case *ast.YulIdent:
		if v := f.info.YulUses[e]; v != nil {
			if strings.Contains(e.Name, ".") {
				return 0 // x.slot, x.offset, x.length: a position, not the value
			}
			return f.Var(v)
		}
		if src, ok := yul[e.Name]; ok {
			return src
		}
		return 0
	case *ast.YulCall:
		switch e.Name.Name {
		case "caller":
			return SrcSender
		case "origin":
			return SrcOrigin
		case "callvalue":
			return SrcValue
		case "calldataload", "calldatasize":
			return SrcData
		case "timestamp", "number", "prevrandao", "difficulty", "coinbase", "blockhash", "gaslimit":
			return SrcBlock
		case "balance", "selfbalance":
			return SrcBalance
		case "sload", "tload":
			return SrcStorage
		case "call", "staticcall", "delegatecall", "callcode", "returndatasize":
			return SrcCallRet
		}
		var src Source
		for _, a := range e.Args {
			src |= f.ofYul(a, yul)
		}
		return src
	}
	return 0
}

func (f *Flow) assignDecl(d *ast.VarDecl, x ast.Expr) bool {
	if d == nil || x == nil {
		return false
	}
	return f.addDecl(d, f.Of(x))
}

func (f *Flow) addDecl(d *ast.VarDecl, src Source) bool {
	if d == nil {
		return false
	}
	for _, v := range f.info.Fn.Locals {
		if v.Decl == d {
			return f.add(v, src)
		}
	}
	return false
}

func (f *Flow) addLvalue(x ast.Expr, src Source) bool {
	v := f.info.RootVar(x)
	if v == nil || v.Kind == StateVar {
		return false
	}
	return f.add(v, src)
}

func (f *Flow) add(v *Var, src Source) bool {
	old := f.vars[v]
	if old|src == old {
		return false
	}
	f.vars[v] = old | src
	return true
}

// Var returns the sources a variable may depend on.
func (f *Flow) Var(v *Var) Source {
	if v.Kind == StateVar {
		return SrcStorage
	}
	return f.vars[v]
}

// Of returns the sources an expression may depend on.
func (f *Flow) Of(x ast.Expr) Source {
	if x == nil {
		return 0
	}
	var src Source
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.Ident:
			switch o := f.info.Uses[e].(type) {
			case *Var:
				src |= f.Var(o)
			case *Builtin:
				if o.Name == "now" {
					src |= SrcBlock
				}
			}
		case *ast.MemberExpr:
			if id, ok := e.X.(*ast.Ident); ok {
				if b, ok := f.info.Uses[id].(*Builtin); ok {
					switch b.Name + "." + e.Name.Name {
					case "msg.sender":
						src |= SrcSender
					case "tx.origin":
						src |= SrcOrigin
					case "msg.value":
						src |= SrcValue
					case "msg.data":
						src |= SrcData
					case "block.timestamp", "block.number", "block.difficulty", "block.prevrandao", "block.coinbase", "block.gaslimit":
						src |= SrcBlock
					}
					return false
				}
			}
			if e.Name.Name == "balance" {
				src |= SrcBalance
			}
		case *ast.CallExpr:
			if c := f.info.CallOf[e]; c != nil {
				switch {
				case c.IsExternal():
					src |= SrcCallRet
				case c.Kind == CallBuiltin && (c.Name == "blockhash" || c.Name == "block.blockhash"):
					src |= SrcBlock
				case (c.Kind == CallBuiltin || c.Kind == CallInternal) && IsCallerAccessor(f.info, e):
					src |= SrcSender
				case c.Kind == CallInternal && c.Callee != nil && c.Callee.Name == "_msgSender":
					src |= SrcData // reads the "sender" from calldata anyone writes
				}
			}
		}
		return true
	})
	return src
}

// Has reports whether s includes any of the sources in of.
func (s Source) Has(of Source) bool { return s&of != 0 }
