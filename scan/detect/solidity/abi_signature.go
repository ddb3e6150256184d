package solidity

import (
	"encoding/hex"
	"strings"

	"golang.org/x/crypto/sha3"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// This file computes what the ABI makes of a contract's surface: canonical parameter types,
// function signatures and their 4-byte selectors, the way the compiler computes them
// (keccak256 of name(type,...) with uint for uint256, contracts as address, enums as uint8,
// structs as tuples). The token-interface, selector-collision and EIP-712 detectors share it.
//
// sema has no canonical ABI type yet; when it gets one (the semantic core's type facts), these
// helpers should read it instead of resolving struct fields by name here.

// abiEntry is one externally callable entry of a contract: a public or external function, or
// the getter of a public state variable.
type abiEntry struct {
	Name      string
	Signature string   // name(type,...), canonical
	Returns   []string // canonical return types; nil when unknown
	Fn        *sema.Function
	Var       *sema.Var
	Node      ast.Node // the declaration, where a finding is reported
	Selector  string   // selector(Signature), computed once
}

// selector returns the 4-byte selector of a canonical signature, as 0x-prefixed hex.
func selector(sig string) string {
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte(sig))
	return "0x" + hex.EncodeToString(h.Sum(nil)[:4])
}

// keccakHex returns the keccak256 of s as 0x-prefixed hex.
func keccakHex(s string) string {
	h := sha3.NewLegacyKeccak256()
	h.Write([]byte(s))
	return "0x" + hex.EncodeToString(h.Sum(nil))
}

// abiSurface returns the external entries of contract c: its public and external functions
// (the most derived implementation of each signature) and the getters of its public state
// variables. Entries whose types cannot be resolved are left out (ok false for the whole
// surface means at least one was left out).
func abiSurface(p *sema.Program, c *sema.Contract) (entries []abiEntry, complete bool) {
	// Several detectors read every contract's surface (the selector table reads all of them for
	// each proxy): built once per contract, selectors hashed once per entry.
	s := sema.Memo(c, abiSurfaceKey{}, func() abiSurfaceFact {
		entries, complete := buildABISurface(p, c)
		for i := range entries {
			entries[i].Selector = selector(entries[i].Signature)
		}
		return abiSurfaceFact{entries, complete}
	})
	return s.entries, s.complete
}

type abiSurfaceKey struct{}

type abiSurfaceFact struct {
	entries  []abiEntry
	complete bool
}

func buildABISurface(p *sema.Program, c *sema.Contract) (entries []abiEntry, complete bool) {
	complete = true
	seen := map[string]bool{}
	add := func(e abiEntry, ok bool) {
		switch {
		case !ok:
			complete = false
		case !seen[e.Signature]:
			seen[e.Signature] = true
			entries = append(entries, e)
		}
	}
	for _, fn := range c.AllFunctions() {
		if fn.Kind == ast.FuncFunction && fn.IsPublic() && fn.Name != "" {
			add(functionEntry(p, fn))
		}
	}
	for _, base := range c.Linearization {
		for _, v := range base.StateVars {
			if v.Decl != nil && v.Decl.Visibility.String() == "public" {
				add(getterEntry(p, v))
			}
		}
	}
	return entries, complete
}

// functionEntry returns the ABI entry of fn.
func functionEntry(p *sema.Program, fn *sema.Function) (abiEntry, bool) {
	params := make([]string, 0, len(fn.Params))
	for _, v := range fn.Params {
		t, ok := abiTypeOfVar(p, v)
		if !ok {
			return abiEntry{}, false
		}
		params = append(params, t)
	}
	rets := make([]string, 0, len(fn.Returns))
	for _, v := range fn.Returns {
		t, ok := abiTypeOfVar(p, v)
		if !ok {
			rets = nil
			break
		}
		rets = append(rets, t)
	}
	if len(fn.Returns) > 0 && rets == nil {
		rets = []string{"?"} // returns something not resolved: not "nothing"
	}
	return abiEntry{Name: fn.Name, Signature: fn.Name + "(" + strings.Join(params, ",") + ")", Returns: rets,
		Fn: fn, Node: fn.Node()}, true
}

