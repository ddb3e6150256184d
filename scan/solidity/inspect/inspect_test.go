package inspect

import (
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/parser"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// trees parses the parser's own test files (modern and legacy syntax, inline assembly).
func trees(t *testing.T) []*ast.File {
	paths, _ := filepath.Glob("../parser/testdata/*.sol")
	if len(paths) == 0 {
		t.Fatal("no test files")
	}
	var files []*ast.File
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f, _ := parser.ParseFile(token.NewFileSet(), p, src)
		files = append(files, f)
	}
	return files
}

// walked lists what ast.Inspect visits, pruning below nodes for which prune is true.
func walked(root ast.Node, prune func(ast.Node) bool) []ast.Node {
	var out []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		out = append(out, n)
		return !prune(n)
	})
	return out
}

func TestInspectMatchesAstInspect(t *testing.T) {
	never := func(ast.Node) bool { return false }
	calls := func(n ast.Node) bool { _, ok := n.(*ast.CallExpr); return ok }
	for _, f := range trees(t) {
		in := New(f)
		for name, prune := range map[string]func(ast.Node) bool{"all": never, "pruning calls": calls} {
			var got []ast.Node
			in.Inspect(func(n ast.Node) bool {
				got = append(got, n)
				return !prune(n)
			})
			if want := walked(f, prune); !slices.Equal(got, want) {
				t.Errorf("%s: Inspect visited %d nodes, ast.Inspect %d", name, len(got), len(want))
			}
		}
	}
}

func TestPreorderFiltersKinds(t *testing.T) {
	for _, f := range trees(t) {
		in := New(f)
		all := walked(f, func(ast.Node) bool { return false })
		var wantCalls, wantStmts []ast.Node
		for _, n := range all {
			if _, ok := n.(*ast.CallExpr); ok {
				wantCalls = append(wantCalls, n)
			}
			if _, ok := n.(ast.Stmt); ok {
				wantStmts = append(wantStmts, n)
			}
		}
		if len(wantCalls) == 0 || len(wantStmts) == 0 {
			t.Fatal("test file without calls or statements")
		}
		got := slices.Collect(in.Preorder(Of((*ast.CallExpr)(nil))))
		if !slices.Equal(got, wantCalls) {
			t.Errorf("calls: got %d, want %d", len(got), len(wantCalls))
		}
		if got := slices.Collect(in.Preorder(Stmts)); !slices.Equal(got, wantStmts) {
			t.Errorf("statements: got %d, want %d", len(got), len(wantStmts))
		}
		// Breaking out of the loop stops the traversal.
		n := 0
		for range in.Preorder(Stmts) {
			n++
			break
		}
		if n != 1 {
			t.Errorf("break: %d nodes yielded", n)
		}
	}
}

// Every node type ast.Walk knows has a kind of its own.
func TestEveryKindDistinct(t *testing.T) {
	seen := map[uint8]bool{}
	for k, p := range prototypes[1:] {
		got := kindOf(p)
		if got != uint8(k+1) || seen[got] {
			t.Errorf("%T: kind %d", p, got)
		}
		seen[got] = true
	}
	if len(prototypes) > 128 {
		t.Errorf("%d kinds do not fit a Mask", len(prototypes))
	}
}

func TestCacheConcurrent(t *testing.T) {
	f := trees(t)[0]
	var c Cache
	var wg sync.WaitGroup
	got := make([]*Inspector, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[i] = c.Of(f)
		}()
	}
	wg.Wait()
	for _, in := range got {
		if in != got[0] {
			t.Fatal("the cache handed out two Inspectors for one tree")
		}
	}
}
