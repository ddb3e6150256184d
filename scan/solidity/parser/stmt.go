package parser

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

func (p *parser) parseBlock() *ast.BlockStmt {
	b := &ast.BlockStmt{Start: p.pos, Lbrace: p.pos}
	p.expect(token.LBRACE)
	b.List = p.parseStmtList()
	b.Rbrace = p.pos
	if p.tok != token.RBRACE {
		p.errorExpected("'}'")
		return b
	}
	p.next()
	return b
}

func (p *parser) parseStmtList() []ast.Stmt {
	base := len(p.stmts)
	for p.tok != token.RBRACE && p.tok != token.EOF {
		// A declaration keyword here means a '}' is missing: stop so the contract body
		// parser can resume at the declaration.
		switch p.tok {
		case token.FUNCTION, token.MODIFIER, token.EVENT, token.CONTRACT, token.INTERFACE,
			token.LIBRARY, token.CONSTRUCTOR, token.PRAGMA, token.IMPORT, token.STRUCT, token.ENUM:
			if p.tok != token.FUNCTION || !p.peekIs(token.LPAREN) {
				return collect(&p.stmts, base)
			}
		}
		start := p.pos
		p.stmts = append(p.stmts, p.parseStmt())
		if p.pos == start {
			p.next()
		}
	}
	return collect(&p.stmts, base)
}

func (p *parser) parseStmt() ast.Stmt {
	defer p.leave()
	if !p.enter() {
		from := p.pos
		p.tooDeep()
		p.skipStmt()
		return &ast.BadStmt{From: from, To: p.prevEnd}
	}
	switch p.tok {
	case token.LBRACE:
		return p.parseBlock()
	case token.UNCHECKED:
		pos := p.pos
		p.next()
		b := p.parseBlock()
		b.Unchecked, b.Start = true, pos
		return b
	case token.IF:
		return p.parseIf()
	case token.FOR:
		return p.parseFor()
	case token.WHILE:
		s := &ast.WhileStmt{While: p.pos}
		p.next()
		s.Cond = p.parseParenCond()
		s.Body = p.parseStmt()
		return s
	case token.DO:
		s := &ast.DoWhileStmt{Do: p.pos}
		p.next()
		s.Body = p.parseStmt()
		p.expect(token.WHILE)
		s.Cond = p.parseParenCond()
		s.Semi = p.expectSemi()
		return s
	case token.BREAK, token.CONTINUE:
		s := &ast.BranchStmt{TokPos: p.pos, Tok: p.tok}
		p.next()
		s.Semi = p.expectSemi()
		return s
	case token.RETURN:
		s := &ast.ReturnStmt{Return: p.pos}
		p.next()
		if p.tok != token.SEMI {
			s.Result = p.parseExpr()
		}
		s.Semi = p.stmtEnd()
		return s
	case token.THROW:
		s := &ast.ThrowStmt{Throw: p.pos}
		p.next()
		s.Semi = p.expectSemi()
		return s
	case token.EMIT:
		s := &ast.EmitStmt{Emit: p.pos}
		p.next()
		s.Call = p.parseEventCall("event")
		s.Semi = p.stmtEnd()
		return s
	case token.TRY:
		return p.parseTry()
	case token.ASSEMBLY:
		return p.parseAssembly()
	case token.VAR:
		return p.parseVarStmt()
	case token.SEMI:
		// An empty statement ';' is not Solidity, but costs nothing to accept quietly after
		// reporting it.
		pos := p.pos
		p.error(pos, "empty statement")
		p.next()
		return &ast.BadStmt{From: pos, To: p.prevEnd}
	case token.IDENT:
		switch p.lit {
		case "_":
			if p.peekIs(token.SEMI) {
				s := &ast.PlaceholderStmt{Under: p.pos}
				p.next()
				s.Semi = p.expectSemi()
				return s
			}
		case "revert":
			if p.peekIs(token.IDENT) {
				s := &ast.RevertStmt{Revert: p.pos}
				p.next()
				s.Call = p.parseEventCall("error")
				s.Semi = p.stmtEnd()
				return s
			}
		}
	}
	return p.parseSimpleStmt()
}

