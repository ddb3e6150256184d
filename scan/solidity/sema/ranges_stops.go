package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// Functions that never return: a revert helper (_revert(code) ending in assembly revert, or
// calling one that does). A summary does not use other summaries (so that summaries never wait
// for one another), but it must still know that nothing runs after such a call: that is
// decided here on the graph alone, a few calls deep.

// maxStopDepth bounds how many calls deep neverReturns follows revert helpers.
const maxStopDepth = 4

type neverReturnsKey struct{ depth int }

// neverReturns reports whether every path through fn (its modifiers included) ends in a
// revert: its graph's exit cannot be reached once statements that always revert (a revert in
// assembly, a call to a function that never returns) are taken as ends. depth counts the calls
// followed so far; each depth is memoised apart, so that a computation only ever waits for a
// deeper one.
func (p *Program) neverReturns(fn *Function, depth int) bool {
	info := p.Info(fn)
	if fn == nil || fn.Body == nil || info == nil || info.CFG == nil || depth > maxStopDepth {
		return false
	}
	return Memo(info, neverReturnsKey{depth}, func() bool {
		g := info.CFG
		seen := make([]bool, len(g.Nodes))
		stack := []*Node{g.Entry}
		seen[g.Entry.ID] = true
		for len(stack) > 0 {
			n := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			if n == g.Exit {
				return false
			}
			if p.stops(n, depth) {
				continue
			}
			for _, s := range n.Succs {
				if !seen[s.ID] {
					seen[s.ID] = true
					stack = append(stack, s)
				}
			}
		}
		return true
	})
}

// stops reports whether node n always ends the call: assembly that reverts, or a statement
// calling a function that never returns.
func (p *Program) stops(n *Node, depth int) bool {
	code := n.Code()
	if code == nil || n.Kind != NodeStmt {
		return false
	}
	if yulEndsCall(code) {
		return true
	}
	info := p.Info(n.Fn)
	if info == nil {
		return false
	}
	x := code
	if es, ok := code.(*ast.ExprStmt); ok {
		x = es.X
	}
	c, ok := ast.Unparen(asExpr(x)).(*ast.CallExpr)
	if !ok {
		return false
	}
	call := info.CallOf[c]
	if call == nil || (call.Kind != CallInternal && call.Kind != CallLibrary) || call.Callee == nil {
		return false
	}
	callee := byArity(p, c, call)
	return callee != nil && !callee.Virtual && p.neverReturns(callee, depth+1)
}

// asExpr returns x as an expression (nil for statements).
func asExpr(x ast.Node) ast.Expr {
	if e, ok := x.(ast.Expr); ok {
		return e
	}
	return nil
}
