package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
)

// visitKinds calls visit with the nodes of tree of the kinds in types, in ast.Inspect's order.
// It is tree.Inspect(visit) for a visit that always descends (returns true) and acts on those
// kinds only, without an indirect call for every other node of the body: such walks of every
// function body were a tenth of the detectors' time on a small file.
func visitKinds(tree *inspect.Inspector, types inspect.Mask, visit func(ast.Node) bool) {
	for n := range tree.Preorder(types) {
		visit(n)
	}
}

// The kinds of nodes the walks of visitKinds act on, by what they look for.
var (
	returnAssignBinaryKinds = inspect.Of((*ast.ReturnStmt)(nil), (*ast.AssignExpr)(nil), (*ast.BinaryExpr)(nil))
	exprStmtKinds           = inspect.Of((*ast.ExprStmt)(nil))
	forKinds                = inspect.Of((*ast.ForStmt)(nil))
	loopStmtKinds           = inspect.Of((*ast.ForStmt)(nil), (*ast.WhileStmt)(nil))
	localWriteKinds         = inspect.Of((*ast.VarDeclStmt)(nil), (*ast.AssignExpr)(nil))
	assignKinds             = inspect.Of((*ast.AssignExpr)(nil))
	stepKinds               = inspect.Of((*ast.AssignExpr)(nil), (*ast.UnaryExpr)(nil))
	readNameKinds           = inspect.Of((*ast.Ident)(nil), (*ast.YulIdent)(nil), (*ast.MemberExpr)(nil))
	divisionKinds           = inspect.Of((*ast.BinaryExpr)(nil), (*ast.CallExpr)(nil))
	// testedKinds are the nodes testedCondition finds a condition in.
	testedKinds = inspect.Of((*ast.IfStmt)(nil), (*ast.CallExpr)(nil))
	// originCheckKinds are the nodes runTxOrigin reads a condition from.
	originCheckKinds = inspect.Of((*ast.IfStmt)(nil), (*ast.WhileStmt)(nil), (*ast.CondExpr)(nil), (*ast.CallExpr)(nil))
	deprecatedKinds  = inspect.Of((*ast.ThrowStmt)(nil), (*ast.VarDeclStmt)(nil), (*ast.BasicLit)(nil),
		(*ast.MemberExpr)(nil), (*ast.CallExpr)(nil))
)
