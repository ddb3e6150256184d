package ast

import "github.com/vigil-sec/vigil/scan/rust/token"

// MacroCall is path!(tokens), path![tokens] or path!{tokens}.
type MacroCall struct {
	Path   *Path
	Tokens *TokenTree
	// Args holds the arguments parsed as expressions when the tokens are a
	// comma-separated expression list (require!, msg!, assert_eq!, vec![..]);
	// nil otherwise. Analyses use it to look through common macros.
	Args []Expr
}

// Pos returns the start of the macro path.
func (x *MacroCall) Pos() token.Pos { return x.Path.Pos() }

// End returns the position after the closing delimiter.
func (x *MacroCall) End() token.Pos { return x.Tokens.End() }

// Name returns the macro's last path segment: "require" for anchor_lang::require!.
func (x *MacroCall) Name() string {
	if s := x.Path.Last(); s != nil {
		return s.Name.Name
	}
	return ""
}

// PathExpr is a path in expression position: x, Foo::bar, Vec::<u8>::new.
type PathExpr struct {
	Path *Path
}

// LitExpr is a literal. Kind is the token kind; Value is the source text.
type LitExpr struct {
	ValuePos token.Pos
	Kind     token.Kind
	Value    string
}

// BinaryExpr is X Op Y for arithmetic, bitwise, comparison and lazy
// boolean operators.
type BinaryExpr struct {
	X     Expr
	OpPos token.Pos
	Op    token.Kind
	Y     Expr
}

// AssignExpr is X = Y or a compound assignment X op= Y.
type AssignExpr struct {
	X     Expr
	OpPos token.Pos
	Op    token.Kind
	Y     Expr
}

// UnaryExpr is -X, !X or *X.
type UnaryExpr struct {
	OpPos token.Pos
	Op    token.Kind
	X     Expr
}

// RefExpr is &X, &mut X, &raw const X or &raw mut X.
type RefExpr struct {
	And token.Pos
	Mut bool
	Raw bool
	X   Expr
}

// CastExpr is X as Type.
type CastExpr struct {
	X    Expr
	Type Type
}

// CallExpr is Fun(Args).
type CallExpr struct {
	Fun    Expr
	Lparen token.Pos
	Args   []Expr
	Rparen token.Pos
}

// MethodCallExpr is Recv.Name::<Turbofish>(Args).
type MethodCallExpr struct {
	Recv      Expr
	Name      *Ident
	Turbofish *GenericArgs
	Lparen    token.Pos
	Args      []Expr
	Rparen    token.Pos
}

// FieldExpr is X.Name, including tuple indices X.0.
type FieldExpr struct {
	X    Expr
	Name *Ident
}

// IndexExpr is X[Index].
type IndexExpr struct {
	X      Expr
	Index  Expr
	Rbrack token.Pos
}

// TryExpr is X?.
type TryExpr struct {
	X        Expr
	Question token.Pos
}

// AwaitExpr is X.await.
type AwaitExpr struct {
	X     Expr
	Await token.Pos
}

// RangeExpr is Lo..Hi, Lo..=Hi and their open forms.
type RangeExpr struct {
	Lo        Expr // may be nil
	OpPos     token.Pos
	Inclusive bool
	Hi        Expr // may be nil
}

// TupleExpr is (a, b), (a,) and ().
type TupleExpr struct {
	Lparen token.Pos
	Elems  []Expr
	Rparen token.Pos
}

// ParenExpr is (X).
type ParenExpr struct {
	Lparen token.Pos
	X      Expr
	Rparen token.Pos
}

// ArrayExpr is [a, b] or, when Len is set, [Elems[0]; Len].
type ArrayExpr struct {
	Lbrack token.Pos
	Elems  []Expr
	Len    Expr
	Rbrack token.Pos
}

// StructExpr is Path { field: value, shorthand, ..base }.
type StructExpr struct {
	Path   *Path
	Fields []*FieldInit
	Base   Expr // ..base; nil if absent
	Rest   bool // ".." present (with or without a base)
	Rbrace token.Pos
}

// FieldInit is one field of a struct literal; Value is nil for shorthand.
type FieldInit struct {
	Attrs []*Attribute
	Name  *Ident // a name or a tuple index
	Value Expr
}

// Pos returns the start of the field.
func (x *FieldInit) Pos() token.Pos { return x.Name.Pos() }