// stmtEnd expects the ';' that ends a statement and, when it is missing, skips to a likely
// statement boundary.
func (p *parser) stmtEnd() token.Pos {
	if p.tok == token.SEMI {
		pos := p.pos
		p.next()
		return pos
	}
	pos := p.expectSemi()
	p.skipBalanced(token.SEMI)
	p.got(token.SEMI)
	return pos
}

// parseEventCall parses Path(args) after emit or revert.
func (p *parser) parseEventCall(what string) *ast.CallExpr {
	var fun ast.Expr = p.ident()
	for p.tok == token.PERIOD {
		p.next()
		fun = &ast.MemberExpr{X: fun, Name: p.ident()}
	}
	if p.tok != token.LPAREN {
		p.errorExpected("'(' after " + what + " name")
		return &ast.CallExpr{Fun: fun, Lparen: p.pos, Rparen: p.prevEnd - 1}
	}
	c := &ast.CallExpr{Fun: fun}
	c.Lparen = p.pos
	c.Args, c.Names, c.Rparen = p.parseCallArgs()
	return c
}

func (p *parser) parseParenCond() ast.Expr {
	p.expect(token.LPAREN)
	x := p.parseExpr()
	if p.tok != token.RPAREN {
		p.errorExpected("')'")
		p.skipBalanced(token.RPAREN)
	}
	p.got(token.RPAREN)
	return x
}

func (p *parser) parseIf() *ast.IfStmt {
	s := &ast.IfStmt{If: p.pos}
	p.next()
	s.Cond = p.parseParenCond()
	s.Then = p.parseStmt()
	if p.got(token.ELSE) {
		s.Else = p.parseStmt()
	}
	return s
}

func (p *parser) parseFor() *ast.ForStmt {
	s := &ast.ForStmt{For: p.pos}
	p.next()
	p.expect(token.LPAREN)
	if p.tok == token.SEMI {
		p.next()
	} else if p.tok == token.VAR {
		s.Init = p.parseVarStmt()
	} else {
		s.Init = p.parseSimpleStmt()
	}
	if p.tok != token.SEMI {
		s.Cond = p.parseExpr()
	}
	p.expectSemi()
	if p.tok != token.RPAREN {
		s.Post = p.parseExpr()
	}
	if p.tok != token.RPAREN {
		p.errorExpected("')'")
		p.skipBalanced(token.RPAREN)
	}
	p.got(token.RPAREN)
	s.Body = p.parseStmt()
	return s
}

func (p *parser) parseTry() *ast.TryStmt {
	s := &ast.TryStmt{Try: p.pos}
	p.next()
	s.Call = p.parseExpr()
	if p.got(token.RETURNS) {
		s.Returns = p.parseParams(paramFunction)
	}
	s.Body = p.parseBlock()
	for p.tok == token.CATCH {
		c := &ast.CatchClause{Catch: p.pos}
		p.next()
		if p.tok == token.IDENT {
			c.Kind = p.ident()
		}
		if p.tok == token.LPAREN {
			c.Params = p.parseParams(paramFunction)
		}
		c.Body = p.parseBlock()
		s.Catches = append(s.Catches, c)
	}
	if len(s.Catches) == 0 {
		p.errorExpected("'catch'")
	}
	return s
}

// parseVarStmt parses the pre-0.5 `var x = e;` and `var (a, , b) = e;`.
func (p *parser) parseVarStmt() *ast.VarDeclStmt {
	s := &ast.VarDeclStmt{Start: p.pos}
	varPos := p.pos
	p.next()
	varType := func() ast.Expr { return &ast.ElementaryType{NamePos: varPos, Name: "var", EndPos: varPos + 3} }
	if p.got(token.LPAREN) {
		s.Tuple = true
		for p.tok != token.RPAREN && p.tok != token.EOF {
			if p.tok == token.COMMA {
				s.Vars = append(s.Vars, nil)
				p.next()
				continue
			}
			name := p.ident()
			s.Vars = append(s.Vars, &ast.VarDecl{Type: varType(), Name: name, EndPos: name.End()})
			if !p.got(token.COMMA) {
				break
			}
			if p.tok == token.RPAREN {
				s.Vars = append(s.Vars, nil)
			}
		}
		p.expect(token.RPAREN)
	} else {
		name := p.ident()
		s.Vars = []*ast.VarDecl{{Type: varType(), Name: name, EndPos: name.End()}}
	}
	if p.got(token.ASSIGN) {
		s.Value = p.parseExpr()
	}
	s.Semi = p.stmtEnd()
	return s
}

