package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// boundThroughGetter returns the state a loop bound reads through a getter: a call to an
// internal view without parameters (holderCount(), length()) whose return value is the length of
// a state array or a state counter. The loop is as long as the array, whoever wrote the getter.
func boundThroughGetter(p *sema.Program, info *sema.FuncInfo, call *ast.CallExpr) map[*sema.Var]bool {
	c := info.CallOf[call]
	if c == nil || c.Kind != sema.CallInternal || c.Callee == nil || !c.Callee.IsView() ||
		len(c.Callee.Params) > 0 || c.Callee.Body == nil || c.Callee == info.Fn {
		return nil
	}
	gi := p.Info(c.Callee)
	if gi == nil {
		return nil
	}
	out := map[*sema.Var]bool{}
	ast.Inspect(c.Callee.Body, func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && r.Result != nil {
			for v := range loopBound(p, gi, r.Result) {
				out[v] = true
			}
		}
		return true
	})
	return out
}
