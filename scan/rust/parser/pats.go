package parser

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// pat parses a pattern with alternatives: a | b, with an optional
// leading |.
func (p *parser) pat() ast.Pat {
	p.eat(token.OR)
	first := p.patNoAlt()
	if !p.at(token.OR) {
		return first
	}
	or := &ast.OrPat{Alts: []ast.Pat{first}}
	for p.eat(token.OR) {
		or.Alts = append(or.Alts, p.patNoAlt())
	}
	return or
}

func isLitStart(k token.Kind) bool {
	switch k {
	case token.INT, token.FLOAT, token.STRING, token.CHAR, token.BYTE, token.BYTE_STRING,
		token.RAW_STRING, token.RAW_BYTE_STRING, token.C_STRING, token.TRUE, token.FALSE:
		return true
	}
	return false
}

// patNoAlt parses one pattern without top-level alternatives (closure
// parameters, where | closes the list).
func (p *parser) patNoAlt() ast.Pat {
	p.enter()
	defer p.leave()
	from := p.tok.Pos
	switch p.tok.Kind {
	case token.UNDERSCORE:
		p.next()
		return &ast.WildPat{Underscore: from}
	case token.DOTDOT:
		p.next()
		return &ast.RestPat{DotDot: from}
	case token.DOTDOTEQ, token.DOTDOTDOT:
		p.next()
		hi := p.rangeBound()
		return &ast.RangePat{Hi: hi, Inclusive: true, From: from, To: p.prevEnd()}
	case token.AND, token.ANDAND:
		p.split(token.AND)
		if p.tok.Pos == from {
			p.next()
		}
		r := &ast.RefPat{And: from}
		r.Mut = p.eat(token.MUT)
		r.Pat = p.patNoRange()
		return r
	case token.LPAREN:
		p.next()
		elems, trailing := p.patList(token.RPAREN)
		rp := p.expect(token.RPAREN)
		if len(elems) == 1 && !trailing {
			if _, rest := elems[0].(*ast.RestPat); !rest {
				return &ast.ParenPat{Lparen: from, Pat: elems[0], Rparen: rp}
			}
		}
		return &ast.TuplePat{Lparen: from, Elems: elems, Rparen: rp}
	case token.LBRACK:
		p.next()
		elems, _ := p.patList(token.RBRACK)
		rb := p.expect(token.RBRACK)
		return &ast.SlicePat{Lbrack: from, Elems: elems, Rbrack: rb}
	case token.REF, token.MUT:
		ip := &ast.IdentPat{From: from}
		ip.ByRef = p.eat(token.REF)
		ip.Mut = p.eat(token.MUT)
		ip.Name = p.ident()
		if p.eat(token.AT) {
			ip.Sub = p.patNoAlt()
		}
		return ip
	case token.BOX:
		p.next()
		return &ast.BoxPat{Box: from, Pat: p.patNoAlt()}
	case token.CONST:
		if p.peek(1).Kind == token.LBRACE {
			p.next()
			return &ast.LitPat{Value: p.block()}
		}
	case token.MINUS:
		lit := p.rangeBound()
		return p.maybeRangePat(lit, from)
	}
	if isLitStart(p.tok.Kind) {
		lit := p.rangeBound()
		return p.maybeRangePat(lit, from)
	}
	if p.at(token.IDENT) || p.at(token.SELF_VALUE) {
		k := p.peek(1).Kind
		if k != token.PATHSEP && k != token.LPAREN && k != token.LBRACE && k != token.NOT &&
			k != token.DOTDOTEQ && k != token.DOTDOTDOT && k != token.DOTDOT {
			ip := &ast.IdentPat{From: from, Name: &ast.Ident{NamePos: p.tok.Pos, Name: p.tok.Lit}}
			p.next()
			if p.eat(token.AT) {
				ip.Sub = p.patNoAlt()
			}
			return ip
		}
	}
	switch p.tok.Kind {
	case token.IDENT, token.SELF_TYPE, token.SELF_VALUE, token.SUPER, token.CRATE, token.PATHSEP, token.LT, token.SHL:
		path := p.path(exprPath)
		switch {
		case p.at(token.NOT) && isOpenDelim(p.peek(1).Kind):
			p.next()
			return &ast.MacroPat{Mac: p.macroCall(path)}
		case p.at(token.LPAREN):
			p.next()
			elems, _ := p.patList(token.RPAREN)
			rp := p.expect(token.RPAREN)
			return &ast.TupleStructPat{Path: path, Elems: elems, Rparen: rp}
		case p.at(token.LBRACE):
			return p.structPat(path)
		}
		return p.maybeRangePat(&ast.PathExpr{Path: path}, from)
	}
	p.errorExpected("pattern")
	p.skipBad()
	return &ast.BadPat{From: from, To: p.prevEnd()}
}

