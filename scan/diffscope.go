package scan

import (
	"bytes"
	"context"
	"path"
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/parser"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// Diff-aware scans (vigil scan --new-since) scan two revisions of a code base. The findings of
// a file can change only when the file changes or code the model reads with it does: files it
// imports, files importing it (a derived contract, an implementation of its interface), and
// files declaring a name it uses that the model looks up outside its imports (a contract not
// imported, a file-level struct, enum or type). DiffScope joins the files of both revisions by
// those links; the parts holding a changed file are all the base revision needs to scan again,
// and every finding elsewhere is the same in both.

// DiffScope returns the files of either revision that a change from base to head can reach,
// and the changed files themselves (added, removed or edited), in path order. head is the
// head revision's model (its syntax trees are read instead of parsing again; nil when it has
// no Solidity). An unchanged code base has an empty scope.
func DiffScope(ctx context.Context, head, base *workspace.Workspace, headProg *sema.Program) (scope map[string]bool, changed []string, err error) {
	type version struct {
		ws    *workspace.Workspace
		files map[string][]byte
	}
	versions := [2]version{{ws: head, files: map[string][]byte{}}, {ws: base, files: map[string][]byte{}}}
	for i := range versions {
		v := &versions[i]
		for _, f := range v.ws.Files {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			data, err := v.ws.ReadFile(f.Path)
			if err != nil {
				return nil, nil, err
			}
			v.files[f.Path] = data
		}
	}
	all := map[string]bool{}
	for _, v := range versions {
		for p := range v.files {
			all[p] = true
		}
	}
	for p := range all {
		a, inHead := versions[0].files[p]
		b, inBase := versions[1].files[p]
		if inHead != inBase || !bytes.Equal(a, b) {
			changed = append(changed, p)
		}
	}
	slices.Sort(changed)
	scope = map[string]bool{}
	if len(changed) == 0 {
		return scope, nil, nil
	}
	// Other import remappings change what every import means.
	if !slices.Equal(head.Remappings, base.Remappings) {
		for p := range all {
			scope[p] = true
		}
		return scope, changed, nil
	}

	links := newUnion()
	var rust []string
	for i, v := range versions {
		decls := map[string][]string{} // a top-level name -> the files declaring it
		trees := map[string]*ast.File{}
		for _, f := range v.ws.Files {
			switch f.Lang {
			case workspace.Rust:
				rust = append(rust, f.Path)
				continue
			case workspace.Solidity:
			default:
				continue
			}
			var tree *ast.File
			if i == 0 && headProg != nil {
				if pf := headProg.File(f.Path); pf != nil {
					tree = pf.AST
				}
			}
			if tree == nil {
				tree, _ = parser.ParseFile(token.NewFileSet(), f.Path, v.files[f.Path])
			}
			trees[f.Path] = tree
			for _, name := range declared(tree) {
				decls[name] = append(decls[name], f.Path)
			}
		}
		imports := map[string][]string{}
		for p, tree := range trees {
			imports[p] = importsOf(v.ws, p, tree, trees)
			for _, q := range imports[p] {
				links.join(p, q)
			}
		}
		for p, tree := range trees {
			closure := importClosure(p, imports)
			for name := range usedNames(tree) {
				for _, q := range decls[name] {
					if q != p && !closure[q] {
						links.join(p, q)
					}
				}
			}
		}
	}
	// Rust crates are one part: a changed Rust file rescans them all.
	for _, p := range rust[min(1, len(rust)):] {
		links.join(rust[0], p)
	}
	roots := map[string]bool{}
	for _, p := range changed {
		roots[links.find(p)] = true
	}
	for p := range all {
		if roots[links.find(p)] {
			scope[p] = true
		}
	}
	return scope, changed, nil
}

// declared lists the top-level names a file declares: contracts, and file-level structs,
// enums, types, functions, constants, events and errors.
func declared(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.ContractDecl:
			out = append(out, d.Name.Name)
		case *ast.StructDecl:
			out = append(out, d.Name.Name)
		case *ast.EnumDecl:
			out = append(out, d.Name.Name)
		case *ast.UserTypeDecl:
			out = append(out, d.Name.Name)
		case *ast.FuncDecl:
			if d.Name != nil {
				out = append(out, d.Name.Name)
			}
		case *ast.VarDecl:
			if d.Name != nil {
				out = append(out, d.Name.Name)
			}
		case *ast.EventDecl:
			out = append(out, d.Name.Name)
		case *ast.ErrorDecl:
			out = append(out, d.Name.Name)
		}
	}
	return out
}

// usedNames is every identifier a file writes.
func usedNames(f *ast.File) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			out[id.Name] = true
		}
		return true
	})
	return out
}

// importsOf resolves a file's imports as the workspace does, and else as the model's last resort
// does: any file whose path ends with the imported path.
func importsOf(ws *workspace.Workspace, from string, f *ast.File, trees map[string]*ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		imp, ok := d.(*ast.ImportDecl)
		if !ok || imp.Path == nil || len(imp.Path.Value) < 2 {
			continue
		}
		target := imp.Path.Value[1 : len(imp.Path.Value)-1]
		if p, ok := ws.ResolveImport(from, target); ok {
			out = append(out, p)
			continue
		}
		suffix := strings.TrimLeft(path.Clean(target), "./")
		for p := range trees {
			if p == suffix || strings.HasSuffix(p, "/"+suffix) || path.Base(p) == path.Base(suffix) {
				out = append(out, p)
			}
		}
	}
	return out
}

// importClosure is the set of files a file imports, transitively (itself included).
func importClosure(from string, imports map[string][]string) map[string]bool {
	seen := map[string]bool{}
	queue := []string{from}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		queue = append(queue, imports[p]...)
	}
	return seen
}

// union is a union-find of paths.
type union struct{ parent map[string]string }

func newUnion() *union { return &union{parent: map[string]string{}} }

func (u *union) find(p string) string {
	for {
		q, ok := u.parent[p]
		if !ok || q == p {
			return p
		}
		if r, ok := u.parent[q]; ok {
			u.parent[p] = r // path halving
		}
		p = q
	}
}

func (u *union) join(a, b string) {
	ra, rb := u.find(a), u.find(b)
	if ra != rb {
		u.parent[ra] = rb
	}
}
