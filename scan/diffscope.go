package scan

import (
	"context"
	"iter"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/parser"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// Diff-aware scans (vigil scan --new-since) scan two revisions of a code base. The model reads
// a file with the files it uses: those it imports, and those declaring a name it uses that the
// model looks up outside its imports (a contract not imported, a file-level struct, enum or
// type). The findings of a file F can change only when a file changes that F uses (directly or
// not), that uses F (a derived contract sees F's code), or that a file using F uses (the derived
// contract's other bases and callees), or that uses a file F uses: F is in uses*(usedBy*(X))
// or usedBy*(uses*(X)) of a changed file X. Those files (Scope.Detect) are the ones whose
// findings the base revision must give again; its model holds what their findings depend on
// by the same rule (Scope.Model), so that they are analysed in the context a whole scan gives
// them. The rest of the base revision is neither read nor analysed, and its findings are the
// working tree's: nothing they depend on changed.

// Scope is what a change from a base revision to the working tree can reach.
type Scope struct {
	Model   map[string]bool // the files the base revision's model needs
	Detect  map[string]bool // the files whose findings may differ
	Changed []string        // the files added, removed or edited, in path order
}

// DiffScope returns what a change from base to head can reach. head is the
// working tree and headProg its model (its syntax trees are read instead of parsing again; nil
// when it has no Solidity); base is the base revision's snapshot, whose files are read only
// where they differ. An unchanged code base has an empty scope.
func DiffScope(ctx context.Context, head *workspace.Workspace, headProg *sema.Program, base *workspace.Snapshot) (*Scope, error) {
	headFiles := map[string]workspace.File{}
	for _, f := range head.Files {
		headFiles[f.Path] = f
	}
	all := map[string]bool{}
	isChanged := map[string]bool{}
	project := false // a project file (remappings.txt, foundry.toml, ...) changed
	for p, blob := range base.Blobs {
		all[p] = true
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		data, err := head.ReadFile(p)
		if err != nil || !workspace.SameBlob(blob, data) {
			isChanged[p] = true
			if _, source := headFiles[p]; !source && !strings.HasSuffix(p, ".sol") && !strings.HasSuffix(p, ".rs") {
				project = true
			}
		}
	}
	for p := range headFiles {
		all[p] = true
		if _, ok := base.Blobs[p]; !ok {
			isChanged[p] = true
		}
	}
	sc := &Scope{Model: map[string]bool{}, Detect: map[string]bool{}}
	for p := range isChanged {
		sc.Changed = append(sc.Changed, p)
	}
	slices.Sort(sc.Changed)
	if len(sc.Changed) == 0 {
		return sc, nil
	}
	if project { // what every import or dependency means may have changed
		for p := range all {
			sc.Model[p], sc.Detect[p] = true, true
		}
		return sc, nil
	}

	uses := map[string]map[string]bool{} // both revisions' links: p uses q
	var rust []string
	for i := range 2 {
		trees := map[string]*ast.File{}
		paths := func() []string {
			var out []string
			if i == 0 {
				for p := range headFiles {
					out = append(out, p)
				}
			} else {
				for p := range base.Blobs {
					out = append(out, p)
				}
			}
			slices.Sort(out)
			return out
		}()
		for _, p := range paths {
			switch {
			case strings.HasSuffix(p, ".rs"):
				rust = append(rust, p)
				continue
			case !strings.HasSuffix(p, ".sol"):
				continue
			}
			var tree *ast.File
			if (i == 0 || !isChanged[p]) && headProg != nil {
				if pf := headProg.File(p); pf != nil {
					tree = pf.AST
				}
			}
			if tree == nil {
				var src []byte
				var err error
				if i == 0 {
					src, err = head.ReadFile(p)
				} else {
					src, err = base.Read(p)
				}
				if err != nil {
					return nil, err
				}
				tree, _ = parser.ParseFile(token.NewFileSet(), p, src)
			}
			trees[p] = tree
		}
		linkFiles(head, trees, paths, func(p, q string) {
			if uses[p] == nil {
				uses[p] = map[string]bool{}
			}
			uses[p][q] = true
		})
	}
	// Rust crates are one part: a changed Rust file rescans them all.
	for _, p := range rust[min(1, len(rust)):] {
		for _, e := range [][2]string{{rust[0], p}, {p, rust[0]}} {
			if uses[e[0]] == nil {
				uses[e[0]] = map[string]bool{}
			}
			uses[e[0]][e[1]] = true
		}
	}
	usedBy := map[string]map[string]bool{}
	for p, qs := range uses {
		for q := range qs {
			if usedBy[q] == nil {
				usedBy[q] = map[string]bool{}
			}
			usedBy[q][p] = true
		}
	}
	// around is what the findings of the given files can depend on: what they use, what uses
	// them, and so on one turn further each way.
	around := func(files []string) []string {
		return append(reach(uses, reach(usedBy, files)), reach(usedBy, reach(uses, files))...)
	}
	detect := around(sc.Changed)
	for _, p := range detect {
		sc.Detect[p] = true
	}
	for _, p := range around(detect) {
		sc.Model[p] = true
	}
	return sc, nil
}

// reach is every file reachable from the given ones along the links (themselves included).
func reach(links map[string]map[string]bool, from []string) []string {
	return closure(from, func(p string) iter.Seq[string] { return maps.Keys(links[p]) })
}

// closure is every file reachable from the given ones by next (themselves included), in the
// order they are found.
func closure(from []string, next func(string) iter.Seq[string]) []string {
	seen := map[string]bool{}
	queue := slices.Clone(from)
	var out []string
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if seen[p] {
			continue
		}
		seen[p] = true
		out = append(out, p)
		for q := range next(p) {
			queue = append(queue, q)
		}
	}
	return out
}