// End returns the end of the field.
func (x *FieldInit) End() token.Pos {
	if x.Value != nil {
		return x.Value.End()
	}
	return x.Name.End()
}

// BlockExpr is { stmts }, with its labels and qualifiers: 'a: { },
// unsafe { }, async move { }, const { }.
type BlockExpr struct {
	Label  *Lifetime
	Unsafe bool
	Async  bool
	Move   bool
	Const  bool
	Try    bool
	From   token.Pos // first token, including label or qualifier
	Lbrace token.Pos
	Inner  []*Attribute
	Stmts  []Stmt
	Rbrace token.Pos
}

// IfExpr is if Cond { } else .... Cond may hold LetExpr nodes (if let and
// let chains).
type IfExpr struct {
	If   token.Pos
	Cond Expr
	Then *BlockExpr
	Else Expr // *BlockExpr or *IfExpr; nil if absent
}

// LetExpr is let Pat = X inside if and while conditions.
type LetExpr struct {
	Let token.Pos
	Pat Pat
	X   Expr
}

// WhileExpr is ['label:] while Cond { }.
type WhileExpr struct {
	Label *Lifetime
	From  token.Pos
	Cond  Expr
	Body  *BlockExpr
}

// LoopExpr is ['label:] loop { }.
type LoopExpr struct {
	Label *Lifetime
	From  token.Pos
	Body  *BlockExpr
}

// ForExpr is ['label:] for Pat in Iter { }.
type ForExpr struct {
	Label *Lifetime
	From  token.Pos
	Pat   Pat
	Iter  Expr
	Body  *BlockExpr
}

// MatchExpr is match X { arms }.
type MatchExpr struct {
	Match  token.Pos
	X      Expr
	Arms   []*MatchArm
	Rbrace token.Pos
}

// MatchArm is Pat [if Guard] => Body.
type MatchArm struct {
	Attrs []*Attribute
	Pat   Pat
	Guard Expr
	Body  Expr
	To    token.Pos
}

// Pos returns the start of the arm's pattern.
func (x *MatchArm) Pos() token.Pos {
	if len(x.Attrs) > 0 {
		return x.Attrs[0].Pos()
	}
	return x.Pat.Pos()
}

// End returns the end of the arm.
func (x *MatchArm) End() token.Pos { return x.To }

// ClosureExpr is [move] [async] |params| [-> T] body.
type ClosureExpr struct {
	From   token.Pos
	Move   bool
	Async  bool
	Params []*Param
	Result Type
	Body   Expr
}

// ReturnExpr is return [X].
type ReturnExpr struct {
	Return token.Pos
	X      Expr
}

// BreakExpr is break ['label] [X].
type BreakExpr struct {
	Break token.Pos
	Label *Lifetime
	X     Expr
}

// ContinueExpr is continue ['label].
type ContinueExpr struct {
	Continue token.Pos
	Label    *Lifetime
}

// YieldExpr is yield [X] or become X (rare, kept for completeness).
type YieldExpr struct {
	Yield token.Pos
	X     Expr
}

// MacroExpr is a macro invocation in expression position.
type MacroExpr struct {
	Mac *MacroCall
}

// UnderscoreExpr is _ on the left of a destructuring assignment.
type UnderscoreExpr struct {
	Underscore token.Pos
}

// BadExpr stands for an expression that could not be parsed.
type BadExpr struct {
	From, To token.Pos
}

