package parser

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// numberUnits are the words that may follow a number literal.
var numberUnits = map[string]bool{
	"wei": true, "gwei": true, "ether": true, "finney": true, "szabo": true,
	"seconds": true, "minutes": true, "hours": true, "days": true, "weeks": true, "years": true,
}

func (p *parser) parseExpr() ast.Expr { return p.parseExprFrom(nil) }

// parseExprFrom parses an expression whose first operand, prefix, has already been parsed (or
// is nil). Assignment is right-associative and binds loosest.
func (p *parser) parseExprFrom(prefix ast.Expr) ast.Expr {
	defer p.leave()
	if !p.enter() {
		from, to := p.skipTooDeep()
		if prefix != nil {
			from = prefix.Pos()
		}
		return &ast.BadExpr{From: from, To: to}
	}
	x := p.parseBinary(prefix, 1)
	if p.tok == token.QUESTION {
		p.next()
		then := p.parseExpr()
		p.expect(token.COLON)
		x = &ast.CondExpr{Cond: x, Then: then, Else: p.parseExpr()}
	}
	if p.tok.IsAssign() {
		op, pos := p.tok, p.pos
		p.next()
		x = &ast.AssignExpr{Lhs: x, OpPos: pos, Op: op, Rhs: p.parseExpr()}
	}
	return x
}

// parseBinary parses binary operations of precedence prec1 or higher by precedence climbing.
// ** is right-associative; all others are left-associative. A left-associative chain is built
// in a loop, not by recursion, but each operator still deepens the tree: it counts as a level
// of nesting.
func (p *parser) parseBinary(prefix ast.Expr, prec1 int) ast.Expr {
	var x ast.Expr
	if prefix != nil {
		x = p.parsePostfix(prefix)
	} else {
		x = p.parseUnary()
	}
	defer p.restoreDepth(p.depth)
	for {
		op := p.tok
		prec := op.Precedence()
		if prec < prec1 {
			return x
		}
		if !p.enter() {
			return p.tooLong(x)
		}
		pos := p.pos
		p.next()
		var y ast.Expr
		if op == token.EXP {
			y = p.parseBinary(nil, prec)
		} else {
			y = p.parseBinary(nil, prec+1)
		}
		x = place(&p.spare.binaries, ast.BinaryExpr{X: x, OpPos: pos, Op: op, Y: y})
	}
}

func (p *parser) parseUnary() ast.Expr {
	switch p.tok {
	case token.SUB, token.ADD, token.NOT, token.BITNOT, token.INC, token.DEC, token.DELETE:
		defer p.leave()
		if !p.enter() {
			from, to := p.skipTooDeep()
			return &ast.BadExpr{From: from, To: to}
		}
		op, pos := p.tok, p.pos
		p.next()
		return &ast.UnaryExpr{OpPos: pos, Op: op, X: p.parseUnary()}
	}
	return p.parsePostfix(p.parsePrimary())
}

// parsePostfix applies member access, indexing, slicing, calls, call options and postfix
// ++/-- to x. Each one deepens the tree and counts as a level of nesting.
func (p *parser) parsePostfix(x ast.Expr) ast.Expr {
	defer p.restoreDepth(p.depth)
	for {
		switch p.tok {
		case token.PERIOD, token.LBRACK, token.LPAREN, token.LBRACE, token.INC, token.DEC:
			if !p.enter() {
				return p.tooLong(x)
			}
		}
		switch p.tok {
		case token.PERIOD:
			p.next()
			x = place(&p.spare.members, ast.MemberExpr{X: x, Name: p.memberName()})
		case token.LBRACK:
			lbrack := p.pos
			p.next()
			switch p.tok {
			case token.RBRACK:
				x = &ast.IndexExpr{X: x, Lbrack: lbrack, Rbrack: p.pos}
				p.next()
			case token.COLON:
				x = p.finishSlice(x, lbrack, nil)
			default:
				idx := p.parseExpr()
				if p.tok == token.COLON {
					x = p.finishSlice(x, lbrack, idx)
				} else {
					x = &ast.IndexExpr{X: x, Lbrack: lbrack, Index: idx, Rbrack: p.expect(token.RBRACK)}
				}
			}
		case token.LPAREN:
			c := place(&p.spare.calls, ast.CallExpr{Fun: x, Lparen: p.pos})
			c.Args, c.Names, c.Rparen = p.parseCallArgs()
			x = c
		case token.LBRACE:
			if !p.isCallOptions(x) {
				return x
			}
			x = p.parseCallOptions(x)
		case token.INC, token.DEC:
			x = &ast.UnaryExpr{OpPos: p.pos, Op: p.tok, X: x, Postfix: true}
			p.next()
		default:
			return x
		}
	}
}

