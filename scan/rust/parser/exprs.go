package parser

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// expr parses an expression, assignment included.
func (p *parser) expr() ast.Expr {
	p.enter()
	defer p.leave()
	x := p.rangeExpr()
	if p.tok.Kind.IsAssign() {
		op, pos := p.tok.Kind, p.tok.Pos
		p.next()
		y := p.expr()
		return &ast.AssignExpr{X: x, OpPos: pos, Op: op, Y: y}
	}
	return x
}

// exprNoStruct parses the head of if, while, match and for.
func (p *parser) exprNoStruct() ast.Expr {
	old := p.noStruct
	p.noStruct = true
	x := p.expr()
	p.noStruct = old
	return x
}

// exprNoStructReset parses inside brackets, where struct literals are
// allowed again.
func (p *parser) exprNoStructReset() ast.Expr {
	old := p.noStruct
	p.noStruct = false
	x := p.expr()
	p.noStruct = old
	return x
}

// canBeginExpr reports whether the current token can start an operand.
func (p *parser) canBeginExpr() bool {
	switch p.tok.Kind {
	case token.LBRACE:
		return !p.noStruct
	case token.IDENT, token.LIFETIME, token.INT, token.FLOAT, token.CHAR, token.BYTE, token.STRING,
		token.BYTE_STRING, token.RAW_STRING, token.RAW_BYTE_STRING, token.C_STRING,
		token.SELF_VALUE, token.SELF_TYPE, token.SUPER, token.CRATE, token.IF, token.MATCH,
		token.LOOP, token.WHILE, token.FOR, token.UNSAFE, token.ASYNC, token.MOVE, token.RETURN,
		token.BREAK, token.CONTINUE, token.LET, token.TRUE, token.FALSE, token.CONST, token.YIELD,
		token.LPAREN, token.LBRACK, token.MINUS, token.NOT, token.STAR, token.AND, token.ANDAND,
		token.OR, token.OROR, token.DOTDOT, token.DOTDOTEQ, token.LT, token.SHL, token.PATHSEP,
		token.UNDERSCORE, token.POUND, token.BOX, token.STATIC, token.BECOME:
		return true
	}
	return false
}

// rangeExpr parses a..b, a.., ..b, .. and ..=b around binary expressions.
func (p *parser) rangeExpr() ast.Expr {
	if p.at(token.DOTDOT) || p.at(token.DOTDOTEQ) {
		r := &ast.RangeExpr{OpPos: p.tok.Pos, Inclusive: p.at(token.DOTDOTEQ)}
		p.next()
		if p.canBeginExpr() {
			r.Hi = p.binaryExpr(token.PrecOrOr)
		}
		return r
	}
	x := p.binaryExpr(token.PrecOrOr)
	if p.at(token.DOTDOT) || p.at(token.DOTDOTEQ) {
		r := &ast.RangeExpr{Lo: x, OpPos: p.tok.Pos, Inclusive: p.at(token.DOTDOTEQ)}
		p.next()
		if p.canBeginExpr() {
			r.Hi = p.binaryExpr(token.PrecOrOr)
		}
		return r
	}
	return x
}

// binaryExpr parses binary operators and casts of at least minPrec.
func (p *parser) binaryExpr(minPrec int) ast.Expr {
	p.enter()
	defer p.leave()
	x := p.unaryExpr()
	return p.binaryRest(x, minPrec)
}

func (p *parser) binaryRest(x ast.Expr, minPrec int) ast.Expr {
	defer p.restoreDepth(p.depth)
	for {
		if p.at(token.AS) {
			if token.PrecCast < minPrec {
				return x
			}
			p.enter()
			p.next()
			x = &ast.CastExpr{X: x, Type: p.typ(false)}
			continue
		}
		prec := p.tok.Kind.BinaryPrec()
		if prec == 0 || prec < minPrec {
			return x
		}
		op, pos := p.tok.Kind, p.tok.Pos
		p.enter()
		p.next()
		y := p.binaryExpr(prec + 1)
		x = &ast.BinaryExpr{X: x, OpPos: pos, Op: op, Y: y}
	}
}

