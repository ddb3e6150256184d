package ast

import "github.com/vigil-sec/vigil/scan/solidity/token"

// BadDecl stands for a declaration that could not be parsed.
type BadDecl struct {
	From, To token.Pos
}

// PragmaDecl is `pragma solidity ^0.8.0;` or any other pragma; Text is the raw text after the
// keyword (for example "solidity ^0.8.0" or "experimental ABIEncoderV2").
type PragmaDecl struct {
	Pragma token.Pos
	Text   string
	Semi   token.Pos
}

// ImportDecl is any form of import:
//
//	import "path";                 import "path" as A;
//	import * as A from "path";     import {a, b as c} from "path";
type ImportDecl struct {
	Import  token.Pos
	Path    *BasicLit       // the STRING literal
	Alias   *Ident          // as A (whole unit), or nil
	Star    bool            // import * as A
	Symbols []*ImportSymbol // {a, b as c}
	Semi    token.Pos
}

// ImportSymbol is one entry of import {a as b}.
type ImportSymbol struct {
	Name  *Ident
	Alias *Ident
}

// ContractKind tells contracts, interfaces and libraries apart.
type ContractKind int

const (
	KindContract ContractKind = iota
	KindInterface
	KindLibrary
)

func (k ContractKind) String() string {
	return [...]string{"contract", "interface", "library"}[k]
}

// ContractDecl is a contract, abstract contract, interface or library.
type ContractDecl struct {
	Doc      *CommentGroup
	Start    token.Pos // position of `abstract` or of the kind keyword
	Kind     ContractKind
	Abstract bool
	Name     *Ident
	Bases    []*InheritanceSpec
	Layout   Expr // `layout at EXPR`, or nil
	Lbrace   token.Pos
	Body     []Decl
	Rbrace   token.Pos
}

// InheritanceSpec is one base of `is`, with optional constructor arguments.
type InheritanceSpec struct {
	Name   *IdentPath
	Args   []Expr // nil when written without parentheses
	HasArg bool   // parentheses were written (possibly empty)
	Rparen token.Pos
}

func (s *InheritanceSpec) Pos() token.Pos { return s.Name.Pos() }
func (s *InheritanceSpec) End() token.Pos {
	if s.HasArg {
		return s.Rparen + 1
	}
	return s.Name.End()
}

// FuncKind tells the kinds of function apart as written.
type FuncKind int

const (
	FuncFunction FuncKind = iota
	FuncConstructor
	FuncFallback
	FuncReceive
)

func (k FuncKind) String() string {
	return [...]string{"function", "constructor", "fallback", "receive"}[k]
}

// FuncDecl is a function, constructor, fallback or receive function, in a contract or at file
// level (a free function). Name is nil for `function()` (the pre-0.6 fallback) and for the
// constructor, fallback and receive keywords.
type FuncDecl struct {
	Doc        *CommentGroup
	Start      token.Pos
	Kind       FuncKind
	Name       *Ident
	Params     *ParamList
	Visibility token.Token // PUBLIC, PRIVATE, INTERNAL, EXTERNAL or ILLEGAL when not written
	VisPos     token.Pos
	Mutability token.Token // PURE, VIEW, PAYABLE, CONSTANT (pre-0.5) or ILLEGAL
	Virtual    bool
	Override   *OverrideSpec
	Modifiers  []*ModifierInvocation // modifiers and, on constructors, base constructor calls
	Returns    *ParamList            // nil when there is no returns clause
	Body       *BlockStmt            // nil when unimplemented
	EndPos     token.Pos             // after the body or the ';'
}

// ModifierDecl is a modifier definition.
type ModifierDecl struct {
	Doc      *CommentGroup
	Start    token.Pos
	Name     *Ident
	Params   *ParamList // nil when written without parentheses
	Virtual  bool
	Override *OverrideSpec
	Body     *BlockStmt // nil when unimplemented
	EndPos   token.Pos
}

// ModifierInvocation is a modifier (or base constructor) named in a function header.
type ModifierInvocation struct {
	Name   *IdentPath
	Args   []Expr
	HasArg bool
	Rparen token.Pos
}

func (m *ModifierInvocation) Pos() token.Pos { return m.Name.Pos() }
func (m *ModifierInvocation) End() token.Pos {
	if m.HasArg {
		return m.Rparen + 1
	}
	return m.Name.End()
}

// OverrideSpec is `override` or `override(A, B)`.
type OverrideSpec struct {
	Override token.Pos
	Bases    []*IdentPath
	EndPos   token.Pos
}

func (o *OverrideSpec) Pos() token.Pos { return o.Override }
func (o *OverrideSpec) End() token.Pos { return o.EndPos }

// ParamList is a parenthesised list of parameters.
type ParamList struct {
	Lparen token.Pos
	List   []*VarDecl
	Rparen token.Pos
}

func (l *ParamList) Pos() token.Pos { return l.Lparen }
func (l *ParamList) End() token.Pos { return l.Rparen + 1 }

