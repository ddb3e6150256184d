package sema

import (
	"iter"
	"slices"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// NodeKind classifies CFG nodes.
type NodeKind uint8

const (
	NodeEntry       NodeKind = iota
	NodeExit                 // normal end of the function
	NodeRevert               // the sink of every reverting path
	NodeStmt                 // a simple statement (expression, declaration, return, emit, assembly, ...)
	NodeCond                 // the condition of an if, loop or ternary-free branch
	NodeBranch               // the start of one side of a condition (Polarity says which)
	NodeJoin                 // where paths meet again (loop heads, after if)
	NodePlaceholder          // `_` in a modifier
	NodeHalt                 // the sink of paths that end the whole call without reverting
)

// Node is a node of a function's control-flow graph. Its small fields come first, together,
// which makes it 112 bytes instead of 128: a scan's graphs hold tens of thousands of nodes, all
// live until its end.
type Node struct {
	ID       int
	Kind     NodeKind
	Polarity bool      // for NodeBranch: the condition's value on this side
	InLoop   bool      // inside a loop body, condition or post
	Stmt     ast.Stmt  // for NodeStmt and NodePlaceholder
	Expr     ast.Expr  // for NodeCond (the condition), and loop posts (NodeStmt with Expr)
	Fn       *Function // the function or modifier whose source this node belongs to
	Cond     *Node     // for NodeBranch: its condition node
	// Yul is the assembly statement of a node made from inline assembly (an ast.YulStmt, for
	// NodeStmt), the condition of an assembly if, switch or for (an ast.YulExpr, for NodeCond:
	// the switched value for a switch), or the case a NodeBranch of a switch enters (an
	// *ast.YulCase); YulStmt, YulCond and Case tell them apart. One field for the three keeps
	// the node, of which a scan holds tens of thousands, a size class smaller.
	Yul   ast.Node
	Succs []*Node
	Preds []*Node
	// edges holds the first two successors and predecessors (Succs and Preds start in it):
	// most nodes have one or two of each, so linking them allocates nothing.
	edges [4]*Node
}

// CFG is the control-flow graph of a function with its modifiers woven around the body.
type CFG struct {
	// Entry and Exit begin and end the function; Revert is where every reverting path goes,
	// Halt where paths go that end the whole call with their effects kept (selfdestruct, an
	// assembly return or stop): the function's caller does not go on after them either.
	Entry, Exit, Revert, Halt *Node
	Nodes                     []*Node
	idom                      []*Node // immediate dominators by node ID
	order                     []*Node // the reachable nodes in reverse postorder (with idom)
	locks                     lockCache
}

func (g *CFG) newNode(kind NodeKind, fn *Function) *Node {
	// One allocation per node: made in chunks, the unused rest of each chunk stayed alive with
	// the graph (most functions have a handful of nodes) and raised a scan's peak memory.
	n := &Node{ID: len(g.Nodes), Kind: kind, Fn: fn}
	g.Nodes = append(g.Nodes, n)
	return n
}

func link(from, to *Node) {
	for _, s := range from.Succs {
		if s == to {
			return
		}
	}
	if from.Succs == nil {
		from.Succs = from.edges[:0:2]
	}
	if to.Preds == nil {
		to.Preds = to.edges[2:2:4]
	}
	from.Succs = append(from.Succs, to)
	to.Preds = append(to.Preds, from)
}

type loopCtx struct {
	brk  []*Node // nodes that break out of the loop
	cont *Node   // where continue goes
}

type cfgBuilder struct {
	g     *CFG
	p     *Program
	fn    *Function // the body being built (function or modifier)
	exit  *Node     // where `return` goes for this body
	loops []*loopCtx
	depth int
}

// buildCFG builds the graph of fn. For a function with modifiers, the first modifier's body is
// the outer layer; each `_` runs the next layer, and the innermost layer is the function body.
func buildCFG(p *Program, fn *Function) *CFG {
	g := &CFG{Nodes: make([]*Node, 0, 16)} // most graphs have fewer nodes
	g.Entry = g.newNode(NodeEntry, fn)
	g.Exit = g.newNode(NodeExit, fn)
	g.Revert = g.newNode(NodeRevert, fn)
	g.Halt = g.newNode(NodeHalt, fn)
	if fn.Body == nil {
		link(g.Entry, g.Exit)
		return g
	}
	var layers []*Function
	for _, m := range fn.Modifiers {
		if m != nil && m.Body != nil && len(layers) < 8 {
			layers = append(layers, m)
		}
	}
	layers = append(layers, fn)
	entry, ends := buildLayer(g, p, layers)
	link(g.Entry, entry)
	for _, e := range ends {
		link(e, g.Exit)
	}
	g.computeDominators()
	return g
}

// buildLayer builds layers[0] with the rest woven into its placeholders; it returns the
// layer's entry node and the nodes that end it normally.
func buildLayer(g *CFG, p *Program, layers []*Function) (*Node, []*Node) {
	fn := layers[0]
	b := &cfgBuilder{g: g, p: p, fn: fn}
	b.exit = g.newNode(NodeJoin, fn) // returns of this layer land here
	entry := g.newNode(NodeJoin, fn)
	ends := b.stmts(fn.Body.List, []*Node{entry})
	for _, e := range ends {
		link(e, b.exit)
	}
	// Weave the inner layers into every placeholder.
	if len(layers) > 1 {
		var inner *Node
		var innerEnds []*Node
		for _, n := range g.Nodes {
			if n.Kind != NodePlaceholder || n.Fn != fn {
				continue
			}
			if inner == nil {
				inner, innerEnds = buildLayer(g, p, layers[1:])
			}
			// Copy: removeEdge filters n.Succs in place, and link would then overwrite the
			// shared array, turning the body's exit into an edge back to its entry.
			succs := append([]*Node(nil), n.Succs...)
			for _, s := range succs {
				removeEdge(n, s)
			}
			link(n, inner)
			for _, e := range innerEnds {
				for _, s := range succs {
					link(e, s)
				}
			}
		}
	}
	return entry, []*Node{b.exit}
}

func removeEdge(from, to *Node) {
	from.Succs = removeNode(from.Succs, to)
	to.Preds = removeNode(to.Preds, from)
}

func removeNode(list []*Node, n *Node) []*Node {
	out := list[:0]
	for _, x := range list {
		if x != n {
			out = append(out, x)
		}
	}
	return out
}

func (b *cfgBuilder) stmts(list []ast.Stmt, cur []*Node) []*Node {
	for _, s := range list {
		cur = b.stmt(s, cur)
	}
	return cur
}

func (b *cfgBuilder) node(kind NodeKind, s ast.Stmt, cur []*Node) *Node {
	n := b.g.newNode(kind, b.fn)
	n.Stmt = s
	n.InLoop = len(b.loops) > 0
	for _, c := range cur {
		link(c, n)
	}
	return n
}

func (b *cfgBuilder) stmt(s ast.Stmt, cur []*Node) []*Node {
	if len(cur) == 0 {
		return nil // unreachable code: not part of the graph
	}
	b.depth++
	defer func() { b.depth-- }()
	if b.depth > 200 {
		return []*Node{b.node(NodeStmt, s, cur)}
	}
	switch s := s.(type) {
	case *ast.BlockStmt:
		return b.stmts(s.List, cur)
	case *ast.IfStmt:
		cond := b.node(NodeCond, s, cur)
		cond.Expr = s.Cond
		t := b.branch(cond, true)
		f := b.branch(cond, false)
		ends := b.stmt(s.Then, []*Node{t})
		if s.Else != nil {
			return append(ends, b.stmt(s.Else, []*Node{f})...)
		}
		return append(ends, f)
	case *ast.ForStmt:
		if s.Init != nil {
			cur = b.stmt(s.Init, cur)
		}
		head := b.node(NodeJoin, nil, cur)
		lc := &loopCtx{}
		b.loops = append(b.loops, lc)
		cond := b.g.newNode(NodeCond, b.fn)
		cond.Stmt, cond.Expr, cond.InLoop = s, s.Cond, true
		link(head, cond)
		body := b.branch(cond, true)
		exit := b.branch(cond, false)
		post := b.g.newNode(NodeStmt, b.fn)
		post.Expr, post.InLoop = s.Post, true
		lc.cont = post
		for _, e := range b.stmt(s.Body, []*Node{body}) {
			link(e, post)
		}
		link(post, head)
		b.loops = b.loops[:len(b.loops)-1]
		return append([]*Node{exit}, lc.brk...)
	case *ast.WhileStmt:
		head := b.node(NodeJoin, nil, cur)
		lc := &loopCtx{cont: head}
		b.loops = append(b.loops, lc)
		cond := b.g.newNode(NodeCond, b.fn)
		cond.Stmt, cond.Expr, cond.InLoop = s, s.Cond, true
		link(head, cond)
		body := b.branch(cond, true)
		exit := b.branch(cond, false)
		for _, e := range b.stmt(s.Body, []*Node{body}) {
			link(e, head)
		}
		b.loops = b.loops[:len(b.loops)-1]
		return append([]*Node{exit}, lc.brk...)
	case *ast.DoWhileStmt:
		head := b.node(NodeJoin, nil, cur)
		lc := &loopCtx{}
		b.loops = append(b.loops, lc)
		cond := b.g.newNode(NodeCond, b.fn)
		cond.Stmt, cond.Expr, cond.InLoop = s, s.Cond, true
		lc.cont = cond
		for _, e := range b.stmt(s.Body, []*Node{head}) {
			link(e, cond)
		}
		link(b.branch(cond, true), head)
		exit := b.branch(cond, false)
		b.loops = b.loops[:len(b.loops)-1]
		return append([]*Node{exit}, lc.brk...)
	case *ast.BranchStmt:
		n := b.node(NodeStmt, s, cur)
		if len(b.loops) > 0 {
			lc := b.loops[len(b.loops)-1]
			if s.Tok.String() == "break" {
				lc.brk = append(lc.brk, n)
			} else if lc.cont != nil {
				link(n, lc.cont)
			}
		}
		return nil
	case *ast.ReturnStmt:
		n := b.node(NodeStmt, s, cur)
		if neverReturns(b.p.Info(b.fn), s, b.p.idx.noReturn) {
			b.linkNoReturn(n, s)
			return nil
		}
		link(n, b.exit)
		return nil
	case *ast.ThrowStmt, *ast.RevertStmt:
		n := b.node(NodeStmt, s, cur)
		link(n, b.g.Revert)
		return nil
	case *ast.PlaceholderStmt:
		return []*Node{b.node(NodePlaceholder, s, cur)}
	case *ast.TryStmt:
		call := b.node(NodeStmt, s, cur)
		ends := b.stmt(s.Body, []*Node{call})
		for _, c := range s.Catches {
			ends = append(ends, b.stmt(c.Body, []*Node{call})...)
		}
		return ends
	case *ast.AssemblyStmt:
		if s.Body == nil {
			return []*Node{b.node(NodeStmt, s, cur)}
		}
		// Inline assembly is part of the graph statement by statement, so that its calls,
		// stores, checks and reverts are ordered with the Solidity code around them.
		y := &yulBuilder{b: b, funcs: yulFuncDefs(s.Body)}
		return y.block(s.Body, cur)
	case *ast.ExprStmt, *ast.VarDeclStmt:
		n := b.node(NodeStmt, s, cur)
		if neverReturns(b.p.Info(b.fn), s, b.p.idx.noReturn) {
			b.linkNoReturn(n, s)
			return nil
		}
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			return []*Node{n}
		}
		if isSelfdestructCall(es.X) {
			link(n, b.g.Halt) // the call ends here: nothing after it runs
			return nil
		}
		switch alwaysReverts(es.X) {
		case revertAlways:
			link(n, b.g.Revert)
			return nil
		case revertMaybe:
			link(n, b.g.Revert)
		}
		return []*Node{n}
	}
	return []*Node{b.node(NodeStmt, s, cur)}
}

