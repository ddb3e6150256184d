package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

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
	if len(path) == 0 {
		return false
	}
	// A type named inside the library (L.UintSet), or a type of its own that a missing
	// library is bound to (using AddressLib for Address, Address declared in that library's
	// absent file).
	lib := path[0].Name
	if len(path) == 1 {
		lib = ""
	}
	usings, file := usingsInScope(info)
	for _, u := range usings {
		if u.Library == nil || len(u.Library.Names) != 1 {
			continue
		}
		if lib == "" {
			// only a directive naming the type itself binds it, and only a value type or a
			// struct (an interface of a missing import, IERC20 with SafeERC20 absent, keeps
			// its calls out: the library calls the token)
			if u.Type == nil || typePathString(u.Type) != typePathString(t) ||
				!p.valueTypeNames()[typePathString(t)] && !declaredWithLocation(info, recv) {
				continue
			}
		} else if u.Library.Names[0].Name != lib || u.Type != nil && typePathString(u.Type) != typePathString(t) {
			continue
		}
		if p.LookupContract(u.Library.Names[0].Name, file) == nil {
			return true
		}
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

// chainedOnMissingLibrary reports whether recv, a receiver of unknown type, is the result of a
// call bound with using-for to a library the project does not ship: a.mul(b).div(c) with
// SafeMath absent. The inner call runs on a value (a uint, a bytes32) that has no external
// functions, so it is the library's; its result's type is unknown only because the library is,
// and the call made on it is that library's code too, not a call to another contract.
func (p *Program) chainedOnMissingLibrary(info *FuncInfo, recv ast.Expr) bool {
	for depth := 0; depth < 16; depth++ {
		call, ok := ast.Unparen(recv).(*ast.CallExpr)
		if !ok {
			return false
		}
		m, ok := stripCallDecorations(call.Fun).(*ast.MemberExpr)
		if !ok {
			return false
		}
		if t := info.Types[m.X]; t != nil {
			// A plain value: no external function to call on it.
			return AsContract(t) == nil && !IsAddress(t) && p.missingUsingInScope(info)
		}
		recv = m.X
	}
	return false
}

// missingUsingInScope reports whether a using-for directive in scope of the function names a
// library the program cannot resolve.
func (p *Program) missingUsingInScope(info *FuncInfo) bool {
	usings, file := usingsInScope(info)
	for _, u := range usings {
		if u.Library != nil && p.LookupContract(u.Library.Names[len(u.Library.Names)-1].Name, file) == nil {
			return true
		}
	}
	return false
}

// missingLibraryName reports whether X in X.f(...), an identifier the model cannot resolve, is
// a library of an import the program does not hold (ECDSA.recover, Math.min with OpenZeppelin
// absent). Nothing the model can see declares X: it is a name imported from a missing file (a
// type, or a file-level constant), or a state variable of a base the model cannot read. A
// contract or an interface cannot be called through its name (X.f() on a contract is a type
// error unless X is a base, which isDeclaredBase sees), so a type is a library. The rest is
// told apart by spelling, the one gap a name fills here for code that is not shipped: types
// are CapWords, constants UPPER_CASE, variables start in lower case or with an underscore.
func (p *Program) missingLibraryName(info *FuncInfo, id *ast.Ident) bool {
	name := id.Name
	if name == "" || name[0] < 'A' || name[0] > 'Z' {
		return false
	}
	for _, r := range name {
		if r >= 'a' && r <= 'z' {
			return true // CapWords: a type's spelling
		}
	}
	// UPPER CASE: an acronym library (ECDSA, RLP) when a file of the program imports a file
	// named after it (contracts are named after their files), else a constant.
	return p.importedFileNames()[name]
}

type importedNamesKey struct{}

// importedFileNames returns the base names (without .sol) of the files the program's import
// directives name.
func (p *Program) importedFileNames() map[string]bool {
	return Memo(p, importedNamesKey{}, func() map[string]bool {
		out := map[string]bool{}
		for _, f := range p.Files {
			for _, d := range f.AST.Decls {
				if imp, ok := d.(*ast.ImportDecl); ok && imp.Path != nil {
					path := strings.Trim(imp.Path.Value, `"'`)
					if i := strings.LastIndexByte(path, '/'); i >= 0 {
						path = path[i+1:]
					}
					out[strings.TrimSuffix(path, ".sol")] = true
				}
			}
		}
		return out
	})
}

type valueTypesKey struct{}

// valueTypeNames returns the names the program wraps or unwraps values with (T.wrap(x),
// T.unwrap(v)): user-defined value types, declared or not (a missing import's Address), never
// a contract or an interface.
func (p *Program) valueTypeNames() map[string]bool {
	return Memo(p, valueTypesKey{}, func() map[string]bool {
		out := map[string]bool{}
		for _, f := range p.Files {
			ast.Inspect(f.AST, func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					if m, ok := c.Fun.(*ast.MemberExpr); ok && (m.Name.Name == "wrap" || m.Name.Name == "unwrap") {
						if id, ok := m.X.(*ast.Ident); ok {
							out[id.Name] = true
						}
					}
				}
				return true
			})
		}
		return out
	})
}

// declaredWithLocation reports whether x is a variable declared with a data location (T memory
// x): a struct or an array, never a contract or an interface, which take none.
func declaredWithLocation(info *FuncInfo, x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*Var)
	return ok && v.Decl != nil && v.Decl.Location != token.ILLEGAL
}

// usingsInScope lists the using-for directives in scope of the function whose facts are info
// (its contract's linearization, then its file's), with the file names resolve from.
func usingsInScope(info *FuncInfo) ([]*ast.UsingDecl, *File) {
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
	return usings, file
}
