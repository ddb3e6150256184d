package parser

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

func (p *parser) parseSourceUnit(f *ast.File) {
	for p.tok != token.EOF {
		start := p.pos
		if p.startsStrayMember() && p.reopenContract(f) {
			continue
		}
		if d := p.parseSourceUnitDecl(); d != nil {
			f.Decls = append(f.Decls, d)
		}
		if p.pos == start && p.tok != token.EOF {
			// Nothing was consumed: skip the token so that parsing always moves on.
			p.next()
		}
	}
}

// startsStrayMember reports whether the current token, at file level, can only be part of a
// contract: a '}' that closes nothing, a modifier, a constructor, a receive or fallback function.
func (p *parser) startsStrayMember() bool {
	switch p.tok {
	case token.RBRACE, token.MODIFIER, token.CONSTRUCTOR:
		return true
	case token.IDENT:
		return (p.lit == "receive" || p.lit == "fallback") && p.peekIs(token.LPAREN)
	}
	return false
}

// reopenContract repairs a contract closed early by one '}' too many. Its remaining members
// then sit at file level: functions parse as free functions, modifiers and constructors cannot
// parse at all, and a stray '}' ends them. Met at such a member or at the stray '}', the last
// contract of the file is reopened: the declarations parsed since it closed become its members
// again, and members are parsed up to the stray '}', which closes it. The extra '}' is reported;
// no member is lost. It returns false when no contract precedes, or a declaration that cannot
// be a member (pragma, import) stands between.
func (p *parser) reopenContract(f *ast.File) bool {
	i := len(f.Decls) - 1
	for ; i >= 0; i-- {
		if _, ok := f.Decls[i].(*ast.ContractDecl); ok {
			break
		}
		switch f.Decls[i].(type) {
		case *ast.FuncDecl, *ast.VarDecl, *ast.StructDecl, *ast.EnumDecl, *ast.EventDecl, *ast.ErrorDecl,
			*ast.UsingDecl, *ast.UserTypeDecl, *ast.BadDecl:
			continue
		}
		return false
	}
	if i < 0 {
		return false
	}
	c := f.Decls[i].(*ast.ContractDecl)
	if len(f.Decls) > i+1 || p.tok != token.RBRACE {
		p.error(c.Rbrace, "this '}' closes contract "+c.Name.Name+" before its members end: one '}' too many above it?")
	} else {
		p.error(p.pos, "'}' closes nothing")
	}
	c.Body = append(c.Body, f.Decls[i+1:]...)
	f.Decls = f.Decls[:i+1]
	c.Body = append(c.Body, p.parseContractBody()...)
	c.Rbrace = p.pos
	p.got(token.RBRACE)
	return true
}

// parseSourceUnitDecl parses one declaration at file level, or returns nil after reporting and
// skipping what cannot start one.
func (p *parser) parseSourceUnitDecl() ast.Decl {
	doc := p.leadComment
	switch p.tok {
	case token.PRAGMA:
		return p.parsePragma()
	case token.IMPORT:
		return p.parseImport()
	case token.ABSTRACT, token.CONTRACT, token.INTERFACE, token.LIBRARY:
		return p.parseContract(doc)
	case token.SEMI:
		p.next() // stray ';' after a contract: harmless
		return nil
	}
	if d := p.parseCommonDecl(doc, true); d != nil {
		return d
	}
	start := p.pos
	p.errorExpected("pragma, import, contract, interface, library, or a file-level declaration")
	p.skipToDecl()
	return &ast.BadDecl{From: start, To: p.prevEnd}
}