// linkNoReturn ends statement node n, which calls a function that never returns: to the revert
// sink, and to the halt sink too when that function may end the call without reverting.
func (b *cfgBuilder) linkNoReturn(n *Node, s ast.Stmt) {
	link(n, b.g.Revert)
	if mayHalt(b.p.Info(b.fn), s, b.p.idx.mayHalt) {
		link(n, b.g.Halt)
	}
}

func (b *cfgBuilder) branch(cond *Node, polarity bool) *Node {
	n := b.g.newNode(NodeBranch, b.fn)
	n.Polarity, n.Cond, n.InLoop = polarity, cond, cond.InLoop
	link(cond, n)
	return n
}

type revertKind int

const (
	revertNever revertKind = iota
	revertMaybe
	revertAlways
)

// isSelfdestructCall reports whether x is selfdestruct(...) or suicide(...).
func isSelfdestructCall(x ast.Expr) bool {
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return false
	}
	id, ok := call.Fun.(*ast.Ident)
	return ok && (id.Name == "selfdestruct" || id.Name == "suicide") && len(call.Args) == 1
}

// alwaysReverts tells whether an expression statement reverts: revert(...) always; require and
// assert when their condition fails.
func alwaysReverts(x ast.Expr) revertKind {
	call, ok := x.(*ast.CallExpr)
	if !ok {
		return revertNever
	}
	id, ok := call.Fun.(*ast.Ident)
	if !ok {
		return revertNever
	}
	switch id.Name {
	case "revert":
		return revertAlways
	case "require", "assert":
		if len(call.Args) > 0 {
			if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Value == "false" {
				return revertAlways
			}
		}
		return revertMaybe
	}
	return revertNever
}

