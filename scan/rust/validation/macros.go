package validation

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// eqMacros compare their first two arguments for equality, neMacros for difference.
var eqMacros = map[string]bool{
	"require_eq": true, "require_keys_eq": true, "assert_eq": true, "debug_assert_eq": true, "assert_keys_eq": true,
}

var neMacros = map[string]bool{
	"require_neq": true, "require_keys_neq": true, "assert_ne": true, "debug_assert_ne": true,
}

// condMacros test their arguments.
func condMacro(name string) bool {
	return strings.HasPrefix(name, "require") || strings.HasPrefix(name, "assert") || strings.HasPrefix(name, "debug_assert") ||
		strings.HasPrefix(name, "check") || strings.HasPrefix(name, "ensure")
}

// macro evaluates a macro invocation: the checking macros of Anchor and the standard
// library, the crate's own macro_rules (expanded), and the arguments of the others.
func (w *walker) macro(m *ast.MacroCall) *Value {
	name := m.Name()
	if exp := w.m.expand(m, w.file); exp != nil {
		w.m.macros.depth++
		defer func() { w.m.macros.depth-- }()
		return w.expanded(exp)
	}
	if arrayRefMacros[name] {
		return w.arrayRefs(name, m)
	}
	cond := condMacro(name)
	if cond {
		w.cond++
	}
	args := make([]*Value, len(m.Args))
	for i, a := range m.Args {
		args[i] = w.expr(a)
	}
	if cond {
		w.cond--
	}
	switch {
	case eqMacros[name] && len(args) >= 2:
		w.relate(args[0], args[1], true, m, name+"!")
	case neMacros[name] && len(args) >= 2:
		w.relate(args[0], args[1], false, m, name+"!")
	case name == "pubkey" || name == "declare_id":
		return &Value{Kind: Const, Path: "pubkey!", Node: m}
	case name == "vec" && len(args) > 0:
		s := &Value{Kind: Struct, Type: "[]", Fields: map[string]*Value{}, Node: m}
		for i, a := range args {
			s.Fields[itoa(i)] = a
		}
		return s
	}
	return unknown
}

// arrayRefMacros are the arrayref crate's: array_ref![list, offset, len] is the part of the
// list from offset, array_refs![list, n1, n2, ...] a tuple of its consecutive parts.
var arrayRefMacros = map[string]bool{"array_ref": true, "array_mut_ref": true, "array_refs": true, "mut_array_refs": true}

func (w *walker) arrayRefs(name string, m *ast.MacroCall) *Value {
	// The sizes are separated by commas or, around a rest (..), semicolons.
	parts := splitTopLevel(m.Tokens.Tokens, token.SEMI)
	if len(parts) < 2 {
		return unknown
	}
	x, err := parser.ParseTokens(w.m.prog.Fset, parts[0])
	if err != nil {
		return unknown
	}
	list := w.expr(x)
	if list.Kind != AccountList {
		return unknown
	}
	size := func(toks []token.Token) (int, bool) {
		if len(toks) != 1 || toks[0].Kind != token.INT {
			return 0, false
		}
		return intLit(&ast.LitExpr{Kind: token.INT, Value: toks[0].Lit})
	}
	if name == "array_ref" || name == "array_mut_ref" {
		off, known := size(parts[1])
		return subList(list, off, known)
	}
	t := &Value{Kind: Struct, Fields: map[string]*Value{}, Node: m}
	off, known := 0, true
	for i, p := range parts[1:] {
		t.Fields[itoa(i)] = subList(list, off, known)
		n, ok := size(p)
		off, known = off+n, known && ok
	}
	return t
}

// expanded walks the expansion of one of the crate's macros: statements, or an expression.
func (w *walker) expanded(exp *expansion) *Value {
	if exp.expr != nil {
		return w.expr(exp.expr)
	}
	v := unknown
	for _, st := range exp.stmts {
		v = w.stmt(st)
	}
	return v
}

func itoa(i int) string {
	const digits = "0123456789"
	if i < 10 {
		return digits[i : i+1]
	}
	return itoa(i/10) + digits[i%10:i%10+1]
}