// parseCommonDecl parses the declarations allowed both at file level and in contracts:
// functions, structs, enums, events, errors, user-defined value types, using-for, and (at file
// level) constants. It returns nil when the current token starts none of them.
func (p *parser) parseCommonDecl(doc *ast.CommentGroup, fileLevel bool) ast.Decl {
	switch p.tok {
	case token.FUNCTION:
		if p.isFunctionTypeVar() {
			return p.parseStateVar(doc, fileLevel)
		}
		return p.parseFunction(doc)
	case token.STRUCT:
		return p.parseStruct(doc)
	case token.ENUM:
		return p.parseEnum(doc)
	case token.EVENT:
		return p.parseEvent(doc)
	case token.USING:
		return p.parseUsing()
	case token.TYPE:
		return p.parseUserType(doc)
	case token.IDENT:
		if p.lit == "error" {
			if t1, t2 := p.peek2(); t1 == token.IDENT && t2 == token.LPAREN {
				return p.parseError(doc)
			}
		}
		if fileLevel {
			return p.parseStateVar(doc, true)
		}
	case token.MAPPING:
		if fileLevel {
			return p.parseStateVar(doc, true)
		}
	}
	return nil
}

// skipToDecl skips to the next token that can start a declaration, or past a ';', or to a '}'
// that closes the enclosing body.
func (p *parser) skipToDecl() {
	for p.tok != token.EOF {
		switch p.tok {
		case token.SEMI:
			p.next()
			return
		case token.RBRACE, token.FUNCTION, token.MODIFIER, token.EVENT, token.STRUCT, token.ENUM,
			token.USING, token.CONSTRUCTOR, token.CONTRACT, token.INTERFACE, token.LIBRARY,
			token.ABSTRACT, token.PRAGMA, token.IMPORT:
			return
		case token.LBRACE, token.LPAREN, token.LBRACK:
			open := p.tok
			p.next()
			p.skipBalanced()
			if !p.closer() {
				return // stopped at a declaration
			}
			p.next()
			if open == token.LBRACE {
				return
			}
			continue
		}
		p.next()
	}
}

func (p *parser) parsePragma() *ast.PragmaDecl {
	pos := p.pos
	p.next()
	src := p.scanner.Source()
	from := p.file.Offset(p.pos)
	for p.tok != token.SEMI && p.tok != token.EOF {
		if p.tok == token.PRAGMA || p.tok == token.CONTRACT || p.tok == token.IMPORT {
			break // missing ';': do not swallow the next declaration
		}
		p.next()
	}
	to := p.file.Offset(p.pos)
	if p.tok != token.SEMI {
		to = p.file.Offset(p.prevEnd)
	}
	if to < from { // `pragma` directly followed by a declaration: no text at all
		to = from
	}
	text := strings.TrimSpace(string(src[from:to]))
	if text == "" {
		p.error(pos, "empty pragma")
	}
	semi := p.expectSemi()
	return &ast.PragmaDecl{Pragma: pos, Text: text, Semi: semi}
}

func (p *parser) stringLit() *ast.BasicLit {
	if p.tok != token.STRING {
		p.errorExpected("string literal")
		return &ast.BasicLit{ValuePos: p.pos, Kind: token.STRING, Value: `""`, EndPos: p.pos}
	}
	lit := &ast.BasicLit{ValuePos: p.pos, Kind: token.STRING, Value: p.lit}
	p.next()
	lit.EndPos = p.prevEnd
	return lit
}

func (p *parser) parseImport() *ast.ImportDecl {
	d := &ast.ImportDecl{Import: p.pos}
	p.next()
	switch p.tok {
	case token.STRING:
		d.Path = p.stringLit()
		if len(d.Path.Value) == 2 {
			p.error(d.Path.Pos(), "import path cannot be empty")
		}
		if p.got(token.AS) {
			d.Alias = p.ident()
		}
	case token.MUL:
		p.next()
		d.Star = true
		p.expect(token.AS)
		d.Alias = p.ident()
		p.expectFrom()
		d.Path = p.stringLit()
	case token.LBRACE:
		p.next()
		for p.tok != token.RBRACE && p.tok != token.EOF {
			sym := &ast.ImportSymbol{Name: p.ident()}
			if p.got(token.AS) {
				sym.Alias = p.ident()
			}
			d.Symbols = append(d.Symbols, sym)
			if !p.got(token.COMMA) {
				break
			}
		}
		p.expect(token.RBRACE)
		p.expectFrom()
		d.Path = p.stringLit()
	case token.IDENT:
		// import A from "path"; is not valid Solidity but is a common slip: parse it, report it.
		p.error(p.pos, "expected string literal, '*' or '{' after import")
		d.Alias = p.ident()
		p.expectFrom()
		d.Path = p.stringLit()
	default:
		p.errorExpected("import path")
		p.skipBalanced(token.SEMI)
	}
	d.Semi = p.expectSemi()
	return d
}

