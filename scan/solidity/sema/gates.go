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
	for d := range g.dominatorsOf(n) {
		if gt, ok := p.GateOf(d); ok {
			out = append(out, gt)
		}
	}
	return out
}

// GateOf returns the condition that passing node d establishes, if d is a require or assert
// or one side of a branch: what Gates lists for each dominator.
func (p *Program) GateOf(d *Node) (Gate, bool) {
	info := p.Info(d.Fn)
	if info == nil {
		return Gate{}, false
	}
	switch d.Kind {
	case NodeStmt:
		if es, ok := d.Stmt.(*ast.ExprStmt); ok {
			if c, ok := es.X.(*ast.CallExpr); ok {
				if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(c.Args) > 0 {
					return Gate{Cond: c.Args[0], Holds: true, Info: info, Node: d}, true
				}
			}
		}
	case NodeBranch:
		if d.Cond != nil && d.Cond.Expr != nil {
			return Gate{Cond: d.Cond.Expr, Holds: d.Polarity, Info: info, Node: d}, true
		}
	}
	return Gate{}, false
}