// linkFiles joins the Solidity files of one revision that the model reads together: a file
// and its imports, and a file and the first file (in path order, as the model looks them up)
// declaring a name the file uses that neither it nor its imports declare.
func linkFiles(ws *workspace.Workspace, trees map[string]*ast.File, paths []string, link func(p, q string)) {
	first := map[string]string{} // a top-level name -> the first file declaring it
	names := map[string]map[string]bool{}
	imports := map[string][]string{}
	for _, p := range paths {
		tree := trees[p]
		if tree == nil {
			continue
		}
		names[p] = map[string]bool{}
		for _, name := range declared(tree) {
			if _, ok := first[name]; !ok {
				first[name] = p
			}
			names[p][name] = true
		}
		for _, name := range members(tree) {
			names[p][name] = true
		}
		imports[p] = importsOf(ws, p, tree, trees)
		for _, q := range imports[p] {
			link(p, q)
		}
	}
	for _, p := range paths {
		tree := trees[p]
		if tree == nil {
			continue
		}
		closure := importClosure(p, imports)
		for name := range usedNames(tree) {
			q, ok := first[name]
			if !ok || closure[q] {
				continue
			}
			known := false
			for f := range closure {
				if names[f][name] {
					known = true
					break
				}
			}
			if !known {
				link(p, q)
			}
		}
	}
}

// members lists the names declared inside a file's contracts (functions, variables, types,
// events, errors, modifiers): an identifier naming one of them is not looked up elsewhere.
func members(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		if c, ok := d.(*ast.ContractDecl); ok {
			for _, m := range c.Body {
				if name := declName(m); name != "" {
					out = append(out, name)
				}
			}
		}
	}
	return out
}

// declared lists the top-level names a file declares: contracts, and file-level structs,
// enums, types, functions, constants, events and errors.
func declared(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		if name := declName(d); name != "" {
			out = append(out, name)
		}
	}
	return out
}

// declName is the name a declaration gives, "" for one that names nothing (an import, a
// pragma, a constructor).
func declName(d ast.Decl) string {
	var id *ast.Ident
	switch d := d.(type) {
	case *ast.ContractDecl:
		id = d.Name
	case *ast.FuncDecl:
		id = d.Name
	case *ast.VarDecl:
		id = d.Name
	case *ast.StructDecl:
		id = d.Name
	case *ast.EnumDecl:
		id = d.Name
	case *ast.UserTypeDecl:
		id = d.Name
	case *ast.EventDecl:
		id = d.Name
	case *ast.ErrorDecl:
		id = d.Name
	case *ast.ModifierDecl:
		id = d.Name
	}
	if id == nil {
		return ""
	}
	return id.Name
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
	set := map[string]bool{}
	for _, p := range closure([]string{from}, func(p string) iter.Seq[string] { return slices.Values(imports[p]) }) {
		set[p] = true
	}
	return set
}