// getterEntry returns the ABI entry of the getter the compiler makes for public state
// variable v: one parameter per mapping key and array index, returning the value (struct
// values return their members, which the detectors here do not need: they get "?").
func getterEntry(p *sema.Program, v *sema.Var) (abiEntry, bool) {
	var params []string
	t := v.Decl.Type
	for {
		switch x := t.(type) {
		case *ast.MappingType:
			k, ok := abiTypeOfExpr(p, v.Contract, x.Key)
			if !ok {
				return abiEntry{}, false
			}
			params = append(params, k)
			t = x.Value
			continue
		case *ast.ArrayType:
			params = append(params, "uint256")
			t = x.Elem
			continue
		}
		break
	}
	ret, ok := abiTypeOfExpr(p, v.Contract, t)
	if !ok || strings.HasPrefix(ret, "(") {
		ret = "?"
	}
	return abiEntry{Name: v.Name, Signature: v.Name + "(" + strings.Join(params, ",") + ")", Returns: []string{ret},
		Var: v, Node: v.Decl}, true
}

// abiTypeOfVar returns the canonical ABI type of a parameter or return variable.
func abiTypeOfVar(p *sema.Program, v *sema.Var) (string, bool) {
	if v.Decl == nil || v.Decl.Type == nil {
		return "", false
	}
	var scope *sema.Contract
	if v.Func != nil {
		scope = v.Func.Contract
	} else {
		scope = v.Contract
	}
	return abiTypeOfExpr(p, scope, v.Decl.Type)
}

// abiTypeOfExpr returns the canonical ABI type of a type as written in scope (a contract, or
// nil at file level).
func abiTypeOfExpr(p *sema.Program, scope *sema.Contract, x ast.Expr) (string, bool) {
	return abiTypeDepth(p, scope, x, 0)
}

func abiTypeDepth(p *sema.Program, scope *sema.Contract, x ast.Expr, depth int) (string, bool) {
	if depth > 8 {
		return "", false // a struct nested this deep (or recursive through arrays) is not worth resolving
	}
	switch t := x.(type) {
	case *ast.ElementaryType:
		return canonicalABIElementary(t.Name)
	case *ast.ArrayType:
		elem, ok := abiTypeDepth(p, scope, t.Elem, depth+1)
		if !ok {
			return "", false
		}
		if t.Len == nil {
			return elem + "[]", true
		}
		lit, ok := ast.Unparen(t.Len).(*ast.BasicLit)
		if !ok || litValue(lit) == nil {
			return "", false // a constant-sized array: the constant is not folded here
		}
		return elem + "[" + litValue(lit).String() + "]", true
	case *ast.FuncType:
		return "function", true
	default:
		if path := typeNamePath(x); path != nil {
			return abiNamedType(p, scope, path, depth)
		}
	}
	return "", false
}

// typeNamePath returns the names of a user-defined type as written (S, L.S, a.b.c), or nil.
func typeNamePath(x ast.Expr) []string {
	switch e := x.(type) {
	case *ast.Ident:
		return []string{e.Name}
	case *ast.IdentPath:
		out := make([]string, len(e.Names))
		for i, n := range e.Names {
			out[i] = n.Name
		}
		return out
	case *ast.MemberExpr:
		if base := typeNamePath(e.X); base != nil {
			return append(base, e.Name.Name)
		}
	}
	return nil
}

// canonicalABIElementary maps an elementary type name to its canonical ABI spelling.
func canonicalABIElementary(name string) (string, bool) {
	switch name {
	case "uint":
		return "uint256", true
	case "int":
		return "int256", true
	case "byte":
		return "bytes1", true
	case "fixed":
		return "fixed128x18", true
	case "ufixed":
		return "ufixed128x18", true
	case "address payable", "payable":
		return "address", true
	case "var", "":
		return "", false
	}
	return name, true
}

