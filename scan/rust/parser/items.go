package parser

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// items parses items until a closing brace or EOF.
func (p *parser) items() []ast.Item {
	var list []ast.Item
	for !p.at(token.RBRACE) && !p.at(token.EOF) {
		before, errs := p.tok.Pos, len(p.errors)
		if p.at(token.SEMI) {
			// Stray semicolons after items are legal and meaningless.
			p.next()
			continue
		}
		var it ast.Item
		p.guarded(func() { it = p.item() })
		if it != nil {
			list = append(list, it)
		}
		if len(p.errors) > errs && !p.atItemStart() && !p.at(token.RBRACE) && !p.atBoundary() {
			p.syncItem()
		}
		if p.tok.Pos == before {
			p.errorExpected("item")
			p.next()
		}
	}
	return list
}

// atItemStart reports whether the current token can begin an item.
func (p *parser) atItemStart() bool {
	switch p.tok.Kind {
	case token.FN, token.STRUCT, token.ENUM, token.IMPL, token.TRAIT, token.USE,
		token.MOD, token.CONST, token.STATIC, token.TYPE, token.PUB, token.EXTERN,
		token.UNSAFE, token.ASYNC, token.POUND, token.EOF:
		return true
	case token.IDENT:
		switch p.tok.Lit {
		case "macro_rules", "union", "auto", "default":
			return true
		}
	}
	return false
}

// syncItem skips to the next plausible item start after an error.
func (p *parser) syncItem() { p.skipToEnd(true) }

// item parses one item with its attributes and visibility.
func (p *parser) item() ast.Item {
	h := ast.ItemHeader{Attrs: p.outerAttrs()}
	h.Vis = p.visibility()
	h.Start = p.tok.Pos
	it := p.itemBody(&h)
	if it == nil {
		if len(h.Attrs) > 0 || h.Vis != nil {
			p.errorExpected("item after attributes or visibility")
		} else {
			p.errorExpected("item")
		}
		p.skipTo(token.SEMI, token.RBRACE)
		p.eat(token.SEMI)
		h.Stop = p.prevEnd()
		return &ast.BadItem{ItemHeader: h}
	}
	it.Header().Stop = p.prevEnd()
	return it
}

// fnQuals are the qualifiers that may precede fn.
type fnQuals struct {
	Const, Async, Unsafe, Extern bool
	Abi                          string
}

func (p *parser) itemBody(h *ast.ItemHeader) ast.Item {
	var q fnQuals
	for {
		switch p.tok.Kind {
		case token.USE:
			return p.useItem(h)
		case token.MOD:
			return p.modItem(h, q.Unsafe)
		case token.FN:
			return p.fnItem(h, q)
		case token.STRUCT:
			return p.structItem(h, false)
		case token.ENUM:
			return p.enumItem(h)
		case token.IMPL:
			return p.implItem(h, q.Unsafe)
		case token.TRAIT:
			return p.traitItem(h, q.Unsafe, false)
		case token.TYPE:
			return p.typeAlias(h)
		case token.STATIC:
			return p.staticItem(h)
		case token.CONST:
			switch p.peek(1).Kind {
			case token.FN, token.UNSAFE, token.ASYNC, token.EXTERN:
				q.Const = true
				p.next()
				continue
			}
			if p.peek(1).Kind == token.IMPL {
				p.next() // const impl (unstable)
				continue
			}
			return p.constItem(h)
		case token.ASYNC:
			q.Async = true
			p.next()
			continue
		case token.UNSAFE:
			q.Unsafe = true
			p.next()
			continue
		case token.EXTERN:
			if p.peek(1).Kind == token.CRATE {
				return p.externCrate(h)
			}
			p.next()
			if p.tok.Kind == token.STRING || p.tok.Kind == token.RAW_STRING {
				q.Abi = strings.Trim(p.tok.Lit, "r#\"")
				p.next()
			}
			if p.at(token.LBRACE) {
				return p.externBlock(h, q.Abi)
			}
			q.Extern = true
			continue
		case token.IDENT:
			switch {
			case p.tok.Lit == "macro_rules" && p.peek(1).Kind == token.NOT:
				return p.macroRules(h)
			case p.tok.Lit == "union" && p.peek(1).Kind == token.IDENT:
				return p.structItem(h, true)
			case p.tok.Lit == "auto" && p.peek(1).Kind == token.TRAIT:
				p.next()
				return p.traitItem(h, q.Unsafe, true)
			case (p.tok.Lit == "default" || p.tok.Lit == "safe") && isItemKeyword(p.peek(1).Kind):
				p.next()
				continue
			}
			fallthrough
		case token.SELF_VALUE, token.SUPER, token.CRATE, token.PATHSEP:
			if p.atMacroPath() {
				return p.macroItem(h)
			}
			return nil
		default:
			return nil
		}
	}
}