// isDeclStart reports whether, after a type-like prefix, the current token continues a
// variable declaration: a name or a data location.
func (p *parser) isDeclStart() bool {
	switch p.tok {
	case token.IDENT, token.MEMORY, token.STORAGE, token.CALLDATA:
		return true
	}
	return false
}

// parseSimpleStmt parses a variable declaration or an expression statement. Solidity's grammar
// cannot tell them apart from the first token (a[i] = 1; vs a[] memory x;), so the leading
// path with index accesses is parsed once, then read as a type if a name or data location
// follows, or continued as an expression otherwise.
func (p *parser) parseSimpleStmt() ast.Stmt {
	start := p.pos
	switch p.tok {
	case token.MAPPING, token.FUNCTION:
		if p.tok == token.FUNCTION && !p.peekIs(token.LPAREN) {
			break
		}
		return p.finishVarDecl(start, p.parseType())
	case token.IDENT:
		prefix, isType := p.parseTypeOrExprPrefix()
		if isType || p.isDeclStart() {
			return p.finishVarDecl(start, toType(prefix))
		}
		x := p.parseExprFrom(prefix)
		return place(&p.spare.exprStmts, ast.ExprStmt{X: x, Semi: p.stmtEnd()})
	case token.LPAREN:
		return p.parseTupleStmt()
	}
	x := p.parseExpr()
	if _, bad := x.(*ast.BadExpr); bad {
		p.skipBalanced(token.SEMI)
		p.got(token.SEMI)
		return &ast.BadStmt{From: start, To: p.prevEnd}
	}
	return place(&p.spare.exprStmts, ast.ExprStmt{X: x, Semi: p.stmtEnd()})
}

func (p *parser) finishVarDecl(start token.Pos, typ ast.Expr) ast.Stmt {
	v := p.parseLocalVar(typ)
	s := &ast.VarDeclStmt{Start: start, Vars: []*ast.VarDecl{v}}
	if p.got(token.ASSIGN) {
		s.Value = p.parseExpr()
	}
	s.Semi = p.stmtEnd()
	return s
}

func (p *parser) parseLocalVar(typ ast.Expr) *ast.VarDecl {
	v := &ast.VarDecl{Type: typ}
	for {
		switch p.tok {
		case token.MEMORY, token.STORAGE, token.CALLDATA:
			v.Location = p.tok
			p.next()
			continue
		case token.PUBLIC, token.PRIVATE:
			// function(uint) public f; in a body: a type error, not a syntax error
			v.Visibility = p.tok
			p.next()
			continue
		}
		break
	}
	if p.isWord("transient") && p.transientIsAttribute() {
		v.Transient = true
		p.next()
	}
	v.Name = p.ident()
	v.EndPos = p.prevEnd
	return v
}

// parseTypeOrExprPrefix parses Ident {.Ident} {[expr?]} (and address payable). isType is true
// when the prefix can only be a type (address payable).
func (p *parser) parseTypeOrExprPrefix() (x ast.Expr, isType bool) {
	defer p.restoreDepth(p.depth)
	if IsElementaryTypeName(p.lit) {
		t := p.parseElementaryType()
		x, isType = t, t.Payable
	} else {
		x = p.ident()
	}
	for {
		switch p.tok {
		case token.PERIOD:
			if !p.enter() {
				return p.tooLong(x), false
			}
			p.next()
			x = place(&p.spare.members, ast.MemberExpr{X: x, Name: p.memberName()})
			continue
		case token.LBRACK:
			if !p.enter() {
				return p.tooLong(x), false
			}
			lbrack := p.pos
			p.next()
			if p.tok == token.RBRACK {
				// T[] reads as a type only if a name follows; uint[](n) is an expression
				x = &ast.IndexExpr{X: x, Lbrack: lbrack, Rbrack: p.pos}
				p.next()
				continue
			}
			if p.tok == token.COLON {
				return p.finishSlice(x, lbrack, nil), false
			}
			idx := p.parseExpr()
			if p.tok == token.COLON {
				return p.finishSlice(x, lbrack, idx), false
			}
			x = &ast.IndexExpr{X: x, Lbrack: lbrack, Index: idx, Rbrack: p.expect(token.RBRACK)}
			continue
		}
		return x, isType
	}
}

