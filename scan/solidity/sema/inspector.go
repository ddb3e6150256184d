package sema

import (
	"sync"
	"sync/atomic"

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

// bodyTree is a function body flattened once, for the detectors that traverse it; dropped
// once the detectors are done with its file (ReleaseFacts) and flattened again if asked for.
// Unlike a fact, a body flattened twice is the same list of the same nodes (nothing compares
// flattenings by identity): the time of its last use keeps a body in use from being dropped,
// not two detectors from seeing two flattenings.
type bodyTree struct {
	in     atomic.Pointer[inspect.Inspector]
	used   atomic.Int64 // the clock's time at the last request (see ReleaseFacts)
	mu     sync.Mutex   // held while flattening and releasing
	strays *strays      // set on release: where a body flattened again is listed
}

// BodyTree returns the function's body flattened for repeated traversal (empty without a
// body), built on first use; safe for concurrent use.
func (f *Function) BodyTree() *inspect.Inspector {
	t := &f.tree
	for now := clock.Load(); ; {
		if used := t.used.Load(); used >= now || t.used.CompareAndSwap(used, now) {
			break
		}
	}
	if in := t.in.Load(); in != nil {
		return in
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if in := t.in.Load(); in != nil {
		return in
	}
	var root ast.Node
	if f.Body != nil {
		root = f.Body
	}
	in := inspect.New(root)
	t.in.Store(in)
	if t.strays != nil && f.info != nil {
		t.strays.add(f.info)
	}
	return in
}
