// The kinds of node the masks name: one per node type of package ast, in step with ast.Walk.

package inspect

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// kindOf numbers the node types of package ast, for the masks (0 for an unknown type).
func kindOf(n ast.Node) uint8 {
	switch n.(type) {
	case *ast.Comment:
		return 1
	case *ast.CommentGroup:
		return 2
	case *ast.File:
		return 3
	case *ast.Ident:
		return 4
	case *ast.IdentPath:
		return 5
	case *ast.InheritanceSpec:
		return 6
	case *ast.ModifierInvocation:
		return 7
	case *ast.OverrideSpec:
		return 8
	case *ast.ParamList:
		return 9
	case *ast.BadDecl:
		return 10
	case *ast.PragmaDecl:
		return 11
	case *ast.ImportDecl:
		return 12
	case *ast.ContractDecl:
		return 13
	case *ast.FuncDecl:
		return 14
	case *ast.ModifierDecl:
		return 15
	case *ast.VarDecl:
		return 16
	case *ast.EventDecl:
		return 17
	case *ast.ErrorDecl:
		return 18
	case *ast.StructDecl:
		return 19
	case *ast.EnumDecl:
		return 20
	case *ast.UserTypeDecl:
		return 21
	case *ast.UsingDecl:
		return 22
	case *ast.BadExpr:
		return 23
	case *ast.BasicLit:
		return 24
	case *ast.UnaryExpr:
		return 25
	case *ast.BinaryExpr:
		return 26
	case *ast.AssignExpr:
		return 27
	case *ast.CondExpr:
		return 28
	case *ast.ParenExpr:
		return 29
	case *ast.TupleExpr:
		return 30
	case *ast.ArrayLit:
		return 31
	case *ast.CallExpr:
		return 32
	case *ast.CallOptions:
		return 33
	case *ast.MemberExpr:
		return 34
	case *ast.IndexExpr:
		return 35
	case *ast.SliceExpr:
		return 36
	case *ast.NewExpr:
		return 37
	case *ast.MetaTypeExpr:
		return 38
	case *ast.ElementaryType:
		return 39
	case *ast.ArrayType:
		return 40
	case *ast.MappingType:
		return 41
	case *ast.FuncType:
		return 42
	case *ast.CatchClause:
		return 43
	case *ast.BadStmt:
		return 44
	case *ast.BlockStmt:
		return 45
	case *ast.ExprStmt:
		return 46
	case *ast.VarDeclStmt:
		return 47
	case *ast.IfStmt:
		return 48
	case *ast.ForStmt:
		return 49
	case *ast.WhileStmt:
		return 50
	case *ast.DoWhileStmt:
		return 51
	case *ast.BranchStmt:
		return 52
	case *ast.ReturnStmt:
		return 53
	case *ast.ThrowStmt:
		return 54
	case *ast.EmitStmt:
		return 55
	case *ast.RevertStmt:
		return 56
	case *ast.PlaceholderStmt:
		return 57
	case *ast.TryStmt:
		return 58
	case *ast.AssemblyStmt:
		return 59
	case *ast.YulBlock:
		return 60
	case *ast.YulIdent:
		return 61
	case *ast.YulLit:
		return 62
	case *ast.YulCall:
		return 63
	case *ast.YulLet:
		return 64
	case *ast.YulAssign:
		return 65
	case *ast.YulExprStmt:
		return 66
	case *ast.YulIf:
		return 67
	case *ast.YulSwitch:
		return 68
	case *ast.YulCase:
		return 69
	case *ast.YulFor:
		return 70
	case *ast.YulFuncDef:
		return 71
	case *ast.YulBranch:
		return 72
	case *ast.YulLabel:
		return 73
	case *ast.YulBad:
		return 74
	}
	return 0
}

// prototypes holds one node of each kind, indexed by kind, to derive the interface masks.
var prototypes = [...]ast.Node{
	nil,
	(*ast.Comment)(nil),
	(*ast.CommentGroup)(nil),
	(*ast.File)(nil),
	(*ast.Ident)(nil),
	(*ast.IdentPath)(nil),
	(*ast.InheritanceSpec)(nil),
	(*ast.ModifierInvocation)(nil),
	(*ast.OverrideSpec)(nil),
	(*ast.ParamList)(nil),
	(*ast.BadDecl)(nil),
	(*ast.PragmaDecl)(nil),
	(*ast.ImportDecl)(nil),
	(*ast.ContractDecl)(nil),
	(*ast.FuncDecl)(nil),
	(*ast.ModifierDecl)(nil),
	(*ast.VarDecl)(nil),
	(*ast.EventDecl)(nil),
	(*ast.ErrorDecl)(nil),
	(*ast.StructDecl)(nil),
	(*ast.EnumDecl)(nil),
	(*ast.UserTypeDecl)(nil),
	(*ast.UsingDecl)(nil),
	(*ast.BadExpr)(nil),
	(*ast.BasicLit)(nil),
	(*ast.UnaryExpr)(nil),
	(*ast.BinaryExpr)(nil),
	(*ast.AssignExpr)(nil),
	(*ast.CondExpr)(nil),
	(*ast.ParenExpr)(nil),
	(*ast.TupleExpr)(nil),
	(*ast.ArrayLit)(nil),
	(*ast.CallExpr)(nil),
	(*ast.CallOptions)(nil),
	(*ast.MemberExpr)(nil),
	(*ast.IndexExpr)(nil),
	(*ast.SliceExpr)(nil),
	(*ast.NewExpr)(nil),
	(*ast.MetaTypeExpr)(nil),
	(*ast.ElementaryType)(nil),
	(*ast.ArrayType)(nil),
	(*ast.MappingType)(nil),
	(*ast.FuncType)(nil),
	(*ast.CatchClause)(nil),
	(*ast.BadStmt)(nil),
	(*ast.BlockStmt)(nil),
	(*ast.ExprStmt)(nil),
	(*ast.VarDeclStmt)(nil),
	(*ast.IfStmt)(nil),
	(*ast.ForStmt)(nil),
	(*ast.WhileStmt)(nil),
	(*ast.DoWhileStmt)(nil),
	(*ast.BranchStmt)(nil),
	(*ast.ReturnStmt)(nil),
	(*ast.ThrowStmt)(nil),
	(*ast.EmitStmt)(nil),
	(*ast.RevertStmt)(nil),
	(*ast.PlaceholderStmt)(nil),
	(*ast.TryStmt)(nil),
	(*ast.AssemblyStmt)(nil),
	(*ast.YulBlock)(nil),
	(*ast.YulIdent)(nil),
	(*ast.YulLit)(nil),
	(*ast.YulCall)(nil),
	(*ast.YulLet)(nil),
	(*ast.YulAssign)(nil),
	(*ast.YulExprStmt)(nil),
	(*ast.YulIf)(nil),
	(*ast.YulSwitch)(nil),
	(*ast.YulCase)(nil),
	(*ast.YulFor)(nil),
	(*ast.YulFuncDef)(nil),
	(*ast.YulBranch)(nil),
	(*ast.YulLabel)(nil),
	(*ast.YulBad)(nil),
}
