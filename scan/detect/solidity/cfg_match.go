package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// This file holds small queries on control-flow graphs and function bodies that the detectors
// of issue 26's classes share (write after write, assembly return, phantom permit, storage
// passed by value, reentrancy balance, ...).

// searchAfter walks the graph breadth first from the successors of n (n itself is not
// visited again) and returns the first node for which visit reports found; visit also says
// whether to go on past the node. Nodes are visited once.
func searchAfter(n *sema.Node, visit func(m *sema.Node) (found, descend bool)) *sema.Node {
	seen := map[*sema.Node]bool{n: true}
	queue := append([]*sema.Node(nil), n.Succs...)
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		if seen[m] {
			continue
		}
		seen[m] = true
		found, descend := visit(m)
		if found {
			return m
		}
		if descend {
			queue = append(queue, m.Succs...)
		}
	}
	return nil
}

// conditionNodes returns every node inside the conditions fn checks (require and assert
// arguments, if, loop and ternary conditions): a comparison or read found there decides a
// branch or a guard.
func conditionNodes(p *sema.Program, fn *sema.Function) map[ast.Node]bool {
	build := func() map[ast.Node]bool {
		out := map[ast.Node]bool{}
		for _, c := range conditionsOf(p, fn) {
			ast.Inspect(c.expr, func(n ast.Node) bool {
				out[n] = true
				return true
			})
		}
		return out
	}
	if info := p.Info(fn); info != nil {
		// Three detectors ask it of every function: built once, shared read-only.
		return sema.Memo(info, conditionNodesKey{}, build)
	}
	return build()
}

type conditionNodesKey struct{}

// returnsMatching reports whether fn returns a value for which pred holds: the result of a
// return statement, or a value assigned to a named return variable.
func returnsMatching(info *sema.FuncInfo, fn *sema.Function, pred func(ast.Expr) bool) bool {
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.ReturnStmt:
			if s.Result != nil && pred(s.Result) {
				found = true
			}
		case *ast.AssignExpr:
			if r := info.RootVar(s.Lhs); r != nil && r.Kind == sema.ReturnVar && pred(s.Rhs) {
				found = true
			}
		}
		return !found
	})
	return found
}