// patNoRange is the operand of & in patterns, which binds tighter than
// ranges.
func (p *parser) patNoRange() ast.Pat {
	return p.patNoAlt()
}

// rangeBound parses a literal (possibly negative) or path as a range end.
func (p *parser) rangeBound() ast.Expr {
	from := p.tok.Pos
	if p.at(token.MINUS) {
		p.next()
		x := p.rangeBound()
		return &ast.UnaryExpr{OpPos: from, Op: token.MINUS, X: x}
	}
	if isLitStart(p.tok.Kind) {
		lit := &ast.LitExpr{ValuePos: p.tok.Pos, Kind: p.tok.Kind, Value: p.tok.Lit}
		p.next()
		return lit
	}
	switch p.tok.Kind {
	case token.IDENT, token.SELF_TYPE, token.SUPER, token.CRATE, token.PATHSEP, token.LT:
		return &ast.PathExpr{Path: p.path(exprPath)}
	}
	p.errorExpected("literal or path")
	return &ast.BadExpr{From: from, To: from}
}

func (p *parser) maybeRangePat(lo ast.Expr, from token.Pos) ast.Pat {
	switch p.tok.Kind {
	case token.DOTDOTEQ, token.DOTDOTDOT:
		p.next()
		hi := p.rangeBound()
		return &ast.RangePat{Lo: lo, Hi: hi, Inclusive: true, From: from, To: p.prevEnd()}
	case token.DOTDOT:
		p.next()
		rp := &ast.RangePat{Lo: lo, From: from}
		if isLitStart(p.tok.Kind) || p.at(token.MINUS) || p.at(token.IDENT) || p.at(token.PATHSEP) {
			rp.Hi = p.rangeBound()
		}
		rp.To = p.prevEnd()
		return rp
	}
	if pe, ok := lo.(*ast.PathExpr); ok {
		return &ast.PathPat{Path: pe.Path}
	}
	return &ast.LitPat{Value: lo}
}

// patList parses comma-separated patterns up to close, reporting whether
// a trailing comma was present.
func (p *parser) patList(close token.Kind) ([]ast.Pat, bool) {
	var list []ast.Pat
	trailing := false
	for !p.at(close) && !p.at(token.EOF) {
		before := p.tok.Pos
		p.outerAttrs()
		list = append(list, p.pat())
		trailing = false
		if !p.eat(token.COMMA) {
			break
		}
		trailing = true
		if p.tok.Pos == before {
			p.next()
		}
	}
	return list, trailing
}

func (p *parser) structPat(path *ast.Path) ast.Pat {
	sp := &ast.StructPat{Path: path}
	p.expect(token.LBRACE)
	for !p.at(token.RBRACE) && !p.at(token.EOF) {
		before := p.tok.Pos
		attrs := p.outerAttrs()
		if p.at(token.DOTDOT) {
			sp.Rest = true
			p.next()
			break
		}
		fp := &ast.FieldPat{Attrs: attrs, From: p.tok.Pos}
		if p.at(token.BOX) {
			p.next()
		}
		if (p.at(token.IDENT) || p.at(token.INT)) && p.peek(1).Kind == token.COLON {
			fp.Name = &ast.Ident{NamePos: p.tok.Pos, Name: p.tok.Lit}
			p.next()
			p.next()
			fp.Pat = p.pat()
		} else {
			fp.ByRef = p.eat(token.REF)
			fp.Mut = p.eat(token.MUT)
			fp.Name = p.ident()
		}
		fp.To = p.prevEnd()
		sp.Fields = append(sp.Fields, fp)
		if !p.eat(token.COMMA) {
			break
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	sp.Rbrace = p.expect(token.RBRACE)
	return sp
}
