package ast

import "github.com/vigil-sec/vigil/scan/rust/token"

// UseItem is use tree;.
type UseItem struct {
	ItemHeader
	Tree *UseTree
}

// UseTree is one branch of a use declaration: prefix::{a, b as c, *}.
type UseTree struct {
	Path   *Path // may be nil for "{a, b}" and "*" at the root
	Star   bool
	Group  []*UseTree // non-nil for prefix::{...}
	Rename *Ident     // "as name"; "_" is kept as an Ident
	From   token.Pos
	To     token.Pos
}

// Pos returns the start of the tree.
func (x *UseTree) Pos() token.Pos { return x.From }

// End returns the end of the tree.
func (x *UseTree) End() token.Pos { return x.To }

// ModItem is mod name; or mod name { items }.
type ModItem struct {
	ItemHeader
	Unsafe bool
	Name   *Ident
	Inline bool         // has a body in this file
	Inner  []*Attribute // inner attributes of an inline body
	Items  []Item
}

// FnItem is a function or method, with or without a body.
type FnItem struct {
	ItemHeader
	Const    bool
	Async    bool
	Unsafe   bool
	Extern   bool
	Abi      string // "C" in extern "C" fn, with quotes removed
	Name     *Ident
	Generics *Generics
	Params   []*Param
	Variadic bool
	Result   Type // nil for ()
	Where    *WhereClause
	Body     *BlockExpr // nil for declarations in traits and extern blocks
}

// Param is a function or closure parameter. For self parameters IsSelf is
// set, Pat is an IdentPat named "self" and Type is nil unless written.
type Param struct {
	Attrs    []*Attribute
	Pat      Pat
	Type     Type // nil for untyped closure parameters
	IsSelf   bool
	SelfRef  bool // &self, &mut self
	Lifetime *Lifetime
	From     token.Pos
	To       token.Pos
}

// Pos returns the start of the parameter.
func (x *Param) Pos() token.Pos { return x.From }

// End returns the end of the parameter.
func (x *Param) End() token.Pos { return x.To }

// StructKind distinguishes named, tuple and unit structs and variants.
type StructKind uint8

// Struct shapes.
const (
	NamedFields StructKind = iota
	TupleFields
	UnitStruct
)

// StructItem is a struct or union.
type StructItem struct {
	ItemHeader
	Union    bool
	Name     *Ident
	Generics *Generics
	Kind     StructKind
	Fields   []*Field
	Where    *WhereClause
}

// Field is a struct, union or variant field. Name is nil in tuple structs.
type Field struct {
	Attrs []*Attribute
	Vis   *Visibility
	Name  *Ident
	Type  Type
	From  token.Pos
	To    token.Pos
}

// Pos returns the start of the field (its first attribute or doc comment).
func (x *Field) Pos() token.Pos { return x.From }

// End returns the end of the field.
func (x *Field) End() token.Pos { return x.To }

// EnumItem is an enum.
type EnumItem struct {
	ItemHeader
	Name     *Ident
	Generics *Generics
	Where    *WhereClause
	Variants []*Variant
}

// Variant is an enum variant.
type Variant struct {
	Attrs        []*Attribute
	Name         *Ident
	Kind         StructKind
	Fields       []*Field
	Discriminant Expr
	From         token.Pos
	To           token.Pos
}

// Pos returns the start of the variant.
func (x *Variant) Pos() token.Pos { return x.From }

// End returns the end of the variant.
func (x *Variant) End() token.Pos { return x.To }

// ImplItem is impl<..> [!]Trait for Type { } or an inherent impl.
type ImplItem struct {
	ItemHeader
	Unsafe   bool
	Default  bool
	Generics *Generics
	Negative bool
	Trait    *Path // nil for inherent impls
	SelfType Type
	Where    *WhereClause
	Inner    []*Attribute
	Items    []Item
}

// TraitItem is a trait definition.
type TraitItem struct {
	ItemHeader
	Unsafe   bool
	Auto     bool
	Name     *Ident
	Generics *Generics
	Bounds   []*Bound
	Where    *WhereClause
	Inner    []*Attribute
	Items    []Item
}

// TypeAliasItem is type Name<..>: Bounds = Type; (Type may be nil in traits).
type TypeAliasItem struct {
	ItemHeader
	Name     *Ident
	Generics *Generics
	Bounds   []*Bound
	Where    *WhereClause
	Type     Type
}

// ConstItem is const NAME: Type = value; (NAME may be "_").
type ConstItem struct {
	ItemHeader
	Name  *Ident
	Type  Type
	Value Expr // nil in traits
}

