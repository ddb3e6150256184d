package sema

import (
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Type is the type of a variable or expression, as far as Vigil needs to know it.
type Type interface {
	String() string
}

// Elementary is a built-in value type: address, bool, string, bytes, bytesN, intN, uintN.
type Elementary struct {
	Name    string // canonical: uint256 for uint, bytes1 for byte
	Payable bool   // address payable
}

func (t *Elementary) String() string {
	if t.Payable {
		return "address payable"
	}
	return t.Name
}

// IsAddress, IsInteger, ... classify elementary types.
func (t *Elementary) IsAddress() bool { return t.Name == "address" }
func (t *Elementary) IsInteger() bool {
	return strings.HasPrefix(t.Name, "uint") || strings.HasPrefix(t.Name, "int")
}
func (t *Elementary) IsSigned() bool { return strings.HasPrefix(t.Name, "int") }

// Bits returns the width of an integer type (256 for uint).
func (t *Elementary) Bits() int {
	s := strings.TrimPrefix(strings.TrimPrefix(t.Name, "u"), "int")
	if n, err := strconv.Atoi(s); err == nil {
		return n
	}
	return 256
}

// ContractType is a contract, interface or library used as a type.
type ContractType struct{ Contract *Contract }

func (t *ContractType) String() string { return t.Contract.Name }

// StructType, EnumType and UserType are user-defined types by name. Contract is the contract
// that declares the type (nil at file level) and File the file: the scope its members' types
// are resolved in (the storage layout needs them).
type StructType struct {
	Name     string
	Decl     *ast.StructDecl
	Contract *Contract
	File     *File
}

func (t *StructType) String() string { return t.Name }

type EnumType struct {
	Name     string
	Decl     *ast.EnumDecl
	Contract *Contract
}

func (t *EnumType) String() string { return t.Name }

type UserType struct {
	Name       string
	Underlying Type
	Decl       *ast.UserTypeDecl
	Contract   *Contract
}

func (t *UserType) String() string { return t.Name }

// MappingType is mapping(Key => Value).
type MappingType struct{ Key, Value Type }

func (t *MappingType) String() string { return "mapping(" + str(t.Key) + " => " + str(t.Value) + ")" }

// ArrayType is Elem[] or Elem[N].
type ArrayType struct {
	Elem    Type
	Dynamic bool
}

func (t *ArrayType) String() string {
	if t.Dynamic {
		return str(t.Elem) + "[]"
	}
	return str(t.Elem) + "[N]"
}

// FuncType is a function type: internal unless declared external; Params and Returns count
// its parameters and results (-1 when unknown).
type FuncType struct {
	External        bool
	Params, Returns int
}

func (t *FuncType) String() string { return "function" }

// TupleType is the type of a call returning several values.
type TupleType struct{ Elems []Type }

func (t *TupleType) String() string {
	parts := make([]string, len(t.Elems))
	for i, e := range t.Elems {
		parts[i] = str(e)
	}
	return "(" + strings.Join(parts, ",") + ")"
}

func str(t Type) string {
	if t == nil {
		return "?"
	}
	return t.String()
}

// Common elementary types.
var (
	TypeAddress        = &Elementary{Name: "address"}
	TypeAddressPayable = &Elementary{Name: "address", Payable: true}
	TypeBool           = &Elementary{Name: "bool"}
	TypeUint256        = &Elementary{Name: "uint256"}
	TypeBytes          = &Elementary{Name: "bytes"}
	TypeBytes32        = &Elementary{Name: "bytes32"}
	TypeString         = &Elementary{Name: "string"}
)

// elementaryTypes holds one value of each elementary type (by canonical name, and address
// payable under "address payable"), shared by every program: types are never changed once
// made, and a file names uint256 or address hundreds of times. Read-only after init.
var elementaryTypes = func() map[string]*Elementary {
	m := map[string]*Elementary{}
	for _, t := range []*Elementary{TypeAddress, TypeBool, TypeUint256, TypeBytes, TypeBytes32, TypeString} {
		m[t.Name] = t
	}
	m["address payable"] = TypeAddressPayable
	for bits := 8; bits <= 256; bits += 8 {
		for _, name := range []string{"uint" + strconv.Itoa(bits), "int" + strconv.Itoa(bits)} {
			if m[name] == nil {
				m[name] = &Elementary{Name: name}
			}
		}
	}
	for n := 1; n <= 32; n++ {
		if name := "bytes" + strconv.Itoa(n); m[name] == nil {
			m[name] = &Elementary{Name: name}
		}
	}
	return m
}()

// elementary returns the elementary type written name (payable for address payable).
func elementary(name string, payable bool) *Elementary {
	name = canonicalElementary(name)
	key := name
	if payable {
		key += " payable"
	}
	if t := elementaryTypes[key]; t != nil {
		return t
	}
	return &Elementary{Name: name, Payable: payable}
}

// IsAddress reports whether t is address or address payable.
func IsAddress(t Type) bool {
	e, ok := t.(*Elementary)
	return ok && e.IsAddress()
}

// IsInteger reports whether t is an integer type.
func IsInteger(t Type) (*Elementary, bool) {
	e, ok := t.(*Elementary)
	if ok && e.IsInteger() {
		return e, true
	}
	return nil, false
}

// AsContract returns the contract of a contract-typed value.
func AsContract(t Type) *Contract {
	if c, ok := t.(*ContractType); ok {
		return c.Contract
	}
	return nil
}

// canonicalElementary normalises uint to uint256, byte to bytes1.
func canonicalElementary(name string) string {
	switch name {
	case "uint":
		return "uint256"
	case "int":
		return "int256"
	case "byte":
		return "bytes1"
	}
	return name
}

// typeOfTypeExpr converts a type as written to a Type, resolving user-defined names in scope.
func (p *Program) typeOfTypeExpr(x ast.Expr, scope *Contract, file *File) Type {
	switch t := x.(type) {
	case *ast.ElementaryType:
		if t.Name == "payable" {
			return TypeAddressPayable
		}
		if t.Name == "var" {
			return nil
		}
		return elementary(t.Name, t.Payable)
	case *ast.IdentPath:
		return p.lookupTypeName(t.Names, scope, file)
	case *ast.Ident:
		return p.lookupTypeName([]*ast.Ident{t}, scope, file)
	case *ast.MemberExpr:
		if path := memberPath(t); path != nil {
			return p.lookupTypeName(path, scope, file)
		}
	case *ast.ArrayType:
		return &ArrayType{Elem: p.typeOfTypeExpr(t.Elem, scope, file), Dynamic: t.Len == nil}
	case *ast.IndexExpr:
		return &ArrayType{Elem: p.typeOfTypeExpr(t.X, scope, file), Dynamic: t.Index == nil}
	case *ast.MappingType:
		return &MappingType{Key: p.typeOfTypeExpr(t.Key, scope, file), Value: p.typeOfTypeExpr(t.Value, scope, file)}
	case *ast.FuncType:
		ft := &FuncType{External: t.Visibility == token.EXTERNAL, Params: -1, Returns: 0}
		if t.Params != nil {
			ft.Params = len(t.Params.List)
		}
		if t.Returns != nil {
			ft.Returns = len(t.Returns.List)
		}
		return ft
	}
	return nil
}

// TypeOf converts a type as written (a state variable's or a struct field's) to a Type,
// resolving user-defined names as the compiler does in scope (a contract, nil at file level)
// and file.
func (p *Program) TypeOf(x ast.Expr, scope *Contract, file *File) Type {
	return p.typeOfTypeExpr(x, scope, file)
}

// memberPath turns a.b.c into its identifiers, or nil if x is not such a path.
func memberPath(x ast.Expr) []*ast.Ident {
	switch x := x.(type) {
	case *ast.Ident:
		return []*ast.Ident{x}
	case *ast.MemberExpr:
		if base := memberPath(x.X); base != nil {
			return append(base, x.Name)
		}
	}
	return nil
}

// lookupTypeName resolves A or A.B (a contract, or a struct, enum or user type in a contract or
// at file level).
func (p *Program) lookupTypeName(path []*ast.Ident, scope *Contract, file *File) Type {
	if len(path) == 0 {
		return nil
	}
	name := path[0].Name
	if len(path) == 1 {
		if scope != nil {
			for _, c := range scope.Linearization {
				if t := c.memberType(name, p); t != nil {
					return t
				}
			}
		}
		if t := p.fileType(name, file); t != nil {
			return t
		}
		if c := p.LookupContract(name, file); c != nil {
			return &ContractType{Contract: c}
		}
		return nil
	}
	// Qualified: Contract.Struct, or Alias.Contract (import alias: take the last part).
	if c := p.LookupContract(name, file); c != nil {
		if t := c.memberType(path[len(path)-1].Name, p); t != nil {
			return t
		}
	}
	return p.lookupTypeName(path[len(path)-1:], nil, file)
}

func (c *Contract) memberType(name string, p *Program) Type {
	for _, s := range c.Structs {
		if s.Name.Name == name {
			return &StructType{Name: c.Name + "." + name, Decl: s, Contract: c, File: c.File}
		}
	}
	for _, e := range c.Enums {
		if e.Name.Name == name {
			return &EnumType{Name: c.Name + "." + name, Decl: e, Contract: c}
		}
	}
	for _, u := range c.UserTypes {
		if u.Name.Name == name {
			return &UserType{Name: c.Name + "." + name, Underlying: underlyingType(u), Decl: u, Contract: c}
		}
	}
	return nil
}

// fileType finds a file-level struct, enum or user type, preferring the given file.
func (p *Program) fileType(name string, file *File) Type {
	decls := p.fileTypes[name]
	if len(decls) == 0 {
		return nil
	}
	pick := decls[0]
	for _, d := range decls {
		if d.file == file {
			pick = d
		}
	}
	switch d := pick.decl.(type) {
	case *ast.StructDecl:
		return &StructType{Name: name, Decl: d, File: pick.file}
	case *ast.EnumDecl:
		return &EnumType{Name: name, Decl: d}
	case *ast.UserTypeDecl:
		return &UserType{Name: name, Underlying: underlyingType(d), Decl: d}
	}
	return nil
}

// underlyingType is the elementary type a user-defined value type wraps. The language allows
// only elementary value types there; anything else (type T is T; a struct) is an error the
// compiler reports, and resolving it by name could recurse forever, so it is left unknown.
func underlyingType(d *ast.UserTypeDecl) Type {
	if e, ok := d.Underlying.(*ast.ElementaryType); ok {
		return elementary(e.Name, e.Payable)
	}
	return nil
}
