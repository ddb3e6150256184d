package detectors

import (
	"fmt"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Element writes keyed by indices (ticks[offset(lower)], ticks[offset(upper)])
// touch different bytes when the indices are provably different. Indices are
// compared by what they are computed from, followed through locals and up to
// the callers' arguments: two reads of different fields of one value whose
// fields the crate keeps ordered (see ordered), distinct literals, and the
// same computation over them with every other input equal. A call computing
// an index (an offset helper) is taken to map different keys to different
// elements, as array-offset helpers do for the keys they accept (they reject
// keys outside the array or off its spacing); +, - and casts preserve the
// difference.

// resolve follows a name to what it is bound to, through parentheses and
// borrows.
func (t *zcTracer) resolve(s sym) sym {
	for i := 0; i < 24; i++ {
		switch e := s.x.(type) {
		case *ast.ParenExpr:
			s.x = e.X
			continue
		case *ast.RefExpr:
			s.x = e.X
			continue
		case *ast.PathExpr:
			if len(e.Path.Segments) == 1 {
				if b, ok := s.fr.binding(e.Path.Segments[0].Name.Name); ok {
					s = b
					continue
				}
			}
		}
		return s
	}
	return s
}

// canon renders what a value is computed from, so that two values render
// alike only when they are the same: names are tied to their frame, and
// either account of the pair renders as one (the case under study is the
// two being the same account).
func (t *zcTracer) canon(s sym, depth int) string {
	if depth > 16 {
		return fmt.Sprintf("?%p", s.x)
	}
	if t.accOf(s.fr, s.x, 0) != "" || t.guardOf(s.fr, s.x, 0) != "" {
		return "<pair>"
	}
	s = t.resolve(s)
	sub := func(x ast.Expr) string { return t.canon(sym{x, s.fr}, depth+1) }
	list := func(xs []ast.Expr) string {
		parts := make([]string, len(xs))
		for i, x := range xs {
			parts[i] = sub(x)
		}
		return strings.Join(parts, ",")
	}
	switch e := s.x.(type) {
	case *ast.PathExpr:
		if len(e.Path.Segments) == 1 {
			return fmt.Sprintf("%d:%s", s.fr.id, e.Path.String())
		}
		return e.Path.String()
	case *ast.LitExpr:
		return e.Value
	case *ast.FieldExpr:
		return sub(e.X) + "." + e.Name.Name
	case *ast.MethodCallExpr:
		return sub(e.Recv) + "." + e.Name.Name + "(" + list(e.Args) + ")"
	case *ast.CallExpr:
		return fieldPath(e.Fun) + "(" + list(e.Args) + ")"
	case *ast.BinaryExpr:
		return "(" + sub(e.X) + e.Op.String() + sub(e.Y) + ")"
	case *ast.CastExpr:
		return sub(e.X) + " as " + t.p.Program.Source(e.Type)
	case *ast.TryExpr:
		return sub(e.X) + "?"
	case *ast.UnaryExpr:
		return e.Op.String() + sub(e.X)
	}
	return fmt.Sprintf("?%d:%s", s.fr.id, t.p.Program.Source(s.x))
}

// distinct reports two index values that cannot be equal.
func (t *zcTracer) distinct(a, b sym, depth int) bool {
	if depth > 8 {
		return false
	}
	a, b = t.resolve(a), t.resolve(b)
	if t.canon(a, 0) == t.canon(b, 0) {
		return false
	}
	in := func(x, y ast.Expr) bool { return t.distinct(sym{x, a.fr}, sym{y, b.fr}, depth+1) }
	same := func(x, y ast.Expr) bool { return t.canon(sym{x, a.fr}, 0) == t.canon(sym{y, b.fr}, 0) }
	switch x := a.x.(type) {
	case *ast.LitExpr:
		y, ok := b.x.(*ast.LitExpr)
		return ok && x.Kind == token.INT && y.Kind == token.INT && intValue(x.Value) != intValue(y.Value) &&
			intValue(x.Value) != "" && intValue(y.Value) != ""
	case *ast.FieldExpr:
		y, ok := b.x.(*ast.FieldExpr)
		return ok && x.Name.Name != y.Name.Name && same(x.X, y.X) &&
			t.p.ordered(t.baseType(sym{x.X, a.fr}), x.Name.Name, y.Name.Name)
	case *ast.CastExpr:
		y, ok := b.x.(*ast.CastExpr)
		return ok && t.p.Program.Source(x.Type) == t.p.Program.Source(y.Type) && in(x.X, y.X)
	case *ast.TryExpr:
		y, ok := b.x.(*ast.TryExpr)
		return ok && in(x.X, y.X)
	case *ast.BinaryExpr:
		y, ok := b.x.(*ast.BinaryExpr)
		return ok && x.Op == y.Op && (x.Op == token.PLUS || x.Op == token.MINUS) &&
			(in(x.X, y.X) && same(x.Y, y.Y) || same(x.X, y.X) && in(x.Y, y.Y))
	case *ast.MethodCallExpr:
		y, ok := b.x.(*ast.MethodCallExpr)
		return ok && x.Name.Name == y.Name.Name && same(x.Recv, y.Recv) && oneDiffers(x.Args, y.Args, in, same)
	case *ast.CallExpr:
		y, ok := b.x.(*ast.CallExpr)
		return ok && fieldPath(x.Fun) != "" && fieldPath(x.Fun) == fieldPath(y.Fun) && oneDiffers(x.Args, y.Args, in, same)
	}
	return false
}

// oneDiffers: argument lists of one length, each pair equal or provably
// different, and at least one pair different.
func oneDiffers(xs, ys []ast.Expr, in, same func(x, y ast.Expr) bool) bool {
	if len(xs) != len(ys) {
		return false
	}
	diff := false
	for i := range xs {
		switch {
		case same(xs[i], ys[i]):
		case in(xs[i], ys[i]):
			diff = true
		default:
			return false
		}
	}
	return diff
}

// intValue normalises an integer literal (digit separators and type suffix
// dropped); "" for forms it does not read.
func intValue(lit string) string {
	lit = strings.ReplaceAll(lit, "_", "")
	end := 0
	for end < len(lit) && lit[end] >= '0' && lit[end] <= '9' {
		end++
	}
	if end == 0 || strings.HasPrefix(lit, "0x") || strings.HasPrefix(lit, "0b") || strings.HasPrefix(lit, "0o") {
		return ""
	}
	return strings.TrimLeft(lit[:end], "0") + "."
}

// baseType returns the data type of the account a value is read from when
// it resolves to an Accounts field of the unit (ctx.accounts.position), or
// "" when it cannot tell.
func (t *zcTracer) baseType(s sym) string {
	s = t.resolve(s)
	if s.fr.top == nil || s.fr.top.Accounts == nil {
		return ""
	}
	path := fieldPath(s.x)
	name, ok := strings.CutPrefix(path, s.fr.top.Ctx+".accounts.")
	if s.fr.top.Ctx == "self" {
		name, ok = strings.CutPrefix(path, "self.")
	}
	if !ok {
		return ""
	}
	if f := s.fr.top.Accounts.Field(name); f != nil {
		return f.Type.Inner
	}
	return ""
}
