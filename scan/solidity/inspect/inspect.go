package inspect

import (
	"cmp"
	"iter"
	"slices"
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Mask is a set of node kinds.
type Mask [2]uint64

// Of returns the mask of the kinds of the given nodes; typed nil pointers name a kind:
// inspect.Of((*ast.CallExpr)(nil), (*ast.AssignExpr)(nil)).
func Of(nodes ...ast.Node) Mask {
	var m Mask
	for _, n := range nodes {
		m.add(kindOf(n))
	}
	return m
}

// Union returns the kinds in m or o.
func (m Mask) Union(o Mask) Mask { return Mask{m[0] | o[0], m[1] | o[1]} }

func (m *Mask) add(k uint8) { m[k/64] |= 1 << (k % 64) }

func (m Mask) has(k uint8) bool { return m[k/64]&(1<<(k%64)) != 0 }

// Stmts is every statement kind (the node types that implement ast.Stmt); Exprs every
// expression kind.
var Stmts, Exprs = func() (stmts, exprs Mask) {
	for k, p := range prototypes {
		if _, ok := p.(ast.Stmt); ok {
			stmts.add(uint8(k))
		}
		if _, ok := p.(ast.Expr); ok {
			exprs.add(uint8(k))
		}
	}
	return stmts, exprs
}()

// event is one node of the flattened tree.
type event struct {
	node ast.Node
	end  int32 // index just past the node's last descendant
	kind uint8
}

// Inspector holds a tree flattened for repeated traversal. It is read-only once built and safe
// for concurrent use.
type Inspector struct {
	events []event
	base   int32 // index of events[0] in the flattening a subtree view (Subtree) shares
	sorted bool  // positions never decrease along events: Subtree may search by position
}

// New flattens the tree rooted at root (root included), in ast.Walk's order.
func New(root ast.Node) *Inspector {
	in := &Inspector{sorted: true}
	if root == nil {
		return in
	}
	// The flattening is built in a reused buffer and kept as an exact-size copy: the trees of a
	// scan's functions live as long as its model, and a list grown by append would carry up to
	// as much spare capacity as it has events, besides the garbage of each doubling.
	s := scratchPool.Get().(*scratch)
	events, open := s.events[:0], s.open[:0] // open: the nodes whose subtree is being flattened
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			top := open[len(open)-1]
			open = open[:len(open)-1]
			events[top].end = int32(len(events))
			return false
		}
		if k := len(events); k > 0 && n.Pos() < events[k-1].node.Pos() {
			in.sorted = false
		}
		open = append(open, int32(len(events)))
		events = append(events, event{node: n, kind: kindOf(n)})
		return true
	})
	if len(events) > 0 {
		in.events = append(make([]event, 0, len(events)), events...)
	}
	clear(events) // the pool must not keep a scan's nodes alive
	s.events, s.open = events[:0], open[:0]
	scratchPool.Put(s)
	return in
}

// scratch is New's working memory, reused through scratchPool.
type scratch struct {
	events []event
	open   []int32
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// Preorder yields the nodes of the kinds in types in the order ast.Inspect visits them; breaking
// out of the loop ends the traversal.
func (in *Inspector) Preorder(types Mask) iter.Seq[ast.Node] {
	return func(yield func(ast.Node) bool) {
		for i := range in.events {
			if e := &in.events[i]; types.has(e.kind) && !yield(e.node) {
				return
			}
		}
	}
}

// Inspect calls f for every node in the order ast.Inspect does; when f returns false the node's
// children are skipped. Unlike ast.Inspect, f is never called with nil after the children.
func (in *Inspector) Inspect(f func(ast.Node) bool) {
	for i := 0; i < len(in.events); {
		e := &in.events[i]
		if f(e.node) {
			i++
		} else {
			i = int(e.end - in.base)
		}
	}
}

// WithAncestors calls f for every node in the order Inspect does, with the node's ancestors in
// the tree, outermost first. The ancestors slice is reused from call to call: copy what you
// keep. It is the stack an ast.Inspect walk would keep, without the walk.
func (in *Inspector) WithAncestors(f func(n ast.Node, ancestors []ast.Node)) {
	// The stack comes from a pool (f sees it, so it would be allocated for every body walked),
	// with room for the usual depth; it goes back cleared, so that the pool keeps no tree alive.
	pooled := stacks.Get().(*[]ast.Node)
	stack := (*pooled)[:0]
	ends := make([]int32, 0, 16) // the end of each node on the stack
	for i := range in.events {
		e := &in.events[i]
		for at := in.base + int32(i); len(ends) > 0 && ends[len(ends)-1] <= at; {
			stack, ends = stack[:len(stack)-1], ends[:len(ends)-1]
		}
		f(e.node, stack)
		stack, ends = append(stack, e.node), append(ends, e.end)
	}
	clear(stack[:cap(stack)])
	*pooled = stack[:0]
	stacks.Put(pooled)
}

var stacks = sync.Pool{New: func() any { s := make([]ast.Node, 0, 16); return &s }}

// Subtree returns the part of the flattened tree rooted at n, sharing its list, and whether n
// is in the tree. Pre-order lists a function body's nodes by position, so n is found by binary
// search and then by identity among the nodes starting where it does; a tree whose order does
// not follow the source (modifiers written before `override` in a declaration) is searched
// linearly.
func (in *Inspector) Subtree(n ast.Node) (Inspector, bool) {
	if in == nil || n == nil {
		return Inspector{}, false
	}
	if in.sorted {
		pos := n.Pos()
		i, _ := slices.BinarySearchFunc(in.events, pos, func(e event, p token.Pos) int { return cmp.Compare(e.node.Pos(), p) })
		for ; i < len(in.events) && in.events[i].node.Pos() == pos; i++ {
			if in.events[i].node == n {
				return in.view(i), true
			}
		}
		return Inspector{}, false
	}
	for i := range in.events {
		if in.events[i].node == n {
			return in.view(i), true
		}
	}
	return Inspector{}, false
}

// view returns the subtree whose root is events[i].
func (in *Inspector) view(i int) Inspector {
	end := int(in.events[i].end - in.base)
	return Inspector{events: in.events[i:end:end], base: in.base + int32(i), sorted: in.sorted}
}

// In returns the flattened tree rooted at root: a view of in when root lies in it (no walk, no
// copy), a new flattening of root otherwise.
func (in *Inspector) In(root ast.Node) Inspector {
	if sub, ok := in.Subtree(root); ok {
		return sub
	}
	return *New(root)
}

// Cache holds one Inspector per root node, built on first use. The zero value is ready; it is
// safe for concurrent use.
type Cache struct {
	mu    sync.Mutex
	trees map[ast.Node]*Inspector
}

// Of returns the Inspector of the tree rooted at root, flattening it on the first call.
func (c *Cache) Of(root ast.Node) *Inspector {
	c.mu.Lock()
	in, ok := c.trees[root]
	c.mu.Unlock()
	if ok {
		return in
	}
	// Built outside the lock so that detectors flattening different trees do not wait on each
	// other; two racing builds of one tree yield equal Inspectors and the first stored wins.
	built := New(root)
	c.mu.Lock()
	defer c.mu.Unlock()
	if in, ok := c.trees[root]; ok {
		return in
	}
	if c.trees == nil {
		c.trees = map[ast.Node]*Inspector{}
	}
	c.trees[root] = built
	return built
}

// Len returns the number of nodes of the tree.
func (in *Inspector) Len() int { return len(in.events) }
