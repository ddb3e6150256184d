package sema

import (
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
)

// Inspector returns the flattened tree rooted at root (a file, a contract), built on first use
// and shared by every detector: traversing it again costs a loop over a list instead of another
// ast.Walk. Use it for trees many analyses traverse; a one-off walk of a small subtree is
// cheaper with ast.Inspect. For a function's body use Function.BodyTree.
func (p *Program) Inspector(root ast.Node) *inspect.Inspector {
	return p.trees.Of(root)
}

// bodyTree is a function body flattened once, for the detectors that traverse it.
type bodyTree struct {
	once sync.Once
	in   *inspect.Inspector
}

// BodyTree returns the function's body flattened for repeated traversal (empty without a
// body), built on first use; safe for concurrent use.
func (f *Function) BodyTree() *inspect.Inspector {
	f.tree.once.Do(func() {
		var root ast.Node
		if f.Body != nil {
			root = f.Body
		}
		f.tree.in = inspect.New(root)
	})
	return f.tree.in
}
