package parser

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// docAttrs turns the doc comments of the given kind that precede the
// current token into attributes, and marks them used.
func (p *parser) docAttrs(kind token.Kind, attrs []*ast.Attribute) []*ast.Attribute {
	last := -1
	for j := p.docAt; j < p.i; j++ {
		t := p.toks[j]
		if t.Kind != kind {
			continue
		}
		attrs = append(attrs, &ast.Attribute{
			Pound:  t.Pos,
			Inner:  kind == token.DOC_INNER,
			Doc:    true,
			Text:   docText(t.Lit),
			EndPos: t.End(),
		})
		last = j
	}
	if last >= 0 {
		p.docAt = last + 1
	}
	return attrs
}

// docText strips comment markers: "/// CHECK: x" gives " CHECK: x".
func docText(lit string) string {
	switch {
	case strings.HasPrefix(lit, "///"), strings.HasPrefix(lit, "//!"):
		return lit[3:]
	case strings.HasPrefix(lit, "/**"), strings.HasPrefix(lit, "/*!"):
		return strings.TrimSuffix(lit[3:], "*/")
	}
	return lit
}

// outerAttrs parses doc comments and #[...] attributes before an item,
// field, statement, arm or parameter.
func (p *parser) outerAttrs() []*ast.Attribute {
	var attrs []*ast.Attribute
	for {
		attrs = p.docAttrs(token.DOC_OUTER, attrs)
		if p.tok.Kind == token.POUND && p.peek(1).Kind == token.LBRACK {
			attrs = append(attrs, p.attribute(false))
			continue
		}
		if p.tok.Kind == token.POUND && p.peek(1).Kind == token.NOT && p.peek(2).Kind == token.LBRACK {
			p.error(p.tok.Pos, "inner attribute is not permitted here")
			attrs = append(attrs, p.attribute(true))
			continue
		}
		return attrs
	}
}

// innerAttrs parses //! docs and #![...] at the start of a file or body.
func (p *parser) innerAttrs() []*ast.Attribute {
	var attrs []*ast.Attribute
	for {
		attrs = p.docAttrs(token.DOC_INNER, attrs)
		if p.tok.Kind == token.POUND && p.peek(1).Kind == token.NOT && p.peek(2).Kind == token.LBRACK {
			attrs = append(attrs, p.attribute(true))
			continue
		}
		return attrs
	}
}

// attribute parses #[path], #[path(tokens)] or #[path = value].
func (p *parser) attribute(inner bool) *ast.Attribute {
	a := &ast.Attribute{Pound: p.tok.Pos, Inner: inner}
	p.next()
	if inner {
		p.next() // "!"
	}
	p.expect(token.LBRACK)
	// unsafe(no_mangle) wraps the real attribute since edition 2024.
	if p.at(token.UNSAFE) && p.peek(1).Kind == token.LPAREN {
		p.next()
		p.next()
		a.Path = p.modPath()
		a.Args = p.attrArgs()
		p.expect(token.RPAREN)
	} else {
		a.Path = p.modPath()
		a.Args = p.attrArgs()
	}
	if !p.at(token.RBRACK) {
		p.errorExpected("']'")
		p.skipTo(token.RBRACK)
	}
	a.EndPos = p.tok.End()
	p.expect(token.RBRACK)
	return a
}

func (p *parser) attrArgs() *ast.TokenTree {
	switch p.tok.Kind {
	case token.LPAREN, token.LBRACK, token.LBRACE:
		return p.tokenTree()
	case token.EQ:
		p.next()
		start := p.i
		from := p.tok.Pos
		p.skipTo(token.RBRACK, token.RPAREN)
		return &ast.TokenTree{Open: from, Delim: ast.NoDelim, Tokens: retain(p.toks[start:p.i]), Close: p.prevEnd()}
	}
	return nil
}

// modPath parses a simple path without generic arguments (attribute and
// visibility paths).
func (p *parser) modPath() *ast.Path {
	path := &ast.Path{From: p.tok.Pos}
	if p.eat(token.PATHSEP) {
		path.Global = true
	}
	for {
		path.Segments = append(path.Segments, &ast.PathSegment{Name: p.segmentName()})
		if p.at(token.PATHSEP) && isSegmentStart(p.peek(1).Kind) {
			p.next()
			continue
		}
		break
	}
	path.To = p.prevEnd()
	return path
}

