package parser

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// IsElementaryTypeName reports whether name is a built-in type: address, bool, string, bytes,
// byte, int, uint, fixed, ufixed, and their sized forms (uint8..uint256, bytes1..bytes32,
// fixed128x18, ...).
func IsElementaryTypeName(name string) bool {
	switch name {
	case "address", "bool", "string", "bytes", "byte", "int", "uint", "fixed", "ufixed":
		return true
	}
	switch {
	case len(name) > 4 && name[:4] == "uint":
		return sizedInt(name[4:])
	case len(name) > 3 && name[:3] == "int":
		return sizedInt(name[3:])
	case len(name) > 5 && name[:5] == "bytes":
		n, ok := atoi(name[5:])
		return ok && n >= 1 && n <= 32
	case len(name) > 6 && name[:6] == "ufixed":
		return fixedSuffix(name[6:])
	case len(name) > 5 && name[:5] == "fixed":
		return fixedSuffix(name[5:])
	}
	return false
}

func sizedInt(s string) bool {
	n, ok := atoi(s)
	return ok && n >= 8 && n <= 256 && n%8 == 0
}

func fixedSuffix(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == 'x' {
			m, ok1 := atoi(s[:i])
			n, ok2 := atoi(s[i+1:])
			return ok1 && ok2 && m >= 8 && m <= 256 && m%8 == 0 && n <= 80
		}
	}
	return false
}

func atoi(s string) (int, bool) {
	if s == "" || len(s) > 3 || s[0] == '0' {
		return 0, false
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, false
		}
		n = n*10 + int(s[i]-'0')
	}
	return n, true
}

// parseType parses a type name: elementary, user-defined path, mapping or function type,
// followed by any number of array suffixes.
func (p *parser) parseType() ast.Expr {
	defer p.leave()
	if !p.enter() {
		from, to := p.skipTooDeep()
		return &ast.BadExpr{From: from, To: to}
	}
	var t ast.Expr
	switch p.tok {
	case token.IDENT:
		if IsElementaryTypeName(p.lit) {
			t = p.parseElementaryType()
		} else {
			t = p.identPath()
		}
	case token.MAPPING:
		t = p.parseMapping()
	case token.FUNCTION:
		t = p.parseFuncType()
	case token.VAR:
		// pre-0.5 `var` in a parameter-like position; keep it as a name so the tree is whole
		t = &ast.ElementaryType{NamePos: p.pos, Name: "var", EndPos: p.pos + 3}
		p.next()
	default:
		p.errorExpected("type name")
		return &ast.BadExpr{From: p.pos, To: p.pos}
	}
	return p.parseArraySuffixes(t)
}

func (p *parser) parseElementaryType() *ast.ElementaryType {
	t := place(&p.spare.elementary, ast.ElementaryType{NamePos: p.pos, Name: p.lit})
	p.next()
	if t.Name == "address" {
		switch p.tok {
		case token.PAYABLE:
			t.Payable = true
			p.next()
		case token.VIEW, token.PURE:
			// address view is a type error, not a syntax error
			p.next()
		}
	}
	t.EndPos = p.prevEnd
	return t
}

func (p *parser) parseArraySuffixes(t ast.Expr) ast.Expr {
	defer p.restoreDepth(p.depth)
	for p.tok == token.LBRACK {
		if !p.enter() {
			return p.tooLong(t)
		}
		a := &ast.ArrayType{Elem: t, Lbrack: p.pos}
		p.next()
		if p.tok != token.RBRACK {
			a.Len = p.parseExpr()
		}
		a.Rbrack = p.expect(token.RBRACK)
		t = a
	}
	return t
}

