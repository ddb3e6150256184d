package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Reading msg.value to check that no ether came (require(msg.value == 0), assembly's
// if callvalue() { revert(0, 0) }) counts no payment: run once per item of a batch, or by
// every call of a delegating multicall, it refuses the same ether each time and credits
// nothing. Only other reads can count one payment several times.

// bodyCountsMsgValue reports whether fn's own body reads msg.value or callvalue() other than
// in a check that it is zero.
func bodyCountsMsgValue(fn *sema.Function) bool {
	if fn.Body == nil {
		return false
	}
	zeroChecks := map[ast.Node]bool{}
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		for _, x := range zeroCheckedValues(n) {
			zeroChecks[x] = true
		}
		return true
	})
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.MemberExpr:
			if isMsgValue(e) && !zeroChecks[e] {
				found = true
			}
		case *ast.YulCall:
			if e.Name.Name == "callvalue" && !zeroChecks[e] {
				found = true
			}
		}
		return !found
	})
	return found
}

// zeroCheckedValues returns the msg.value or callvalue() reads that n checks against zero:
// msg.value == 0 (!= 0), iszero(callvalue()), or if callvalue() { ... } in assembly.
func zeroCheckedValues(n ast.Node) []ast.Node {
	switch e := n.(type) {
	case *ast.BinaryExpr:
		if e.Op != token.EQL && e.Op != token.NEQ {
			return nil
		}
		for _, pair := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
			if m, ok := ast.Unparen(pair[0]).(*ast.MemberExpr); ok && isMsgValue(m) && isZeroLit(ast.Unparen(pair[1])) {
				return []ast.Node{m}
			}
		}
	case *ast.YulCall:
		if e.Name.Name == "iszero" && len(e.Args) == 1 {
			if c, ok := e.Args[0].(*ast.YulCall); ok && c.Name.Name == "callvalue" {
				return []ast.Node{c}
			}
		}
	case *ast.YulIf:
		if c, ok := e.Cond.(*ast.YulCall); ok && c.Name.Name == "callvalue" {
			return []ast.Node{c}
		}
	}
	return nil
}

// isMsgValue reports whether m is msg.value as written.
func isMsgValue(m *ast.MemberExpr) bool {
	id, ok := m.X.(*ast.Ident)
	return ok && id.Name == "msg" && m.Name.Name == "value"
}
