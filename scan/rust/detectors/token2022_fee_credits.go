package detectors

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// creditOf returns the first place body records one of the deposit
// amounts names, or a local computed from one, as what the program now
// holds, with the deposit amount's name. A credit is an addition to
// state (x += v, x.checked_add(v), x.saturating_add(v)), a field set to
// the value (escrow.amount = amount; a field of one of the crate's
// account types built in a struct literal, as set_inner(Escrow { amount,
// .. }) does), or receipt tokens minted for it (mint_to(ctx, shares)):
// each books the amount sent, not the amount a fee-bearing mint delivered.
func (p *Pass) creditOf(body ast.Node, names map[string]bool) (ast.Node, string) {
	from := derivedAmounts(body, names)
	var node ast.Node
	name := ""
	creditPath := func(n ast.Node, path string) {
		if src, ok := from[path]; ok && node == nil {
			node, name = n, src
		}
	}
	credit := func(n ast.Node, v ast.Expr) { creditPath(n, model.ExprPath(v)) }
	ast.Inspect(body, func(n ast.Node) bool {
		if node != nil {
			return false
		}
		switch x := n.(type) {
		case *ast.AssignExpr:
			switch {
			case x.Op == token.PLUS_EQ:
				credit(x, x.Y)
			case x.Op == token.EQ:
				if _, field := x.X.(*ast.FieldExpr); field {
					credit(x, x.Y)
				}
			}
		case *ast.MethodCallExpr:
			if (x.Name.Name == "checked_add" || x.Name.Name == "saturating_add") && len(x.Args) == 1 {
				credit(x, x.Args[0])
			}
		case *ast.CallExpr:
			if pe, ok := x.Fun.(*ast.PathExpr); ok && pe.Path.Last().Name.Name == "mint_to" && len(x.Args) == 2 {
				credit(x, x.Args[1])
			}
		case *ast.StructExpr:
			if last := x.Path.Last(); last == nil || !p.accountData(last.Name.Name) {
				return true
			}
			for _, fi := range x.Fields {
				if fi.Value == nil { // shorthand: Escrow { amount, .. }
					creditPath(fi, fi.Name.Name)
				} else {
					credit(fi, fi.Value)
				}
			}
		}
		return node == nil
	})
	return node, name
}

// accountData reports one of the crate's #[account] data types: a struct
// literal of it is state the program stores.
func (p *Pass) accountData(name string) bool {
	d := p.Program.DataStruct(name)
	return d != nil && (d.Kind == model.DataAccount || d.Kind == model.DataZeroCopyAccount)
}

// derivedAmounts maps each of names, and each local whose initializer
// reads one of them (followed through further locals), to the deposit
// amount it comes from.
func derivedAmounts(body ast.Node, names map[string]bool) map[string]string {
	from := map[string]string{}
	for n := range names {
		from[n] = n
	}
	env := lets(body)
	for range 4 { // locals computed from locals, a few steps deep
		grew := false
		for local, init := range env {
			if _, ok := from[local]; ok {
				continue
			}
			if src := readsAmount(init, from); src != "" {
				from[local] = src
				grew = true
			}
		}
		if !grew {
			break
		}
	}
	return from
}

// readsAmount returns the deposit amount a plain name in x stands for, or
// "".
func readsAmount(x ast.Node, from map[string]string) string {
	src := ""
	ast.Inspect(x, func(n ast.Node) bool {
		if pe, ok := n.(*ast.PathExpr); ok && src == "" && len(pe.Path.Segments) == 1 {
			src = from[pe.Path.Segments[0].Name.Name]
		}
		return src == ""
	})
	return src
}