// computeDominators computes immediate dominators with the iterative algorithm of Cooper,
// Harvey and Kennedy over a reverse postorder.
func (g *CFG) computeDominators() {
	order := g.reversePostorder()
	g.order = order
	index := make([]int, len(g.Nodes))
	for i := range index {
		index[i] = -1
	}
	for i, n := range order {
		index[n.ID] = i
	}
	idom := make([]*Node, len(g.Nodes))
	idom[g.Entry.ID] = g.Entry
	intersect := func(a, b *Node) *Node {
		for a != b {
			for index[a.ID] > index[b.ID] {
				a = idom[a.ID]
			}
			for index[b.ID] > index[a.ID] {
				b = idom[b.ID]
			}
		}
		return a
	}
	for changed := true; changed; {
		changed = false
		for _, n := range order[1:] {
			var d *Node
			for _, p := range n.Preds {
				if idom[p.ID] == nil || index[p.ID] < 0 {
					continue
				}
				if d == nil {
					d = p
				} else {
					d = intersect(p, d)
				}
			}
			if d != nil && idom[n.ID] != d {
				idom[n.ID] = d
				changed = true
			}
		}
	}
	g.idom = idom
}

func (g *CFG) reversePostorder() []*Node {
	seen := make([]bool, len(g.Nodes))
	// iterative DFS to stay safe on large functions
	type frame struct {
		n *Node
		i int
	}
	post := make([]*Node, 0, len(g.Nodes))
	stack := append(make([]frame, 0, 32), frame{g.Entry, 0})
	seen[g.Entry.ID] = true
	for len(stack) > 0 {
		top := &stack[len(stack)-1]
		if top.i < len(top.n.Succs) {
			s := top.n.Succs[top.i]
			top.i++
			if !seen[s.ID] {
				seen[s.ID] = true
				stack = append(stack, frame{s, 0})
			}
			continue
		}
		post = append(post, top.n)
		stack = stack[:len(stack)-1]
	}
	for i, j := 0, len(post)-1; i < j; i, j = i+1, j-1 {
		post[i], post[j] = post[j], post[i]
	}
	return post
}

