package model

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Comparison is an equality test between two expressions, written as an
// operator (a == b, a != b) or a checking macro (require_keys_eq!(a, b),
// assert_eq!, require_neq!, ...).
type Comparison struct {
	Node  ast.Node // *ast.BinaryExpr or *ast.MacroCall
	Equal bool     // == and *_eq!; false for != and *_neq!/*_ne!
	X, Y  ast.Expr
	// XPath and YPath are ExprPath renderings of X and Y ("" when complex).
	XPath, YPath string
	// Macro is the macro name for the macro forms, "" for operators.
	Macro string
}

// Pos returns the comparison's position.
func (c *Comparison) Pos() token.Pos {
	if b, ok := c.Node.(*ast.BinaryExpr); ok {
		return b.OpPos
	}
	return c.Node.Pos()
}

var eqMacros = map[string]bool{
	"require_eq": true, "require_keys_eq": true, "assert_eq": true, "debug_assert_eq": true,
}

var neMacros = map[string]bool{
	"require_neq": true, "require_keys_neq": true, "assert_ne": true, "debug_assert_ne": true,
}

// Comparisons lists the equality tests inside n in source order.
func Comparisons(n ast.Node) []*Comparison {
	var out []*Comparison
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if x.Op == token.EQEQ || x.Op == token.NE {
				out = append(out, &Comparison{Node: x, Equal: x.Op == token.EQEQ, X: x.X, Y: x.Y,
					XPath: ExprPath(x.X), YPath: ExprPath(x.Y)})
			}
		case *ast.MacroCall:
			name := x.Name()
			if (eqMacros[name] || neMacros[name]) && len(x.Args) >= 2 {
				out = append(out, &Comparison{Node: x, Equal: eqMacros[name], X: x.Args[0], Y: x.Args[1],
					XPath: ExprPath(x.Args[0]), YPath: ExprPath(x.Args[1]), Macro: name})
			}
		}
		return true
	})
	return out
}

// Mentions reports whether the comparison reads a path ending in suffix
// on either side ("owner" matches "acc.owner" and "acc.owner()").
func (c *Comparison) Mentions(suffix string) bool {
	return pathEnds(c.XPath, suffix) || pathEnds(c.YPath, suffix)
}

func pathEnds(p, suffix string) bool {
	if p == "" {
		return false
	}
	for _, s := range []string{suffix, suffix + "()"} {
		if p == s || len(p) > len(s) && p[len(p)-len(s):] == s && p[len(p)-len(s)-1] == '.' {
			return true
		}
	}
	return false
}

var deserializers = map[string]bool{
	"try_from_slice": true, "try_from_slice_unchecked": true, "deserialize": true,
	"try_deserialize": true, "try_deserialize_unchecked": true, "unpack": true,
	"unpack_unchecked": true, "unpack_from_slice": true, "from_account_info": true,
	"load": true, "load_mut": true, "from_bytes": true, "try_from_bytes": true,
	"pod_from_bytes": true,
}

// Deserializations lists calls that read account data into a type:
// T::try_from_slice, T::unpack, T::try_deserialize, bytemuck casts,
// AccountLoader::load and similar.
func Deserializations(n ast.Node) []*Call {
	var out []*Call
	for _, c := range Calls(n) {
		if !c.Macro && deserializers[c.Name()] {
			out = append(out, c)
		}
	}
	return out
}