func (p *parser) expectFrom() {
	if p.isWord("from") {
		p.next()
		return
	}
	p.errorExpected("'from'")
}

func (p *parser) parseContract(doc *ast.CommentGroup) ast.Decl {
	d := &ast.ContractDecl{Doc: doc, Start: p.pos}
	if p.got(token.ABSTRACT) {
		d.Abstract = true
	}
	switch p.tok {
	case token.CONTRACT:
		d.Kind = ast.KindContract
	case token.INTERFACE:
		d.Kind = ast.KindInterface
	case token.LIBRARY:
		d.Kind = ast.KindLibrary
	default:
		p.errorExpected("'contract'")
	}
	p.next()
	d.Name = p.ident()
	for {
		if p.got(token.IS) {
			for {
				d.Bases = append(d.Bases, p.parseInheritance())
				if !p.got(token.COMMA) {
					break
				}
			}
			continue
		}
		if p.isWord("layout") {
			p.next()
			if p.isWord("at") {
				p.next()
			} else {
				p.errorExpected("'at'")
			}
			d.Layout = p.parseExpr()
			continue
		}
		break
	}
	d.Lbrace = p.pos
	if p.tok != token.LBRACE {
		p.errorExpected("'{'")
		p.skipBalanced(token.LBRACE)
		d.Lbrace = p.pos
	}
	if !p.got(token.LBRACE) {
		d.Rbrace = p.prevEnd
		return d
	}
	d.Body = p.parseContractBody()
	d.Rbrace = p.pos
	if !startsUnit(p.tok) {
		p.expect(token.RBRACE)
	} // else parseContractPart reported the missing '}'
	return d
}

func (p *parser) parseInheritance() *ast.InheritanceSpec {
	s := &ast.InheritanceSpec{Name: p.identPath()}
	if p.tok == token.LPAREN {
		s.HasArg = true
		s.Args, _, s.Rparen = p.parseCallArgs()
	}
	return s
}

func (p *parser) parseContractBody() []ast.Decl {
	var body []ast.Decl
	for p.tok != token.RBRACE && p.tok != token.EOF {
		start := p.pos
		if d := p.parseContractPart(); d != nil {
			body = append(body, d)
		}
		if p.pos == start {
			if startsUnit(p.tok) {
				break // a '}' is missing: the next contract (or pragma, import) starts here
			}
			p.next()
		}
	}
	return body
}

// startsUnit reports whether tok starts a declaration that only the file level holds.
func startsUnit(tok token.Token) bool {
	switch tok {
	case token.CONTRACT, token.INTERFACE, token.LIBRARY, token.PRAGMA, token.IMPORT, token.ABSTRACT:
		return true
	}
	return false
}

func (p *parser) parseContractPart() ast.Decl {
	doc := p.leadComment
	switch p.tok {
	case token.CONSTRUCTOR:
		return p.parseFunction(doc)
	case token.MODIFIER:
		return p.parseModifier(doc)
	case token.SEMI:
		p.next()
		return nil
	case token.IDENT:
		if (p.lit == "receive" || p.lit == "fallback") && p.peekIs(token.LPAREN) {
			return p.parseFunction(doc)
		}
	case token.CONTRACT, token.INTERFACE, token.LIBRARY, token.PRAGMA, token.IMPORT, token.ABSTRACT:
		// Most likely a missing '}' before the next contract: report it and let the caller end
		// this body here.
		p.errorExpected("'}'")
		return nil
	}
	if d := p.parseCommonDecl(doc, false); d != nil {
		return d
	}
	if p.startsType() {
		return p.parseStateVar(doc, false)
	}
	start := p.pos
	p.errorExpected("function, modifier, event, error, struct, enum, using or state variable declaration")
	p.skipToDecl()
	return &ast.BadDecl{From: start, To: p.prevEnd}
}