// VarDecl declares one variable: a state variable, a file-level constant, a parameter, a return
// variable, a struct member, an event or error parameter, or a local. Name may be nil for unnamed
// parameters. Value is nil when there is no initializer.
type VarDecl struct {
	Doc        *CommentGroup
	Type       Expr
	Name       *Ident
	Location   token.Token // MEMORY, STORAGE, CALLDATA, or ILLEGAL
	Visibility token.Token // state variables: PUBLIC, PRIVATE, INTERNAL, or ILLEGAL
	Constant   bool
	Immutable  bool
	Transient  bool
	Indexed    bool // event parameters
	Override   *OverrideSpec
	Value      Expr
	EndPos     token.Pos
}

// EventDecl is an event definition.
type EventDecl struct {
	Doc       *CommentGroup
	Start     token.Pos
	Name      *Ident
	Params    *ParamList
	Anonymous bool
	Semi      token.Pos
}

// ErrorDecl is a custom error definition.
type ErrorDecl struct {
	Doc    *CommentGroup
	Start  token.Pos
	Name   *Ident
	Params *ParamList
	Semi   token.Pos
}

// StructDecl is a struct definition.
type StructDecl struct {
	Doc    *CommentGroup
	Start  token.Pos
	Name   *Ident
	Fields []*VarDecl
	Rbrace token.Pos
}

// EnumDecl is an enum definition.
type EnumDecl struct {
	Doc     *CommentGroup
	Start   token.Pos
	Name    *Ident
	Members []*Ident
	Rbrace  token.Pos
}

// UserTypeDecl is a user-defined value type: `type Price is uint128;`.
type UserTypeDecl struct {
	Doc        *CommentGroup
	Start      token.Pos
	Name       *Ident
	Underlying Expr
	Semi       token.Pos
}

// UsingDecl is `using L for T;`, `using L for *;` or `using {f, g as +} for T global;`.
type UsingDecl struct {
	Start     token.Pos
	Library   *IdentPath     // using L for ...; nil when a function list is given
	Functions []*UsingSymbol // using {f, g as +} for ...
	Type      Expr           // nil for `*`
	Global    bool
	Semi      token.Pos
}

// UsingSymbol is one entry of a using-for function list, with an optional operator binding.
type UsingSymbol struct {
	Name     *IdentPath
	Operator token.Token // ILLEGAL when not bound to an operator
}

func (d *BadDecl) Pos() token.Pos      { return d.From }
func (d *BadDecl) End() token.Pos      { return d.To }
func (d *PragmaDecl) Pos() token.Pos   { return d.Pragma }
func (d *PragmaDecl) End() token.Pos   { return d.Semi + 1 }
func (d *ImportDecl) Pos() token.Pos   { return d.Import }
func (d *ImportDecl) End() token.Pos   { return d.Semi + 1 }
func (d *ContractDecl) Pos() token.Pos { return d.Start }
func (d *ContractDecl) End() token.Pos { return d.Rbrace + 1 }
func (d *FuncDecl) Pos() token.Pos     { return d.Start }
func (d *FuncDecl) End() token.Pos     { return d.EndPos }
func (d *ModifierDecl) Pos() token.Pos { return d.Start }
func (d *ModifierDecl) End() token.Pos { return d.EndPos }
func (d *VarDecl) Pos() token.Pos {
	if d.Type != nil {
		return d.Type.Pos()
	}
	if d.Name != nil {
		return d.Name.Pos()
	}
	return d.EndPos
}
func (d *VarDecl) End() token.Pos      { return d.EndPos }
func (d *EventDecl) Pos() token.Pos    { return d.Start }
func (d *EventDecl) End() token.Pos    { return d.Semi + 1 }
func (d *ErrorDecl) Pos() token.Pos    { return d.Start }
func (d *ErrorDecl) End() token.Pos    { return d.Semi + 1 }
func (d *StructDecl) Pos() token.Pos   { return d.Start }
func (d *StructDecl) End() token.Pos   { return d.Rbrace + 1 }
func (d *EnumDecl) Pos() token.Pos     { return d.Start }
func (d *EnumDecl) End() token.Pos     { return d.Rbrace + 1 }
func (d *UserTypeDecl) Pos() token.Pos { return d.Start }
func (d *UserTypeDecl) End() token.Pos { return d.Semi + 1 }
func (d *UsingDecl) Pos() token.Pos    { return d.Start }
func (d *UsingDecl) End() token.Pos    { return d.Semi + 1 }

func (*BadDecl) declNode()      {}
func (*PragmaDecl) declNode()   {}
func (*ImportDecl) declNode()   {}
func (*ContractDecl) declNode() {}
func (*FuncDecl) declNode()     {}
func (*ModifierDecl) declNode() {}
func (*VarDecl) declNode()      {}
func (*EventDecl) declNode()    {}
func (*ErrorDecl) declNode()    {}
func (*StructDecl) declNode()   {}
func (*EnumDecl) declNode()     {}
func (*UserTypeDecl) declNode() {}
func (*UsingDecl) declNode()    {}