// Dominators returns the nodes that dominate n (every path from the entry passes them), n
// itself excluded, nearest first.
func (g *CFG) Dominators(n *Node) []*Node {
	return slices.Collect(g.dominatorsOf(n))
}

// dominatorsOf yields what Dominators lists without making the list: Gates and LockedAt walk
// the dominators of every node they are asked about, and the lists were 1-2% of what a scan's
// detectors allocate.
func (g *CFG) dominatorsOf(n *Node) iter.Seq[*Node] {
	return func(yield func(*Node) bool) {
		for d := g.idom[n.ID]; d != nil && d != n; d = g.idom[d.ID] {
			if !yield(d) || d == g.Entry {
				return
			}
			n = d
		}
	}
}

// PassedOnEveryPath marks, by node ID, the nodes that every path from the entry reaches only
// after passing some node satisfying has (not always the same one: a check on either branch of
// an if). It is what dominance by one node generalises to; one walk answers every node.
func (g *CFG) PassedOnEveryPath(has func(d *Node) bool) []bool {
	open := make([]bool, len(g.Nodes)) // reached by some path that passed none
	stack := []*Node{g.Entry}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if open[n.ID] {
			continue
		}
		open[n.ID] = true
		if has(n) {
			continue
		}
		stack = append(stack, n.Succs...)
	}
	out := make([]bool, len(g.Nodes))
	for i := range out {
		out[i] = !open[i]
	}
	// A node passing the test is reached unchecked itself, but what follows it only through
	// it is checked: marked above by not walking on. Unreachable nodes are marked too, which
	// is harmless (nothing runs there).
	return out
}

