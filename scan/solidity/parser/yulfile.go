package parser

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// ParseYul parses a stand-alone Yul source: a block, or an object with its code, sub-objects
// and data sections. It returns the code blocks found, in order.
func ParseYul(fset *token.FileSet, filename string, src []byte) ([]*ast.YulBlock, ErrorList) {
	var p parser
	p.init(fset.AddFile(filename, len(src)), src)
	var blocks []*ast.YulBlock
	p.inYul++
	if p.tok == token.LBRACE {
		blocks = append(blocks, p.parseYulBlock())
	} else {
		blocks = p.parseYulObject(blocks)
	}
	if p.tok != token.EOF {
		p.errorExpected("end of file")
	}
	p.finishErrors()
	return blocks, p.errors
}

// parseYulObject parses object "name" { code { ... } object ... data "name" hex"..." }.
func (p *parser) parseYulObject(blocks []*ast.YulBlock) []*ast.YulBlock {
	if !p.isWord("object") {
		p.errorExpected("'{' or 'object'")
		return blocks
	}
	p.next()
	p.stringLit()
	p.expect(token.LBRACE)
	if p.isWord("code") {
		p.next()
		blocks = append(blocks, p.parseYulBlock())
	} else {
		p.errorExpected("'code'")
	}
	for p.tok != token.RBRACE && p.tok != token.EOF {
		start := p.pos
		switch {
		case p.isWord("object"):
			blocks = p.parseYulObject(blocks)
		case p.isWord("data"):
			p.next()
			p.stringLit()
			if p.tok == token.STRING || p.tok == token.HEXSTRING {
				p.next()
			} else {
				p.errorExpected("data literal")
			}
		default:
			p.errorExpected("'object' or 'data'")
		}
		if p.pos == start {
			p.next()
		}
	}
	p.expect(token.RBRACE)
	return blocks
}
