package parser

import (
	"fmt"
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/scanner"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Limits that keep hostile input from costing more than it should. Neither stops the parse:
// a construct past the nesting limit is reported and skipped (it becomes a Bad node), and
// errors past maxErrors are counted but not listed, so that the code after them is still
// parsed and analysed.
const (
	// maxNesting bounds the depth of the tree: nested blocks, statements, expressions and
	// types, and also the length of chains built in a loop (a + b + c, a.b.c, f()(), T[][]),
	// which make trees as deep as they are long.
	maxNesting = 1000
	maxErrors  = 100 // diagnostics listed per file
)

// ParseFile parses one Solidity source file and returns its tree and syntax errors. The tree is
// never nil: after errors it holds what could be parsed, with Bad* nodes where it could not.
// The file is added to fset.
func ParseFile(fset *token.FileSet, filename string, src []byte) (*ast.File, ErrorList) {
	return ParseFileAt(fset.AddFile(filename, len(src)), src)
}

// ParseFileAt is ParseFile for a file already added to its file set (with the size of src):
// files added first, in a fixed order, get the same positions however many are then parsed
// at once, each in its own goroutine.
func ParseFileAt(file *token.File, src []byte) (*ast.File, ErrorList) {
	var p parser
	p.init(file, src)
	filename := file.Name()
	f := &ast.File{Name: filename, FileBase: p.file.Pos(0), FileEnd: p.file.Pos(len(src))}
	p.parseSourceUnit(f)
	f.Comments = p.comments
	p.finishErrors()
	return f, p.errors
}

// finishErrors notes the errors that were not listed and sorts the list.
func (p *parser) finishErrors() {
	if p.dropped > 0 {
		p.errors.Add(p.errors[len(p.errors)-1].Pos, fmt.Sprintf("%d more syntax errors in this file not listed", p.dropped))
	}
	p.errors.Sort()
}

type parser struct {
	file    *token.File
	scanner scanner.Scanner
	errors  ErrorList

	// The current token.
	pos token.Pos
	tok token.Token
	lit string

	prevEnd token.Pos // end of the previous token

	comments    []*ast.CommentGroup
	leadComment *ast.CommentGroup // doc comment of the current token, if any

	depth   int
	dropped int // errors past maxErrors, counted but not listed
	inYul   int // > 0 inside inline assembly

	// exprs, stmts and params hold the call arguments, statements and parameters of the lists
	// being parsed, a nested list's above its parent's (see collect).
	exprs  []ast.Expr
	stmts  []ast.Stmt
	params []*ast.VarDecl

	// spare is room for the next nodes of the most numerous kinds (see place).
	spare struct {
		idents     chunks[ast.Ident]
		comments   chunks[ast.Comment]
		elementary chunks[ast.ElementaryType]
		paramLists chunks[ast.ParamList]
		varDecls   chunks[ast.VarDecl]
		exprStmts  chunks[ast.ExprStmt]
		binaries   chunks[ast.BinaryExpr]
		members    chunks[ast.MemberExpr]
		calls      chunks[ast.CallExpr]
	}
}

// chunks is room for the next nodes of one kind, made a chunk at a time: a chunk is never
// grown, so the nodes handed out stay where they are. Chunks double from 2 to 16 nodes, so
// that a small file does not keep much unused room and a large one makes few chunks.
type chunks[T any] struct {
	spare []T
	size  int // of the last chunk made
}

// collect returns the list pushed on *stack from start, copied out at its length (nil when
// empty), and pops it: one allocation per list instead of one per doubling of its own slice.
func collect[T any](stack *[]T, start int) []T {
	if len(*stack) == start {
		return nil
	}
	list := slices.Clone((*stack)[start:])
	clear((*stack)[start:]) // the scratch space keeps no node alive
	*stack = (*stack)[:start]
	return list
}

// place returns a pointer to a copy of node in the next slot of c: the most numerous nodes of
// a file are made a chunk at a time instead of one allocation each.
func place[T any](c *chunks[T], node T) *T {
	if len(c.spare) == 0 {
		c.size = min(max(2, 2*c.size), 16)
		c.spare = make([]T, c.size)
	}
	v := &c.spare[0]
	c.spare = c.spare[1:]
	*v = node
	return v
}

func (p *parser) init(file *token.File, src []byte) {
	p.file = file
	p.scanner.Init(p.file, src, func(pos token.Position, msg string) { p.addError(pos, msg) }, scanner.ScanComments)
	p.next()
}

func (p *parser) addError(pos token.Position, msg string) {
	// One error per line: later ones on the same line are nearly always consequences.
	if n := len(p.errors); n > 0 && p.errors[n-1].Pos.Line == pos.Line && p.errors[n-1].Pos.Filename == pos.Filename {
		return
	}
	if len(p.errors) >= maxErrors {
		p.dropped++
		return
	}
	p.errors.Add(pos, msg)
}

func (p *parser) error(pos token.Pos, msg string) {
	p.addError(p.file.Position(pos), msg)
}

// tokDesc describes the current token for error messages.
func (p *parser) tokDesc() string {
	switch {
	case p.tok == token.EOF:
		return "end of file"
	case p.tok.IsLiteral() || p.tok == token.ILLEGAL:
		lit := p.lit
		if len(lit) > 40 {
			lit = lit[:40] + "..."
		}
		if p.tok == token.IDENT {
			return "identifier " + lit
		}
		return lit
	}
	return "'" + p.tok.String() + "'"
}

func (p *parser) errorExpected(what string) {
	p.error(p.pos, fmt.Sprintf("expected %s, found %s", what, p.tokDesc()))
}

// next advances to the next non-comment token, grouping the comments it passes and noting the
// group that documents the new token.
func (p *parser) next() {
	if p.tok != token.ILLEGAL || p.pos.IsValid() {
		p.prevEnd = p.pos + token.Pos(p.tokLen())
	}
	p.leadComment = nil
	p.pos, p.tok, p.lit = p.scanner.Scan()
	if p.tok != token.COMMENT {
		return
	}
	prevLine := 0
	if p.prevEnd.IsValid() {
		prevLine = p.file.Line(p.prevEnd - 1)
	}
	var group *ast.CommentGroup
	groupEnd := 0
	for p.tok == token.COMMENT {
		startLine := p.file.Line(p.pos)
		c := place(&p.spare.comments, ast.Comment{Slash: p.pos, Text: p.lit})
		endLine := startLine
		if strings.HasPrefix(p.lit, "/*") {
			endLine = p.file.Line(c.End() - 1)
		}
		if group == nil || startLine > groupEnd+1 {
			group = &ast.CommentGroup{}
			p.comments = append(p.comments, group)
		}
		group.List = append(group.List, c)
		groupEnd = endLine
		p.pos, p.tok, p.lit = p.scanner.Scan()
	}
	// A group that ends on the line before the token (or on its line) and does not trail the
	// previous token documents the token.
	tokLine := p.file.Line(p.pos)
	if groupEnd >= tokLine-1 && p.file.Line(group.Pos()) > prevLine {
		p.leadComment = group
	}
}

func (p *parser) tokLen() int {
	if p.lit != "" {
		return len(p.lit)
	}
	if p.tok == token.EOF {
		return 0
	}
	return len(p.tok.String())
}

// got consumes the current token if it is tok.
func (p *parser) got(tok token.Token) bool {
	if p.tok == tok {
		p.next()
		return true
	}
	return false
}

// expect consumes tok and returns its position. On a mismatch it reports an error and does not
// advance: the caller's loop or the recovery decides how to go on.
func (p *parser) expect(tok token.Token) token.Pos {
	pos := p.pos
	if p.tok != tok {
		p.errorExpected("'" + tok.String() + "'")
		return pos
	}
	p.next()
	return pos
}

// expectSemi expects ';'. When it is missing it reports the error at the end of the previous
// token, where the user must type it.
func (p *parser) expectSemi() token.Pos {
	if p.tok == token.SEMI {
		pos := p.pos
		p.next()
		return pos
	}
	p.error(p.prevEnd, fmt.Sprintf("expected ';', found %s", p.tokDesc()))
	return p.prevEnd
}

// isWord reports whether the current token is the identifier word (contextual keywords).
func (p *parser) isWord(word string) bool { return p.tok == token.IDENT && p.lit == word }

// peek returns the token after the current one without consuming anything.
func (p *parser) peek() (token.Token, string) {
	s := p.scanner
	s.Silence()
	for {
		_, tok, lit := s.Scan()
		if tok != token.COMMENT {
			return tok, lit
		}
	}
}

// peek2 returns the two tokens after the current one.
func (p *parser) peek2() (t1 token.Token, t2 token.Token) {
	s := p.scanner
	s.Silence()
	var toks [2]token.Token
	for i := 0; i < 2; {
		_, tok, _ := s.Scan()
		if tok == token.COMMENT {
			continue
		}
		toks[i] = tok
		i++
	}
	return toks[0], toks[1]
}

// enter counts one more level of nesting and reports whether it is within maxNesting. Past it,
// the caller skips the construct with skipTooDeep and returns a Bad node; leave must be called
// either way.
func (p *parser) enter() bool {
	p.depth++
	return p.depth <= maxNesting
}

func (p *parser) leave() { p.depth-- }

// restoreDepth resets the nesting count after a chain (deferred by the loops that build one).
func (p *parser) restoreDepth(depth int) { p.depth = depth }

// skipTooDeep reports the construct at the current token as nested too deeply and skips it: a
// bracketed group whole, or else everything up to the end of the enclosing statement (a ';' or
// a closing bracket, left for the caller). It returns the range skipped. Only this construct is
// lost: the statement or expression around it, and the rest of the file, are still parsed.
func (p *parser) skipTooDeep() (from, to token.Pos) {
	from = p.pos
	p.tooDeep()
	p.skipConstruct()
	return from, p.prevEnd
}

func (p *parser) tooDeep() {
	p.error(p.pos, fmt.Sprintf("nesting too deep (more than %d levels): construct skipped", maxNesting))
}

// skipStmt skips one statement: up to and including its ';', or to the end of its last brace
// group (an if's else branch, a try's catch clauses and a do's while condition included). A
// closing bracket at depth 0 belongs to the enclosing block and stops it.
func (p *parser) skipStmt() {
	for p.tok != token.EOF {
		switch p.tok {
		case token.SEMI:
			p.next()
			return
		case token.RPAREN, token.RBRACK, token.RBRACE:
			return
		case token.LBRACE:
			p.skipConstruct()
			if p.tok != token.ELSE && p.tok != token.CATCH && p.tok != token.WHILE {
				return
			}
		case token.LPAREN, token.LBRACK:
			p.skipConstruct()
		default:
			p.next()
		}
	}
}

// skipConstruct skips a bracketed group whole (with its closer), or else the tokens up to a ';'
// or a closing bracket at depth 0 (not consumed).
func (p *parser) skipConstruct() {
	switch p.tok {
	case token.LPAREN, token.LBRACK, token.LBRACE:
		p.next()
		p.skipBalanced()
		if p.closer() {
			p.next()
		}
	default:
		p.skipBalanced(token.SEMI)
	}
}

// tooLong reports a chain (a + b + ..., a.b.c..., f()()...) whose tree would be deeper than
// maxNesting, skips the rest of the expression, and returns the whole expression as a BadExpr.
func (p *parser) tooLong(x ast.Expr) ast.Expr {
	from := x.Pos()
	if !from.IsValid() {
		from = p.pos
	}
	p.error(from, fmt.Sprintf("expression chain longer than %d operations: expression skipped", maxNesting))
	p.skipBalanced(token.SEMI)
	return &ast.BadExpr{From: from, To: p.prevEnd}
}

// skipBalanced skips tokens until one of stop is the current token at bracket depth 0, or EOF.
// Brackets opened while skipping are skipped whole; a closing bracket at depth 0 stops too, so
// that recovery never eats the end of an enclosing block. So does the start of a declaration,
// at any depth: after a syntax error the brackets may not balance, and skipping must never eat
// the functions that follow.
func (p *parser) skipBalanced(stop ...token.Token) {
	depth := 0
	for p.tok != token.EOF {
		if p.atDeclStart() {
			return
		}
		if depth == 0 {
			for _, t := range stop {
				if p.tok == t {
					return
				}
			}
		}
		switch p.tok {
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

// closer reports whether the current token is a closing bracket.
func (p *parser) closer() bool {
	return p.tok == token.RPAREN || p.tok == token.RBRACK || p.tok == token.RBRACE
}

// atDeclStart reports whether the current token can only start a declaration of a contract or
// file member, never appear inside a statement: recovery stops there whatever the brackets say.
// In inline assembly `function name(` declares a Yul function and does not count.
func (p *parser) atDeclStart() bool {
	switch p.tok {
	case token.MODIFIER, token.EVENT, token.CONSTRUCTOR, token.CONTRACT, token.INTERFACE, token.LIBRARY,
		token.PRAGMA, token.IMPORT, token.STRUCT, token.ENUM, token.USING, token.ABSTRACT:
		return true
	case token.FUNCTION:
		return p.inYul == 0 && p.peekIs(token.IDENT)
	}
	return false
}

func (p *parser) ident() *ast.Ident {
	pos, name := p.pos, "_"
	if p.tok == token.IDENT {
		name = p.lit
		p.next()
	} else {
		p.errorExpected("identifier")
	}
	return place(&p.spare.idents, ast.Ident{NamePos: pos, Name: name})
}

// identPath parses A.B.C.
func (p *parser) identPath() *ast.IdentPath {
	path := &ast.IdentPath{Names: []*ast.Ident{p.ident()}}
	for p.tok == token.PERIOD {
		p.next()
		path.Names = append(path.Names, p.ident())
	}
	return path
}
