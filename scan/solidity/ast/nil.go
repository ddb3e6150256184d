package ast

import "reflect"

// isNil reports whether an interface holds nothing or a nil pointer. Optional children are
// typed pointers (a nil *Ident stored in an Expr field is not == nil), so Walk needs this.
func isNil(n any) bool {
	if n == nil {
		return true
	}
	switch x := n.(type) {
	case *Ident:
		return x == nil
	case *BasicLit:
		return x == nil
	case *ParamList:
		return x == nil
	case *BlockStmt:
		return x == nil
	case *OverrideSpec:
		return x == nil
	case *IdentPath:
		return x == nil
	case *VarDecl:
		return x == nil
	case *YulLit:
		return x == nil
	}
	v := reflect.ValueOf(n)
	return v.Kind() == reflect.Pointer && v.IsNil()
}
