package parser

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/scanner"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// MaxFileSize bounds the source ParseFile reads from a file or reader.
// Real Rust files are far smaller; a larger one is refused with an error
// rather than exhausting memory.
const MaxFileSize = 16 << 20

// ParseFile parses one Rust source file. If src is nil the file is read
// from filename; otherwise src may be a string, []byte or io.Reader.
//
// The returned file is never nil when the source could be read: on syntax
// errors it holds every item that could be recovered, and the error is a
// scanner.ErrorList sorted by position.
func ParseFile(fset *token.FileSet, filename string, src any, mode Mode) (f *ast.File, err error) {
	if fset == nil {
		return nil, errors.New("parser.ParseFile: no token.FileSet")
	}
	text, err := readSource(filename, src)
	if err != nil {
		return nil, err
	}
	return ParseSource(fset.AddFile(filename, len(text)), text, mode)
}

// ParseSource parses src as the contents of file, already added to its FileSet with
// len(src) as its size. Adding files is the one step that must be serial (positions are
// handed out in order); ParseSource itself may run on several files at once.
func ParseSource(file *token.File, src []byte, mode Mode) (f *ast.File, err error) {
	if file.Size() != len(src) {
		return nil, fmt.Errorf("%s: source has %d bytes, file was added with %d", file.Name(), len(src), file.Size())
	}
	text := src
	var p parser
	var errs scanner.ErrorList
	toks := scanner.Tokenize(file, text, errs.Add, 0)
	p.errors = errs
	p.init(file, toks, mode)
	f = &ast.File{Name: file.Name(), Start: file.Pos(0), Stop: file.Pos(len(text))}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
		if p.dropped > 0 {
			p.errors.Add(p.errors[len(p.errors)-1].Pos, fmt.Sprintf("%d more errors in this file not listed", p.dropped))
		}
		p.errors.Sort()
		err = p.errors.Err()
	}()
	f.Attrs = p.innerAttrs()
	for !p.at(token.EOF) {
		before := p.tok.Pos
		f.Items = append(f.Items, p.items()...)
		if p.at(token.RBRACE) {
			p.error(p.tok.Pos, "unexpected closing brace")
			p.next()
		}
		if p.tok.Pos == before && !p.at(token.EOF) {
			p.next()
		}
	}
	return f, nil
}

func readSource(filename string, src any) ([]byte, error) {
	switch s := src.(type) {
	case nil:
		fh, err := os.Open(filename)
		if err != nil {
			return nil, err
		}
		defer fh.Close()
		return readLimited(filename, fh)
	case string:
		return []byte(s), nil
	case []byte:
		return s, nil
	case io.Reader:
		return readLimited(filename, s)
	}
	return nil, fmt.Errorf("parser: invalid source type %T for %s", src, filename)
}

func readLimited(filename string, r io.Reader) ([]byte, error) {
	b, err := io.ReadAll(io.LimitReader(r, MaxFileSize+1))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", filename, err)
	}
	if len(b) > MaxFileSize {
		return nil, fmt.Errorf("%s: file larger than %d bytes", filename, MaxFileSize)
	}
	return b, nil
}

// ParseExpr parses a single expression from src, for tests and tools.
func ParseExpr(fset *token.FileSet, filename string, src string) (x ast.Expr, err error) {
	file := fset.AddFile(filename, len(src))
	var p parser
	var errs scanner.ErrorList
	toks := scanner.Tokenize(file, []byte(src), errs.Add, 0)
	p.errors = errs
	p.init(file, toks, 0)
	return p.exprFrom()
}

// ParseTokens parses an expression from tokens taken from an already
// scanned file, such as part of an attribute's token tree. fset must be
// the set the tokens' positions belong to.
func ParseTokens(fset *token.FileSet, toks []token.Token) (ast.Expr, error) {
	if len(toks) == 0 {
		return nil, errors.New("empty expression")
	}
	file := fset.File(toks[0].Pos)
	if file == nil {
		return nil, errors.New("parser.ParseTokens: tokens do not belong to the file set")
	}
	last := toks[len(toks)-1]
	all := make([]token.Token, len(toks)+1)
	copy(all, toks)
	all[len(toks)] = token.Token{Kind: token.EOF, Pos: last.End()}
	var p parser
	p.init(file, all, 0)
	return p.exprFrom()
}

func (p *parser) exprFrom() (x ast.Expr, err error) {
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
		if x == nil {
			x = &ast.BadExpr{From: p.tok.Pos, To: p.tok.Pos}
		}
		p.errors.Sort()
		err = p.errors.Err()
	}()
	x = p.expr()
	if !p.at(token.EOF) {
		p.errorExpected("end of expression")
	}
	return x, nil
}

// ParseMeta parses the tokens of an attribute's argument list (the
// Tokens of Attribute.Args) as comma-separated meta items. Items that fail
// to parse are reported in the error and skipped; the rest are returned.
func ParseMeta(fset *token.FileSet, toks []token.Token) (items []*ast.MetaItem, err error) {
	if len(toks) == 0 {
		return nil, nil
	}
	file := fset.File(toks[0].Pos)
	if file == nil {
		return nil, errors.New("parser.ParseMeta: tokens do not belong to the file set")
	}
	last := toks[len(toks)-1]
	all := make([]token.Token, len(toks)+1)
	copy(all, toks)
	all[len(toks)] = token.Token{Kind: token.EOF, Pos: last.End()}
	var p parser
	p.init(file, all, AllErrors)
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(bailout); !ok {
				panic(r)
			}
		}
		p.errors.Sort()
		err = p.errors.Err()
	}()
	items = p.metaList(token.EOF)
	return items, nil
}

func (p *parser) metaList(close token.Kind) []*ast.MetaItem {
	p.enter()
	defer p.leave()
	var items []*ast.MetaItem
	for !p.at(close) && !p.at(token.EOF) {
		before, errs := p.tok.Pos, len(p.errors)
		it := p.metaItem()
		if len(p.errors) == errs {
			items = append(items, it)
		} else {
			p.skipTo(token.COMMA, close)
		}
		if !p.eat(token.COMMA) {
			if !p.at(close) && !p.at(token.EOF) {
				p.errorExpected("',' in attribute arguments")
				p.skipTo(token.COMMA, close)
				p.eat(token.COMMA)
			}
		}
		if p.tok.Pos == before {
			p.next()
		}
	}
	return items
}

func (p *parser) metaItem() *ast.MetaItem {
	it := &ast.MetaItem{From: p.tok.Pos}
	if isLitStart(p.tok.Kind) || p.at(token.MINUS) {
		it.Value = p.unaryExpr()
		it.To = p.prevEnd()
		return it
	}
	it.Path = p.modPath()
	switch {
	case p.at(token.LPAREN):
		p.next()
		it.HasList = true
		it.List = p.metaList(token.RPAREN)
		p.expect(token.RPAREN)
	case p.at(token.EQ):
		p.next()
		it.Value = p.expr()
	}
	if p.eat(token.AT) {
		it.Error = p.expr()
	}
	it.To = p.prevEnd()
	return it
}
