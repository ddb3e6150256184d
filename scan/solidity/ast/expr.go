package ast

import "github.com/vigil-sec/vigil/scan/solidity/token"

// BadExpr stands for an expression that could not be parsed.
type BadExpr struct {
	From, To token.Pos
}

// BasicLit is a number, string, hex string, unicode string or boolean literal. Adjacent string
// literals ("a" "b") are kept as one BasicLit whose Value holds their source text joined by a space.
type BasicLit struct {
	ValuePos token.Pos
	Kind     token.Token // NUMBER, STRING, HEXSTRING, UNICODESTR, TRUE, FALSE
	Value    string      // source text
	Unit     *Ident      // number unit (ether, gwei, days, ...), or nil
	EndPos   token.Pos
}

// UnaryExpr is a prefix (-x, !x, ~x, ++x, --x, delete x) or postfix (x++, x--) operation.
type UnaryExpr struct {
	OpPos   token.Pos
	Op      token.Token // SUB, ADD, NOT, BITNOT, INC, DEC, DELETE
	X       Expr
	Postfix bool
}

// BinaryExpr is X Op Y.
type BinaryExpr struct {
	X     Expr
	OpPos token.Pos
	Op    token.Token
	Y     Expr
}

// AssignExpr is Lhs Op Rhs where Op is = or a compound assignment.
type AssignExpr struct {
	Lhs   Expr
	OpPos token.Pos
	Op    token.Token
	Rhs   Expr
}

// CondExpr is Cond ? Then : Else.
type CondExpr struct {
	Cond, Then, Else Expr
}

// ParenExpr is (X).
type ParenExpr struct {
	Lparen token.Pos
	X      Expr
	Rparen token.Pos
}

// TupleExpr is (a, b), (a, , c) or (); an omitted component is nil.
type TupleExpr struct {
	Lparen token.Pos
	Elems  []Expr
	Rparen token.Pos
}

// ArrayLit is an inline array [a, b, c].
type ArrayLit struct {
	Lbrack token.Pos
	Elems  []Expr
	Rbrack token.Pos
}

// CallExpr is Fun(Args) or, with named arguments, Fun({a: 1, b: 2}).
type CallExpr struct {
	Fun    Expr
	Lparen token.Pos
	Args   []Expr
	Names  []*Ident // non-nil for named arguments; Names[i] names Args[i]
	Rparen token.Pos
}

// CallOptions is X{value: v, gas: g, salt: s}, applied before a call.
type CallOptions struct {
	X      Expr
	Lbrace token.Pos
	Names  []*Ident
	Values []Expr
	Rbrace token.Pos
}

// MemberExpr is X.Name.
type MemberExpr struct {
	X    Expr
	Name *Ident
}

// IndexExpr is X[Index]; Index is nil in X[] (an array type written as an expression).
type IndexExpr struct {
	X      Expr
	Lbrack token.Pos
	Index  Expr
	Rbrack token.Pos
}

// SliceExpr is X[Low:High]; either bound may be nil.
type SliceExpr struct {
	X         Expr
	Lbrack    token.Pos
	Low, High Expr
	Rbrack    token.Pos
}

// NewExpr is `new T`, usually called: new C(args), new uint[](n).
type NewExpr struct {
	New  token.Pos
	Type Expr
}

// MetaTypeExpr is type(T).
type MetaTypeExpr struct {
	TypePos token.Pos
	Type    Expr
	Rparen  token.Pos
}

// ElementaryType is a built-in type name: address, address payable, bool, string, bytes,
// bytesN, intN, uintN, fixed, ufixed, byte, and `payable` used as a conversion.
type ElementaryType struct {
	NamePos token.Pos
	Name    string
	Payable bool // address payable
	EndPos  token.Pos
}

// ArrayType is Elem[Len] or Elem[] in a type position.
type ArrayType struct {
	Elem   Expr
	Lbrack token.Pos
	Len    Expr // nil for dynamic arrays
	Rbrack token.Pos
}

// MappingType is mapping(Key KeyName => Value ValueName).
type MappingType struct {
	Mapping   token.Pos
	Key       Expr
	KeyName   *Ident
	Value     Expr
	ValueName *Ident
	Rparen    token.Pos
}

// FuncType is a function type: function (uint) external view returns (bool).
type FuncType struct {
	Func       token.Pos
	Params     *ParamList
	Visibility token.Token
	Mutability token.Token
	Returns    *ParamList
	EndPos     token.Pos
}

