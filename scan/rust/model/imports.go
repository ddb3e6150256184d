package model

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
)

// Imports maps the names a file's use declarations bring into scope to
// the paths they stand for: "use spl_token::state::Account as
// SplTokenAccount;" maps SplTokenAccount to spl_token::state::Account.
// Globs are left out. Nested modules' use items count too (a name
// imported in one module is rarely rebound to another path elsewhere in
// the same file). Analyze computes it once per file.
func (f *File) Imports() map[string]string {
	if f.imports != nil {
		return f.imports
	}
	out := map[string]string{}
	var items func([]ast.Item)
	items = func(list []ast.Item) {
		for _, it := range list {
			switch it := it.(type) {
			case *ast.UseItem:
				useTree(it.Tree, "", out)
			case *ast.ModItem:
				items(it.Items)
			}
		}
	}
	if f.AST != nil {
		items(f.AST.Items)
	}
	return out
}

func useTree(t *ast.UseTree, prefix string, out map[string]string) {
	if t == nil {
		return
	}
	path := prefix
	if t.Path != nil {
		if path != "" {
			path += "::"
		}
		path += t.Path.String()
	}
	if t.Group != nil {
		for _, sub := range t.Group {
			useTree(sub, path, out)
		}
		return
	}
	if t.Star || path == "" {
		return
	}
	name := path[strings.LastIndex(path, ":")+1:]
	if t.Rename != nil {
		name = t.Rename.Name
	}
	if name == "self" {
		path = strings.TrimSuffix(path, "::self")
		name = path[strings.LastIndex(path, ":")+1:]
	}
	if name != "_" {
		out[name] = path
	}
}

// Resolve expands the first segment of a path written in file f through
// its imports: SplTokenAccount::unpack becomes
// spl_token::state::Account::unpack.
func (f *File) Resolve(path string) string {
	if f == nil {
		return path
	}
	first, rest, _ := strings.Cut(path, "::")
	if full, ok := f.Imports()[first]; ok && full != first {
		if rest == "" {
			return full
		}
		return full + "::" + rest
	}
	return path
}