func isSegmentStart(k token.Kind) bool {
	switch k {
	case token.IDENT, token.SELF_VALUE, token.SELF_TYPE, token.SUPER, token.CRATE:
		return true
	}
	return false
}

// segmentName accepts identifiers and the path keywords; attributes also
// allow any keyword (for example #[cfg(not(feature = "x"))] holds none,
// but derive helpers can be named like keywords).
func (p *parser) segmentName() *ast.Ident {
	if isSegmentStart(p.tok.Kind) || p.tok.Kind.IsKeyword() {
		id := &ast.Ident{NamePos: p.tok.Pos, Name: p.tok.Lit}
		p.next()
		return id
	}
	return p.ident()
}

// tokenTree consumes a delimited token tree starting at the current
// opening delimiter, doc comments included.
func (p *parser) tokenTree() *ast.TokenTree {
	open := p.tok
	tt := &ast.TokenTree{Open: open.Pos}
	switch open.Kind {
	case token.LPAREN:
		tt.Delim = ast.Paren
	case token.LBRACK:
		tt.Delim = ast.Bracket
	case token.LBRACE:
		tt.Delim = ast.Brace
	default:
		p.errorExpected("'(', '[' or '{'")
		tt.Delim = ast.NoDelim
		tt.Close = p.tok.Pos
		return tt
	}
	stack := make([]token.Kind, 0, 8)
	stack = append(stack, closerOf(open.Kind))
	j := p.i + 1
	for ; j < len(p.toks)-1; j++ {
		switch k := p.toks[j].Kind; k {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			stack = append(stack, closerOf(k))
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if want := stack[len(stack)-1]; k != want {
				p.error(p.toks[j].Pos, "mismatched closing delimiter: expected '"+want.String()+"', found '"+k.String()+"'")
			}
			stack = stack[:len(stack)-1]
		}
		if len(stack) == 0 {
			break
		}
	}
	tt.Tokens = retain(p.toks[p.i+1 : j])
	if len(stack) > 0 {
		p.error(open.Pos, "unclosed delimiter '"+open.Lit+"'")
		tt.Close = p.toks[j].Pos // EOF
		p.i = j - 1
		p.next()
		return tt
	}
	tt.Close = p.toks[j].Pos
	p.i = j
	p.next()
	return tt
}

func closerOf(k token.Kind) token.Kind {
	switch k {
	case token.LPAREN:
		return token.RPAREN
	case token.LBRACK:
		return token.RBRACK
	}
	return token.RBRACE
}

// visibility parses pub, pub(crate), pub(self), pub(super), pub(in path).
func (p *parser) visibility() *ast.Visibility {
	if p.at(token.CRATE) && p.peek(1).Kind != token.PATHSEP {
		// "crate fn" is an old unstable spelling of pub(crate).
		v := &ast.Visibility{PubPos: p.tok.Pos}
		p.next()
		v.EndPos = p.prevEnd()
		return v
	}
	if !p.at(token.PUB) {
		return nil
	}
	v := &ast.Visibility{PubPos: p.tok.Pos}
	p.next()
	if p.at(token.LPAREN) {
		k1, k2 := p.peek(1).Kind, p.peek(2).Kind
		switch {
		case (k1 == token.CRATE || k1 == token.SELF_VALUE || k1 == token.SUPER) && k2 == token.RPAREN:
			p.next()
			v.Scope = p.modPath()
			p.expect(token.RPAREN)
		case k1 == token.IN:
			p.next()
			p.next()
			v.Scope = p.modPath()
			p.expect(token.RPAREN)
		}
	}
	v.EndPos = p.prevEnd()
	return v
}

// retain copies the tokens a tree keeps: a sub-slice of the file's token array would keep the
// whole array (32 bytes for every token of the file) alive as long as the AST.
func retain(toks []token.Token) []token.Token {
	if len(toks) == 0 {
		return nil
	}
	return slices.Clone(toks)
}