func (x *BadExpr) Pos() token.Pos  { return x.From }
func (x *BadExpr) End() token.Pos  { return x.To }
func (x *BasicLit) Pos() token.Pos { return x.ValuePos }
func (x *BasicLit) End() token.Pos { return x.EndPos }
func (x *UnaryExpr) Pos() token.Pos {
	if x.Postfix {
		return x.X.Pos()
	}
	return x.OpPos
}
func (x *UnaryExpr) End() token.Pos {
	if x.Postfix {
		return x.OpPos + 2
	}
	return x.X.End()
}
func (x *BinaryExpr) Pos() token.Pos     { return x.X.Pos() }
func (x *BinaryExpr) End() token.Pos     { return x.Y.End() }
func (x *AssignExpr) Pos() token.Pos     { return x.Lhs.Pos() }
func (x *AssignExpr) End() token.Pos     { return x.Rhs.End() }
func (x *CondExpr) Pos() token.Pos       { return x.Cond.Pos() }
func (x *CondExpr) End() token.Pos       { return x.Else.End() }
func (x *ParenExpr) Pos() token.Pos      { return x.Lparen }
func (x *ParenExpr) End() token.Pos      { return x.Rparen + 1 }
func (x *TupleExpr) Pos() token.Pos      { return x.Lparen }
func (x *TupleExpr) End() token.Pos      { return x.Rparen + 1 }
func (x *ArrayLit) Pos() token.Pos       { return x.Lbrack }
func (x *ArrayLit) End() token.Pos       { return x.Rbrack + 1 }
func (x *CallExpr) Pos() token.Pos       { return x.Fun.Pos() }
func (x *CallExpr) End() token.Pos       { return x.Rparen + 1 }
func (x *CallOptions) Pos() token.Pos    { return x.X.Pos() }
func (x *CallOptions) End() token.Pos    { return x.Rbrace + 1 }
func (x *MemberExpr) Pos() token.Pos     { return x.X.Pos() }
func (x *MemberExpr) End() token.Pos     { return x.Name.End() }
func (x *IndexExpr) Pos() token.Pos      { return x.X.Pos() }
func (x *IndexExpr) End() token.Pos      { return x.Rbrack + 1 }
func (x *SliceExpr) Pos() token.Pos      { return x.X.Pos() }
func (x *SliceExpr) End() token.Pos      { return x.Rbrack + 1 }
func (x *NewExpr) Pos() token.Pos        { return x.New }
func (x *NewExpr) End() token.Pos        { return x.Type.End() }
func (x *MetaTypeExpr) Pos() token.Pos   { return x.TypePos }
func (x *MetaTypeExpr) End() token.Pos   { return x.Rparen + 1 }
func (x *ElementaryType) Pos() token.Pos { return x.NamePos }
func (x *ElementaryType) End() token.Pos { return x.EndPos }
func (x *ArrayType) Pos() token.Pos      { return x.Elem.Pos() }
func (x *ArrayType) End() token.Pos      { return x.Rbrack + 1 }
func (x *MappingType) Pos() token.Pos    { return x.Mapping }
func (x *MappingType) End() token.Pos    { return x.Rparen + 1 }
func (x *FuncType) Pos() token.Pos       { return x.Func }
func (x *FuncType) End() token.Pos       { return x.EndPos }

func (*BadExpr) exprNode()        {}
func (*BasicLit) exprNode()       {}
func (*UnaryExpr) exprNode()      {}
func (*BinaryExpr) exprNode()     {}
func (*AssignExpr) exprNode()     {}
func (*CondExpr) exprNode()       {}
func (*ParenExpr) exprNode()      {}
func (*TupleExpr) exprNode()      {}
func (*ArrayLit) exprNode()       {}
func (*CallExpr) exprNode()       {}
func (*CallOptions) exprNode()    {}
func (*MemberExpr) exprNode()     {}
func (*IndexExpr) exprNode()      {}
func (*SliceExpr) exprNode()      {}
func (*NewExpr) exprNode()        {}
func (*MetaTypeExpr) exprNode()   {}
func (*ElementaryType) exprNode() {}
func (*ArrayType) exprNode()      {}
func (*MappingType) exprNode()    {}
func (*FuncType) exprNode()       {}

// Unparen strips any number of enclosing parentheses.
func Unparen(x Expr) Expr {
	for {
		p, ok := x.(*ParenExpr)
		if !ok {
			return x
		}
		x = p.X
	}
}
