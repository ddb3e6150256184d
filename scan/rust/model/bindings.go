package model

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// AccountBinding is a local name a native processor gives to one of its
// accounts.
type AccountBinding struct {
	Name string
	// Index is the account's position in the list when it can be told
	// (sequential next_account_info calls, slice patterns, accounts[i]);
	// -1 otherwise.
	Index int
	// Node is the statement that binds it.
	Node ast.Node
	// How says how it was bound: "next_account_info", "pattern", "index".
	How string
}

// Pos returns the binding's position.
func (b *AccountBinding) Pos() token.Pos { return b.Node.Pos() }

// AccountBindings lists the accounts a native function binds, in order:
//
//	let payer = next_account_info(iter)?;
//	let [payer, vault, ..] = accounts else { ... };
//	let vault = &accounts[1];
func AccountBindings(fn *Function) []*AccountBinding {
	list := fn.AccountsParam()
	var out []*AccountBinding
	next := 0
	ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
		let, ok := n.(*ast.LetStmt)
		if !ok || let.Init == nil {
			return true
		}
		init := unwrapTry(let.Init)
		switch {
		case isNextAccountInfo(init):
			if name := patName(let.Pat); name != "" {
				out = append(out, &AccountBinding{Name: name, Index: next, Node: let, How: "next_account_info"})
			}
			next++
		case list != "" && ExprPath(init) == list:
			if sp, ok := let.Pat.(*ast.SlicePat); ok {
				for i, e := range sp.Elems {
					if _, rest := e.(*ast.RestPat); rest {
						break
					}
					if name := patName(e); name != "" {
						out = append(out, &AccountBinding{Name: name, Index: i, Node: let, How: "pattern"})
					}
				}
			}
		default:
			if ix, ok := unwrapRef(init).(*ast.IndexExpr); ok && list != "" && ExprPath(ix.X) == list {
				idx := -1
				if lit, ok := ix.Index.(*ast.LitExpr); ok && lit.Kind == token.INT {
					idx = atoiPrefix(lit.Value)
				}
				if name := patName(let.Pat); name != "" {
					out = append(out, &AccountBinding{Name: name, Index: idx, Node: let, How: "index"})
				}
			}
		}
		return true
	})
	return out
}

func isNextAccountInfo(x ast.Expr) bool {
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	pe, ok := call.Fun.(*ast.PathExpr)
	if !ok {
		return false
	}
	last := pe.Path.Last()
	return last != nil && (last.Name.Name == "next_account_info" || last.Name.Name == "next_account_infos")
}

func unwrapTry(x ast.Expr) ast.Expr {
	for {
		switch y := x.(type) {
		case *ast.TryExpr:
			x = y.X
		case *ast.MethodCallExpr:
			// next_account_info(iter).unwrap() / .expect("..")
			if (y.Name.Name == "unwrap" || y.Name.Name == "expect") && isNextAccountInfo(y.Recv) {
				x = y.Recv
				continue
			}
			return x
		default:
			return x
		}
	}
}

func unwrapRef(x ast.Expr) ast.Expr {
	if r, ok := x.(*ast.RefExpr); ok {
		return r.X
	}
	return x
}

func patName(p ast.Pat) string {
	switch p := p.(type) {
	case *ast.IdentPat:
		return p.Name.Name
	case *ast.RefPat:
		return patName(p.Pat)
	}
	return ""
}

func atoiPrefix(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '_' {
			continue
		}
		if c < '0' || c > '9' {
			break
		}
		n = n*10 + int(c-'0')
		if n > 1<<20 {
			return -1
		}
	}
	return n
}

// AccountRef is a use of an Accounts struct field in handler code:
// ctx.accounts.vault (or self.vault inside the struct's own methods).
type AccountRef struct {
	Field string
	// Expr is the ctx.accounts.field (or self.field) expression.
	Expr *ast.FieldExpr
}

// AccountRefs lists the uses of Accounts fields inside n. ctx is the
// Context parameter's name ("ctx"), or "self" for methods of the Accounts
// struct.
func AccountRefs(n ast.Node, ctx string) []*AccountRef {
	var out []*AccountRef
	ast.Inspect(n, func(n ast.Node) bool {
		f, ok := n.(*ast.FieldExpr)
		if !ok {
			return true
		}
		base := ExprPath(f.X)
		if ctx == "self" && base == "self" || ctx != "self" && base == ctx+".accounts" {
			out = append(out, &AccountRef{Field: f.Name.Name, Expr: f})
			return false
		}
		return true
	})
	return out
}
