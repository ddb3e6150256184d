package parser

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// parseAssembly parses assembly ["evmasm"] [("flag", ...)] { ... }.
func (p *parser) parseAssembly() *ast.AssemblyStmt {
	s := &ast.AssemblyStmt{Assembly: p.pos}
	p.next()
	if p.tok == token.STRING {
		s.Dialect = p.stringLit()
	}
	if p.got(token.LPAREN) {
		for p.tok != token.RPAREN && p.tok != token.EOF {
			s.Flags = append(s.Flags, p.stringLit())
			if !p.got(token.COMMA) {
				break
			}
		}
		p.expect(token.RPAREN)
	}
	p.inYul++
	s.Body = p.parseYulBlock()
	p.inYul--
	return s
}

func (p *parser) parseYulBlock() *ast.YulBlock {
	b := &ast.YulBlock{Lbrace: p.pos}
	if p.tok != token.LBRACE {
		p.errorExpected("'{'")
		b.Rbrace = p.prevEnd - 1
		return b
	}
	p.next()
	defer p.leave()
	if !p.enter() {
		p.tooDeep()
		p.skipBalanced() // the block's contents, up to its '}'
	}
	for p.tok != token.RBRACE && p.tok != token.EOF {
		start := p.pos
		b.List = append(b.List, p.parseYulStmt())
		if p.pos == start {
			p.next()
		}
	}
	b.Rbrace = p.pos
	p.expect(token.RBRACE)
	return b
}

// isYulName reports whether the current token can be a Yul identifier: Yul has its own small
// set of keywords, so Solidity keywords such as return or byte are ordinary names there.
func (p *parser) isYulName() bool {
	return p.tok == token.IDENT || p.tok.IsKeyword() && p.tok != token.TRUE && p.tok != token.FALSE
}

func (p *parser) yulWord() string {
	if p.tok == token.IDENT {
		return p.lit
	}
	return p.tok.String()
}

// parseYulIdent parses a name, joining dotted parts written without spaces (x.slot, a.b.c).
func (p *parser) parseYulIdent() *ast.YulIdent {
	if !p.isYulName() {
		p.errorExpected("identifier")
		return &ast.YulIdent{NamePos: p.pos, Name: "_"}
	}
	id := &ast.YulIdent{NamePos: p.pos, Name: p.yulWord()}
	p.next()
	// Yul names are [a-zA-Z_$][a-zA-Z_$0-9.]*: join the adjacent pieces the Solidity scanner
	// split (x.slot, a..b, a., a.1).
	for p.pos == p.prevEnd {
		switch {
		case p.tok == token.PERIOD:
			id.Name += "."
		case p.isYulName() && id.Name[len(id.Name)-1] == '.':
			id.Name += p.yulWord()
		case p.tok == token.NUMBER && (p.lit[0] == '.' || id.Name[len(id.Name)-1] == '.'):
			id.Name += p.lit
		default:
			return id
		}
		p.next()
	}
	return id
}

// parseYulTypedName parses name[:type]; the type is checked for form only.
func (p *parser) parseYulTypedName() *ast.YulIdent {
	id := p.parseYulIdent()
	if p.tok == token.COLON {
		p.next()
		p.parseYulIdent()
	}
	return id
}

