package parser

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/scanner"
	"github.com/vigil-sec/vigil/scan/rust/token"
	"github.com/vigil-sec/vigil/scan/source/sourcetest"
)

// unreported returns the offsets of the tokens of src that no node of the tree covers and no
// diagnostic accounts for (see sourcetest.Unreported). Doc comments and ';' are not code.
func unreported(fset *token.FileSet, f *ast.File, src []byte, errs scanner.ErrorList) []int {
	file := fset.File(f.Pos())
	var spans []sourcetest.Span
	ast.Inspect(f, func(n ast.Node) bool {
		if _, isFile := n.(*ast.File); n != nil && !isFile && n.Pos().IsValid() {
			spans = append(spans, sourcetest.Span{From: file.Offset(n.Pos()), To: file.Offset(n.End())})
		}
		return n != nil
	})
	lines := token.NewFileSet().AddFile("x", len(src))
	var toks []sourcetest.Token
	for _, tk := range scanner.Tokenize(lines, src, nil, 0) {
		if tk.Kind != token.EOF && tk.Kind != token.SEMI && !tk.Kind.IsDoc() {
			toks = append(toks, sourcetest.Token{Offset: lines.Offset(tk.Pos), Line: lines.Line(tk.Pos)})
		}
	}
	return sourcetest.Unreported(len(src), spans, toks, errs)
}