// finishSlice parses the rest of X[low:high] from the ':'.
func (p *parser) finishSlice(x ast.Expr, lbrack token.Pos, low ast.Expr) ast.Expr {
	p.expect(token.COLON)
	s := &ast.SliceExpr{X: x, Lbrack: lbrack, Low: low}
	if p.tok != token.RBRACK {
		s.High = p.parseExpr()
	}
	s.Rbrack = p.expect(token.RBRACK)
	return s
}

// isCallOptions reports whether the '{' after x opens call options ({value: 1}) rather than a
// block. Options start with name ':', which no block can; a call's result takes no options.
func (p *parser) isCallOptions(x ast.Expr) bool {
	if _, ok := x.(*ast.CallExpr); ok {
		return false
	}
	t1, t2 := p.peek2()
	return t1 == token.IDENT && t2 == token.COLON
}

func (p *parser) parseCallOptions(x ast.Expr) ast.Expr {
	o := &ast.CallOptions{X: x, Lbrace: p.pos}
	p.next()
	for p.tok != token.RBRACE && p.tok != token.EOF {
		o.Names = append(o.Names, p.ident())
		p.expect(token.COLON)
		o.Values = append(o.Values, p.parseExpr())
		if !p.got(token.COMMA) {
			break
		}
	}
	o.Rbrace = p.expect(token.RBRACE)
	return o
}

// memberName parses the name after '.'; keywords are accepted (type(C).min, x.address).
func (p *parser) memberName() *ast.Ident {
	if p.tok.IsKeyword() {
		id := place(&p.spare.idents, ast.Ident{NamePos: p.pos, Name: p.tok.String()})
		p.next()
		return id
	}
	return p.ident()
}

// parseCallArgs parses (a, b) or ({name: a, other: b}) from the '('.
func (p *parser) parseCallArgs() (args []ast.Expr, names []*ast.Ident, rparen token.Pos) {
	p.expect(token.LPAREN)
	start := len(p.exprs)
	if p.tok == token.LBRACE {
		p.next()
		names = []*ast.Ident{}
		for p.tok != token.RBRACE && p.tok != token.EOF {
			names = append(names, p.ident())
			p.expect(token.COLON)
			p.exprs = append(p.exprs, p.parseExpr())
			if !p.got(token.COMMA) {
				break
			}
		}
		p.expect(token.RBRACE)
	} else {
		for p.tok != token.RPAREN && p.tok != token.EOF {
			start := p.pos
			p.exprs = append(p.exprs, p.parseExpr())
			if !p.got(token.COMMA) {
				break
			}
			if p.pos == start {
				break
			}
		}
	}
	rparen = p.pos
	if p.tok != token.RPAREN {
		p.errorExpected("')'")
		p.skipBalanced(token.RPAREN, token.SEMI)
		rparen = p.pos
	}
	p.got(token.RPAREN)
	return collect(&p.exprs, start), names, rparen
}

