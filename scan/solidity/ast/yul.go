package ast

import "github.com/vigil-sec/vigil/scan/solidity/token"

// YulStmt is a statement of inline assembly.
type YulStmt interface {
	Node
	yulStmtNode()
}

// YulExpr is an expression of inline assembly: a literal, a name or a call.
type YulExpr interface {
	Node
	yulExprNode()
}

// YulBlock is { ... }.
type YulBlock struct {
	Lbrace token.Pos
	List   []YulStmt
	Rbrace token.Pos
}

// YulIdent is a name, possibly dotted: x, x.slot, x.offset, x.length, a.b.
type YulIdent struct {
	NamePos token.Pos
	Name    string
}

// YulLit is a number, string, hex string or boolean literal, with an optional type (x:u256).
type YulLit struct {
	ValuePos token.Pos
	Kind     token.Token // NUMBER, STRING, HEXSTRING, TRUE, FALSE
	Value    string
	EndPos   token.Pos
}

// YulCall is f(args).
type YulCall struct {
	Name   *YulIdent
	Args   []YulExpr
	Rparen token.Pos
}

// YulLet is let a, b := value (Value may be nil).
type YulLet struct {
	Let   token.Pos
	Names []*YulIdent
	Value YulExpr
}

// YulAssign is a, b := value.
type YulAssign struct {
	Names []*YulIdent
	Value YulExpr
}

// YulExprStmt is a call used as a statement (or, in pre-0.5 instructional style, a bare name or
// literal).
type YulExprStmt struct {
	X YulExpr
}

// YulIf is if cond { ... }.
type YulIf struct {
	If   token.Pos
	Cond YulExpr
	Body *YulBlock
}

// YulSwitch is switch x case 1 { } default { }.
type YulSwitch struct {
	Switch token.Pos
	X      YulExpr
	Cases  []*YulCase
}

// YulCase is one case of a switch; Value is nil for default.
type YulCase struct {
	Case  token.Pos
	Value *YulLit
	Body  *YulBlock
}

// YulFor is for { init } cond { post } { body }.
type YulFor struct {
	For  token.Pos
	Init *YulBlock
	Cond YulExpr
	Post *YulBlock
	Body *YulBlock
}

// YulFuncDef is function f(a, b) -> r { ... }.
type YulFuncDef struct {
	Func    token.Pos
	Name    *YulIdent
	Params  []*YulIdent
	Returns []*YulIdent
	Body    *YulBlock
}

// YulBranch is break, continue or leave.
type YulBranch struct {
	TokPos token.Pos
	Kind   string // "break", "continue" or "leave"
}

// YulLabel is a pre-0.5 jump label `name:`.
type YulLabel struct {
	Name *YulIdent
}

// YulBad stands for assembly that could not be parsed.
type YulBad struct {
	From, To token.Pos
}

func (x *YulBlock) Pos() token.Pos { return x.Lbrace }
func (x *YulBlock) End() token.Pos { return x.Rbrace + 1 }
func (x *YulIdent) Pos() token.Pos { return x.NamePos }
func (x *YulIdent) End() token.Pos { return x.NamePos + token.Pos(len(x.Name)) }
func (x *YulLit) Pos() token.Pos   { return x.ValuePos }
func (x *YulLit) End() token.Pos   { return x.EndPos }
func (x *YulCall) Pos() token.Pos  { return x.Name.Pos() }
func (x *YulCall) End() token.Pos  { return x.Rparen + 1 }
func (x *YulLet) Pos() token.Pos   { return x.Let }
func (x *YulLet) End() token.Pos {
	if x.Value != nil {
		return x.Value.End()
	}
	return x.Names[len(x.Names)-1].End()
}
func (x *YulAssign) Pos() token.Pos   { return x.Names[0].Pos() }
func (x *YulAssign) End() token.Pos   { return x.Value.End() }
func (x *YulExprStmt) Pos() token.Pos { return x.X.Pos() }
func (x *YulExprStmt) End() token.Pos { return x.X.End() }
func (x *YulIf) Pos() token.Pos       { return x.If }
func (x *YulIf) End() token.Pos       { return x.Body.End() }
func (x *YulSwitch) Pos() token.Pos   { return x.Switch }
func (x *YulSwitch) End() token.Pos {
	if n := len(x.Cases); n > 0 {
		return x.Cases[n-1].Body.End()
	}
	return x.X.End()
}
func (x *YulCase) Pos() token.Pos    { return x.Case }
func (x *YulCase) End() token.Pos    { return x.Body.End() }
func (x *YulFor) Pos() token.Pos     { return x.For }
func (x *YulFor) End() token.Pos     { return x.Body.End() }
func (x *YulFuncDef) Pos() token.Pos { return x.Func }
func (x *YulFuncDef) End() token.Pos { return x.Body.End() }
func (x *YulBranch) Pos() token.Pos  { return x.TokPos }
func (x *YulBranch) End() token.Pos  { return x.TokPos + token.Pos(len(x.Kind)) }
func (x *YulLabel) Pos() token.Pos   { return x.Name.Pos() }
func (x *YulLabel) End() token.Pos   { return x.Name.End() + 1 }
func (x *YulBad) Pos() token.Pos     { return x.From }
func (x *YulBad) End() token.Pos     { return x.To }

func (*YulBlock) yulStmtNode()    {}
func (*YulLet) yulStmtNode()      {}
func (*YulAssign) yulStmtNode()   {}
func (*YulExprStmt) yulStmtNode() {}
func (*YulIf) yulStmtNode()       {}
func (*YulSwitch) yulStmtNode()   {}
func (*YulFor) yulStmtNode()      {}
func (*YulFuncDef) yulStmtNode()  {}
func (*YulBranch) yulStmtNode()   {}
func (*YulLabel) yulStmtNode()    {}
func (*YulBad) yulStmtNode()      {}

func (*YulIdent) yulExprNode() {}
func (*YulLit) yulExprNode()   {}
func (*YulCall) yulExprNode()  {}
func (*YulBad) yulExprNode()   {}