// unaryExpr parses -x, !x, *x, &x, &mut x, &raw const x and operands.
func (p *parser) unaryExpr() ast.Expr {
	p.enter()
	defer p.leave()
	from := p.tok.Pos
	switch p.tok.Kind {
	case token.MINUS, token.NOT, token.STAR:
		op := p.tok.Kind
		p.next()
		return &ast.UnaryExpr{OpPos: from, Op: op, X: p.unaryExpr()}
	case token.AND, token.ANDAND:
		p.split(token.AND)
		if p.tok.Pos == from {
			p.next()
		}
		r := &ast.RefExpr{And: from}
		if p.atIdent("raw") && (p.peek(1).Kind == token.CONST || p.peek(1).Kind == token.MUT) {
			r.Raw = true
			p.next()
			r.Mut = p.at(token.MUT)
			p.next()
		} else {
			r.Mut = p.eat(token.MUT)
		}
		r.X = p.unaryExpr()
		return r
	case token.BOX:
		p.next()
		return &ast.UnaryExpr{OpPos: from, Op: token.BOX, X: p.unaryExpr()}
	}
	return p.postfix(p.operand())
}

// postfix parses ?, .field, .0, .method(), .await, (args) and [index].
func (p *parser) postfix(x ast.Expr) ast.Expr {
	defer p.restoreDepth(p.depth)
	for {
		switch p.tok.Kind {
		case token.QUESTION, token.DOT, token.LPAREN, token.LBRACK:
			p.enter()
		}
		switch p.tok.Kind {
		case token.QUESTION:
			x = &ast.TryExpr{X: x, Question: p.tok.Pos}
			p.next()
		case token.DOT:
			p.next()
			x = p.dotSuffix(x)
		case token.LPAREN:
			call := &ast.CallExpr{Fun: x, Lparen: p.tok.Pos}
			call.Args, call.Rparen = p.exprList(token.RPAREN)
			x = call
		case token.LBRACK:
			p.next()
			ix := &ast.IndexExpr{X: x, Index: p.exprNoStructReset()}
			ix.Rbrack = p.expect(token.RBRACK)
			x = ix
		default:
			return x
		}
	}
}

func (p *parser) dotSuffix(x ast.Expr) ast.Expr {
	switch p.tok.Kind {
	case token.AWAIT:
		pos := p.tok.Pos
		p.next()
		return &ast.AwaitExpr{X: x, Await: pos}
	case token.INT:
		name := &ast.Ident{NamePos: p.tok.Pos, Name: p.tok.Lit}
		p.next()
		return &ast.FieldExpr{X: x, Name: name}
	case token.FLOAT:
		// x.0.1 lexes as x . "0.1": two tuple-index accesses.
		lit, pos := p.tok.Lit, p.tok.Pos
		p.next()
		if i := strings.IndexByte(lit, '.'); i > 0 && i < len(lit)-1 && !strings.ContainsAny(lit, "eE_") {
			x = &ast.FieldExpr{X: x, Name: &ast.Ident{NamePos: pos, Name: lit[:i]}}
			return &ast.FieldExpr{X: x, Name: &ast.Ident{NamePos: pos + token.Pos(i+1), Name: lit[i+1:]}}
		}
		if strings.HasSuffix(lit, ".") {
			return &ast.FieldExpr{X: x, Name: &ast.Ident{NamePos: pos, Name: strings.TrimSuffix(lit, ".")}}
		}
		p.error(pos, "invalid tuple index "+lit)
		return &ast.FieldExpr{X: x, Name: &ast.Ident{NamePos: pos, Name: lit}}
	}
	var name *ast.Ident
	switch {
	case p.at(token.IDENT):
		name = p.ident()
	case p.tok.Kind.IsKeyword():
		// Keywords such as "match" cannot be field names, but reporting
		// them and carrying on keeps the rest of the tree.
		p.errorExpected("field or method name")
		name = &ast.Ident{NamePos: p.tok.Pos, Name: p.tok.Lit}
		p.next()
	default:
		p.errorExpected("field or method name")
		name = &ast.Ident{NamePos: p.tok.Pos, Name: "_"}
	}
	var turbofish *ast.GenericArgs
	if p.at(token.PATHSEP) {
		p.next()
		turbofish = p.genericArgs()
	}
	if p.at(token.LPAREN) {
		mc := &ast.MethodCallExpr{Recv: x, Name: name, Turbofish: turbofish, Lparen: p.tok.Pos}
		mc.Args, mc.Rparen = p.exprList(token.RPAREN)
		return mc
	}
	return &ast.FieldExpr{X: x, Name: name}
}

