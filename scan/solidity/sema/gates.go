package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// Gate is a condition that must have a given value for a CFG node to run: the argument of a
// require or assert that dominates the node (Holds true), or the condition of a branch that
// dominates it (Holds is the branch's side).
type Gate struct {
	Cond  ast.Expr
	Holds bool
	Info  *FuncInfo // the facts of the function or modifier the condition is written in
	Node  *Node     // the dominating statement or branch node
}

// Gates returns the conditions that must hold for node n of g to run, nearest first.
func (p *Program) Gates(g *CFG, n *Node) []Gate {
	var out []Gate
	for _, d := range g.Dominators(n) {
		info := p.Info(d.Fn)
		if info == nil {
			continue
		}
		switch d.Kind {
		case NodeStmt:
			if es, ok := d.Stmt.(*ast.ExprStmt); ok {
				if c, ok := es.X.(*ast.CallExpr); ok {
					if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(c.Args) > 0 {
						out = append(out, Gate{Cond: c.Args[0], Holds: true, Info: info, Node: d})
					}
				}
			}
		case NodeBranch:
			if d.Cond != nil && d.Cond.Expr != nil {
				out = append(out, Gate{Cond: d.Cond.Expr, Holds: d.Polarity, Info: info, Node: d})
			}
		}
	}
	return out
}
