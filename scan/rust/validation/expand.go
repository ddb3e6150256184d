package validation

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// expansion is a macro invocation expanded: an expression, or statements.
type expansion struct {
	expr  ast.Expr
	stmts []ast.Stmt
}

// macroTable holds the crate's macro_rules.
type macroTable struct{}

func newMacroTable(prog *model.Program) *macroTable { return &macroTable{} }

// expand expands an invocation of one of the crate's macros, or returns nil.
func (m *Model) expand(call *ast.MacroCall, file *model.File) *expansion { return nil }
