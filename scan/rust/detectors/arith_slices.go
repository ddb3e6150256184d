package detectors

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// slicePart is a local bound to a part of another slice, and where the part starts in it
// (-1 when not known).
type slicePart struct {
	whole string
	start int64
}

// subSlices maps the locals a function binds to a part of another slice (let tail =
// &list[n..]; let (head, tail) = list.split_at(n); the parts of array_refs![list, ..]) to
// that slice: a part is never longer than the slice it is taken from, and the slice is at
// least as long as where the part starts.
func subSlices(body ast.Node) map[string]slicePart {
	out := map[string]slicePart{}
	ast.Inspect(body, func(n ast.Node) bool {
		l, ok := n.(*ast.LetStmt)
		if !ok || l.Init == nil {
			return true
		}
		whole, starts := sliceSource(unparen(l.Init))
		if whole == "" {
			return true
		}
		bind := func(p ast.Pat, start int64) {
			ast.Inspect(p, func(n ast.Node) bool {
				if ip, ok := n.(*ast.IdentPat); ok && ip.Name.Name != whole {
					out[ip.Name.Name] = slicePart{whole, start}
				}
				return true
			})
		}
		if tp, ok := l.Pat.(*ast.TuplePat); ok && len(starts) > 1 {
			for i, e := range tp.Elems {
				start := int64(-1)
				if i < len(starts) {
					start = starts[i]
				}
				bind(e, start)
			}
			return true
		}
		bind(l.Pat, starts[0])
		return true
	})
	return out
}

// sliceSource returns the slice an expression takes parts of, and where each part starts
// (-1 when not known), or "".
func sliceSource(x ast.Expr) (string, []int64) {
	switch e := bare(x).(type) {
	case *ast.IndexExpr:
		if r, ok := e.Index.(*ast.RangeExpr); ok {
			start := int64(0)
			if r.Lo != nil {
				start = literalInt(r.Lo)
			}
			return model.ExprPath(e.X), []int64{start}
		}
	case *ast.MethodCallExpr:
		switch e.Name.Name {
		case "split_at", "split_at_mut":
			if len(e.Args) == 1 {
				return model.ExprPath(e.Recv), []int64{0, literalInt(e.Args[0])}
			}
		case "split_first", "split_first_mut":
			return model.ExprPath(e.Recv), []int64{0, 1}
		case "split_last", "split_last_mut":
			return model.ExprPath(e.Recv), []int64{-1, 0}
		}
	case *ast.MacroExpr:
		switch e.Mac.Name() {
		case "array_ref", "array_refs", "array_mut_ref", "mut_array_refs":
			return arrayRefParts(e.Mac)
		}
	}
	return "", nil
}

// arrayRefParts reads array_ref![list, offset, len] (one part from offset) and
// array_refs![list, n1, n2; ..; n3] (consecutive parts of the given sizes).
func arrayRefParts(m *ast.MacroCall) (string, []int64) {
	toks := m.Tokens.Tokens
	if len(toks) < 3 || toks[0].Kind != token.IDENT || toks[1].Kind != token.COMMA {
		return "", nil
	}
	var sizes []int64
	for _, t := range toks[2:] {
		switch t.Kind {
		case token.COMMA, token.SEMI:
		case token.INT:
			sizes = append(sizes, litInt(t.Lit))
		default:
			sizes = append(sizes, -1) // a constant, or the rest (..)
		}
	}
	if m.Name() == "array_ref" || m.Name() == "array_mut_ref" {
		return toks[0].Lit, sizes[:1]
	}
	starts := make([]int64, len(sizes))
	at := int64(0)
	for i, n := range sizes {
		starts[i] = at
		if at >= 0 && n >= 0 {
			at += n
		} else {
			at = -1
		}
	}
	return toks[0].Lit, starts
}

// literalInt is the value of an integer literal, -1 for anything else.
func literalInt(x ast.Expr) int64 {
	if l, ok := unparen(x).(*ast.LitExpr); ok && l.Kind == token.INT {
		if v := litValue(l); v != nil && v.IsInt64() {
			return v.Int64()
		}
	}
	return -1
}

func litInt(s string) int64 {
	if v := litValue(&ast.LitExpr{Kind: token.INT, Value: s}); v != nil && v.IsInt64() {
		return v.Int64()
	}
	return -1
}

// partLength reports a - b where b is the length of a part of the slice whose length a is
// (list.len() - tail.len()): never below zero, and at least where the part starts (min).
func partLength(x ast.Expr, parts map[string]slicePart) (min int64, ok bool) {
	b, isBin := unparen(x).(*ast.BinaryExpr)
	if !isBin || b.Op != token.MINUS {
		return 0, false
	}
	whole, ok := lenOf(b.X)
	if !ok {
		return 0, false
	}
	part, ok := lenOf(b.Y)
	min = 0
	for depth := 0; ok && depth < 4; depth++ {
		p, found := parts[part]
		if !found {
			return 0, false
		}
		if depth == 0 && p.start > 0 {
			min = p.start
		} else if depth > 0 {
			min = 0 // a part of a part: where it starts in the outer slice is not added up
		}
		if p.whole == whole {
			return min, true
		}
		part = p.whole
	}
	return 0, false
}

// partLengthOp reports list.len() - tail.len(), and list.len() - tail.len() - k where the
// tail starts at k or later.
func partLengthOp(op *model.ArithOp, parts map[string]slicePart) bool {
	if op.Op != token.MINUS {
		return false
	}
	if _, ok := partLength(op.Node, parts); ok {
		return true
	}
	k := literalInt(op.Y)
	min, ok := partLength(op.X, parts)
	return ok && k >= 0 && min >= k
}

// lenOf returns x for x.len().
func lenOf(e ast.Expr) (string, bool) {
	mc, ok := unparen(e).(*ast.MethodCallExpr)
	if !ok || mc.Name.Name != "len" || len(mc.Args) != 0 {
		return "", false
	}
	p := model.ExprPath(mc.Recv)
	return p, p != ""
}