func (p *parser) parseMapping() *ast.MappingType {
	m := &ast.MappingType{Mapping: p.pos}
	p.next()
	p.expect(token.LPAREN)
	switch {
	case p.tok == token.IDENT && IsElementaryTypeName(p.lit):
		m.Key = p.parseElementaryType()
	case p.tok == token.IDENT:
		m.Key = p.identPath()
	default:
		p.errorExpected("mapping key type (an elementary type or a user-defined name)")
		m.Key = p.parseType()
	}
	if p.tok == token.IDENT {
		m.KeyName = p.ident()
	}
	p.expect(token.DARROW)
	m.Value = p.parseType()
	if p.tok == token.IDENT {
		m.ValueName = p.ident()
	}
	m.Rparen = p.pos
	if p.tok != token.RPAREN {
		p.errorExpected("')'")
		p.skipBalanced(token.RPAREN)
		m.Rparen = p.pos
	}
	p.got(token.RPAREN)
	return m
}

func (p *parser) parseFuncType() *ast.FuncType {
	f := &ast.FuncType{Func: p.pos}
	p.next()
	f.Params = p.parseParams(paramFunctionType)
	for {
		switch p.tok {
		case token.INTERNAL, token.EXTERNAL:
			f.Visibility = p.tok
			p.next()
			continue
		case token.PUBLIC, token.PRIVATE:
			// In `function (uint) external public f;` public belongs to the variable; only when
			// more of the type follows does it belong to the type (a type error, not a syntax one).
			switch t, _ := p.peek(); t {
			case token.RETURNS, token.PURE, token.VIEW, token.PAYABLE, token.INTERNAL, token.EXTERNAL:
				f.Visibility = p.tok
				p.next()
				continue
			}
		case token.PURE, token.VIEW, token.PAYABLE, token.CONSTANT:
			f.Mutability = p.tok
			p.next()
			continue
		}
		break
	}
	if p.got(token.RETURNS) {
		f.Returns = p.parseParams(paramFunctionType)
	}
	f.EndPos = p.prevEnd
	return f
}

// paramKind says which attributes a parameter list allows.
type paramKind int

const (
	paramFunction     paramKind = iota // data location, name
	paramFunctionType                  // data location, no name expected (tolerated)
	paramEvent                         // indexed, name
	paramError                         // name
)

// parseParams parses ( [param {, param}] ).
func (p *parser) parseParams(kind paramKind) *ast.ParamList {
	l := place(&p.spare.paramLists, ast.ParamList{Lparen: p.pos})
	if p.tok != token.LPAREN {
		p.errorExpected("'('")
		l.Rparen = p.prevEnd
		return l
	}
	p.next()
	base := len(p.params)
	for p.tok != token.RPAREN && p.tok != token.EOF {
		start := p.pos
		if !p.startsType() {
			p.errorExpected("parameter type")
			p.skipBalanced(token.COMMA, token.RPAREN)
		} else {
			p.params = append(p.params, p.parseParam(kind))
		}
		if !p.got(token.COMMA) {
			if p.tok != token.RPAREN {
				p.errorExpected("',' or ')'")
				p.skipBalanced(token.RPAREN)
			}
			break
		}
		if p.tok == token.RPAREN {
			p.error(p.pos, "unexpected trailing comma in parameter list")
		}
		if p.pos == start {
			p.next()
		}
	}
	l.List = collect(&p.params, base)
	l.Rparen = p.pos
	p.got(token.RPAREN)
	return l
}

func (p *parser) parseParam(kind paramKind) *ast.VarDecl {
	v := place(&p.spare.varDecls, ast.VarDecl{Type: p.parseType()})
	for {
		switch p.tok {
		case token.MEMORY, token.STORAGE, token.CALLDATA:
			if v.Location != token.ILLEGAL {
				p.error(p.pos, "data location already given")
			}
			v.Location = p.tok
			p.next()
			continue
		case token.CONSTANT, token.IMMUTABLE:
			// a type error, not a syntax error: keep parsing
			v.Constant = v.Constant || p.tok == token.CONSTANT
			v.Immutable = v.Immutable || p.tok == token.IMMUTABLE
			p.next()
			continue
		case token.INDEXED:
			if kind != paramEvent {
				p.error(p.pos, "indexed is only allowed on event parameters")
			} else if v.Indexed {
				p.error(p.pos, "indexed already given")
			}
			v.Indexed = true
			p.next()
			continue
		}
		break
	}
	if p.tok == token.IDENT {
		v.Name = p.ident()
	}
	v.EndPos = p.prevEnd
	return v
}