// exprList parses (a, b, c) or [a, b, c] from the opening delimiter.
func (p *parser) exprList(close token.Kind) ([]ast.Expr, token.Pos) {
	p.next()
	old := p.noStruct
	p.noStruct = false
	var list []ast.Expr
	for !p.at(close) && !p.at(token.EOF) {
		before := p.tok.Pos
		p.outerAttrs()
		list = append(list, p.expr())
		if !p.eat(token.COMMA) {
			break
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	p.noStruct = old
	end := p.tok.Pos
	p.expect(close)
	return list, end
}

// operand parses a primary expression.
func (p *parser) operand() ast.Expr {
	from := p.tok.Pos
	switch k := p.tok.Kind; k {
	case token.INT, token.FLOAT, token.CHAR, token.BYTE, token.STRING, token.BYTE_STRING,
		token.RAW_STRING, token.RAW_BYTE_STRING, token.C_STRING, token.TRUE, token.FALSE:
		lit := &ast.LitExpr{ValuePos: from, Kind: k, Value: p.tok.Lit}
		p.next()
		return lit
	case token.LPAREN:
		p.next()
		old := p.noStruct
		p.noStruct = false
		var elems []ast.Expr
		trailing := false
		for !p.at(token.RPAREN) && !p.at(token.EOF) {
			before := p.tok.Pos
			p.outerAttrs()
			elems = append(elems, p.expr())
			trailing = false
			if !p.eat(token.COMMA) {
				break
			}
			trailing = true
			if p.tok.Pos == before {
				p.next()
			}
		}
		p.noStruct = old
		rp := p.expect(token.RPAREN)
		if len(elems) == 1 && !trailing {
			return &ast.ParenExpr{Lparen: from, X: elems[0], Rparen: rp}
		}
		return &ast.TupleExpr{Lparen: from, Elems: elems, Rparen: rp}
	case token.LBRACK:
		p.next()
		old := p.noStruct
		p.noStruct = false
		arr := &ast.ArrayExpr{Lbrack: from}
		if !p.at(token.RBRACK) {
			first := p.expr()
			arr.Elems = append(arr.Elems, first)
			if p.eat(token.SEMI) {
				arr.Len = p.expr()
			} else {
				for p.eat(token.COMMA) && !p.at(token.RBRACK) && !p.at(token.EOF) {
					before := p.tok.Pos
					arr.Elems = append(arr.Elems, p.expr())
					if p.tok.Pos == before {
						break
					}
				}
			}
		}
		p.noStruct = old
		arr.Rbrack = p.expect(token.RBRACK)
		return arr
	case token.LBRACE:
		return p.block()
	case token.UNSAFE:
		if p.peek(1).Kind == token.LBRACE {
			p.next()
			b := p.block()
			b.Unsafe, b.From = true, from
			return b
		}
	case token.CONST:
		if p.peek(1).Kind == token.LBRACE {
			p.next()
			b := p.block()
			b.Const, b.From = true, from
			return b
		}
	case token.ASYNC:
		p.next()
		move := p.eat(token.MOVE)
		if p.at(token.LBRACE) {
			b := p.block()
			b.Async, b.Move, b.From = true, move, from
			return b
		}
		c := p.closure(from, move)
		c.Async = true
		return c
	case token.TRY:
		if p.peek(1).Kind == token.LBRACE {
			p.next()
			b := p.block()
			b.Try, b.From = true, from
			return b
		}
	case token.MOVE:
		p.next()
		return p.closure(from, true)
	case token.STATIC:
		if k := p.peek(1).Kind; k == token.OR || k == token.OROR || k == token.MOVE {
			p.next()
			move := p.eat(token.MOVE)
			return p.closure(from, move)
		}
	case token.OR, token.OROR:
		return p.closure(from, false)
	case token.LIFETIME:
		if p.peek(1).Kind == token.COLON {
			label := p.lifetime()
			p.next()
			return p.labeled(label, from)
		}
	case token.IF:
		return p.ifExpr()
	case token.MATCH:
		return p.matchExpr()
	case token.LOOP, token.WHILE, token.FOR:
		return p.labeled(nil, from)
	case token.RETURN:
		p.next()
		r := &ast.ReturnExpr{Return: from}
		if p.canBeginExpr() {
			r.X = p.expr()
		}
		return r
	case token.YIELD, token.BECOME:
		p.next()
		y := &ast.YieldExpr{Yield: from}
		if p.canBeginExpr() {
			y.X = p.expr()
		}
		return y
	case token.BREAK:
		p.next()
		b := &ast.BreakExpr{Break: from}
		if p.at(token.LIFETIME) {
			b.Label = p.lifetime()
		}
		if p.canBeginExpr() {
			b.X = p.expr()
		}
		return b
	case token.CONTINUE:
		p.next()
		c := &ast.ContinueExpr{Continue: from}
		if p.at(token.LIFETIME) {
			c.Label = p.lifetime()
		}
		return c
	case token.LET:
		p.next()
		l := &ast.LetExpr{Let: from, Pat: p.pat()}
		p.expect(token.EQ)
		// The scrutinee binds tighter than && so that let chains work.
		l.X = p.binaryExpr(token.PrecCompare)
		return l
	case token.UNDERSCORE:
		p.next()
		return &ast.UnderscoreExpr{Underscore: from}
	case token.IDENT, token.SELF_VALUE, token.SELF_TYPE, token.SUPER, token.CRATE, token.PATHSEP, token.LT, token.SHL:
		path := p.path(exprPath)
		if p.at(token.NOT) && isOpenDelim(p.peek(1).Kind) {
			p.next()
			return &ast.MacroExpr{Mac: p.macroCall(path)}
		}
		if p.at(token.LBRACE) && !p.noStruct && p.looksLikeStructLit() {
			return p.structLit(path)
		}
		return &ast.PathExpr{Path: path}
	}
	p.errorExpected("expression")
	p.skipBad()
	return &ast.BadExpr{From: from, To: p.prevEnd()}
}

// looksLikeStructLit checks the tokens after "{" so that a path followed
// by a block, as in "x == y { }" inside unrestricted contexts such as
// closures in conditions, is not misread.
func (p *parser) looksLikeStructLit() bool {
	k1, k2 := p.peek(1).Kind, p.peek(2).Kind
	switch k1 {
	case token.RBRACE, token.DOTDOT, token.POUND:
		return true
	case token.IDENT, token.INT:
		return k2 == token.COLON || k2 == token.COMMA || k2 == token.RBRACE
	}
	return false
}

func (p *parser) structLit(path *ast.Path) ast.Expr {
	s := &ast.StructExpr{Path: path}
	p.next() // {
	old := p.noStruct
	p.noStruct = false
	for !p.at(token.RBRACE) && !p.at(token.EOF) {
		before := p.tok.Pos
		attrs := p.outerAttrs()
		if p.at(token.DOTDOT) {
			s.Rest = true
			p.next()
			if !p.at(token.RBRACE) {
				s.Base = p.expr()
			}
			break
		}
		f := &ast.FieldInit{Attrs: attrs}
		if p.at(token.INT) {
			f.Name = &ast.Ident{NamePos: p.tok.Pos, Name: p.tok.Lit}
			p.next()
		} else {
			f.Name = p.ident()
		}
		if p.eat(token.COLON) {
			f.Value = p.expr()
		}
		s.Fields = append(s.Fields, f)
		if !p.eat(token.COMMA) {
			break
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	p.noStruct = old
	s.Rbrace = p.expect(token.RBRACE)
	return s
}

// closure parses |params| [-> T] body; the current token is | or ||.
func (p *parser) closure(from token.Pos, move bool) *ast.ClosureExpr {
	c := &ast.ClosureExpr{From: from, Move: move}
	if p.at(token.OROR) {
		p.next()
	} else {
		p.expect(token.OR)
		for !p.at(token.OR) && !p.at(token.EOF) {
			before := p.tok.Pos
			prm := &ast.Param{Attrs: p.outerAttrs(), From: p.tok.Pos}
			prm.Pat = p.patNoAlt()
			if p.eat(token.COLON) {
				prm.Type = p.typ(false)
			}
			prm.To = p.prevEnd()
			c.Params = append(c.Params, prm)
			if !p.eat(token.COMMA) {
				break
			}
			if p.tok.Pos == before {
				p.next()
			}
		}
		p.expect(token.OR)
	}
	if p.eat(token.RARROW) {
		c.Result = p.typ(false)
		c.Body = p.block()
		return c
	}
	old := p.noStruct
	p.noStruct = false
	c.Body = p.expr()
	p.noStruct = old
	return c
}

// labeled parses loop, while and for, and labeled blocks.
func (p *parser) labeled(label *ast.Lifetime, from token.Pos) ast.Expr {
	switch p.tok.Kind {
	case token.LOOP:
		p.next()
		return &ast.LoopExpr{Label: label, From: from, Body: p.block()}
	case token.WHILE:
		p.next()
		w := &ast.WhileExpr{Label: label, From: from, Cond: p.exprNoStruct()}
		w.Body = p.block()
		return w
	case token.FOR:
		p.next()
		f := &ast.ForExpr{Label: label, From: from, Pat: p.pat()}
		p.expect(token.IN)
		f.Iter = p.exprNoStruct()
		f.Body = p.block()
		return f
	case token.LBRACE:
		b := p.block()
		b.Label, b.From = label, from
		return b
	case token.UNSAFE:
		p.next()
		b := p.block()
		b.Label, b.From, b.Unsafe = label, from, true
		return b
	}
	p.errorExpected("loop, while, for or block after label")
	return &ast.BadExpr{From: from, To: p.prevEnd()}
}

func (p *parser) ifExpr() ast.Expr {
	x := &ast.IfExpr{If: p.tok.Pos}
	p.next()
	x.Cond = p.exprNoStruct()
	x.Then = p.block()
	if p.eat(token.ELSE) {
		if p.at(token.IF) {
			x.Else = p.ifExpr()
		} else {
			x.Else = p.block()
		}
	}
	return x
}

func (p *parser) matchExpr() ast.Expr {
	m := &ast.MatchExpr{Match: p.tok.Pos}
	p.next()
	m.X = p.exprNoStruct()
	if !p.at(token.LBRACE) {
		// Without its brace the arms cannot be told from what follows.
		p.errorExpected("'{'")
		m.Rbrace = p.prevEnd()
		return m
	}
	p.next()
	old := p.noStruct
	p.noStruct = false
	p.innerAttrs()
	for !p.at(token.RBRACE) && !p.at(token.EOF) {
		before, errs := p.tok.Pos, len(p.errors)
		arm := &ast.MatchArm{Attrs: p.outerAttrs()}
		arm.Pat = p.pat()
		if p.eat(token.IF) {
			arm.Guard = p.expr()
		}
		p.expect(token.FATARROW)
		arm.Body = p.armBody()
		arm.To = p.prevEnd()
		m.Arms = append(m.Arms, arm)
		if len(p.errors) > errs {
			p.skipTo(token.COMMA)
		}
		if !p.eat(token.COMMA) && !isBlockLike(arm.Body) && !p.at(token.RBRACE) {
			p.errorExpected("',' or '}'")
			p.skipTo(token.COMMA)
			p.eat(token.COMMA)
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	p.noStruct = old
	m.Rbrace = p.expect(token.RBRACE)
	return m
}

// armBody parses a match arm's body; a block-like body ends the arm, so
// a following "-1 => .." is the next arm rather than a subtraction.
func (p *parser) armBody() ast.Expr {
	if p.atBlockLikeStart() {
		x := p.operand()
		if p.at(token.DOT) || p.at(token.QUESTION) {
			x = p.binaryRest(p.postfix(x), token.PrecOrOr)
		}
		return x
	}
	return p.expr()
}

// atBlockLikeStart reports whether an expression starting here is
// block-like (needs no semicolon as a statement).
func (p *parser) atBlockLikeStart() bool {
	switch p.tok.Kind {
	case token.LBRACE, token.IF, token.MATCH, token.LOOP, token.WHILE, token.FOR:
		return true
	case token.UNSAFE, token.CONST, token.TRY:
		return p.peek(1).Kind == token.LBRACE
	case token.ASYNC:
		k := p.peek(1).Kind
		return k == token.LBRACE || k == token.MOVE && p.peek(2).Kind == token.LBRACE
	case token.LIFETIME:
		return p.peek(1).Kind == token.COLON
	}
	return false
}

func isBlockLike(x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.BlockExpr, *ast.IfExpr, *ast.MatchExpr, *ast.LoopExpr, *ast.WhileExpr, *ast.ForExpr:
		return true
	case *ast.MacroExpr:
		return x.Mac.Tokens.Delim == ast.Brace
	}
	return false
}

// macroCall parses the token tree after "path !" and, for macros whose
// body is an expression list, the expressions too.
func (p *parser) macroCall(path *ast.Path) *ast.MacroCall {
	m := &ast.MacroCall{Path: path}
	if p.at(token.IDENT) && isOpenDelim(p.peek(1).Kind) {
		// macro_rules-like "name! ident { }" forms.
		p.next()
	}
	m.Tokens = p.tokenTree()
	if p.mode&SkipMacroArgs == 0 && m.Tokens.Delim != ast.NoDelim && len(m.Tokens.Tokens) > 0 && p.macDepth < 4 {
		m.Args = p.macroArgs(m.Tokens)
	}
	return m
}

// macroArgs parses a token tree as comma-separated expressions with a
// silent sub-parser; it returns nil when the tokens are not expressions.
func (p *parser) macroArgs(tt *ast.TokenTree) (args []ast.Expr) {
	toks := make([]token.Token, len(tt.Tokens)+1)
	copy(toks, tt.Tokens)
	toks[len(toks)-1] = token.Token{Kind: token.EOF, Pos: tt.Close}
	for _, t := range tt.Tokens {
		if t.Kind == token.DOLLAR {
			return nil // a macro_rules body or transcriber, not code
		}
	}
	sub := &parser{silent: true, macDepth: p.macDepth + 1, depth: p.depth}
	sub.init(p.file, toks, p.mode)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
			args = nil
		}
	}()
	for !sub.at(token.EOF) {
		args = append(args, sub.expr())
		if !sub.eat(token.COMMA) && !sub.at(token.EOF) {
			// vec![0; n] and similar forms are not lists.
			if sub.at(token.SEMI) && len(args) == 1 {
				sub.next()
				args = append(args, sub.expr())
				if sub.at(token.EOF) {
					return args
				}
			}
			return nil
		}
	}
	return args
}