// StaticItem is static [mut] NAME: Type = value;.
type StaticItem struct {
	ItemHeader
	Mut   bool
	Name  *Ident
	Type  Type
	Value Expr
}

// MacroRulesItem is macro_rules! name { ... }.
type MacroRulesItem struct {
	ItemHeader
	Name *Ident
	Body *TokenTree
}

// MacroItem is a macro invocation in item position, e.g.
// declare_id!("...") or entrypoint!(process_instruction).
type MacroItem struct {
	ItemHeader
	Mac *MacroCall
}

// ExternCrateItem is extern crate name [as rename];.
type ExternCrateItem struct {
	ItemHeader
	Name   *Ident
	Rename *Ident
}

// ExternBlockItem is [unsafe] extern "abi" { items }.
type ExternBlockItem struct {
	ItemHeader
	Abi   string
	Inner []*Attribute
	Items []Item
}

// BadItem stands for source that could not be parsed as an item.
type BadItem struct {
	ItemHeader
}

func (*UseItem) itemNode()         {}
func (*ModItem) itemNode()         {}
func (*FnItem) itemNode()          {}
func (*StructItem) itemNode()      {}
func (*EnumItem) itemNode()        {}
func (*ImplItem) itemNode()        {}
func (*TraitItem) itemNode()       {}
func (*TypeAliasItem) itemNode()   {}
func (*ConstItem) itemNode()       {}
func (*StaticItem) itemNode()      {}
func (*MacroRulesItem) itemNode()  {}
func (*MacroItem) itemNode()       {}
func (*ExternCrateItem) itemNode() {}
func (*ExternBlockItem) itemNode() {}
func (*BadItem) itemNode()         {}

// Generics is <params>.
type Generics struct {
	Lt     token.Pos
	Params []*GenericParam
	Gt     token.Pos
}

// Pos returns "<".
func (x *Generics) Pos() token.Pos { return x.Lt }

// End returns the position after ">".
func (x *Generics) End() token.Pos { return x.Gt + 1 }

// GenericParamKind tells lifetimes, types and consts apart.
type GenericParamKind uint8

// Generic parameter kinds.
const (
	LifetimeParam GenericParamKind = iota
	TypeParam
	ConstParam
)

// GenericParam is 'a: 'b, T: Bound = Default or const N: usize = 3.
type GenericParam struct {
	Attrs    []*Attribute
	Kind     GenericParamKind
	Lifetime *Lifetime // for LifetimeParam
	Name     *Ident    // for TypeParam and ConstParam
	Bounds   []*Bound
	Type     Type // const parameter type, or type default
	Default  Expr // const default
	From     token.Pos
	To       token.Pos
}

// Pos returns the start of the parameter.
func (x *GenericParam) Pos() token.Pos { return x.From }

// End returns the end of the parameter.
func (x *GenericParam) End() token.Pos { return x.To }

// Bound is a lifetime bound or a trait bound (?Sized, for<'a> Fn(&'a T),
// ~const Trait, use<..>).
type Bound struct {
	Lifetime *Lifetime
	Path     *Path
	Maybe    bool // ?Trait
	Const    bool // ~const or const
	For      []*GenericParam
	Paren    bool
	From     token.Pos
	To       token.Pos
}

// Pos returns the start of the bound.
func (x *Bound) Pos() token.Pos { return x.From }

// End returns the end of the bound.
func (x *Bound) End() token.Pos { return x.To }

// WhereClause is where preds.
type WhereClause struct {
	Where token.Pos
	Preds []*WherePred
	To    token.Pos
}

// Pos returns "where".
func (x *WhereClause) Pos() token.Pos { return x.Where }

// End returns the end of the clause.
func (x *WhereClause) End() token.Pos { return x.To }

// WherePred is for<'a> T: Bounds or 'a: 'b.
type WherePred struct {
	For      []*GenericParam
	Lifetime *Lifetime
	Type     Type
	Bounds   []*Bound
	From     token.Pos
	To       token.Pos
}

// Pos returns the start of the predicate.
func (x *WherePred) Pos() token.Pos { return x.From }

// End returns the end of the predicate.
func (x *WherePred) End() token.Pos { return x.To }

// String names the struct shape.
func (k StructKind) String() string {
	switch k {
	case NamedFields:
		return "named"
	case TupleFields:
		return "tuple"
	}
	return "unit"
}

// String names the parameter kind.
func (k GenericParamKind) String() string {
	switch k {
	case LifetimeParam:
		return "lifetime"
	case TypeParam:
		return "type"
	}
	return "const"
}
