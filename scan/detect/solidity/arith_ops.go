package solidity

import (
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// The operations the overflow detectors judge, listed once per function body with the facts
// of their ancestors.

// arithOp is one wrapping operation: a binary expression, compound assignment, ++ or --.
type arithOp struct {
	node      ast.Expr
	op        token.Token // ADD, SUB, MUL, EXP
	x, y      ast.Expr    // y is nil for ++/--
	unchecked bool
	ancestors *ancestorChain // innermost first, shared with the operations around
	holder    ast.Node       // the innermost ancestor that is an assignment or a statement
	ternaries *ternaryChain  // the conditions of the ternaries op sits in, innermost first
	ytext     string         // normalised text of y, for matching twins
	root      *sema.Var      // the variable a compound assignment updates (nil otherwise)
}

// ancestorChain links a node's ancestors, innermost first; nodes share their parents' chains.
type ancestorChain struct {
	node ast.Node
	up   *ancestorChain
}

// parent returns op's innermost ancestor (nil at the top of the body).
func (op arithOp) parent() ast.Node {
	if op.ancestors == nil {
		return nil
	}
	return op.ancestors.node
}

// ternaryChain links the conditions of nested ternaries, shared by every operation under them.
type ternaryChain struct {
	cond ast.Expr
	up   *ternaryChain
}

// arithFrame is what arithOps keeps of each ancestor: one frame per open node, so that the
// facts an operation needs of its ancestors are read in constant time instead of copying the
// whole ancestor stack per operation (quadratic on a long a + a + ... chain).
// A frame's link in the ancestor chain is made only when an operation below it needs it: most
// nodes have no operation under them, and a link per node visited was the detector's largest
// allocation.
type arithFrame struct {
	node      ast.Node
	ancestors *ancestorChain // the node itself, then its ancestors; nil until arithChain makes it
	unchecked bool
	holder    ast.Node
	ternaries *ternaryChain
}

// arithChain returns the ancestor chain of stack's top frame (nil for an empty stack), making the
// links its frames lack; each frame's link is made once, so the walk stays linear.
func arithChain(stack []arithFrame) *ancestorChain {
	j := len(stack) - 1
	for j >= 0 && stack[j].ancestors == nil {
		j--
	}
	for k := j + 1; k < len(stack); k++ {
		var up *ancestorChain
		if k > 0 {
			up = stack[k-1].ancestors
		}
		stack[k].ancestors = &ancestorChain{node: stack[k].node, up: up}
	}
	if len(stack) == 0 {
		return nil
	}
	return stack[len(stack)-1].ancestors
}

var arithStacks = sync.Pool{New: func() any { return new([]arithFrame) }}

// arithOps lists the wrapping operations of a body with the facts of their ancestors.
func arithOps(body ast.Node) []arithOp {
	var out []arithOp
	// The frame stack comes from a pool: a new one per body, grown by doubling, was most of
	// what the overflow detector allocated.
	pooled := arithStacks.Get().(*[]arithFrame)
	stack := (*pooled)[:0]
	defer func() {
		clear(stack[:cap(stack)]) // the pool must not keep a scan's nodes alive
		*pooled = stack[:0]
		arithStacks.Put(pooled)
	}()
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		var up arithFrame
		if len(stack) > 0 {
			up = stack[len(stack)-1]
		}
		unchecked := up.unchecked
		if b, ok := n.(*ast.BlockStmt); ok && b.Unchecked {
			unchecked = true
		}
		op := arithOp{unchecked: unchecked, holder: up.holder, ternaries: up.ternaries}
		switch e := n.(type) {
		case *ast.BinaryExpr:
			switch e.Op {
			case token.ADD, token.SUB, token.MUL, token.EXP:
				op.node, op.op, op.x, op.y = e, e.Op, e.X, e.Y
			}
		case *ast.AssignExpr:
			switch e.Op {
			case token.ADD_ASSIGN, token.SUB_ASSIGN, token.MUL_ASSIGN:
				op.node, op.op, op.x, op.y = e, e.Op.AssignOp(), e.Lhs, e.Rhs
			}
		case *ast.UnaryExpr:
			switch e.Op {
			case token.INC:
				op.node, op.op, op.x = e, token.ADD, e.X
			case token.DEC:
				op.node, op.op, op.x = e, token.SUB, e.X
			}
		}
		if op.node != nil {
			op.ancestors = arithChain(stack)
			out = append(out, op)
		}
		f := arithFrame{node: n, unchecked: unchecked, holder: up.holder, ternaries: up.ternaries}
		switch e := n.(type) {
		case *ast.AssignExpr, ast.Stmt:
			f.holder = n
		case *ast.CondExpr:
			f.ternaries = &ternaryChain{cond: e.Cond, up: up.ternaries}
		}
		stack = append(stack, f)
		return true
	})
	return out
}

// hasUncheckedBlock reports whether fn's body has an unchecked { } block.
func hasUncheckedBlock(fn *sema.Function) bool {
	for n := range fn.BodyTree().Preorder(blockStmtKinds) {
		if n.(*ast.BlockStmt).Unchecked {
			return true
		}
	}
	return false
}

var blockStmtKinds = inspect.Of((*ast.BlockStmt)(nil))
