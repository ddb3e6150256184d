package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Storage pointers and writes: a storage pointer set once names the place it points to (its
// facts are that place's), and the helpers that tell which variables a function assigns.

// pointee returns what a storage pointer local names when it is set once, at its declaration,
// to a storage place (User storage u = users[msg.sender]), or nil.
func (a *rangeAnalysis) pointee(info *FuncInfo, v *Var) ast.Expr {
	if !v.IsStorageRef() || v.Kind != LocalVar || v.Func == nil {
		return nil
	}
	if x, ok := a.pointers[v]; ok {
		return x
	}
	if a.pointers == nil {
		a.pointers = map[*Var]ast.Expr{}
	}
	a.pointers[v] = nil // a pointer set from another pointer's place is followed once
	fi := a.p.Info(v.Func)
	if fi == nil || v.Func.Body == nil {
		return nil
	}
	var init ast.Expr
	reassigned := false
	for n := range v.Func.BodyTree().Preorder(pointerKinds) {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			if len(s.Vars) == 1 && s.Vars[0] == v.Decl {
				init = s.Value
			}
		case *ast.AssignExpr:
			if fi.RootVar(s.Lhs) == v && isWholeVar(s.Lhs) {
				reassigned = true
			}
		}
	}
	if init == nil || reassigned {
		return nil
	}
	// The index must name the same place later: built from values no statement reassigns.
	if !a.stableIndex(fi, init) {
		return nil
	}
	a.pointers[v] = init
	return init
}

// pointeeInfo returns the facts in which a storage pointer's initializer is resolved.
func (a *rangeAnalysis) pointeeInfo(v *Var, fallback *FuncInfo) *FuncInfo {
	if fi := a.p.Info(v.Func); fi != nil {
		return fi
	}
	return fallback
}

// isWholeVar reports whether an assignment's left side is a plain name (not a member of it).
func isWholeVar(x ast.Expr) bool {
	_, ok := ast.Unparen(x).(*ast.Ident)
	return ok
}

// stableIndex reports whether every variable in x's indexes is never assigned after its
// declaration in the function.
func (a *rangeAnalysis) stableIndex(info *FuncInfo, x ast.Expr) bool {
	stable := true
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*Var); ok && v.Kind != StateVar && a.assignedInBody(info, v) {
				stable = false
			}
		}
		return stable
	})
	return stable
}

// assignedInBody reports whether v is the whole left side of an assignment, or ++/--'d, in
// info's function.
func (a *rangeAnalysis) assignedInBody(info *FuncInfo, v *Var) bool {
	if info.Fn.Body == nil {
		return false
	}
	for n := range info.Fn.BodyTree().Preorder(assignKinds) {
		if lhs := AssignTarget(n); lhs != nil && isWholeVar(lhs) && info.RootVar(lhs) == v {
			return true
		}
	}
	return false
}

// AssignTarget returns what n writes: the left side of an assignment, or the operand of ++, --
// or delete; nil for any other node.
func AssignTarget(n ast.Node) ast.Expr {
	switch e := n.(type) {
	case *ast.AssignExpr:
		return e.Lhs
	case *ast.UnaryExpr:
		if e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE {
			return e.X
		}
	}
	return nil
}

var (
	pointerKinds = inspect.Of((*ast.VarDeclStmt)(nil), (*ast.AssignExpr)(nil))
	assignKinds  = inspect.Of((*ast.AssignExpr)(nil), (*ast.UnaryExpr)(nil))
)