func isItemKeyword(k token.Kind) bool {
	switch k {
	case token.FN, token.UNSAFE, token.CONST, token.ASYNC, token.IMPL, token.TYPE, token.STATIC, token.EXTERN:
		return true
	}
	return false
}

// atMacroPath reports whether the tokens ahead are path ! delimiter. It
// walks the token slice once, so long paths cost linear time.
func (p *parser) atMacroPath() bool {
	j := p.i
	kind := func() token.Kind { return p.toks[j].Kind }
	adv := func() {
		for j < len(p.toks)-1 {
			j++
			if !p.toks[j].Kind.IsDoc() {
				return
			}
		}
	}
	if kind() == token.PATHSEP {
		adv()
	}
	for {
		if !isSegmentStart(kind()) {
			return false
		}
		adv()
		if kind() == token.PATHSEP {
			adv()
			continue
		}
		break
	}
	if kind() != token.NOT {
		return false
	}
	adv()
	return isOpenDelim(kind())
}

func (p *parser) macroItem(h *ast.ItemHeader) ast.Item {
	path := p.modPath()
	p.expect(token.NOT)
	mac := p.macroCall(path)
	if mac.Tokens.Delim != ast.Brace {
		p.expect(token.SEMI)
	} else {
		p.eat(token.SEMI)
	}
	return &ast.MacroItem{ItemHeader: *h, Mac: mac}
}

func (p *parser) macroRules(h *ast.ItemHeader) ast.Item {
	p.next() // macro_rules
	p.next() // !
	it := &ast.MacroRulesItem{ItemHeader: *h, Name: p.ident()}
	it.Body = p.tokenTree()
	if it.Body.Delim != ast.Brace {
		p.expect(token.SEMI)
	} else {
		p.eat(token.SEMI)
	}
	return it
}

func (p *parser) useItem(h *ast.ItemHeader) ast.Item {
	p.next()
	it := &ast.UseItem{ItemHeader: *h, Tree: p.useTree()}
	p.expect(token.SEMI)
	return it
}

func (p *parser) useTree() *ast.UseTree {
	p.enter()
	defer p.leave()
	t := &ast.UseTree{From: p.tok.Pos}
	var path *ast.Path
	if p.at(token.PATHSEP) {
		path = &ast.Path{Global: true, From: p.tok.Pos}
		p.next()
	}
	for isSegmentStart(p.tok.Kind) {
		if path == nil {
			path = &ast.Path{From: p.tok.Pos}
		}
		path.Segments = append(path.Segments, &ast.PathSegment{Name: p.segmentName()})
		path.To = p.prevEnd()
		if p.at(token.PATHSEP) {
			p.next()
			continue
		}
		break
	}
	if path != nil && len(path.Segments) > 0 {
		t.Path = path
	}
	switch {
	case p.at(token.STAR):
		t.Star = true
		p.next()
	case p.at(token.LBRACE):
		p.next()
		t.Group = []*ast.UseTree{}
		for !p.at(token.RBRACE) && !p.at(token.EOF) {
			before := p.tok.Pos
			t.Group = append(t.Group, p.useTree())
			if !p.eat(token.COMMA) {
				break
			}
			if p.tok.Pos == before {
				p.next()
			}
		}
		p.expect(token.RBRACE)
	case t.Path == nil:
		p.errorExpected("use path")
	}
	if p.eat(token.AS) {
		if p.at(token.UNDERSCORE) {
			t.Rename = &ast.Ident{NamePos: p.tok.Pos, Name: "_"}
			p.next()
		} else {
			t.Rename = p.ident()
		}
	}
	t.To = p.prevEnd()
	return t
}

func (p *parser) modItem(h *ast.ItemHeader, unsafe bool) ast.Item {
	p.next()
	it := &ast.ModItem{ItemHeader: *h, Unsafe: unsafe, Name: p.ident()}
	if p.eat(token.SEMI) {
		return it
	}
	it.Inline = true
	p.expect(token.LBRACE)
	it.Inner = p.innerAttrs()
	it.Items = p.items()
	p.expect(token.RBRACE)
	return it
}

