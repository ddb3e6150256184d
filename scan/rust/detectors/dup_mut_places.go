package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// place is where an expression lands inside a borrowed account of the
// pair: the account, the name of the borrow it goes through (a local or
// self; "" for a temporary load_mut()), and the steps from the borrow
// outward (fields, indexes, method calls). alias marks a local bound to a
// mutable reference into the data (let t = &mut g.ticks[i]): what it
// points at is not tracked, so its writes may touch any of the data.
type place struct {
	acc   string
	root  string
	steps []ast.Expr
	alias bool
}

// guardBase finds the mutable borrow of a pair account an expression is
// built on: the outermost part of x that is such a borrow.
func (t *zcTracer) guardBase(fr *frame, x ast.Expr) place {
	var path []ast.Expr // x and the expressions inside it, outermost first
	for cur := x; cur != nil; {
		path = append(path, cur)
		switch e := cur.(type) {
		case *ast.MethodCallExpr:
			cur = e.Recv
		case *ast.FieldExpr:
			cur = e.X
		case *ast.IndexExpr:
			cur = e.X
		case *ast.TryExpr:
			cur = e.X
		case *ast.ParenExpr:
			cur = e.X
		case *ast.RefExpr:
			cur = e.X
		case *ast.UnaryExpr:
			cur = nil
			if e.Op == token.STAR {
				cur = e.X
			}
		default:
			cur = nil
		}
	}
	for i, e := range path {
		acc := t.guardOf(fr, e, 0)
		if acc == "" {
			continue
		}
		steps := make([]ast.Expr, 0, i)
		for j := i - 1; j >= 0; j-- {
			steps = append(steps, path[j])
		}
		root := ""
		if pe, ok := ast.Unref(e).(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 {
			root = pe.Path.Segments[0].Name.Name
		}
		return place{acc: acc, root: root, steps: steps}
	}
	// A local holding a mutable reference into a borrow.
	if pe, ok := path[len(path)-1].(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 {
		if b, ok := fr.binding(pe.Path.Segments[0].Name.Name); ok && b.fr == fr && mutPlace(b.x) {
			if inner := t.guardBase(fr, b.x); inner.acc != "" && len(inner.steps) > 0 {
				return place{acc: inner.acc, alias: true, steps: path}
			}
		}
	}
	return place{}
}

// mutPlace reports an expression that yields a mutable reference rather
// than a copy: &mut x, or a call of a method named *_mut (get_mut,
// iter_mut, get_tick_state_mut).
func mutPlace(x ast.Expr) bool {
	for {
		switch e := x.(type) {
		case *ast.RefExpr:
			return e.Mut
		case *ast.TryExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		case *ast.MethodCallExpr:
			if e.Name.Name == "unwrap" || e.Name.Name == "expect" {
				x = e.Recv
				continue
			}
			return strings.HasSuffix(e.Name.Name, "_mut")
		default:
			return false
		}
	}
}

// at returns what the first n steps of a place address: the top-level
// field of the account data ("" when they do not start with one, or for an
// alias) and the element index applied to that field (field[i],
// field.get_mut(i)), if any.
func (pl place) at(fr *frame, n int) (string, *sym) {
	if pl.alias {
		return "", nil
	}
	var meaningful []ast.Expr
	for _, s := range pl.steps[:n] {
		switch s := s.(type) {
		case *ast.TryExpr, *ast.ParenExpr, *ast.RefExpr, *ast.UnaryExpr:
			continue
		case *ast.MethodCallExpr:
			if s.Name.Name == "unwrap" || s.Name.Name == "expect" {
				continue
			}
		}
		meaningful = append(meaningful, s)
	}
	if len(meaningful) == 0 {
		return "", nil
	}
	f, ok := meaningful[0].(*ast.FieldExpr)
	if !ok {
		return "", nil
	}
	if len(meaningful) > 1 {
		switch s := meaningful[1].(type) {
		case *ast.IndexExpr:
			return f.Name.Name, &sym{s.Index, fr}
		case *ast.MethodCallExpr:
			switch s.Name.Name {
			case "get_mut", "get", "index_mut", "get_unchecked_mut":
				if len(s.Args) == 1 {
					return f.Name.Name, &sym{s.Args[0], fr}
				}
			}
		}
	}
	return f.Name.Name, nil
}

// guardOf returns the pair account x is a live mutable borrow of
// (account.load_mut()?, load_init, or a local or parameter bound to one).
func (t *zcTracer) guardOf(fr *frame, x ast.Expr, depth int) string {
	if depth > 12 || x == nil {
		return ""
	}
	for {
		switch e := x.(type) {
		case *ast.RefExpr:
			x = e.X
			continue
		case *ast.ParenExpr:
			x = e.X
			continue
		case *ast.TryExpr:
			x = e.X
			continue
		case *ast.UnaryExpr:
			if e.Op == token.STAR {
				x = e.X
				continue
			}
		case *ast.MethodCallExpr:
			if isMutBorrow(e) {
				return t.accOf(fr, e.Recv, depth+1)
			}
		case *ast.PathExpr:
			if len(e.Path.Segments) == 1 {
				if b, ok := fr.binding(e.Path.Segments[0].Name.Name); ok {
					return t.guardOf(b.fr, b.x, depth+1)
				}
			}
		}
		return ""
	}
}

// accOf returns the pair account x denotes: ctx.accounts.a (self.a in
// Accounts methods) in the unit, or a name bound to it, through borrows,
// conversions (to_account_info, clone) and wrappers (AccountLoad::try_from).
func (t *zcTracer) accOf(fr *frame, x ast.Expr, depth int) string {
	if depth > 12 || x == nil {
		return ""
	}
	x = stripAccess(x, func(m string) bool {
		switch m {
		case "clone", "to_account_info", "as_ref", "unwrap", "info", "as_mut":
			return true
		}
		return false
	})
	switch e := x.(type) {
	case *ast.FieldExpr:
		if fr.top != nil && fr.top.Ctx != "" {
			path := fieldPath(e)
			for acc := range t.types {
				if path == fr.top.Ctx+".accounts."+acc || fr.top.Ctx == "self" && path == "self."+acc {
					return acc
				}
			}
		}
	case *ast.PathExpr:
		if len(e.Path.Segments) == 1 {
			if b, ok := fr.binding(e.Path.Segments[0].Name.Name); ok {
				return t.accOf(b.fr, b.x, depth+1)
			}
		}
	case *ast.CallExpr:
		if isWrapper(e) {
			return t.accOf(fr, e.Args[0], depth+1)
		}
	}
	return ""
}

// fieldPath renders a chain of field reads on a name (ctx.accounts.a).
func fieldPath(x ast.Expr) string {
	switch e := x.(type) {
	case *ast.PathExpr:
		return e.Path.String()
	case *ast.FieldExpr:
		if base := fieldPath(e.X); base != "" {
			return base + "." + e.Name.Name
		}
	}
	return ""
}

type taintKey struct {
	fr   *frame
	name string
}

// tainted reports whether a value may carry data of either pair account
// read before the write it is stored by: it reads an account or a borrow of
// one, or a local or parameter computed from such a read. Reads through
// root, the borrow the write itself goes through, are current: while a
// borrow lives no other borrow of the same account can be taken, so nothing
// else has written the account since.
func (t *zcTracer) tainted(fr *frame, x ast.Node, root string, depth int) bool {
	if x == nil {
		return false
	}
	if depth > 12 {
		return true
	}
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if found || n == nil {
			return false
		}
		switch e := n.(type) {
		case *ast.FieldExpr:
			if t.accOf(fr, e, 0) != "" {
				found = true
			}
		case *ast.PathExpr:
			if len(e.Path.Segments) != 1 {
				return false
			}
			name := e.Path.Segments[0].Name.Name
			if name == root {
				return false
			}
			found = t.nameTainted(fr, name, depth)
		}
		return !found
	})
	return found
}

func (t *zcTracer) nameTainted(fr *frame, name string, depth int) bool {
	k := taintKey{fr, name}
	if v, ok := t.memo[k]; ok {
		return v
	}
	t.memo[k] = true // a cycle of bindings: assume the worst
	b, ok := fr.binding(name)
	v := ok && (t.accOf(b.fr, b.x, 0) != "" || t.guardOf(b.fr, b.x, 0) != "" || t.tainted(b.fr, b.x, "", depth+1))
	t.memo[k] = v
	return v
}
