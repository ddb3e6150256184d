package inspect

import (
	"fmt"
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

// Every node's subtree, found in the flattening of the whole file, matches a walk of that node,
// and a node from another tree is not found.
func TestSubtree(t *testing.T) {
	files := trees(t)
	for _, f := range files {
		in := New(f)
		for _, n := range walked(f, func(ast.Node) bool { return false }) {
			sub, ok := in.Subtree(n)
			if !ok {
				t.Fatalf("%T at %d not found", n, n.Pos())
			}
			var got []ast.Node
			sub.Inspect(func(x ast.Node) bool {
				got = append(got, x)
				_, call := x.(*ast.CallExpr)
				return !call
			})
			want := walked(n, func(x ast.Node) bool { _, call := x.(*ast.CallExpr); return call })
			if !slices.Equal(got, want) {
				t.Fatalf("%T at %d: subtree has %d nodes, walk %d", n, n.Pos(), len(got), len(want))
			}
			wantCalls := 0
			for _, x := range walked(n, func(ast.Node) bool { return false }) {
				if _, ok := x.(*ast.CallExpr); ok {
					wantCalls++
				}
			}
			if got := len(slices.Collect(sub.Preorder(Of((*ast.CallExpr)(nil))))); got != wantCalls {
				t.Fatalf("%T at %d: Preorder of the subtree found %d calls, want %d", n, n.Pos(), got, wantCalls)
			}
		}
	}
	other := files[len(files)-1].Decls[0]
	if _, ok := New(files[0].Decls[0]).Subtree(other); ok && len(files) > 1 {
		t.Error("a node of another tree was found")
	}
	// Outside the flattening, In flattens the node itself.
	var none *Inspector
	n := 0
	sub := none.In(other)
	sub.Inspect(func(ast.Node) bool { n++; return true })
	if want := len(walked(other, func(ast.Node) bool { return false })); n != want {
		t.Errorf("In outside the tree visited %d nodes, want %d", n, want)
	}
}

// A function body lists its nodes by position, so Subtree finds them by binary search.
func TestSubtreeOfBodies(t *testing.T) {
	bodies := 0
	for _, f := range trees(t) {
		ast.Inspect(f, func(n ast.Node) bool {
			fd, ok := n.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				return true
			}
			bodies++
			in := New(fd.Body)
			if !in.sorted {
				t.Errorf("body at %d not in position order", fd.Pos())
			}
			for _, x := range walked(fd.Body, func(ast.Node) bool { return false }) {
				if sub, ok := in.Subtree(x); !ok || sub.events[0].node != x {
					t.Fatalf("%T at %d not found by position", x, x.Pos())
				}
			}
			return false
		})
	}
	if bodies == 0 {
		t.Fatal("no function bodies")
	}
}

// TestWithAncestors: the ancestors WithAncestors gives each node are the stack an ast.Inspect
// walk keeps, for whole trees and for views of their blocks.
func TestWithAncestors(t *testing.T) {
	walk := func(root ast.Node) []string {
		var out []string
		var stack []ast.Node
		ast.Inspect(root, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return false
			}
			out = append(out, describe(n, stack))
			stack = append(stack, n)
			return true
		})
		return out
	}
	flat := func(in *Inspector) []string {
		var out []string
		in.WithAncestors(func(n ast.Node, stack []ast.Node) { out = append(out, describe(n, stack)) })
		return out
	}
	views := 0
	for _, f := range trees(t) {
		in := New(f)
		if got, want := flat(in), walk(f); !slices.Equal(got, want) {
			t.Fatalf("%d entries, ast.Inspect %d; first difference: %s", len(got), len(want), firstDiff(got, want))
		}
		for b := range in.Preorder(Of((*ast.BlockStmt)(nil))) {
			sub := in.In(b)
			if got, want := flat(&sub), walk(b); !slices.Equal(got, want) {
				t.Fatalf("view of a block: first difference: %s", firstDiff(got, want))
			}
			views++
		}
	}
	if views < 10 {
		t.Fatalf("only %d blocks seen", views)
	}
}

// describe names a node and its ancestors by type and position.
func describe(n ast.Node, stack []ast.Node) string {
	s := fmt.Sprintf("%T@%d", n, n.Pos())
	for _, a := range stack {
		s += fmt.Sprintf("<%T@%d", a, a.Pos())
	}
	return s
}

func firstDiff(a, b []string) string {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return a[i] + " vs " + b[i]
		}
	}
	return "at the end of the shorter list"
}
