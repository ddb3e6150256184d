package ast

import "github.com/vigil-sec/vigil/scan/rust/token"

// IdentPat binds a name: [ref] [mut] name [@ sub].
type IdentPat struct {
	From  token.Pos
	ByRef bool
	Mut   bool
	Name  *Ident
	Sub   Pat
}

// WildPat is _.
type WildPat struct{ Underscore token.Pos }

// RestPat is .. inside tuple and slice patterns.
type RestPat struct{ DotDot token.Pos }

// LitPat is a literal, possibly negative: 1, -1, "x", b'a', true.
type LitPat struct{ Value Expr }

// RangePat is lo..=hi, lo.., ..=hi (bounds are literals or paths).
type RangePat struct {
	Lo, Hi    Expr
	Inclusive bool
	From, To  token.Pos
}

// PathPat is a path that names a constant or unit variant: None, Foo::Bar.
type PathPat struct{ Path *Path }

// TupleStructPat is Path(elems).
type TupleStructPat struct {
	Path   *Path
	Elems  []Pat
	Rparen token.Pos
}

// StructPat is Path { field: pat, field, .. }.
type StructPat struct {
	Path   *Path
	Fields []*FieldPat
	Rest   bool
	Rbrace token.Pos
}

// FieldPat is one field of a struct pattern; Pat is nil for shorthand.
type FieldPat struct {
	Attrs []*Attribute
	Name  *Ident
	Pat   Pat
	ByRef bool // shorthand "ref name"
	Mut   bool // shorthand "mut name"
	From  token.Pos
	To    token.Pos
}

// Pos returns the start of the field pattern.
func (x *FieldPat) Pos() token.Pos { return x.From }

// End returns the end of the field pattern.
func (x *FieldPat) End() token.Pos { return x.To }

// TuplePat is (a, b) and ().
type TuplePat struct {
	Lparen token.Pos
	Elems  []Pat
	Rparen token.Pos
}

// ParenPat is (p).
type ParenPat struct {
	Lparen token.Pos
	Pat    Pat
	Rparen token.Pos
}

// SlicePat is [a, .., b].
type SlicePat struct {
	Lbrack token.Pos
	Elems  []Pat
	Rbrack token.Pos
}

// RefPat is &pat or &mut pat.
type RefPat struct {
	And token.Pos
	Mut bool
	Pat Pat
}

// BoxPat is box pat (unstable, seen in older code).
type BoxPat struct {
	Box token.Pos
	Pat Pat
}

// OrPat is a | b | c.
type OrPat struct {
	Alts []Pat
}

// MacroPat is a macro in pattern position.
type MacroPat struct{ Mac *MacroCall }

// BadPat stands for a pattern that could not be parsed.
type BadPat struct{ From, To token.Pos }

// Pos and End of each pattern.
func (x *IdentPat) Pos() token.Pos { return x.From }
func (x *IdentPat) End() token.Pos {
	if x.Sub != nil {
		return x.Sub.End()
	}
	return x.Name.End()
}
func (x *WildPat) Pos() token.Pos        { return x.Underscore }
func (x *WildPat) End() token.Pos        { return x.Underscore + 1 }
func (x *RestPat) Pos() token.Pos        { return x.DotDot }
func (x *RestPat) End() token.Pos        { return x.DotDot + 2 }
func (x *LitPat) Pos() token.Pos         { return x.Value.Pos() }
func (x *LitPat) End() token.Pos         { return x.Value.End() }
func (x *RangePat) Pos() token.Pos       { return x.From }
func (x *RangePat) End() token.Pos       { return x.To }
func (x *PathPat) Pos() token.Pos        { return x.Path.Pos() }
func (x *PathPat) End() token.Pos        { return x.Path.End() }
func (x *TupleStructPat) Pos() token.Pos { return x.Path.Pos() }
func (x *TupleStructPat) End() token.Pos { return x.Rparen + 1 }
func (x *StructPat) Pos() token.Pos      { return x.Path.Pos() }
func (x *StructPat) End() token.Pos      { return x.Rbrace + 1 }
func (x *TuplePat) Pos() token.Pos       { return x.Lparen }
func (x *TuplePat) End() token.Pos       { return x.Rparen + 1 }
func (x *ParenPat) Pos() token.Pos       { return x.Lparen }
func (x *ParenPat) End() token.Pos       { return x.Rparen + 1 }
func (x *SlicePat) Pos() token.Pos       { return x.Lbrack }
func (x *SlicePat) End() token.Pos       { return x.Rbrack + 1 }
func (x *RefPat) Pos() token.Pos         { return x.And }
func (x *RefPat) End() token.Pos         { return x.Pat.End() }
func (x *BoxPat) Pos() token.Pos         { return x.Box }
func (x *BoxPat) End() token.Pos         { return x.Pat.End() }
func (x *OrPat) Pos() token.Pos          { return x.Alts[0].Pos() }
func (x *OrPat) End() token.Pos          { return x.Alts[len(x.Alts)-1].End() }
func (x *MacroPat) Pos() token.Pos       { return x.Mac.Pos() }
func (x *MacroPat) End() token.Pos       { return x.Mac.End() }
func (x *BadPat) Pos() token.Pos         { return x.From }
func (x *BadPat) End() token.Pos         { return x.To }

func (*IdentPat) patNode()       {}
func (*WildPat) patNode()        {}
func (*RestPat) patNode()        {}
func (*LitPat) patNode()         {}
func (*RangePat) patNode()       {}
func (*PathPat) patNode()        {}
func (*TupleStructPat) patNode() {}
func (*StructPat) patNode()      {}
func (*TuplePat) patNode()       {}
func (*ParenPat) patNode()       {}
func (*SlicePat) patNode()       {}
func (*RefPat) patNode()         {}
func (*BoxPat) patNode()         {}
func (*OrPat) patNode()          {}
func (*MacroPat) patNode()       {}
func (*BadPat) patNode()         {}