func (p *parser) parsePrimary() ast.Expr {
	switch p.tok {
	case token.IDENT:
		if IsElementaryTypeName(p.lit) {
			return p.parseElementaryType()
		}
		return p.ident()
	case token.NUMBER:
		lit := &ast.BasicLit{ValuePos: p.pos, Kind: token.NUMBER, Value: p.lit}
		p.next()
		if p.tok == token.IDENT && numberUnits[p.lit] {
			lit.Unit = p.ident()
		}
		lit.EndPos = p.prevEnd
		return lit
	case token.STRING, token.HEXSTRING, token.UNICODESTR:
		lit := &ast.BasicLit{ValuePos: p.pos, Kind: p.tok, Value: p.lit}
		p.next()
		// Adjacent literals are concatenated by the compiler: keep them as one.
		for p.tok == token.STRING || p.tok == token.HEXSTRING || p.tok == token.UNICODESTR {
			if (p.tok == token.HEXSTRING) != (lit.Kind == token.HEXSTRING) {
				p.error(p.pos, "hex and non-hex string literals cannot be concatenated")
			}
			lit.Value += " " + p.lit
			p.next()
		}
		lit.EndPos = p.prevEnd
		return lit
	case token.TRUE, token.FALSE:
		lit := &ast.BasicLit{ValuePos: p.pos, Kind: p.tok, Value: p.tok.String()}
		p.next()
		lit.EndPos = p.prevEnd
		return lit
	case token.LPAREN:
		return p.parseParenOrTuple()
	case token.LBRACK:
		a := &ast.ArrayLit{Lbrack: p.pos}
		p.next()
		for p.tok != token.RBRACK && p.tok != token.EOF {
			start := p.pos
			a.Elems = append(a.Elems, p.parseExpr())
			if !p.got(token.COMMA) || p.pos == start {
				break
			}
		}
		a.Rbrack = p.expect(token.RBRACK)
		return a
	case token.NEW:
		pos := p.pos
		p.next()
		return &ast.NewExpr{New: pos, Type: p.parseNewType()}
	case token.TYPE:
		pos := p.pos
		p.next()
		if p.tok != token.LPAREN {
			p.errorExpected("'(' after type")
			return &ast.BadExpr{From: pos, To: p.prevEnd}
		}
		lparen := p.pos
		args, names, rparen := p.parseCallArgs()
		if len(args) == 1 && names == nil {
			return &ast.MetaTypeExpr{TypePos: pos, Type: args[0], Rparen: rparen}
		}
		// type() and type(a, b) are type errors: keep them as a call of `type`
		return &ast.CallExpr{Fun: place(&p.spare.idents, ast.Ident{NamePos: pos, Name: "type"}), Lparen: lparen, Args: args, Names: names, Rparen: rparen}
	case token.PAYABLE:
		t := &ast.ElementaryType{NamePos: p.pos, Name: "payable"}
		p.next()
		t.EndPos = p.prevEnd
		return t
	case token.MAPPING, token.FUNCTION:
		// Types in expression position appear in abi.decode(x, (mapping...)) only by mistake;
		// parse them as types so the tree stays whole.
		return p.parseType()
	}
	p.errorExpected("expression")
	return &ast.BadExpr{From: p.pos, To: p.pos}
}

// parseNewType parses the type after `new`: a name or elementary type with array suffixes, but
// not the call that follows (new uint[](3), new C{value: 1}(x)).
func (p *parser) parseNewType() ast.Expr {
	switch p.tok {
	case token.IDENT:
		var t ast.Expr
		if IsElementaryTypeName(p.lit) {
			t = p.parseElementaryType()
		} else {
			t = p.identPath()
		}
		return p.parseArraySuffixes(t)
	case token.MAPPING, token.FUNCTION:
		return p.parseType()
	}
	p.errorExpected("type name after new")
	return &ast.BadExpr{From: p.pos, To: p.pos}
}

// parseParenOrTuple parses (x), (a, b), (a, , c) and ().
func (p *parser) parseParenOrTuple() ast.Expr {
	lparen := p.pos
	p.next()
	var elems []ast.Expr
	for p.tok != token.RPAREN && p.tok != token.EOF {
		if p.tok == token.COMMA {
			elems = append(elems, nil)
			p.next()
			if p.tok == token.RPAREN {
				elems = append(elems, nil)
			}
			continue
		}
		start := p.pos
		elems = append(elems, p.parseExpr())
		if !p.got(token.COMMA) {
			break
		}
		if p.tok == token.RPAREN {
			elems = append(elems, nil)
		}
		if p.pos == start {
			break
		}
	}
	rparen := p.pos
	if p.tok != token.RPAREN {
		p.errorExpected("')'")
		p.skipBalanced(token.RPAREN, token.SEMI)
		rparen = p.pos
	}
	p.got(token.RPAREN)
	if len(elems) == 1 && elems[0] != nil {
		return &ast.ParenExpr{Lparen: lparen, X: elems[0], Rparen: rparen}
	}
	return &ast.TupleExpr{Lparen: lparen, Elems: elems, Rparen: rparen}
}
