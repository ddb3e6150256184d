package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// boundToMissingLibrary reports whether x.f(...) on a receiver of unknown type is a call of a
// library the project does not ship (OpenZeppelin's EnumerableSet imported from an absent lib/
// folder): the receiver's declared type is named inside a library L (L.UintSet), a using
// directive in scope binds L to that type or to every type (`using L for *`), and L itself
// cannot be resolved. Such a call runs the library's code in this contract; it is not a call
// to another contract, and classifying it as external would make every set insertion look
// like a call out.
func (p *Program) boundToMissingLibrary(info *FuncInfo, recv ast.Expr) bool {
	t := declaredTypeExpr(info, recv, 0)
	if t == nil {
		return false
	}
	path := memberPath(t)
	if ip, ok := t.(*ast.IdentPath); ok {
		path = ip.Names
	}
	if len(path) < 2 {
		return false
	}
	lib := path[0].Name
	fn := info.Fn
	file := fn.File
	var usings []*ast.UsingDecl
	if fn.Contract != nil {
		file = fn.Contract.File
		for _, c := range fn.Contract.Linearization {
			usings = append(usings, c.Usings...)
		}
	}
	if file != nil {
		for _, d := range file.AST.Decls {
			if u, ok := d.(*ast.UsingDecl); ok {
				usings = append(usings, u)
			}
		}
	}
	for _, u := range usings {
		if u.Library == nil || len(u.Library.Names) != 1 || u.Library.Names[0].Name != lib {
			continue
		}
		if u.Type != nil && typePathString(u.Type) != typePathString(t) {
			continue
		}
		return p.LookupContract(lib, file) == nil
	}
	return false
}

// declaredTypeExpr returns the type expression, as written in a declaration, of a variable
// access: x, x[i] (the mapping's value or the array's element), s.f (the struct field's type).
func declaredTypeExpr(info *FuncInfo, x ast.Expr, depth int) ast.Expr {
	if depth > 16 {
		return nil
	}
	switch e := x.(type) {
	case *ast.ParenExpr:
		return declaredTypeExpr(info, e.X, depth+1)
	case *ast.Ident:
		if v, ok := info.Uses[e].(*Var); ok && v.Decl != nil {
			return v.Decl.Type
		}
	case *ast.IndexExpr:
		switch t := declaredTypeExpr(info, e.X, depth+1).(type) {
		case *ast.MappingType:
			return t.Value
		case *ast.ArrayType:
			return t.Elem
		}
	case *ast.MemberExpr:
		if st, ok := info.Types[e.X].(*StructType); ok && st.Decl != nil {
			for _, f := range st.Decl.Fields {
				if f.Name != nil && f.Name.Name == e.Name.Name {
					return f.Type
				}
			}
		}
	}
	return nil
}

// typePathString renders a type name path (A.B) for comparison; "" for other type expressions.
func typePathString(t ast.Expr) string {
	path := memberPath(t)
	if ip, ok := t.(*ast.IdentPath); ok {
		path = ip.Names
	}
	s := ""
	for i, id := range path {
		if i > 0 {
			s += "."
		}
		s += id.Name
	}
	return s
}