// isFunctionTypeVar reports whether `function (` at the current token starts a variable of
// function type (function (uint) external returns (bool) f;) rather than the pre-0.6 unnamed
// fallback function (function () payable { }). It looks past the header without parsing it:
// a variable ends in a name followed by ';' or '=', or has '[' or '=' after the type.
func (p *parser) isFunctionTypeVar() bool {
	s := p.scanner
	s.Silence()
	scan := func() token.Token {
		for {
			if _, tok, _ := s.Scan(); tok != token.COMMENT {
				return tok
			}
		}
	}
	skipParens := func() bool { // after '(' has been read
		for depth := 1; depth > 0; {
			switch scan() {
			case token.LPAREN:
				depth++
			case token.RPAREN:
				depth--
			case token.EOF:
				return false
			}
		}
		return true
	}
	if scan() != token.LPAREN || !skipParens() {
		return false
	}
	tok := scan()
	for {
		switch tok {
		case token.LBRACE, token.SEMI, token.EOF:
			return false
		case token.LBRACK, token.ASSIGN:
			return true
		case token.RETURNS:
			if scan() != token.LPAREN || !skipParens() {
				return false
			}
			tok = scan()
		case token.IDENT:
			// a name followed by ';' or '=' is the variable; otherwise a modifier
			tok = scan()
			if tok == token.SEMI || tok == token.ASSIGN {
				return true
			}
			if tok == token.LPAREN {
				if !skipParens() {
					return false
				}
				tok = scan()
			}
		default:
			if !tok.IsKeyword() {
				return false
			}
			tok = scan()
		}
	}
}

// transientIsAttribute reports whether the word transient at the current token is the data
// location (uint transient x;) rather than a variable named transient (uint transient;).
func (p *parser) transientIsAttribute() bool {
	switch t, _ := p.peek(); t {
	case token.SEMI, token.ASSIGN, token.EOF:
		return false
	}
	return true
}

func (p *parser) peekIs(tok token.Token) bool {
	t, _ := p.peek()
	return t == tok
}

// startsType reports whether the current token can begin a type name.
func (p *parser) startsType() bool {
	switch p.tok {
	case token.IDENT, token.MAPPING, token.FUNCTION:
		return true
	}
	return false
}

// parseStateVar parses a state variable or, at file level, a constant:
// Type {public|private|internal|constant|immutable|transient|override} name [= value];
func (p *parser) parseStateVar(doc *ast.CommentGroup, fileLevel bool) ast.Decl {
	v := place(&p.spare.varDecls, ast.VarDecl{Doc: doc, Type: p.parseType()})
	for {
		switch p.tok {
		case token.PUBLIC, token.PRIVATE, token.INTERNAL, token.EXTERNAL:
			if v.Visibility != token.ILLEGAL {
				p.error(p.pos, "visibility already given")
			}
			v.Visibility = p.tok
			p.next()
			continue
		case token.CONSTANT, token.IMMUTABLE:
			if v.Constant || v.Immutable {
				p.error(p.pos, "mutability already given")
			}
			v.Constant = v.Constant || p.tok == token.CONSTANT
			v.Immutable = v.Immutable || p.tok == token.IMMUTABLE
			p.next()
			continue
		case token.OVERRIDE:
			if v.Override != nil {
				p.error(p.pos, "override already given")
			}
			v.Override = p.parseOverride()
			continue
		case token.IDENT:
			if p.lit == "transient" && p.transientIsAttribute() {
				v.Transient = true
				p.next()
				continue
			}
		}
		break
	}
	v.Name = p.ident()
	if p.got(token.ASSIGN) {
		v.Value = p.parseExpr()
	}
	if p.tok != token.SEMI {
		p.errorExpected("';'")
		p.skipBalanced(token.SEMI)
	}
	p.got(token.SEMI)
	v.EndPos = p.prevEnd
	return v
}

func (p *parser) parseOverride() *ast.OverrideSpec {
	o := &ast.OverrideSpec{Override: p.pos}
	p.next()
	o.EndPos = p.prevEnd
	if p.got(token.LPAREN) {
		for p.tok != token.RPAREN && p.tok != token.EOF {
			o.Bases = append(o.Bases, p.identPath())
			if !p.got(token.COMMA) {
				break
			}
		}
		p.expect(token.RPAREN)
		o.EndPos = p.prevEnd
	}
	return o
}