func (p *parser) parseYulStmt() ast.YulStmt {
	defer p.leave()
	if !p.enter() {
		from, to := p.skipTooDeep()
		return &ast.YulBad{From: from, To: to}
	}
	switch p.tok {
	case token.LBRACE:
		return p.parseYulBlock()
	case token.IF:
		s := &ast.YulIf{If: p.pos}
		p.next()
		s.Cond = p.parseYulExpr()
		s.Body = p.parseYulBlock()
		return s
	case token.FOR:
		s := &ast.YulFor{For: p.pos}
		p.next()
		s.Init = p.parseYulBlock()
		s.Cond = p.parseYulExpr()
		s.Post = p.parseYulBlock()
		s.Body = p.parseYulBlock()
		return s
	case token.FUNCTION:
		s := &ast.YulFuncDef{Func: p.pos}
		p.next()
		s.Name = p.parseYulIdent()
		p.expect(token.LPAREN)
		for p.tok != token.RPAREN && p.tok != token.EOF {
			s.Params = append(s.Params, p.parseYulTypedName())
			if !p.got(token.COMMA) {
				break
			}
		}
		p.expect(token.RPAREN)
		if p.got(token.ARROW) {
			for {
				s.Returns = append(s.Returns, p.parseYulTypedName())
				if !p.got(token.COMMA) {
					break
				}
			}
		}
		s.Body = p.parseYulBlock()
		return s
	case token.BREAK, token.CONTINUE:
		s := &ast.YulBranch{TokPos: p.pos, Kind: p.tok.String()}
		p.next()
		return s
	case token.IDENT:
		switch p.lit {
		case "let":
			return p.parseYulLet()
		case "switch":
			return p.parseYulSwitch()
		case "leave":
			s := &ast.YulBranch{TokPos: p.pos, Kind: "leave"}
			p.next()
			return s
		}
	case token.NUMBER, token.STRING, token.HEXSTRING, token.TRUE, token.FALSE:
		// pre-0.5 instructional style pushes literals as statements
		return &ast.YulExprStmt{X: p.parseYulLiteral()}
	case token.ASSIGN:
		// pre-0.5 stack assignment `=: x`
		pos := p.pos
		p.next()
		p.expect(token.COLON)
		p.parseYulIdent()
		return &ast.YulBad{From: pos, To: p.prevEnd}
	}
	if !p.isYulName() {
		pos := p.pos
		p.errorExpected("assembly statement")
		p.next()
		return &ast.YulBad{From: pos, To: p.prevEnd}
	}
	name := p.parseYulIdent()
	switch p.tok {
	case token.LPAREN:
		return &ast.YulExprStmt{X: p.parseYulCall(name)}
	case token.COMMA, token.COLONASSIGN:
		names := []*ast.YulIdent{name}
		for p.got(token.COMMA) {
			names = append(names, p.parseYulIdent())
		}
		p.expect(token.COLONASSIGN)
		return &ast.YulAssign{Names: names, Value: p.parseYulExpr()}
	case token.COLON:
		// pre-0.5 jump label
		p.next()
		return &ast.YulLabel{Name: name}
	}
	// pre-0.5 instructional style: a bare opcode or name
	return &ast.YulExprStmt{X: name}
}

func (p *parser) parseYulLet() *ast.YulLet {
	s := &ast.YulLet{Let: p.pos}
	p.next()
	for {
		s.Names = append(s.Names, p.parseYulTypedName())
		if !p.got(token.COMMA) {
			break
		}
	}
	if p.got(token.COLONASSIGN) {
		s.Value = p.parseYulExpr()
	}
	return s
}

func (p *parser) parseYulSwitch() *ast.YulSwitch {
	s := &ast.YulSwitch{Switch: p.pos}
	p.next()
	s.X = p.parseYulExpr()
	for p.tok == token.IDENT && (p.lit == "case" || p.lit == "default") {
		c := &ast.YulCase{Case: p.pos}
		isDefault := p.lit == "default"
		p.next()
		if !isDefault {
			if lit, ok := p.parseYulLiteral().(*ast.YulLit); ok {
				c.Value = lit
			}
		}
		c.Body = p.parseYulBlock()
		s.Cases = append(s.Cases, c)
	}
	if len(s.Cases) == 0 {
		p.errorExpected("'case' or 'default'")
	}
	return s
}

func (p *parser) parseYulExpr() ast.YulExpr {
	defer p.leave()
	if !p.enter() {
		from, to := p.skipTooDeep()
		return &ast.YulBad{From: from, To: to}
	}
	switch p.tok {
	case token.NUMBER, token.STRING, token.HEXSTRING, token.TRUE, token.FALSE:
		return p.parseYulLiteral()
	}
	if !p.isYulName() {
		pos := p.pos
		p.errorExpected("assembly expression")
		return &ast.YulBad{From: pos, To: pos}
	}
	name := p.parseYulIdent()
	if p.tok == token.LPAREN {
		return p.parseYulCall(name)
	}
	return name
}

func (p *parser) parseYulLiteral() ast.YulExpr {
	lit := &ast.YulLit{ValuePos: p.pos, Kind: p.tok, Value: p.lit}
	if p.tok == token.TRUE || p.tok == token.FALSE {
		lit.Value = p.tok.String()
	}
	p.next()
	if p.tok == token.COLON && p.pos == p.prevEnd {
		p.next()
		p.parseYulIdent()
	}
	lit.EndPos = p.prevEnd
	return lit
}

func (p *parser) parseYulCall(name *ast.YulIdent) *ast.YulCall {
	c := &ast.YulCall{Name: name}
	p.expect(token.LPAREN)
	for p.tok != token.RPAREN && p.tok != token.EOF {
		start := p.pos
		c.Args = append(c.Args, p.parseYulExpr())
		if !p.got(token.COMMA) || p.pos == start {
			break
		}
	}
	c.Rparen = p.pos
	if p.tok != token.RPAREN {
		p.errorExpected("')'")
		p.skipBalanced(token.RPAREN)
		c.Rparen = p.pos
	}
	p.got(token.RPAREN)
	return c
}