// DominatedBy marks, by node ID, the nodes that some node satisfying has strictly dominates,
// with one call of has per node: a detector asking the question of every node of a function
// would otherwise walk the dominator chain of each, quadratic on long straight-line code.
func (g *CFG) DominatedBy(has func(d *Node) bool) []bool {
	out := make([]bool, len(g.Nodes))
	if g.idom == nil {
		return out
	}
	// Reverse postorder visits every dominator before the nodes it dominates.
	for _, n := range g.order {
		d := g.idom[n.ID]
		if n == g.Entry || d == nil {
			continue
		}
		out[n.ID] = out[d.ID] || has(d)
	}
	return out
}

// Reachable reports whether to can be reached from from (from itself excluded unless on a loop).
func (g *CFG) Reachable(from, to *Node) bool {
	return g.walk(from, func(n *Node) []*Node { return n.Succs }, to)[to.ID]
}

// ReachableFrom marks, by node ID, the nodes reachable from from by at least one edge (from
// itself only on a loop): one walk answers Reachable(from, m) for every m.
func (g *CFG) ReachableFrom(from *Node) []bool {
	return g.walk(from, func(n *Node) []*Node { return n.Succs }, nil)
}

// Reaching marks, by node ID, the nodes from which to is reachable by at least one edge.
func (g *CFG) Reaching(to *Node) []bool {
	return g.walk(to, func(n *Node) []*Node { return n.Preds }, nil)
}

// walk marks the nodes next leads to from start in one step or more, stopping early at stop.
func (g *CFG) walk(start *Node, next func(*Node) []*Node, stop *Node) []bool {
	seen := make([]bool, len(g.Nodes))
	stack := append([]*Node(nil), next(start)...)
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n.ID] {
			continue
		}
		seen[n.ID] = true
		if n == stop {
			break
		}
		stack = append(stack, next(n)...)
	}
	return seen
}

// NodeOf returns the node holding statement s (nil if s is unreachable or compound).
func (g *CFG) NodeOf(s ast.Stmt) *Node {
	for _, n := range g.Nodes {
		if n.Stmt == s && (n.Kind == NodeStmt || n.Kind == NodeCond || n.Kind == NodePlaceholder) {
			return n
		}
	}
	return nil
}

// YulStmt returns the assembly statement of a NodeStmt made from inline assembly, or nil.
func (n *Node) YulStmt() ast.YulStmt {
	s, _ := n.Yul.(ast.YulStmt)
	return s
}

// Case returns the switch case a NodeBranch enters: nil for the branch of an if, or the
// fall-through of a switch without a default.
func (n *Node) Case() *ast.YulCase {
	if n.Kind != NodeBranch {
		return nil
	}
	c, _ := n.Yul.(*ast.YulCase)
	return c
}

// YulCond returns the assembly condition a NodeCond tests, or nil.
func (n *Node) YulCond() ast.YulExpr {
	if n.Kind != NodeCond {
		return nil
	}
	x, _ := n.Yul.(ast.YulExpr)
	return x
}

// Exprs returns the expression a node evaluates: the statement's expression or the condition.
func (n *Node) Exprs() []ast.Node {
	if x := n.Code(); x != nil {
		return []ast.Node{x}
	}
	return nil
}

// Code returns what Exprs lists, the one statement or expression the node evaluates, or nil;
// without the list, for the queries asked of every node.
func (n *Node) Code() ast.Node {
	switch n.Kind {
	case NodeCond:
		if n.Expr != nil {
			return n.Expr
		}
		if n.Yul != nil {
			return n.Yul
		}
	case NodeStmt:
		if n.Expr != nil {
			return n.Expr
		}
		if n.Yul != nil {
			return n.Yul
		}
		switch s := n.Stmt.(type) {
		case *ast.TryStmt:
			return s.Call
		case nil:
			return nil
		default:
			return s
		}
	}
	return nil
}