// parseFunction parses function, constructor, fallback and receive definitions.
func (p *parser) parseFunction(doc *ast.CommentGroup) *ast.FuncDecl {
	f := &ast.FuncDecl{Doc: doc, Start: p.pos}
	switch {
	case p.tok == token.CONSTRUCTOR:
		f.Kind = ast.FuncConstructor
		p.next()
	case p.isWord("fallback"):
		f.Kind = ast.FuncFallback
		p.next()
	case p.isWord("receive"):
		f.Kind = ast.FuncReceive
		p.next()
	default: // function
		p.next()
		switch {
		case p.tok == token.IDENT:
			f.Name = p.ident()
		case p.tok == token.LPAREN:
			// function() — the pre-0.6 fallback
		case p.tok.IsKeyword():
			// A keyword used as a name: accept it so that the rest of the contract parses.
			p.error(p.pos, "function name "+p.tok.String()+" is a reserved keyword")
			f.Name = place(&p.spare.idents, ast.Ident{NamePos: p.pos, Name: p.tok.String()})
			p.next()
		default:
			p.errorExpected("function name")
		}
	}
	f.Params = p.parseParams(paramFunction)
	p.parseFuncAttributes(f)
	if p.got(token.RETURNS) {
		f.Returns = p.parseParams(paramFunction)
		p.parseFuncAttributes(f) // tolerate attributes written after returns
	}
	f.Body, f.EndPos = p.parseOptionalBody()
	return f
}

func (p *parser) parseFuncAttributes(f *ast.FuncDecl) {
	for {
		switch p.tok {
		case token.PUBLIC, token.PRIVATE, token.INTERNAL, token.EXTERNAL:
			if f.Visibility != token.ILLEGAL {
				p.error(p.pos, "visibility already given")
			}
			f.Visibility, f.VisPos = p.tok, p.pos
			p.next()
		case token.PURE, token.VIEW, token.PAYABLE, token.CONSTANT:
			if f.Mutability != token.ILLEGAL {
				p.error(p.pos, "state mutability already given")
			}
			f.Mutability = p.tok
			p.next()
		case token.VIRTUAL:
			if f.Virtual {
				p.error(p.pos, "virtual already given")
			}
			f.Virtual = true
			p.next()
		case token.OVERRIDE:
			if f.Override != nil {
				p.error(p.pos, "override already given")
			}
			f.Override = p.parseOverride()
		case token.IDENT:
			f.Modifiers = append(f.Modifiers, p.parseModifierInvocation())
		default:
			return
		}
	}
}

func (p *parser) parseModifierInvocation() *ast.ModifierInvocation {
	m := &ast.ModifierInvocation{Name: p.identPath()}
	if p.tok == token.LPAREN {
		m.HasArg = true
		m.Args, _, m.Rparen = p.parseCallArgs()
	}
	return m
}

// parseOptionalBody parses a block or the ';' of an unimplemented function or modifier.
func (p *parser) parseOptionalBody() (*ast.BlockStmt, token.Pos) {
	if p.tok == token.LBRACE {
		b := p.parseBlock()
		return b, b.End()
	}
	if p.tok != token.SEMI {
		p.errorExpected("'{' or ';'")
		p.skipToDecl()
		return nil, p.prevEnd
	}
	p.next()
	return nil, p.prevEnd
}

func (p *parser) parseModifier(doc *ast.CommentGroup) *ast.ModifierDecl {
	m := &ast.ModifierDecl{Doc: doc, Start: p.pos}
	p.next()
	m.Name = p.ident()
	if p.tok == token.LPAREN {
		m.Params = p.parseParams(paramFunction)
	}
	for {
		switch p.tok {
		case token.VIRTUAL:
			m.Virtual = true
			p.next()
			continue
		case token.OVERRIDE:
			m.Override = p.parseOverride()
			continue
		}
		break
	}
	m.Body, m.EndPos = p.parseOptionalBody()
	return m
}

