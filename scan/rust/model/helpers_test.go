package model

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

func parserParse(fset *token.FileSet, src string) (*ast.File, error) {
	return parser.ParseFile(fset, "inline.rs", src, 0)
}
