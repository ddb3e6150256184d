package workspace

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/parser"
	soltoken "github.com/vigil-sec/vigil/scan/solidity/token"
)

// ImportClosure follows the Solidity imports of the files at roots (slash paths of the
// workspace), transitively, as ResolveImport resolves them (relative paths, remappings,
// node_modules, lib/), and returns the roots and the files reached, roots first, at most max of
// them: an import graph larger is cut, and the scan then says so through its unresolved imports.
// read gives a file's text (an editor's unsaved buffer may stand for the file on disk); a file
// it cannot read is kept without its imports.
func (w *Workspace) ImportClosure(roots []string, read func(string) ([]byte, error), max int) []string {
	seen := map[string]bool{}
	var queue []string
	for _, r := range roots {
		if !seen[r] {
			seen[r] = true
			queue = append(queue, r)
		}
	}
	for i := 0; i < len(queue) && len(queue) < max; i++ {
		from := queue[i]
		src, err := read(from)
		if err != nil {
			continue
		}
		f, _ := parser.ParseFile(soltoken.NewFileSet(), from, src)
		if f == nil {
			continue
		}
		for _, d := range f.Decls {
			imp, ok := d.(*ast.ImportDecl)
			if !ok || imp.Path == nil || len(imp.Path.Value) < 2 {
				continue
			}
			if to, ok := w.ResolveImport(from, imp.Path.Value[1:len(imp.Path.Value)-1]); ok && !seen[to] {
				seen[to] = true
				queue = append(queue, to)
			}
		}
	}
	return queue
}