func (p *parser) externCrate(h *ast.ItemHeader) ast.Item {
	p.next()
	p.next()
	it := &ast.ExternCrateItem{ItemHeader: *h}
	if p.at(token.SELF_VALUE) {
		it.Name = &ast.Ident{NamePos: p.tok.Pos, Name: "self"}
		p.next()
	} else {
		it.Name = p.ident()
	}
	if p.eat(token.AS) {
		if p.at(token.UNDERSCORE) {
			it.Rename = &ast.Ident{NamePos: p.tok.Pos, Name: "_"}
			p.next()
		} else {
			it.Rename = p.ident()
		}
	}
	p.expect(token.SEMI)
	return it
}

func (p *parser) externBlock(h *ast.ItemHeader, abi string) ast.Item {
	it := &ast.ExternBlockItem{ItemHeader: *h, Abi: abi}
	p.expect(token.LBRACE)
	it.Inner = p.innerAttrs()
	it.Items = p.items()
	p.expect(token.RBRACE)
	return it
}

func (p *parser) fnItem(h *ast.ItemHeader, q fnQuals) ast.Item {
	p.next()
	fn := &ast.FnItem{ItemHeader: *h, Const: q.Const, Async: q.Async, Unsafe: q.Unsafe, Extern: q.Extern, Abi: q.Abi}
	fn.Name = p.ident()
	fn.Generics = p.generics()
	fn.Params, fn.Variadic = p.fnParams()
	if p.eat(token.RARROW) {
		fn.Result = p.typ(false)
	}
	fn.Where = p.whereClause()
	if p.at(token.LBRACE) {
		fn.Body = p.block()
	} else {
		p.expect(token.SEMI)
	}
	return fn
}

