package parser

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// pathMode says where a path appears, which decides how "<" is read.
type pathMode uint8

const (
	exprPath pathMode = iota // generic arguments only after "::<"
	typePath                 // "<" opens generic arguments; Fn(A) -> B allowed
)

// path parses a possibly qualified path.
func (p *parser) path(mode pathMode) *ast.Path {
	path := &ast.Path{From: p.tok.Pos}
	if p.atSplit(token.LT) {
		p.split(token.LT)
		if p.tok.Pos == path.From {
			p.next()
		}
		q := &ast.QSelf{Type: p.typ(false)}
		if p.eat(token.AS) {
			q.Trait = p.path(typePath)
		}
		p.expect(token.GT)
		path.QSelf = q
		p.expect(token.PATHSEP)
	} else if p.eat(token.PATHSEP) {
		path.Global = true
	}
	for {
		seg := &ast.PathSegment{}
		if isSegmentStart(p.tok.Kind) {
			seg.Name = &ast.Ident{NamePos: p.tok.Pos, Name: p.tok.Lit}
			p.next()
		} else {
			seg.Name = p.ident()
		}
		path.Segments = append(path.Segments, seg)
		if mode == typePath {
			switch {
			case p.atSplit(token.LT) && !p.at(token.LE) && !p.at(token.SHL_EQ):
				seg.Args = p.genericArgs()
			case p.at(token.PATHSEP) && p.peek(1).Kind == token.LT:
				p.next()
				seg.Args = p.genericArgs()
			case p.at(token.LPAREN):
				seg.Args = p.parenArgs()
			}
		} else if p.at(token.PATHSEP) && (p.peek(1).Kind == token.LT || p.peek(1).Kind == token.SHL) {
			p.next()
			seg.Args = p.genericArgs()
		}
		if p.at(token.PATHSEP) && isSegmentStart(p.peek(1).Kind) {
			p.next()
			continue
		}
		break
	}
	path.To = p.prevEnd()
	return path
}

