package parser

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// block parses { inner-attrs stmts }.
func (p *parser) block() *ast.BlockExpr {
	p.enter()
	defer p.leave()
	b := &ast.BlockExpr{From: p.tok.Pos, Lbrace: p.tok.Pos}
	if !p.at(token.LBRACE) {
		p.errorExpected("'{'")
		b.Rbrace = p.tok.Pos
		return b
	}
	p.next()
	old := p.noStruct
	p.noStruct = false
	b.Inner = p.innerAttrs()
	for !p.at(token.RBRACE) && !p.at(token.EOF) {
		before, errs := p.tok.Pos, len(p.errors)
		var s ast.Stmt
		if !p.guarded(func() { s = p.stmt() }) {
			s = &ast.BadStmt{From: before, To: p.prevEnd()}
		}
		if s != nil {
			b.Stmts = append(b.Stmts, s)
		}
		if len(p.errors) > errs && !p.atBoundary() {
			p.syncStmt()
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	p.noStruct = old
	b.Rbrace = p.expect(token.RBRACE)
	return b
}

// syncStmt skips to the end of a broken statement: past a ";" or to the
// closing brace of the block, at bracket depth 0.
func (p *parser) syncStmt() {
	depth := 0
	for !p.at(token.EOF) {
		switch p.tok.Kind {
		case token.LBRACE, token.LPAREN, token.LBRACK:
			depth++
		case token.RBRACE, token.RPAREN, token.RBRACK:
			if depth == 0 {
				if p.at(token.RBRACE) {
					return
				}
				// A stray closer inside a block: drop it.
				p.next()
				continue
			}
			depth--
		case token.SEMI:
			if depth == 0 {
				p.next()
				return
			}
		case token.LET:
			if depth == 0 {
				return
			}
		}
		p.next()
	}
}

// atStmtItemStart reports whether an item begins here inside a block.
func (p *parser) atStmtItemStart() bool {
	k1 := p.peek(1).Kind
	switch p.tok.Kind {
	case token.FN, token.STRUCT, token.ENUM, token.TRAIT, token.IMPL, token.MOD, token.USE,
		token.TYPE, token.PUB, token.EXTERN:
		return true
	case token.STATIC:
		return k1 == token.IDENT || k1 == token.MUT
	case token.CONST:
		return k1 == token.IDENT || k1 == token.UNDERSCORE || k1 == token.FN || k1 == token.UNSAFE ||
			k1 == token.ASYNC || k1 == token.EXTERN
	case token.UNSAFE:
		return k1 == token.FN || k1 == token.IMPL || k1 == token.TRAIT || k1 == token.EXTERN || k1 == token.MOD
	case token.ASYNC:
		return k1 == token.FN || k1 == token.UNSAFE
	case token.IDENT:
		switch p.tok.Lit {
		case "macro_rules":
			return k1 == token.NOT && p.peek(2).Kind == token.IDENT
		case "union":
			return k1 == token.IDENT && p.peek(2).Kind != token.NOT
		case "auto":
			return k1 == token.TRAIT
		}
	}
	return false
}

// stmt parses one statement.
func (p *parser) stmt() ast.Stmt {
	attrs := p.outerAttrs()
	from := p.tok.Pos
	switch {
	case p.at(token.SEMI):
		p.next()
		return &ast.EmptyStmt{Semi: from}
	case p.at(token.LET):
		return p.letStmt(attrs)
	case p.atStmtItemStart():
		h := ast.ItemHeader{Attrs: attrs}
		h.Vis = p.visibility()
		h.Start = p.tok.Pos
		it := p.itemBody(&h)
		if it == nil {
			p.errorExpected("item")
			return &ast.BadStmt{From: from, To: p.prevEnd()}
		}
		it.Header().Stop = p.prevEnd()
		return &ast.ItemStmt{Item: it}
	case p.at(token.RBRACE):
		return nil
	}
	s := &ast.ExprStmt{Attrs: attrs}
	if p.atBlockLikeStart() {
		x := p.operand()
		if p.at(token.DOT) || p.at(token.QUESTION) {
			// match x { .. }.unwrap() continues as an expression.
			x = p.binaryRest(p.postfix(x), token.PrecOrOr)
			if p.tok.Kind.IsAssign() {
				op, pos := p.tok.Kind, p.tok.Pos
				p.next()
				x = &ast.AssignExpr{X: x, OpPos: pos, Op: op, Y: p.expr()}
			}
			s.X = x
			return p.stmtEnd(s)
		}
		s.X = x
		if p.at(token.SEMI) {
			s.Semi = p.tok.Pos
			p.next()
		}
		return s
	}
	s.X = p.expr()
	if isBlockLike(s.X) {
		// A brace-delimited macro call such as quote! { } ends here.
		if p.at(token.SEMI) {
			s.Semi = p.tok.Pos
			p.next()
		}
		return s
	}
	return p.stmtEnd(s)
}

// stmtEnd consumes the statement's semicolon; a block's last expression
// (its value) has none.
func (p *parser) stmtEnd(s *ast.ExprStmt) ast.Stmt {
	switch {
	case p.at(token.SEMI):
		s.Semi = p.tok.Pos
		p.next()
	case p.at(token.RBRACE), p.at(token.EOF):
	default:
		p.errorExpected("';' or '}'")
	}
	return s
}

func (p *parser) letStmt(attrs []*ast.Attribute) ast.Stmt {
	l := &ast.LetStmt{Attrs: attrs, Let: p.tok.Pos}
	p.next()
	l.Pat = p.pat()
	if p.eat(token.COLON) {
		l.Type = p.typ(true)
	}
	if p.eat(token.EQ) {
		l.Init = p.expr()
		if p.eat(token.ELSE) {
			l.Else = p.block()
		}
	}
	l.Semi = p.tok.Pos
	p.expect(token.SEMI)
	return l
}
