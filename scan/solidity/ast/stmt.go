package ast

import "github.com/vigil-sec/vigil/scan/solidity/token"

// BadStmt stands for a statement that could not be parsed.
type BadStmt struct {
	From, To token.Pos
}

// BlockStmt is { ... } or unchecked { ... }.
type BlockStmt struct {
	Unchecked bool
	Start     token.Pos // `unchecked` or '{'
	Lbrace    token.Pos
	List      []Stmt
	Rbrace    token.Pos
}

// ExprStmt is an expression used as a statement.
type ExprStmt struct {
	X    Expr
	Semi token.Pos
}

// VarDeclStmt declares local variables: `T x = e;`, `(T a, , T b) = e;`, `var x = e;`,
// `var (a, b) = e;`. A nil entry of Vars is an omitted tuple component. Tuple is true when the
// declaration was written in parentheses.
type VarDeclStmt struct {
	Start token.Pos
	Vars  []*VarDecl
	Tuple bool
	Value Expr
	Semi  token.Pos
}

// IfStmt is if (Cond) Then else Else.
type IfStmt struct {
	If   token.Pos
	Cond Expr
	Then Stmt
	Else Stmt // nil when absent
}

// ForStmt is for (Init; Cond; Post) Body; any of the three may be nil.
type ForStmt struct {
	For  token.Pos
	Init Stmt
	Cond Expr
	Post Expr
	Body Stmt
}

// WhileStmt is while (Cond) Body.
type WhileStmt struct {
	While token.Pos
	Cond  Expr
	Body  Stmt
}

// DoWhileStmt is do Body while (Cond);.
type DoWhileStmt struct {
	Do   token.Pos
	Body Stmt
	Cond Expr
	Semi token.Pos
}

// BranchStmt is break; or continue;.
type BranchStmt struct {
	TokPos token.Pos
	Tok    token.Token // BREAK or CONTINUE
	Semi   token.Pos
}

// ReturnStmt is return; or return X;.
type ReturnStmt struct {
	Return token.Pos
	Result Expr
	Semi   token.Pos
}

// ThrowStmt is the pre-0.5 throw;.
type ThrowStmt struct {
	Throw token.Pos
	Semi  token.Pos
}

// EmitStmt is emit Event(args);.
type EmitStmt struct {
	Emit token.Pos
	Call *CallExpr
	Semi token.Pos
}

// RevertStmt is revert CustomError(args); (revert("msg") is an ordinary call).
type RevertStmt struct {
	Revert token.Pos
	Call   *CallExpr
	Semi   token.Pos
}

// PlaceholderStmt is `_;` in a modifier body.
type PlaceholderStmt struct {
	Under token.Pos
	Semi  token.Pos
}

// TryStmt is try Call returns (...) { } catch ... { }.
type TryStmt struct {
	Try     token.Pos
	Call    Expr
	Returns *ParamList
	Body    *BlockStmt
	Catches []*CatchClause
}

// CatchClause is catch { }, catch (bytes memory b) { } or catch Error(string memory s) { }.
type CatchClause struct {
	Catch  token.Pos
	Kind   *Ident // Error, Panic or nil
	Params *ParamList
	Body   *BlockStmt
}

func (c *CatchClause) Pos() token.Pos { return c.Catch }
func (c *CatchClause) End() token.Pos { return c.Body.End() }

// AssemblyStmt is an inline assembly block: assembly "evmasm" ("memory-safe") { ... }.
type AssemblyStmt struct {
	Assembly token.Pos
	Dialect  *BasicLit   // "evmasm", or nil
	Flags    []*BasicLit // ("memory-safe", ...)
	Body     *YulBlock
}

func (s *BadStmt) Pos() token.Pos     { return s.From }
func (s *BadStmt) End() token.Pos     { return s.To }
func (s *BlockStmt) Pos() token.Pos   { return s.Start }
func (s *BlockStmt) End() token.Pos   { return s.Rbrace + 1 }
func (s *ExprStmt) Pos() token.Pos    { return s.X.Pos() }
func (s *ExprStmt) End() token.Pos    { return s.Semi + 1 }
func (s *VarDeclStmt) Pos() token.Pos { return s.Start }
func (s *VarDeclStmt) End() token.Pos { return s.Semi + 1 }
func (s *IfStmt) Pos() token.Pos      { return s.If }
func (s *IfStmt) End() token.Pos {
	if s.Else != nil {
		return s.Else.End()
	}
	return s.Then.End()
}
func (s *ForStmt) Pos() token.Pos         { return s.For }
func (s *ForStmt) End() token.Pos         { return s.Body.End() }
func (s *WhileStmt) Pos() token.Pos       { return s.While }
func (s *WhileStmt) End() token.Pos       { return s.Body.End() }
func (s *DoWhileStmt) Pos() token.Pos     { return s.Do }
func (s *DoWhileStmt) End() token.Pos     { return s.Semi + 1 }
func (s *BranchStmt) Pos() token.Pos      { return s.TokPos }
func (s *BranchStmt) End() token.Pos      { return s.Semi + 1 }
func (s *ReturnStmt) Pos() token.Pos      { return s.Return }
func (s *ReturnStmt) End() token.Pos      { return s.Semi + 1 }
func (s *ThrowStmt) Pos() token.Pos       { return s.Throw }
func (s *ThrowStmt) End() token.Pos       { return s.Semi + 1 }
func (s *EmitStmt) Pos() token.Pos        { return s.Emit }
func (s *EmitStmt) End() token.Pos        { return s.Semi + 1 }
func (s *RevertStmt) Pos() token.Pos      { return s.Revert }
func (s *RevertStmt) End() token.Pos      { return s.Semi + 1 }
func (s *PlaceholderStmt) Pos() token.Pos { return s.Under }
func (s *PlaceholderStmt) End() token.Pos { return s.Semi + 1 }
func (s *TryStmt) Pos() token.Pos         { return s.Try }
func (s *TryStmt) End() token.Pos {
	if n := len(s.Catches); n > 0 {
		return s.Catches[n-1].End()
	}
	return s.Body.End()
}
func (s *AssemblyStmt) Pos() token.Pos { return s.Assembly }
func (s *AssemblyStmt) End() token.Pos { return s.Body.End() }

func (*BadStmt) stmtNode()         {}
func (*BlockStmt) stmtNode()       {}
func (*ExprStmt) stmtNode()        {}
func (*VarDeclStmt) stmtNode()     {}
func (*IfStmt) stmtNode()          {}
func (*ForStmt) stmtNode()         {}
func (*WhileStmt) stmtNode()       {}
func (*DoWhileStmt) stmtNode()     {}
func (*BranchStmt) stmtNode()      {}
func (*ReturnStmt) stmtNode()      {}
func (*ThrowStmt) stmtNode()       {}
func (*EmitStmt) stmtNode()        {}
func (*RevertStmt) stmtNode()      {}
func (*PlaceholderStmt) stmtNode() {}
func (*TryStmt) stmtNode()         {}
func (*AssemblyStmt) stmtNode()    {}
