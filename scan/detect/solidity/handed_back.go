package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// onlyHandedBack reports whether the value of x (a block value, a blockhash) does nothing in
// fn but go back to its caller: x is the result of a return (alone, in a tuple, or converted),
// or the whole value assigned to a named return that nothing else in fn reads. A getter that
// reports the block's values (a multicall helper) decides nothing; what its caller makes of
// them is the caller's code.
func onlyHandedBack(info *sema.FuncInfo, x ast.Expr) bool {
	fn := info.Fn
	found := false
	var ret *sema.Var
	for n := range fn.BodyTree().Preorder(returnAssignKinds) {
		switch s := n.(type) {
		case *ast.ReturnStmt:
			if s.Result != nil && resultIs(info, s.Result, x) {
				found = true
			}
		case *ast.AssignExpr:
			if resultIs(info, s.Rhs, x) {
				if v, ok := info.Uses[identOf(s.Lhs)].(*sema.Var); ok && v.Kind == sema.ReturnVar {
					found, ret = true, v
				}
			}
		}
	}
	if !found || ret == nil {
		return found
	}
	// The named return is read nowhere but where it is set.
	reads := 0
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == ret {
			reads++
		}
		return true
	})
	return reads == 1
}

// resultIs reports whether y is x, a conversion of it, or a tuple holding one of those.
func resultIs(info *sema.FuncInfo, y, x ast.Expr) bool {
	switch e := ast.Unparen(y).(type) {
	case *ast.TupleExpr:
		for _, el := range e.Elems {
			if el != nil && resultIs(info, el, x) {
				return true
			}
		}
		return false
	case *ast.CallExpr:
		if e == x {
			return true
		}
		if c := info.CallOf[e]; c != nil && c.Kind == sema.CallConversion && len(e.Args) == 1 {
			return resultIs(info, e.Args[0], x)
		}
		return false
	}
	return ast.Unparen(y) == x
}

// identOf returns x as an identifier, or nil.
func identOf(x ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(x).(*ast.Ident)
	return id
}

var returnAssignKinds = inspect.Of((*ast.ReturnStmt)(nil), (*ast.AssignExpr)(nil))
