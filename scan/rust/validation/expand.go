package validation

import (
	"bytes"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/macros"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// expansion is a macro invocation expanded: the statements of its expansion, read as a block
// (an expression macro's block has the expression as its value).
type expansion struct {
	expr  ast.Expr
	stmts []ast.Stmt
}

// macroTable holds the crate's macro_rules!, and the invocations expanded so far.
type macroTable struct {
	fset  *token.FileSet
	rules map[string]*macros.Rules
	done  map[*ast.MacroCall]*expansion
	depth int
}

// newMacroTable compiles every macro_rules! of the crate, at any depth (in modules and
// function bodies), and those an item-position invocation of one of them defines (a macro
// that declares checking macros).
func newMacroTable(prog *model.Program) *macroTable {
	t := &macroTable{fset: prog.Fset, rules: map[string]*macros.Rules{}, done: map[*ast.MacroCall]*expansion{}}
	// Only files whose text defines a macro are walked for definitions; the item-position
	// invocations (which may define more) matter only when the crate has macros at all.
	for _, f := range prog.Files {
		if f.AST == nil || f.Src != nil && !bytes.Contains(f.Src, []byte("macro_rules")) {
			continue
		}
		ast.Inspect(f.AST, func(n ast.Node) bool {
			if x, ok := n.(*ast.MacroRulesItem); ok {
				if r := macros.Compile(x.Name.Name, x.Body.Tokens); r != nil {
					t.rules[x.Name.Name] = r
				}
			}
			return true
		})
	}
	if len(t.rules) == 0 {
		return t
	}
	var calls []*ast.MacroCall
	for _, f := range prog.Files {
		if f.AST == nil {
			continue
		}
		ast.Inspect(f.AST, func(n ast.Node) bool {
			if x, ok := n.(*ast.MacroItem); ok {
				calls = append(calls, x.Mac)
			}
			return true
		})
	}
	for round := 0; round < 2; round++ {
		for _, c := range calls {
			r := t.rules[c.Name()]
			if r == nil {
				continue
			}
			if toks, ok := r.Expand(c.Tokens.Tokens); ok {
				t.defineFrom(toks)
			}
		}
	}
	return t
}

// defineFrom compiles the macro_rules! definitions among expanded tokens.
func (t *macroTable) defineFrom(toks []token.Token) {
	for i := 0; i+3 < len(toks); i++ {
		if toks[i].Lit != "macro_rules" || toks[i+1].Kind != token.NOT || toks[i+2].Kind != token.IDENT {
			continue
		}
		open := i + 3
		if toks[open].Kind != token.LBRACE && toks[open].Kind != token.LPAREN {
			continue
		}
		depth, end := 0, -1
		for j := open; j < len(toks) && end < 0; j++ {
			switch toks[j].Kind {
			case token.LPAREN, token.LBRACK, token.LBRACE:
				depth++
			case token.RPAREN, token.RBRACK, token.RBRACE:
				depth--
				if depth == 0 {
					end = j
				}
			}
		}
		if end < 0 {
			return
		}
		if _, exists := t.rules[toks[i+2].Lit]; !exists {
			if r := macros.Compile(toks[i+2].Lit, toks[open+1:end]); r != nil {
				t.rules[toks[i+2].Lit] = r
			}
		}
		i = end
	}
}

// expand expands an invocation of one of the crate's macros, or returns nil (not the crate's,
// no rule matches, or the expansion does not parse).
func (m *Model) expand(call *ast.MacroCall, file *model.File) *expansion {
	t := m.macros
	if e, ok := t.done[call]; ok {
		return e
	}
	t.done[call] = nil
	name := call.Name()
	if len(call.Path.Segments) > 1 {
		if first := call.Path.Segments[0].Name.Name; first != "crate" && first != "self" && first != "super" {
			return nil
		}
	}
	r := t.rules[name]
	if r == nil || call.Tokens == nil || t.depth > 8 {
		return nil
	}
	toks, ok := r.Expand(call.Tokens.Tokens)
	if !ok {
		return nil
	}
	// Read the expansion as a block: statements, or an expression as its value.
	open, close := call.Pos(), call.End()
	if len(toks) > 0 {
		open, close = toks[0].Pos, toks[len(toks)-1].End()
	}
	block := make([]token.Token, 0, len(toks)+2)
	block = append(block, token.Token{Kind: token.LBRACE, Pos: open, Lit: "{"})
	block = append(block, toks...)
	block = append(block, token.Token{Kind: token.RBRACE, Pos: close, Lit: "}"})
	x, err := parser.ParseTokens(t.fset, block)
	if err != nil {
		return nil
	}
	b, ok := x.(*ast.BlockExpr)
	if !ok {
		return nil
	}
	e := &expansion{stmts: b.Stmts}
	t.done[call] = e
	return e
}