// Pos and End of each expression.
func (x *PathExpr) Pos() token.Pos       { return x.Path.Pos() }
func (x *PathExpr) End() token.Pos       { return x.Path.End() }
func (x *LitExpr) Pos() token.Pos        { return x.ValuePos }
func (x *LitExpr) End() token.Pos        { return x.ValuePos + token.Pos(len(x.Value)) }
func (x *BinaryExpr) Pos() token.Pos     { return x.X.Pos() }
func (x *BinaryExpr) End() token.Pos     { return x.Y.End() }
func (x *AssignExpr) Pos() token.Pos     { return x.X.Pos() }
func (x *AssignExpr) End() token.Pos     { return x.Y.End() }
func (x *UnaryExpr) Pos() token.Pos      { return x.OpPos }
func (x *UnaryExpr) End() token.Pos      { return x.X.End() }
func (x *RefExpr) Pos() token.Pos        { return x.And }
func (x *RefExpr) End() token.Pos        { return x.X.End() }
func (x *CastExpr) Pos() token.Pos       { return x.X.Pos() }
func (x *CastExpr) End() token.Pos       { return x.Type.End() }
func (x *CallExpr) Pos() token.Pos       { return x.Fun.Pos() }
func (x *CallExpr) End() token.Pos       { return x.Rparen + 1 }
func (x *MethodCallExpr) Pos() token.Pos { return x.Recv.Pos() }
func (x *MethodCallExpr) End() token.Pos { return x.Rparen + 1 }
func (x *FieldExpr) Pos() token.Pos      { return x.X.Pos() }
func (x *FieldExpr) End() token.Pos      { return x.Name.End() }
func (x *IndexExpr) Pos() token.Pos      { return x.X.Pos() }
func (x *IndexExpr) End() token.Pos      { return x.Rbrack + 1 }
func (x *TryExpr) Pos() token.Pos        { return x.X.Pos() }
func (x *TryExpr) End() token.Pos        { return x.Question + 1 }
func (x *AwaitExpr) Pos() token.Pos      { return x.X.Pos() }
func (x *AwaitExpr) End() token.Pos      { return x.Await + 5 }
func (x *RangeExpr) Pos() token.Pos {
	if x.Lo != nil {
		return x.Lo.Pos()
	}
	return x.OpPos
}
func (x *RangeExpr) End() token.Pos {
	if x.Hi != nil {
		return x.Hi.End()
	}
	if x.Inclusive {
		return x.OpPos + 3
	}
	return x.OpPos + 2
}
func (x *TupleExpr) Pos() token.Pos  { return x.Lparen }
func (x *TupleExpr) End() token.Pos  { return x.Rparen + 1 }
func (x *ParenExpr) Pos() token.Pos  { return x.Lparen }
func (x *ParenExpr) End() token.Pos  { return x.Rparen + 1 }
func (x *ArrayExpr) Pos() token.Pos  { return x.Lbrack }
func (x *ArrayExpr) End() token.Pos  { return x.Rbrack + 1 }
func (x *StructExpr) Pos() token.Pos { return x.Path.Pos() }
func (x *StructExpr) End() token.Pos { return x.Rbrace + 1 }
func (x *BlockExpr) Pos() token.Pos  { return x.From }
func (x *BlockExpr) End() token.Pos  { return x.Rbrace + 1 }
func (x *IfExpr) Pos() token.Pos     { return x.If }
func (x *IfExpr) End() token.Pos {
	if x.Else != nil {
		return x.Else.End()
	}
	return x.Then.End()
}
func (x *LetExpr) Pos() token.Pos      { return x.Let }
func (x *LetExpr) End() token.Pos      { return x.X.End() }
func (x *WhileExpr) Pos() token.Pos    { return x.From }
func (x *WhileExpr) End() token.Pos    { return x.Body.End() }
func (x *LoopExpr) Pos() token.Pos     { return x.From }
func (x *LoopExpr) End() token.Pos     { return x.Body.End() }
func (x *ForExpr) Pos() token.Pos      { return x.From }
func (x *ForExpr) End() token.Pos      { return x.Body.End() }
func (x *MatchExpr) Pos() token.Pos    { return x.Match }
func (x *MatchExpr) End() token.Pos    { return x.Rbrace + 1 }
func (x *ClosureExpr) Pos() token.Pos  { return x.From }
func (x *ClosureExpr) End() token.Pos  { return x.Body.End() }
func (x *ReturnExpr) Pos() token.Pos   { return x.Return }
func (x *ReturnExpr) End() token.Pos   { return endOr(x.X, x.Return+6) }
func (x *BreakExpr) Pos() token.Pos    { return x.Break }
func (x *BreakExpr) End() token.Pos    { return breakEnd(x) }
func (x *ContinueExpr) Pos() token.Pos { return x.Continue }
func (x *ContinueExpr) End() token.Pos {
	if x.Label != nil {
		return x.Label.End()
	}
	return x.Continue + 8
}
func (x *YieldExpr) Pos() token.Pos      { return x.Yield }
func (x *YieldExpr) End() token.Pos      { return endOr(x.X, x.Yield+5) }
func (x *MacroExpr) Pos() token.Pos      { return x.Mac.Pos() }
func (x *MacroExpr) End() token.Pos      { return x.Mac.End() }
func (x *UnderscoreExpr) Pos() token.Pos { return x.Underscore }
func (x *UnderscoreExpr) End() token.Pos { return x.Underscore + 1 }
func (x *BadExpr) Pos() token.Pos        { return x.From }
func (x *BadExpr) End() token.Pos        { return x.To }