// abiNamedType resolves a user-defined type name: a struct (a tuple of its members), an enum
// (uint8), a user-defined value type (its underlying type) or a contract (address).
func abiNamedType(p *sema.Program, scope *sema.Contract, path []string, depth int) (string, bool) {
	decl, owner := lookupTypeDecl(p, scope, path)
	switch d := decl.(type) {
	case *ast.StructDecl:
		return abiStruct(p, owner, d, depth)
	case *ast.EnumDecl:
		return "uint8", true
	case *ast.UserTypeDecl:
		return abiTypeDepth(p, owner, d.Underlying, depth+1)
	case *ast.ContractDecl:
		if d.Kind != ast.KindLibrary {
			return "address", true
		}
	}
	return "", false
}

// lookupTypeDecl finds the declaration a type name refers to in scope (a contract, or nil at
// file level): a struct, enum or user-defined value type of the scope's linearization (or of
// the contract a qualified name names), then one declared at file level, then a contract. It
// returns the declaration and the contract that declares it (nil at file level). sema resolves
// the types of variables but not of struct members: this is the same search, for members.
func lookupTypeDecl(p *sema.Program, scope *sema.Contract, path []string) (ast.Decl, *sema.Contract) {
	if len(path) == 0 {
		return nil, nil
	}
	name := path[len(path)-1]
	var holders []*sema.Contract
	if len(path) > 1 {
		if c := p.LookupContract(path[len(path)-2], nil); c != nil {
			holders = append(holders, c)
		}
	} else if scope != nil {
		holders = append(holders, scope.Linearization...)
	}
	for _, c := range holders {
		for _, s := range c.Structs {
			if s.Name.Name == name {
				return s, c
			}
		}
		for _, e := range c.Enums {
			if e.Name.Name == name {
				return e, c
			}
		}
		for _, u := range c.UserTypes {
			if u.Name.Name == name {
				return u, c
			}
		}
	}
	if d, ok := fileLevelTypes(p)[name]; ok {
		return d, nil
	}
	if c := p.LookupContract(name, nil); c != nil {
		return c.Decl, c
	}
	return nil, nil
}

// abiStruct returns the tuple type of struct s declared in contract c (nil at file level).
func abiStruct(p *sema.Program, c *sema.Contract, s *ast.StructDecl, depth int) (string, bool) {
	parts := make([]string, 0, len(s.Fields))
	for _, f := range s.Fields {
		if _, isMap := f.Type.(*ast.MappingType); isMap {
			return "", false // a struct holding a mapping cannot be an external parameter
		}
		t, ok := abiTypeDepth(p, c, f.Type, depth+1)
		if !ok {
			return "", false
		}
		parts = append(parts, t)
	}
	return "(" + strings.Join(parts, ",") + ")", true
}

type fileTypesKey struct{}

// fileLevelTypes maps the names of the structs, enums and user-defined value types declared at
// file level to their first declaration (in file order), built once: every parameter of a
// contract type asked for it, scanning every file's declarations.
func fileLevelTypes(p *sema.Program) map[string]ast.Decl {
	return sema.Memo(p, fileTypesKey{}, func() map[string]ast.Decl {
		out := map[string]ast.Decl{}
		add := func(name string, d ast.Decl) {
			if _, seen := out[name]; !seen {
				out[name] = d
			}
		}
		for _, f := range p.Files {
			for _, d := range f.AST.Decls {
				switch d := d.(type) {
				case *ast.StructDecl:
					add(d.Name.Name, d)
				case *ast.EnumDecl:
					add(d.Name.Name, d)
				case *ast.UserTypeDecl:
					add(d.Name.Name, d)
				}
			}
		}
		return out
	})
}