// genericArgs parses <'a, T, N, Item = U, Item: Bound>.
func (p *parser) genericArgs() *ast.GenericArgs {
	p.enter()
	defer p.leave()
	ga := &ast.GenericArgs{Lt: p.tok.Pos}
	p.expect(token.LT)
	for !p.atSplit(token.GT) && !p.at(token.EOF) {
		before := p.tok.Pos
		ga.Args = append(ga.Args, p.genericArg())
		if !p.eat(token.COMMA) {
			break
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	p.expect(token.GT)
	ga.Gt = p.prevEnd()
	return ga
}

func (p *parser) genericArg() *ast.GenericArg {
	a := &ast.GenericArg{From: p.tok.Pos}
	defer func() { a.To = p.prevEnd() }()
	switch p.tok.Kind {
	case token.LIFETIME:
		a.Lifetime = p.lifetime()
		return a
	case token.LBRACE:
		a.Const = p.block()
		return a
	case token.MINUS, token.INT, token.FLOAT, token.STRING, token.CHAR, token.BYTE, token.TRUE, token.FALSE:
		a.Const = p.unaryExpr()
		return a
	case token.IDENT:
		next := p.peek(1).Kind
		if next == token.EQ {
			a.Name = p.ident()
			p.next()
			if p.at(token.LBRACE) {
				a.Const = p.block()
			} else {
				a.Type = p.typ(true)
			}
			return a
		}
		if next == token.COLON {
			a.Name = p.ident()
			p.next()
			a.Bounds = p.bounds()
			return a
		}
	}
	a.Type = p.typ(true)
	return a
}

// parenArgs parses the Fn(A, B) -> C form.
func (p *parser) parenArgs() *ast.GenericArgs {
	ga := &ast.GenericArgs{Lt: p.tok.Pos, Paren: true}
	p.next()
	for !p.at(token.RPAREN) && !p.at(token.EOF) {
		before := p.tok.Pos
		ga.Inputs = append(ga.Inputs, p.typ(true))
		if !p.eat(token.COMMA) {
			break
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	p.expect(token.RPAREN)
	if p.eat(token.RARROW) {
		ga.Output = p.typ(false)
	}
	ga.Gt = p.prevEnd()
	return ga
}

func (p *parser) lifetime() *ast.Lifetime {
	l := &ast.Lifetime{NamePos: p.tok.Pos, Name: p.tok.Lit}
	if !p.at(token.LIFETIME) {
		p.errorExpected("lifetime")
		l.Name = "'_"
		return l
	}
	p.next()
	return l
}

// typ parses a type. allowPlus permits a bare "Trait + Send" object type
// where the grammar allows it (generic arguments, aliases).
func (p *parser) typ(allowPlus bool) ast.Type {
	p.enter()
	defer p.leave()
	from := p.tok.Pos
	switch p.tok.Kind {
	case token.LPAREN:
		p.next()
		var elems []ast.Type
		trailingComma := false
		for !p.at(token.RPAREN) && !p.at(token.EOF) {
			before := p.tok.Pos
			elems = append(elems, p.typ(true))
			trailingComma = false
			if !p.eat(token.COMMA) {
				break
			}
			trailingComma = true
			if p.tok.Pos == before {
				p.next()
			}
		}
		rp := p.expect(token.RPAREN)
		if len(elems) == 1 && !trailingComma {
			return &ast.ParenType{Lparen: from, Elem: elems[0], Rparen: rp}
		}
		return &ast.TupleType{Lparen: from, Elems: elems, Rparen: rp}
	case token.LBRACK:
		p.next()
		elem := p.typ(true)
		if p.eat(token.SEMI) {
			n := p.exprNoStructReset()
			rb := p.expect(token.RBRACK)
			return &ast.ArrayType{Lbrack: from, Elem: elem, Len: n, Rbrack: rb}
		}
		rb := p.expect(token.RBRACK)
		return &ast.SliceType{Lbrack: from, Elem: elem, Rbrack: rb}
	case token.AND, token.ANDAND:
		p.split(token.AND)
		if p.tok.Pos == from {
			p.next()
		}
		r := &ast.RefType{And: from}
		if p.at(token.LIFETIME) {
			r.Lifetime = p.lifetime()
		}
		r.Mut = p.eat(token.MUT)
		r.Elem = p.typ(false)
		return r
	case token.STAR:
		p.next()
		pt := &ast.PtrType{Star: from}
		if p.eat(token.MUT) {
			pt.Mut = true
		} else if !p.eat(token.CONST) {
			p.errorExpected("'mut' or 'const'")
		}
		pt.Elem = p.typ(false)
		return pt
	case token.NOT:
		p.next()
		return &ast.NeverType{Bang: from}
	case token.UNDERSCORE:
		p.next()
		return &ast.InferType{Underscore: from}
	case token.FN, token.UNSAFE, token.EXTERN:
		return p.fnPtrType(nil, from)
	case token.FOR:
		params := p.forLifetimes()
		if p.at(token.FN) || p.at(token.UNSAFE) || p.at(token.EXTERN) {
			return p.fnPtrType(params, from)
		}
		b := p.bound()
		b.For = params
		b.From = from
		bounds := []*ast.Bound{b}
		if allowPlus && p.at(token.PLUS) {
			p.next()
			bounds = append(bounds, p.bounds()...)
		}
		return &ast.TraitObjectType{Bounds: bounds, From: from, To: p.prevEnd()}
	case token.IMPL, token.DYN:
		t := &ast.TraitObjectType{Impl: p.at(token.IMPL), Dyn: p.at(token.DYN), From: from}
		p.next()
		// impl and dyn always take "+ Bound": "-> impl Iterator + '_" is
		// legal where a bare "Trait + Send" is not.
		t.Bounds = p.bounds()
		t.To = p.prevEnd()
		return t
	case token.QUESTION, token.LIFETIME:
		bounds := p.bounds()
		return &ast.TraitObjectType{Bounds: bounds, From: from, To: p.prevEnd()}
	case token.IDENT, token.SELF_TYPE, token.SELF_VALUE, token.SUPER, token.CRATE, token.PATHSEP, token.LT, token.SHL:
		path := p.path(typePath)
		if p.at(token.NOT) && isOpenDelim(p.peek(1).Kind) {
			p.next()
			return &ast.MacroType{Mac: p.macroCall(path)}
		}
		if allowPlus && p.at(token.PLUS) {
			bounds := []*ast.Bound{{Path: path, From: path.From, To: path.To}}
			p.next()
			bounds = append(bounds, p.bounds()...)
			return &ast.TraitObjectType{Bounds: bounds, From: from, To: p.prevEnd()}
		}
		return &ast.PathType{Path: path}
	}
	p.errorExpected("type")
	p.skipBad()
	return &ast.BadType{From: from, To: p.prevEnd()}
}

func isOpenDelim(k token.Kind) bool {
	return k == token.LPAREN || k == token.LBRACK || k == token.LBRACE
}

func isCloser(k token.Kind) bool {
	switch k {
	case token.RPAREN, token.RBRACK, token.RBRACE, token.GT, token.SHR:
		return true
	}
	return false
}

func (p *parser) fnPtrType(forParams []*ast.GenericParam, from token.Pos) ast.Type {
	t := &ast.FnPtrType{For: forParams, From: from}
	t.Unsafe = p.eat(token.UNSAFE)
	if p.eat(token.EXTERN) {
		if p.at(token.STRING) || p.at(token.RAW_STRING) {
			t.Abi = strings.Trim(p.tok.Lit, "r#\"")
			p.next()
		}
	}
	p.expect(token.FN)
	p.expect(token.LPAREN)
	for !p.at(token.RPAREN) && !p.at(token.EOF) {
		before := p.tok.Pos
		attrs := p.outerAttrs()
		if p.eat(token.DOTDOTDOT) {
			continue
		}
		t.Params = append(t.Params, p.param(attrs, false))
		if !p.eat(token.COMMA) {
			break
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	p.expect(token.RPAREN)
	if p.eat(token.RARROW) {
		t.Result = p.typ(false)
	}
	t.To = p.prevEnd()
	return t
}

// forLifetimes parses for<'a, 'b>.
func (p *parser) forLifetimes() []*ast.GenericParam {
	p.next() // for
	g := p.generics()
	if g == nil {
		p.errorExpected("'<'")
		return nil
	}
	return g.Params
}

// generics parses optional <params>.
func (p *parser) generics() *ast.Generics {
	if !p.atSplit(token.LT) {
		return nil
	}
	p.enter()
	defer p.leave()
	g := &ast.Generics{Lt: p.tok.Pos}
	p.expect(token.LT)
	for !p.atSplit(token.GT) && !p.at(token.EOF) {
		before := p.tok.Pos
		gp := &ast.GenericParam{Attrs: p.outerAttrs(), From: p.tok.Pos}
		switch p.tok.Kind {
		case token.LIFETIME:
			gp.Kind = ast.LifetimeParam
			gp.Lifetime = p.lifetime()
			if p.eat(token.COLON) {
				gp.Bounds = p.bounds()
			}
		case token.CONST:
			gp.Kind = ast.ConstParam
			p.next()
			gp.Name = p.ident()
			p.expect(token.COLON)
			gp.Type = p.typ(false)
			if p.eat(token.EQ) {
				if p.at(token.LBRACE) {
					gp.Default = p.block()
				} else {
					gp.Default = p.unaryExpr()
				}
			}
		default:
			gp.Kind = ast.TypeParam
			gp.Name = p.ident()
			if p.eat(token.COLON) {
				gp.Bounds = p.bounds()
			}
			if p.eat(token.EQ) {
				gp.Type = p.typ(true)
			}
		}
		gp.To = p.prevEnd()
		g.Params = append(g.Params, gp)
		if !p.eat(token.COMMA) {
			break
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	g.Gt = p.tok.Pos
	p.expect(token.GT)
	return g
}

// bounds parses Bound + Bound + ...; it may be empty.
func (p *parser) bounds() []*ast.Bound {
	var list []*ast.Bound
	for p.atBoundStart() {
		before := p.tok.Pos
		list = append(list, p.bound())
		if !p.eat(token.PLUS) {
			break
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	return list
}

func (p *parser) atBoundStart() bool {
	switch p.tok.Kind {
	case token.LIFETIME, token.QUESTION, token.TILDE, token.CONST, token.FOR, token.LPAREN,
		token.PATHSEP, token.LT, token.IDENT, token.SELF_TYPE, token.SUPER, token.CRATE,
		token.SELF_VALUE, token.USE, token.ASYNC, token.LBRACK:
		return true
	}
	return false
}

func (p *parser) bound() *ast.Bound {
	p.enter()
	defer p.leave()
	b := &ast.Bound{From: p.tok.Pos}
	defer func() { b.To = p.prevEnd() }()
	if p.at(token.LIFETIME) {
		b.Lifetime = p.lifetime()
		return b
	}
	if p.at(token.LPAREN) {
		p.next()
		inner := p.bound()
		p.expect(token.RPAREN)
		inner.Paren = true
		inner.From = b.From
		return inner
	}
	if p.at(token.USE) {
		// use<'a, T> precise capturing.
		pos := p.tok.Pos
		p.next()
		seg := &ast.PathSegment{Name: &ast.Ident{NamePos: pos, Name: "use"}}
		if p.atSplit(token.LT) {
			seg.Args = p.genericArgs()
		}
		b.Path = &ast.Path{Segments: []*ast.PathSegment{seg}, From: pos, To: p.prevEnd()}
		return b
	}
	if p.at(token.LBRACK) { // [const] Trait
		p.tokenTree()
		b.Const = true
	}
	if p.at(token.TILDE) {
		p.next()
		p.expect(token.CONST)
		b.Const = true
	} else if p.eat(token.CONST) {
		b.Const = true
	}
	p.eat(token.ASYNC)
	if p.eat(token.QUESTION) {
		b.Maybe = true
	}
	if p.at(token.FOR) {
		b.For = p.forLifetimes()
	}
	b.Path = p.path(typePath)
	return b
}

// whereClause parses an optional where clause.
func (p *parser) whereClause() *ast.WhereClause {
	if !p.at(token.WHERE) {
		return nil
	}
	w := &ast.WhereClause{Where: p.tok.Pos}
	p.next()
	for !p.at(token.LBRACE) && !p.at(token.SEMI) && !p.at(token.EQ) && !p.at(token.EOF) {
		before := p.tok.Pos
		pred := &ast.WherePred{From: p.tok.Pos}
		if p.at(token.FOR) {
			pred.For = p.forLifetimes()
		}
		if p.at(token.LIFETIME) {
			pred.Lifetime = p.lifetime()
		} else {
			pred.Type = p.typ(false)
		}
		p.expect(token.COLON)
		pred.Bounds = p.bounds()
		pred.To = p.prevEnd()
		w.Preds = append(w.Preds, pred)
		if !p.eat(token.COMMA) {
			break
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	w.To = p.prevEnd()
	return w
}