func endOr(x Expr, p token.Pos) token.Pos {
	if x != nil {
		return x.End()
	}
	return p
}

func breakEnd(x *BreakExpr) token.Pos {
	if x.X != nil {
		return x.X.End()
	}
	if x.Label != nil {
		return x.Label.End()
	}
	return x.Break + 5
}

func (*PathExpr) exprNode()       {}
func (*LitExpr) exprNode()        {}
func (*BinaryExpr) exprNode()     {}
func (*AssignExpr) exprNode()     {}
func (*UnaryExpr) exprNode()      {}
func (*RefExpr) exprNode()        {}
func (*CastExpr) exprNode()       {}
func (*CallExpr) exprNode()       {}
func (*MethodCallExpr) exprNode() {}
func (*FieldExpr) exprNode()      {}
func (*IndexExpr) exprNode()      {}
func (*TryExpr) exprNode()        {}
func (*AwaitExpr) exprNode()      {}
func (*RangeExpr) exprNode()      {}
func (*TupleExpr) exprNode()      {}
func (*ParenExpr) exprNode()      {}
func (*ArrayExpr) exprNode()      {}
func (*StructExpr) exprNode()     {}
func (*BlockExpr) exprNode()      {}
func (*IfExpr) exprNode()         {}
func (*LetExpr) exprNode()        {}
func (*WhileExpr) exprNode()      {}
func (*LoopExpr) exprNode()       {}
func (*ForExpr) exprNode()        {}
func (*MatchExpr) exprNode()      {}
func (*ClosureExpr) exprNode()    {}
func (*ReturnExpr) exprNode()     {}
func (*BreakExpr) exprNode()      {}
func (*ContinueExpr) exprNode()   {}
func (*YieldExpr) exprNode()      {}
func (*MacroExpr) exprNode()      {}
func (*UnderscoreExpr) exprNode() {}
func (*BadExpr) exprNode()        {}

// LetStmt is let Pat: Type = Init else { ... };.
type LetStmt struct {
	Attrs []*Attribute
	Let   token.Pos
	Pat   Pat
	Type  Type
	Init  Expr
	Else  *BlockExpr
	Semi  token.Pos
}

// ExprStmt is an expression statement; Semi is NoPos when the statement
// has no semicolon (block-like expressions, or a block's tail value).
type ExprStmt struct {
	Attrs []*Attribute
	X     Expr
	Semi  token.Pos
}

// ItemStmt is an item declared inside a block.
type ItemStmt struct {
	Item Item
}

// EmptyStmt is a lone ;.
type EmptyStmt struct {
	Semi token.Pos
}

// BadStmt stands for a statement that could not be parsed.
type BadStmt struct {
	From, To token.Pos
}

// Pos and End of each statement.
func (x *LetStmt) Pos() token.Pos {
	if len(x.Attrs) > 0 {
		return x.Attrs[0].Pos()
	}
	return x.Let
}
func (x *LetStmt) End() token.Pos { return x.Semi + 1 }
func (x *ExprStmt) Pos() token.Pos {
	if len(x.Attrs) > 0 {
		return x.Attrs[0].Pos()
	}
	return x.X.Pos()
}
func (x *ExprStmt) End() token.Pos {
	if x.Semi.IsValid() {
		return x.Semi + 1
	}
	return x.X.End()
}
func (x *ItemStmt) Pos() token.Pos  { return x.Item.Pos() }
func (x *ItemStmt) End() token.Pos  { return x.Item.End() }
func (x *EmptyStmt) Pos() token.Pos { return x.Semi }
func (x *EmptyStmt) End() token.Pos { return x.Semi + 1 }
func (x *BadStmt) Pos() token.Pos   { return x.From }
func (x *BadStmt) End() token.Pos   { return x.To }

func (*LetStmt) stmtNode()   {}
func (*ExprStmt) stmtNode()  {}
func (*ItemStmt) stmtNode()  {}
func (*EmptyStmt) stmtNode() {}
func (*BadStmt) stmtNode()   {}

// Unref returns x without the borrows and parentheses around it: &(&x) is x. Seeds, program
// ids and account arguments are written behind any number of them.
func Unref(x Expr) Expr {
	for {
		switch e := x.(type) {
		case *RefExpr:
			x = e.X
		case *ParenExpr:
			x = e.X
		default:
			return x
		}
	}
}
