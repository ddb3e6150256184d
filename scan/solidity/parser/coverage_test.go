package parser

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/scanner"
	"github.com/vigil-sec/vigil/scan/solidity/token"
	"github.com/vigil-sec/vigil/scan/source/sourcetest"
)

// unreported returns the offsets of the tokens of src that no node of the tree covers and no
// diagnostic accounts for (see sourcetest.Unreported). Comments and ';' are not code.
func unreported(fset *token.FileSet, f *ast.File, src []byte, errs ErrorList) []int {
	file := fset.File(f.Pos())
	var spans []sourcetest.Span
	ast.Inspect(f, func(n ast.Node) bool {
		if _, isFile := n.(*ast.File); n != nil && !isFile && n.Pos().IsValid() {
			spans = append(spans, sourcetest.Span{From: file.Offset(n.Pos()), To: file.Offset(n.End())})
		}
		return n != nil
	})
	var s scanner.Scanner
	lines := token.NewFileSet().AddFile("x", len(src))
	s.Init(lines, src, nil, 0)
	var toks []sourcetest.Token
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			return sourcetest.Unreported(len(src), spans, toks, errs)
		}
		if tok != token.SEMI {
			toks = append(toks, sourcetest.Token{Offset: lines.Offset(pos), Line: lines.Line(pos)})
		}
	}
}

// TestUnreported checks the checker: a declaration taken out of the tree is dropped code.
func TestUnreported(t *testing.T) {
	src := []byte("contract A {}\n// note\ncontract B { function f() public {} }\n;")
	fset := token.NewFileSet()
	f, errs := ParseFile(fset, "u.sol", src)
	if u := unreported(fset, f, src, errs); len(errs) > 0 || len(u) > 0 {
		t.Fatalf("whole file: errors %v, unreported %v", errs, u)
	}
	f.Decls = f.Decls[:1]
	if u := unreported(fset, f, src, errs); len(u) == 0 || u[0] != 22 {
		t.Errorf("contract B dropped: unreported %v, want it to start at offset 22", u)
	}
}