// fnParams parses (self, a: T, ...) of functions and fn pointer types.
func (p *parser) fnParams() ([]*ast.Param, bool) {
	p.expect(token.LPAREN)
	var params []*ast.Param
	variadic := false
	for !p.at(token.RPAREN) && !p.at(token.EOF) {
		before := p.tok.Pos
		attrs := p.outerAttrs()
		if p.at(token.DOTDOTDOT) {
			variadic = true
			p.next()
		} else if sp := p.selfParam(attrs); sp != nil {
			params = append(params, sp)
		} else {
			params = append(params, p.param(attrs, true))
		}
		if !p.eat(token.COMMA) {
			break
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	p.expect(token.RPAREN)
	return params, variadic
}

// selfParam parses self, mut self, &self, &'a mut self, self: Type.
func (p *parser) selfParam(attrs []*ast.Attribute) *ast.Param {
	n := 0
	ref := false
	if p.atSplit(token.AND) {
		ref = true
		n = 1
		if p.tok.Kind == token.ANDAND {
			return nil
		}
		if p.peek(n).Kind == token.LIFETIME {
			n++
		}
	}
	mut := false
	if p.peek(n).Kind == token.MUT {
		mut = true
		n++
	}
	if p.peek(n).Kind != token.SELF_VALUE || p.peek(n+1).Kind == token.PATHSEP {
		return nil
	}
	sp := &ast.Param{Attrs: attrs, IsSelf: true, SelfRef: ref, From: p.tok.Pos}
	if ref {
		p.next()
		if p.at(token.LIFETIME) {
			sp.Lifetime = &ast.Lifetime{NamePos: p.tok.Pos, Name: p.tok.Lit}
			p.next()
		}
	}
	pat := &ast.IdentPat{From: p.tok.Pos, Mut: mut}
	if mut {
		p.next()
	}
	pat.Name = &ast.Ident{NamePos: p.tok.Pos, Name: "self"}
	p.next()
	sp.Pat = pat
	if !ref && p.eat(token.COLON) {
		sp.Type = p.typ(true)
	}
	sp.To = p.prevEnd()
	return sp
}

// param parses pat: Type. In fn pointer types and old trait methods the
// pattern may be missing, leaving just a type.
func (p *parser) param(attrs []*ast.Attribute, needType bool) *ast.Param {
	prm := &ast.Param{Attrs: attrs, From: p.tok.Pos}
	if p.paramHasPattern() {
		prm.Pat = p.patNoAlt()
		if p.eat(token.COLON) {
			prm.Type = p.typ(true)
		} else if needType {
			p.errorExpected("':'")
		}
	} else {
		prm.Type = p.typ(true)
	}
	prm.To = p.prevEnd()
	return prm
}

// paramHasPattern looks ahead for "pattern :" in a parameter list.
func (p *parser) paramHasPattern() bool {
	switch p.tok.Kind {
	case token.IDENT, token.UNDERSCORE:
		switch p.peek(1).Kind {
		case token.COLON:
			return true
		case token.LBRACE, token.LPAREN, token.PATHSEP:
			// Foo { a, b }: Foo, Wrapper(x): Wrapper, m::Foo { .. }: m::Foo, or a
			// type (m::T, Fn(u8)) in a parameter without a pattern.
			return p.colonAtTopLevel()
		}
		return false
	case token.MUT, token.REF, token.LPAREN, token.LBRACK:
		return true
	case token.AND, token.ANDAND:
		// &x: T is a pattern; &T, &'a T and &mut T are types.
		// &Foo { a, .. }: &Foo and &(a, b): &(u8, u8) too: a type has no ':' of its own.
		return p.colonAtTopLevel()
	}
	return false
}

// colonAtTopLevel reports a ':' (not '::') ahead of the parameter's end (',' or ')' outside
// brackets): what comes first is then a pattern, not a type. It looks at most a few hundred
// tokens ahead.
func (p *parser) colonAtTopLevel() bool {
	depth := 0
	for j, n := p.i, 0; j < len(p.toks) && n < 512; j, n = j+1, n+1 {
		switch p.toks[j].Kind {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if depth == 0 {
				return false
			}
			depth--
		case token.COMMA, token.SEMI, token.EOF:
			if depth == 0 {
				return false
			}
		case token.COLON:
			if depth == 0 {
				return true
			}
		}
	}
	return false
}

func (p *parser) structItem(h *ast.ItemHeader, union bool) ast.Item {
	p.next()
	it := &ast.StructItem{ItemHeader: *h, Union: union, Name: p.ident()}
	it.Generics = p.generics()
	it.Where = p.whereClause()
	switch {
	case p.at(token.LBRACE):
		it.Kind = ast.NamedFields
		it.Fields = p.namedFields()
	case p.at(token.LPAREN):
		it.Kind = ast.TupleFields
		it.Fields = p.tupleFields()
		if it.Where == nil {
			it.Where = p.whereClause()
		}
		p.expect(token.SEMI)
	default:
		it.Kind = ast.UnitStruct
		p.expect(token.SEMI)
	}
	return it
}

func (p *parser) namedFields() []*ast.Field {
	p.expect(token.LBRACE)
	fields := []*ast.Field{}
	for !p.at(token.RBRACE) && !p.at(token.EOF) {
		before, errs := p.tok.Pos, len(p.errors)
		f := &ast.Field{Attrs: p.outerAttrs()}
		f.From = p.tok.Pos
		if len(f.Attrs) > 0 {
			f.From = f.Attrs[0].Pos()
		}
		f.Vis = p.visibility()
		p.eat(token.UNSAFE)
		f.Name = p.ident()
		p.expect(token.COLON)
		f.Type = p.typ(true)
		if p.eat(token.EQ) { // default field values (unstable)
			p.expr()
		}
		f.To = p.prevEnd()
		fields = append(fields, f)
		if len(p.errors) > errs {
			p.skipTo(token.COMMA)
		}
		if !p.eat(token.COMMA) && !p.at(token.RBRACE) {
			p.errorExpected("',' or '}'")
			p.skipTo(token.COMMA)
			p.eat(token.COMMA)
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	p.expect(token.RBRACE)
	return fields
}

func (p *parser) tupleFields() []*ast.Field {
	p.expect(token.LPAREN)
	fields := []*ast.Field{}
	for !p.at(token.RPAREN) && !p.at(token.EOF) {
		before := p.tok.Pos
		f := &ast.Field{Attrs: p.outerAttrs()}
		f.From = p.tok.Pos
		if len(f.Attrs) > 0 {
			f.From = f.Attrs[0].Pos()
		}
		f.Vis = p.visibility()
		f.Type = p.typ(true)
		f.To = p.prevEnd()
		fields = append(fields, f)
		if !p.eat(token.COMMA) {
			break
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	p.expect(token.RPAREN)
	return fields
}

func (p *parser) enumItem(h *ast.ItemHeader) ast.Item {
	p.next()
	it := &ast.EnumItem{ItemHeader: *h, Name: p.ident()}
	it.Generics = p.generics()
	it.Where = p.whereClause()
	p.expect(token.LBRACE)
	for !p.at(token.RBRACE) && !p.at(token.EOF) {
		before, errs := p.tok.Pos, len(p.errors)
		v := &ast.Variant{Attrs: p.outerAttrs(), From: p.tok.Pos}
		if len(v.Attrs) > 0 {
			v.From = v.Attrs[0].Pos()
		}
		p.visibility()
		v.Name = p.ident()
		switch {
		case p.at(token.LBRACE):
			v.Kind = ast.NamedFields
			v.Fields = p.namedFields()
		case p.at(token.LPAREN):
			v.Kind = ast.TupleFields
			v.Fields = p.tupleFields()
		default:
			v.Kind = ast.UnitStruct
		}
		if p.eat(token.EQ) {
			v.Discriminant = p.expr()
		}
		v.To = p.prevEnd()
		it.Variants = append(it.Variants, v)
		if len(p.errors) > errs {
			p.skipTo(token.COMMA)
		}
		if !p.eat(token.COMMA) && !p.at(token.RBRACE) {
			p.errorExpected("',' or '}'")
			p.skipTo(token.COMMA)
			p.eat(token.COMMA)
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	p.expect(token.RBRACE)
	return it
}

func (p *parser) implItem(h *ast.ItemHeader, unsafe bool) ast.Item {
	p.next()
	it := &ast.ImplItem{ItemHeader: *h, Unsafe: unsafe}
	if p.atSplit(token.LT) && p.peek(1).Kind != token.PATHSEP {
		it.Generics = p.generics()
	}
	p.eat(token.CONST)
	if p.at(token.NOT) {
		it.Negative = true
		p.next()
	}
	first := p.typ(false)
	if p.eat(token.FOR) {
		if pt, ok := first.(*ast.PathType); ok {
			it.Trait = pt.Path
		} else {
			p.error(first.Pos(), "expected a trait path before 'for'")
		}
		it.SelfType = p.typ(false)
	} else {
		it.SelfType = first
	}
	it.Where = p.whereClause()
	p.expect(token.LBRACE)
	it.Inner = p.innerAttrs()
	it.Items = p.items()
	p.expect(token.RBRACE)
	return it
}

func (p *parser) traitItem(h *ast.ItemHeader, unsafe, auto bool) ast.Item {
	p.next()
	it := &ast.TraitItem{ItemHeader: *h, Unsafe: unsafe, Auto: auto, Name: p.ident()}
	it.Generics = p.generics()
	if p.eat(token.COLON) {
		it.Bounds = p.bounds()
	}
	if p.eat(token.EQ) { // trait alias
		it.Bounds = p.bounds()
		it.Where = p.whereClause()
		p.expect(token.SEMI)
		return it
	}
	it.Where = p.whereClause()
	p.expect(token.LBRACE)
	it.Inner = p.innerAttrs()
	it.Items = p.items()
	p.expect(token.RBRACE)
	return it
}

func (p *parser) typeAlias(h *ast.ItemHeader) ast.Item {
	p.next()
	it := &ast.TypeAliasItem{ItemHeader: *h, Name: p.ident()}
	it.Generics = p.generics()
	if p.eat(token.COLON) {
		it.Bounds = p.bounds()
	}
	it.Where = p.whereClause()
	if p.eat(token.EQ) {
		it.Type = p.typ(true)
	}
	if w := p.whereClause(); w != nil {
		it.Where = w
	}
	p.expect(token.SEMI)
	return it
}

func (p *parser) constItem(h *ast.ItemHeader) ast.Item {
	p.next()
	it := &ast.ConstItem{ItemHeader: *h}
	if p.at(token.UNDERSCORE) {
		it.Name = &ast.Ident{NamePos: p.tok.Pos, Name: "_"}
		p.next()
	} else {
		it.Name = p.ident()
	}
	if p.eat(token.COLON) {
		it.Type = p.typ(true)
	}
	if p.eat(token.EQ) {
		it.Value = p.expr()
	}
	p.expect(token.SEMI)
	return it
}

func (p *parser) staticItem(h *ast.ItemHeader) ast.Item {
	p.next()
	it := &ast.StaticItem{ItemHeader: *h}
	it.Mut = p.eat(token.MUT)
	it.Name = p.ident()
	p.expect(token.COLON)
	it.Type = p.typ(true)
	if p.eat(token.EQ) {
		it.Value = p.expr()
	}
	p.expect(token.SEMI)
	return it
}
