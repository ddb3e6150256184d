package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// paidFromValue reports whether the ether amount sent at node n of fn's graph is taken out of
// what the caller paid: fn computes msg.value - ... - amount with checked arithmetic (a 0.8
// file, outside unchecked blocks), so the call reverts unless amount is at most msg.value, and
// that subtraction runs whenever the send does (it dominates n, or every way from n to the end
// passes it). A deployer forwarding part of the payment to the contract it creates and
// refunding the rest pays the caller's own money.
func paidFromValue(p *sema.Program, info *sema.FuncInfo, n *sema.Node, amount ast.Expr) bool {
	fn := info.Fn
	if fn.File == nil || !fn.File.Version.CheckedArithmetic() || fn.Body == nil || n == nil {
		return false
	}
	want := normText(p, amount)
	unchecked := uncheckedBlocks(fn)
	found := false
	fn.BodyTree().Inspect(func(x ast.Node) bool {
		sub, ok := x.(*ast.BinaryExpr)
		if found || !ok || sub.Op != token.SUB || within(sub, unchecked) {
			return !found
		}
		if !subtractsFromValue(p, sub, want) {
			return true
		}
		s := info.CFG.NodeHolding(sub)
		if s != nil && s.Fn == fn && (s == n || info.CFG.DominatedBy(func(d *sema.Node) bool { return d == s })[n.ID] || onEveryWayOut(info.CFG, n, s)) {
			found = true
		}
		return !found
	})
	return found
}

// subtractsFromValue reports whether sub is msg.value - a - b ... with one of the subtracted
// terms written as want.
func subtractsFromValue(p *sema.Program, sub *ast.BinaryExpr, want string) bool {
	var x ast.Expr = sub
	hit := false
	for {
		b, ok := ast.Unparen(x).(*ast.BinaryExpr)
		if !ok || b.Op != token.SUB {
			break
		}
		hit = hit || normText(p, b.Y) == want
		x = b.X
	}
	m, ok := ast.Unparen(x).(*ast.MemberExpr)
	if !ok || m.Name.Name != "value" {
		return false
	}
	id, ok := ast.Unparen(m.X).(*ast.Ident)
	return hit && ok && id.Name == "msg"
}

// uncheckedBlocks returns fn's unchecked { ... } blocks, where arithmetic wraps.
func uncheckedBlocks(fn *sema.Function) []ast.Node {
	var out []ast.Node
	fn.BodyTree().Inspect(func(x ast.Node) bool {
		if b, ok := x.(*ast.BlockStmt); ok && b.Unchecked {
			out = append(out, b)
		}
		return true
	})
	return out
}

// within reports whether x lies inside one of the nodes.
func within(x ast.Node, in []ast.Node) bool {
	for _, b := range in {
		if b.Pos() <= x.Pos() && x.End() <= b.End() {
			return true
		}
	}
	return false
}

// onEveryWayOut reports whether every path from n to the end of the call (the exit or a halt)
// passes node s: walking back from the end without crossing s never reaches n.
func onEveryWayOut(g *sema.CFG, n, s *sema.Node) bool {
	return everyWayOutPasses(g, n, []*sema.Node{s})
}

// everyWayOutPasses reports whether every path from n to the end of the call (the exit or a
// halt) passes one of the nodes at (n itself counts): walking back from the end without
// crossing them never reaches n.
func everyWayOutPasses(g *sema.CFG, n *sema.Node, at []*sema.Node) bool {
	if n == nil {
		return false
	}
	stop := make([]bool, len(g.Nodes))
	for _, s := range at {
		if s == nil {
			continue
		}
		if s == n {
			return true
		}
		stop[s.ID] = true
	}
	seen := make([]bool, len(g.Nodes))
	stack := []*sema.Node{g.Exit, g.Halt}
	seen[g.Exit.ID], seen[g.Halt.ID] = true, true
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if m == n {
			return false
		}
		for _, pr := range m.Preds {
			if !stop[pr.ID] && !seen[pr.ID] {
				seen[pr.ID] = true
				stack = append(stack, pr)
			}
		}
	}
	return true
}