func (p *parser) parseEvent(doc *ast.CommentGroup) *ast.EventDecl {
	e := &ast.EventDecl{Doc: doc, Start: p.pos}
	p.next()
	e.Name = p.ident()
	e.Params = p.parseParams(paramEvent)
	if p.got(token.ANONYMOUS) {
		e.Anonymous = true
	}
	e.Semi = p.expectSemi()
	return e
}

func (p *parser) parseError(doc *ast.CommentGroup) *ast.ErrorDecl {
	e := &ast.ErrorDecl{Doc: doc, Start: p.pos}
	p.next()
	e.Name = p.ident()
	e.Params = p.parseParams(paramError)
	e.Semi = p.expectSemi()
	return e
}

func (p *parser) parseStruct(doc *ast.CommentGroup) *ast.StructDecl {
	s := &ast.StructDecl{Doc: doc, Start: p.pos}
	p.next()
	s.Name = p.ident()
	p.expect(token.LBRACE)
	for p.tok != token.RBRACE && p.tok != token.EOF && !p.atDeclStart() {
		start := p.pos
		fdoc := p.leadComment
		if !p.startsType() {
			p.errorExpected("struct member")
			p.skipBalanced(token.SEMI, token.RBRACE)
			p.got(token.SEMI)
			if p.pos == start {
				p.next()
			}
			continue
		}
		f := &ast.VarDecl{Doc: fdoc, Type: p.parseType()}
		f.Name = p.ident()
		if p.tok != token.SEMI {
			p.errorExpected("';'")
			p.skipBalanced(token.SEMI, token.RBRACE)
		}
		p.got(token.SEMI)
		f.EndPos = p.prevEnd
		s.Fields = append(s.Fields, f)
		if p.pos == start {
			p.next()
		}
	}
	s.Rbrace = p.pos
	p.expect(token.RBRACE)
	return s
}

func (p *parser) parseEnum(doc *ast.CommentGroup) *ast.EnumDecl {
	e := &ast.EnumDecl{Doc: doc, Start: p.pos}
	p.next()
	e.Name = p.ident()
	p.expect(token.LBRACE)
	for p.tok != token.RBRACE && p.tok != token.EOF {
		start := p.pos
		e.Members = append(e.Members, p.ident())
		if !p.got(token.COMMA) {
			break
		}
		if p.pos == start {
			p.next()
		}
	}
	e.Rbrace = p.pos
	if p.tok != token.RBRACE {
		p.errorExpected("',' or '}'")
		p.skipBalanced()
	}
	p.got(token.RBRACE)
	return e
}

func (p *parser) parseUserType(doc *ast.CommentGroup) *ast.UserTypeDecl {
	d := &ast.UserTypeDecl{Doc: doc, Start: p.pos}
	p.next()
	d.Name = p.ident()
	p.expect(token.IS)
	d.Underlying = p.parseType()
	d.Semi = p.expectSemi()
	return d
}

// usingOperators are the operators a using-for list may bind functions to.
var usingOperators = map[token.Token]bool{
	token.ADD: true, token.SUB: true, token.MUL: true, token.QUO: true, token.REM: true,
	token.EQL: true, token.NEQ: true, token.LSS: true, token.GTR: true, token.LEQ: true,
	token.GEQ: true, token.AND: true, token.OR: true, token.XOR: true, token.BITNOT: true,
}

func (p *parser) parseUsing() *ast.UsingDecl {
	u := &ast.UsingDecl{Start: p.pos}
	p.next()
	if p.got(token.LBRACE) {
		for p.tok != token.RBRACE && p.tok != token.EOF {
			sym := &ast.UsingSymbol{Name: p.identPath()}
			if p.got(token.AS) {
				if usingOperators[p.tok] {
					sym.Operator = p.tok
					p.next()
				} else {
					p.errorExpected("user-definable operator")
				}
			}
			u.Functions = append(u.Functions, sym)
			if !p.got(token.COMMA) {
				break
			}
		}
		p.expect(token.RBRACE)
	} else {
		u.Library = p.identPath()
	}
	p.expect(token.FOR)
	if !p.got(token.MUL) {
		u.Type = p.parseType()
	}
	if p.isWord("global") {
		u.Global = true
		p.next()
	}
	u.Semi = p.expectSemi()
	return u
}