// toType converts an expression-shaped prefix to the type it names.
func toType(x ast.Expr) ast.Expr {
	switch t := x.(type) {
	case *ast.Ident:
		return &ast.IdentPath{Names: []*ast.Ident{t}}
	case *ast.MemberExpr:
		if base, ok := toType(t.X).(*ast.IdentPath); ok {
			return &ast.IdentPath{Names: append(base.Names, t.Name)}
		}
	case *ast.IndexExpr:
		return &ast.ArrayType{Elem: toType(t.X), Lbrack: t.Lbrack, Len: t.Index, Rbrack: t.Rbrack}
	case *ast.ElementaryType:
		return t
	}
	return &ast.BadExpr{From: x.Pos(), To: x.End()}
}

// parseTupleStmt parses a statement starting with '(': a tuple declaration such as
// (uint a, , bool b) = f(); or an expression such as (a, b) = (b, a);.
func (p *parser) parseTupleStmt() ast.Stmt {
	lparen := p.pos
	p.next()
	var elems []ast.Expr
	var vars []*ast.VarDecl
	isDecl := false
	for p.tok != token.RPAREN && p.tok != token.EOF {
		start := p.pos
		if p.tok == token.COMMA {
			elems, vars = append(elems, nil), append(vars, nil)
			p.next()
			if p.tok == token.RPAREN {
				elems, vars = append(elems, nil), append(vars, nil)
			}
			continue
		}
		var x ast.Expr
		var v *ast.VarDecl
		switch p.tok {
		case token.IDENT:
			prefix, isType := p.parseTypeOrExprPrefix()
			if isType || p.isDeclStart() {
				v = p.parseLocalVar(toType(prefix))
			} else {
				x = p.parseExprFrom(prefix)
			}
		case token.MAPPING:
			v = p.parseLocalVar(p.parseType())
		default:
			x = p.parseExpr()
		}
		if v != nil {
			isDecl = true
		}
		elems, vars = append(elems, x), append(vars, v)
		if !p.got(token.COMMA) {
			break
		}
		if p.tok == token.RPAREN {
			elems, vars = append(elems, nil), append(vars, nil)
		}
		if p.pos == start {
			p.next()
		}
	}
	rparen := p.pos
	if p.tok != token.RPAREN {
		p.errorExpected("')'")
		p.skipBalanced(token.RPAREN, token.SEMI)
	}
	p.got(token.RPAREN)
	if isDecl {
		for i, v := range vars {
			if v == nil && elems[i] != nil {
				p.error(elems[i].Pos(), "expected variable declaration in tuple declaration")
			}
		}
		s := &ast.VarDeclStmt{Start: lparen, Vars: vars, Tuple: true}
		if p.got(token.ASSIGN) {
			s.Value = p.parseExpr()
		} else {
			p.errorExpected("'='")
		}
		s.Semi = p.stmtEnd()
		return s
	}
	var tuple ast.Expr
	if len(elems) == 1 && elems[0] != nil {
		tuple = &ast.ParenExpr{Lparen: lparen, X: elems[0], Rparen: rparen}
	} else {
		tuple = &ast.TupleExpr{Lparen: lparen, Elems: elems, Rparen: rparen}
	}
	x := p.parseExprFrom(tuple)
	return place(&p.spare.exprStmts, ast.ExprStmt{X: x, Semi: p.stmtEnd()})
}
