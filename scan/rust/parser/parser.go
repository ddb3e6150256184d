package parser

import (
	"fmt"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/scanner"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Mode controls parsing.
type Mode uint

const (
	// AllErrors lists every error (up to 1000) instead of the first
	// maxErrors. Either way the rest are counted, and no error stops the
	// parse.
	AllErrors Mode = 1 << iota
	// SkipMacroArgs leaves MacroCall.Args nil, saving the second look at
	// macro bodies when analyses do not need it.
	SkipMacroArgs
)

// MaxDepth bounds the nesting of expressions, types, patterns and blocks.
// Real programs stay far below it; deeper input is reported, not followed,
// so hostile files cannot exhaust the stack.
const MaxDepth = 500

const maxErrors = 10

// bailout is panicked to stop a silent sub-parser (inside a macro) at its first error; it
// never escapes the package.
type bailout struct{}

// tooDeep is panicked by enter when the input nests (or chains) deeper than MaxDepth. It is
// caught by guarded around the statement or item being parsed, which is then skipped whole and
// reported: the rest of the block and of the file is still parsed.
type tooDeep struct{}

type parser struct {
	file   *token.File
	toks   []token.Token // all tokens, doc comments included, ending in EOF
	i      int           // index of the current token in toks
	tok    token.Token   // current token (may be the rest of a split token)
	docAt  int           // first doc comment before the current token
	errors scanner.ErrorList
	mode   Mode
	depth  int
	// dropped counts errors past the listing cap: counted, not listed, and never a reason
	// to stop parsing, so that no error hides the code after it.
	dropped int

	// noStruct is set while parsing the head of if, while, match and for,
	// where "x {" opens the body rather than a struct literal.
	noStruct bool
	// silent parsers (used to look inside macros) give up at the first
	// error and report nothing.
	silent   bool
	macDepth int
}

func (p *parser) init(file *token.File, toks []token.Token, mode Mode) {
	p.file = file
	p.toks = toks
	p.mode = mode
	p.i = -1
	p.next()
}

// next advances to the next token that is not a doc comment, remembering
// where the doc comments in between start so attributes can collect them.
func (p *parser) next() {
	if p.i < len(p.toks)-1 {
		p.i++
	}
	p.docAt = p.i
	for p.i < len(p.toks)-1 && p.toks[p.i].Kind.IsDoc() {
		p.i++
	}
	p.tok = p.toks[p.i]
}

// peek returns the n-th non-doc token after the current one.
func (p *parser) peek(n int) token.Token {
	j := p.i
	for n > 0 && j < len(p.toks)-1 {
		j++
		if !p.toks[j].Kind.IsDoc() {
			n--
		}
	}
	return p.toks[j]
}

func (p *parser) at(k token.Kind) bool { return p.tok.Kind == k }

func (p *parser) atIdent(name string) bool {
	return p.tok.Kind == token.IDENT && p.tok.Lit == name
}

func (p *parser) error(pos token.Pos, msg string) {
	if p.silent {
		panic(bailout{})
	}
	epos := p.file.Position(pos)
	// Only one error per line, as go/parser does, unless all are wanted:
	// cascades after the first mistake tell the reader nothing.
	if p.mode&AllErrors == 0 {
		if n := len(p.errors); n > 0 && p.errors[n-1].Pos.Line == epos.Line {
			return
		}
		if len(p.errors) >= maxErrors {
			p.dropped++
			return
		}
	} else if len(p.errors) >= 1000 {
		p.dropped++
		return
	}
	p.errors.Add(epos, msg)
}

func (p *parser) errorExpected(what string) {
	found := "'" + p.tok.Lit + "'"
	switch {
	case p.tok.Kind == token.EOF:
		found = "end of file"
	case p.tok.Kind.IsLiteral():
		found = p.tok.Kind.String() + " " + p.tok.Lit
		if len(p.tok.Lit) > 40 {
			found = p.tok.Kind.String()
		}
	}
	p.error(p.tok.Pos, fmt.Sprintf("expected %s, found %s", what, found))
}

// expect consumes a token of kind k, or reports it missing without
// consuming anything, and returns its position.
func (p *parser) expect(k token.Kind) token.Pos {
	pos := p.tok.Pos
	if p.tok.Kind == k {
		p.next()
		return pos
	}
	if p.split(k) {
		return pos
	}
	p.errorExpected("'" + k.String() + "'")
	return pos
}

// eat consumes a token of kind k if present.
func (p *parser) eat(k token.Kind) bool {
	if p.tok.Kind == k {
		p.next()
		return true
	}
	return false
}

// split consumes the first character of a glued operator when the grammar
// needs only that character: the ">" of ">>" closing nested generics, the
// "&" of "&&x", the "|" of "||" in closures, the "<" of "<<T as X>::Y>".
func (p *parser) split(k token.Kind) bool {
	var rest token.Kind
	switch {
	case k == token.GT && p.tok.Kind == token.SHR:
		rest = token.GT
	case k == token.GT && p.tok.Kind == token.GE:
		rest = token.EQ
	case k == token.GT && p.tok.Kind == token.SHR_EQ:
		rest = token.GE
	case k == token.LT && p.tok.Kind == token.SHL:
		rest = token.LT
	case k == token.LT && p.tok.Kind == token.LE:
		rest = token.EQ
	case k == token.LT && p.tok.Kind == token.SHL_EQ:
		rest = token.LE
	case k == token.AND && p.tok.Kind == token.ANDAND:
		rest = token.AND
	case k == token.OR && p.tok.Kind == token.OROR:
		rest = token.OR
	case k == token.COLON && p.tok.Kind == token.PATHSEP:
		rest = token.COLON
	case k == token.DOT && p.tok.Kind == token.DOTDOT:
		rest = token.DOT
	default:
		return false
	}
	p.tok = token.Token{Kind: rest, Pos: p.tok.Pos + 1, Lit: p.tok.Lit[1:]}
	return true
}

// atSplit reports whether the current token is k or begins with k.
func (p *parser) atSplit(k token.Kind) bool {
	if p.tok.Kind == k {
		return true
	}
	switch k {
	case token.GT:
		return p.tok.Kind == token.SHR || p.tok.Kind == token.GE || p.tok.Kind == token.SHR_EQ
	case token.LT:
		return p.tok.Kind == token.SHL || p.tok.Kind == token.LE || p.tok.Kind == token.SHL_EQ
	case token.AND:
		return p.tok.Kind == token.ANDAND
	case token.OR:
		return p.tok.Kind == token.OROR
	}
	return false
}

// enter guards recursion depth (and chain length: each link of a chain built in a loop also
// deepens the tree).
func (p *parser) enter() {
	p.depth++
	if p.depth > MaxDepth {
		p.error(p.tok.Pos, fmt.Sprintf("nesting too deep (more than %d levels): statement skipped", MaxDepth))
		panic(tooDeep{})
	}
}

func (p *parser) leave() { p.depth-- }

// restoreDepth resets the depth after a chain (deferred by the loops that build one).
func (p *parser) restoreDepth(depth int) { p.depth = depth }

// guarded runs parse, which parses one statement or item. If that nests too deep, the parser
// is put back at the construct's first token, the construct is skipped whole, and guarded
// returns false; the error is already reported.
func (p *parser) guarded(parse func()) (ok bool) {
	i, tok, depth, noStruct := p.i, p.tok, p.depth, p.noStruct
	defer func() {
		if r := recover(); r != nil {
			if _, deep := r.(tooDeep); !deep {
				panic(r)
			}
			p.i, p.tok, p.depth, p.noStruct = i, tok, depth, noStruct
			p.skipConstruct()
			ok = false
		}
	}()
	parse()
	return true
}

// skipConstruct skips a statement or item from its first token.
func (p *parser) skipConstruct() { p.skipToEnd(false) }

// skipToEnd skips to the end of a statement or item: through a ';' at bracket depth 0, or
// through the '}' that brings the depth back to 0 (and an else, a method call or a ';' that
// continues it), or up to a closing bracket at depth 0, which belongs to the caller. With
// atItem it also stops before a token at depth 0 that starts an item.
func (p *parser) skipToEnd(atItem bool) {
	depth := 0
	for !p.at(token.EOF) {
		switch p.tok.Kind {
		case token.LBRACE, token.LPAREN, token.LBRACK:
			depth++
		case token.RBRACE, token.RPAREN, token.RBRACK:
			if depth == 0 {
				return
			}
			depth--
			if depth == 0 && p.at(token.RBRACE) {
				p.next()
				switch p.tok.Kind {
				case token.ELSE, token.DOT, token.QUESTION, token.SEMI:
					continue
				}
				return
			}
		case token.SEMI:
			if depth == 0 {
				p.next()
				return
			}
		default:
			if atItem && depth == 0 && p.atItemStart() && p.tok.Kind != token.UNSAFE && p.tok.Kind != token.CONST {
				return
			}
		}
		p.next()
	}
}

// prevEnd is the position after the last consumed token.
func (p *parser) prevEnd() token.Pos {
	// A split token's consumed part ends where the rest begins.
	if p.tok.Pos != p.toks[p.i].Pos {
		return p.tok.Pos
	}
	for j := p.i - 1; j >= 0; j-- {
		if !p.toks[j].Kind.IsDoc() {
			return p.toks[j].End()
		}
	}
	return p.tok.Pos
}

func (p *parser) ident() *ast.Ident {
	pos := p.tok.Pos
	if p.tok.Kind == token.IDENT {
		name := p.tok.Lit
		p.next()
		return &ast.Ident{NamePos: pos, Name: name}
	}
	p.errorExpected("identifier")
	return &ast.Ident{NamePos: pos, Name: "_"}
}

// skipTo advances to one of the kinds (at bracket depth 0) or EOF; it
// stops before an unbalanced closing bracket, which belongs to a caller.
func (p *parser) skipTo(kinds ...token.Kind) {
	depth := 0
	for p.tok.Kind != token.EOF {
		if depth == 0 {
			for _, k := range kinds {
				if p.tok.Kind == k {
					return
				}
			}
		}
		switch p.tok.Kind {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			if depth == 0 {
				return
			}
			depth--
		}
		p.next()
	}
}

// skipBad consumes the token that could not start a type, pattern or
// expression, unless it is one that a caller uses to resynchronise
// (delimiters, separators, "=" and "=>"), so errors neither loop nor
// swallow the structure around them.
func (p *parser) skipBad() {
	switch p.tok.Kind {
	case token.EOF, token.LPAREN, token.RPAREN, token.LBRACK, token.RBRACK, token.LBRACE, token.RBRACE,
		token.SEMI, token.COMMA, token.EQ, token.FATARROW, token.GT, token.SHR, token.POUND:
		return
	}
	if p.atItemStart() || p.at(token.LET) {
		return
	}
	p.next()
}

// atBoundary reports whether the last consumed token ended a statement
// or item (";" or "}"), so that error recovery need not skip anything.
func (p *parser) atBoundary() bool {
	if p.tok.Pos != p.toks[p.i].Pos {
		return false // inside a split token
	}
	for j := p.i - 1; j >= 0; j-- {
		if k := p.toks[j].Kind; !k.IsDoc() {
			return k == token.SEMI || k == token.RBRACE
		}
	}
	return true
}
