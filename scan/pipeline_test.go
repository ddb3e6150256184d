package scan

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// Run stays the pipeline's outline (issue 32): its stages are functions and types of their
// own, and a language is a front end behind the language interface, not code in Run.
func TestRunIsAShortPipeline(t *testing.T) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "scan.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == "Run" {
			n := fset.Position(fn.End()).Line - fset.Position(fn.Pos()).Line + 1
			if n >= 80 {
				t.Errorf("scan.Run is %d lines; keep it the pipeline's outline (under 80)", n)
			}
			return
		}
	}
	t.Fatal("scan.go has no func Run")
}
