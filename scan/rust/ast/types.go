package ast

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Path is a::b::<T>::c, ::std::x, <T as Trait>::Name or Fn(A) -> B.
type Path struct {
	Global   bool   // leading ::
	QSelf    *QSelf // <T as Trait>:: prefix
	Segments []*PathSegment
	From     token.Pos
	To       token.Pos
}

// Pos returns the start of the path.
func (x *Path) Pos() token.Pos { return x.From }

// End returns the end of the path.
func (x *Path) End() token.Pos { return x.To }

// String renders the path's segment names joined by "::", without generic
// arguments: "anchor_lang::prelude::Account". It is what analyses compare.
func (x *Path) String() string {
	if x == nil {
		return ""
	}
	if !x.Global && len(x.Segments) == 1 {
		return x.Segments[0].Name.Name // most paths: no new string
	}
	var b strings.Builder
	n := 2 * len(x.Segments)
	for _, s := range x.Segments {
		n += len(s.Name.Name)
	}
	b.Grow(n)
	if x.Global {
		b.WriteString("::")
	}
	for i, s := range x.Segments {
		if i > 0 {
			b.WriteString("::")
		}
		b.WriteString(s.Name.Name)
	}
	return b.String()
}

// Last returns the final segment, or nil.
func (x *Path) Last() *PathSegment {
	if x == nil || len(x.Segments) == 0 {
		return nil
	}
	return x.Segments[len(x.Segments)-1]
}

// QSelf is the <Type as Trait> prefix of a qualified path.
type QSelf struct {
	Type  Type
	Trait *Path // nil for <Type>::x
}

// PathSegment is one name with optional generic arguments.
type PathSegment struct {
	Name *Ident // also self, super, crate, Self
	Args *GenericArgs
}

// GenericArgs is <args> (or ::<args> in expressions) or the parenthesised
// form of Fn traits: (Inputs) -> Output.
type GenericArgs struct {
	Lt     token.Pos
	Args   []*GenericArg
	Paren  bool
	Inputs []Type
	Output Type
	Gt     token.Pos // position after the closing > or )
}

// Pos returns the opening delimiter.
func (x *GenericArgs) Pos() token.Pos { return x.Lt }

// End returns the position after the closing delimiter.
func (x *GenericArgs) End() token.Pos { return x.Gt }

// GenericArg is one of: a lifetime, a type, a const expression, an
// associated type binding Name = Type, or a constraint Name: Bounds.
type GenericArg struct {
	Lifetime *Lifetime
	Type     Type
	Const    Expr
	Name     *Ident // binding or constraint name
	Bounds   []*Bound
	From     token.Pos
	To       token.Pos
}

// Pos returns the start of the argument.
func (x *GenericArg) Pos() token.Pos { return x.From }

// End returns the end of the argument.
func (x *GenericArg) End() token.Pos { return x.To }

// PathType is a type named by a path: u64, Account<'info, Vault>.
type PathType struct {
	Path *Path
}

// RefType is &'a mut T.
type RefType struct {
	And      token.Pos
	Lifetime *Lifetime
	Mut      bool
	Elem     Type
}

// PtrType is *const T or *mut T.
type PtrType struct {
	Star token.Pos
	Mut  bool
	Elem Type
}

// SliceType is [T].
type SliceType struct {
	Lbrack token.Pos
	Elem   Type
	Rbrack token.Pos
}

// ArrayType is [T; N].
type ArrayType struct {
	Lbrack token.Pos
	Elem   Type
	Len    Expr
	Rbrack token.Pos
}

// TupleType is (A, B) and the unit type ().
type TupleType struct {
	Lparen token.Pos
	Elems  []Type
	Rparen token.Pos
}

// ParenType is (T), kept so that positions stay exact.
type ParenType struct {
	Lparen token.Pos
	Elem   Type
	Rparen token.Pos
}

// FnPtrType is [unsafe] [extern "abi"] fn(A, B) -> C.
type FnPtrType struct {
	For    []*GenericParam
	Unsafe bool
	Abi    string
	Params []*Param
	Result Type
	From   token.Pos
	To     token.Pos
}

// TraitObjectType is impl Bounds, dyn Bounds, or a bare Trait + 'a.
type TraitObjectType struct {
	Impl   bool
	Dyn    bool
	Bounds []*Bound
	From   token.Pos
	To     token.Pos
}

// NeverType is !.
type NeverType struct{ Bang token.Pos }

// InferType is _.
type InferType struct{ Underscore token.Pos }

// MacroType is a macro in type position.
type MacroType struct{ Mac *MacroCall }

// BadType stands for a type that could not be parsed.
type BadType struct{ From, To token.Pos }

// Pos and End of each type.
func (x *PathType) Pos() token.Pos        { return x.Path.Pos() }
func (x *PathType) End() token.Pos        { return x.Path.End() }
func (x *RefType) Pos() token.Pos         { return x.And }
func (x *RefType) End() token.Pos         { return x.Elem.End() }
func (x *PtrType) Pos() token.Pos         { return x.Star }
func (x *PtrType) End() token.Pos         { return x.Elem.End() }
func (x *SliceType) Pos() token.Pos       { return x.Lbrack }
func (x *SliceType) End() token.Pos       { return x.Rbrack + 1 }
func (x *ArrayType) Pos() token.Pos       { return x.Lbrack }
func (x *ArrayType) End() token.Pos       { return x.Rbrack + 1 }
func (x *TupleType) Pos() token.Pos       { return x.Lparen }
func (x *TupleType) End() token.Pos       { return x.Rparen + 1 }
func (x *ParenType) Pos() token.Pos       { return x.Lparen }
func (x *ParenType) End() token.Pos       { return x.Rparen + 1 }
func (x *FnPtrType) Pos() token.Pos       { return x.From }
func (x *FnPtrType) End() token.Pos       { return x.To }
func (x *TraitObjectType) Pos() token.Pos { return x.From }
func (x *TraitObjectType) End() token.Pos { return x.To }
func (x *NeverType) Pos() token.Pos       { return x.Bang }
func (x *NeverType) End() token.Pos       { return x.Bang + 1 }
func (x *InferType) Pos() token.Pos       { return x.Underscore }
func (x *InferType) End() token.Pos       { return x.Underscore + 1 }
func (x *MacroType) Pos() token.Pos       { return x.Mac.Pos() }
func (x *MacroType) End() token.Pos       { return x.Mac.End() }
func (x *BadType) Pos() token.Pos         { return x.From }
func (x *BadType) End() token.Pos         { return x.To }

func (*PathType) typeNode()        {}
func (*RefType) typeNode()         {}
func (*PtrType) typeNode()         {}
func (*SliceType) typeNode()       {}
func (*ArrayType) typeNode()       {}
func (*TupleType) typeNode()       {}
func (*ParenType) typeNode()       {}
func (*FnPtrType) typeNode()       {}
func (*TraitObjectType) typeNode() {}
func (*NeverType) typeNode()       {}
func (*InferType) typeNode()       {}
func (*MacroType) typeNode()       {}
func (*BadType) typeNode()         {}
