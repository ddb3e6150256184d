package ast

import "fmt"

// Visitor's Visit is called for each node of a Walk. If it returns a non-nil visitor w, Walk
// visits each child of node with w, then calls w.Visit(nil).
type Visitor interface {
	Visit(node Node) (w Visitor)
}

// Walk traverses the tree rooted at node in depth-first order, children in source order.
func Walk(v Visitor, node Node) {
	if v = v.Visit(node); v == nil {
		return
	}
	switch n := node.(type) {
	case *File:
		for _, d := range n.Decls {
			Walk(v, d)
		}
	case *Comment, *CommentGroup, *Ident, *BadDecl, *BadExpr, *BadStmt, *PragmaDecl,
		*BasicLit, *ElementaryType, *BranchStmt, *ThrowStmt, *PlaceholderStmt,
		*YulIdent, *YulLit, *YulBranch, *YulBad:
		// leaves (BasicLit's unit is part of the literal)
	case *IdentPath:
		for _, x := range n.Names {
			Walk(v, x)
		}

	// declarations
	case *ImportDecl:
		walkOpt(v, n.Path)
		walkOpt(v, n.Alias)
		for _, s := range n.Symbols {
			Walk(v, s.Name)
			walkOpt(v, s.Alias)
		}
	case *ContractDecl:
		walkOpt(v, n.Name)
		for _, b := range n.Bases {
			Walk(v, b)
		}
		walkOpt(v, n.Layout)
		for _, d := range n.Body {
			Walk(v, d)
		}
	case *InheritanceSpec:
		Walk(v, n.Name)
		walkExprs(v, n.Args)
	case *FuncDecl:
		walkOpt(v, n.Name)
		walkOpt(v, n.Params)
		walkOpt(v, n.Override)
		for _, m := range n.Modifiers {
			Walk(v, m)
		}
		walkOpt(v, n.Returns)
		walkOpt(v, n.Body)
	case *ModifierDecl:
		walkOpt(v, n.Name)
		walkOpt(v, n.Params)
		walkOpt(v, n.Override)
		walkOpt(v, n.Body)
	case *ModifierInvocation:
		Walk(v, n.Name)
		walkExprs(v, n.Args)
	case *OverrideSpec:
		for _, b := range n.Bases {
			Walk(v, b)
		}
	case *ParamList:
		for _, p := range n.List {
			walkOpt(v, p)
		}
	case *VarDecl:
		walkOpt(v, n.Type)
		walkOpt(v, n.Name)
		walkOpt(v, n.Override)
		walkOpt(v, n.Value)
	case *EventDecl:
		walkOpt(v, n.Name)
		walkOpt(v, n.Params)
	case *ErrorDecl:
		walkOpt(v, n.Name)
		walkOpt(v, n.Params)
	case *StructDecl:
		walkOpt(v, n.Name)
		for _, f := range n.Fields {
			Walk(v, f)
		}
	case *EnumDecl:
		walkOpt(v, n.Name)
		for _, m := range n.Members {
			Walk(v, m)
		}
	case *UserTypeDecl:
		walkOpt(v, n.Name)
		walkOpt(v, n.Underlying)
	case *UsingDecl:
		walkOpt(v, n.Library)
		for _, f := range n.Functions {
			Walk(v, f.Name)
		}
		walkOpt(v, n.Type)

	// expressions and types
	case *UnaryExpr:
		Walk(v, n.X)
	case *BinaryExpr:
		Walk(v, n.X)
		Walk(v, n.Y)
	case *AssignExpr:
		Walk(v, n.Lhs)
		Walk(v, n.Rhs)
	case *CondExpr:
		Walk(v, n.Cond)
		Walk(v, n.Then)
		Walk(v, n.Else)
	case *ParenExpr:
		Walk(v, n.X)
	case *TupleExpr:
		walkExprs(v, n.Elems)
	case *ArrayLit:
		walkExprs(v, n.Elems)
	case *CallExpr:
		Walk(v, n.Fun)
		walkExprs(v, n.Args)
	case *CallOptions:
		Walk(v, n.X)
		walkExprs(v, n.Values)
	case *MemberExpr:
		Walk(v, n.X)
		Walk(v, n.Name)
	case *IndexExpr:
		Walk(v, n.X)
		walkOpt(v, n.Index)
	case *SliceExpr:
		Walk(v, n.X)
		walkOpt(v, n.Low)
		walkOpt(v, n.High)
	case *NewExpr:
		Walk(v, n.Type)
	case *MetaTypeExpr:
		Walk(v, n.Type)
	case *ArrayType:
		Walk(v, n.Elem)
		walkOpt(v, n.Len)
	case *MappingType:
		Walk(v, n.Key)
		walkOpt(v, n.KeyName)
		Walk(v, n.Value)
		walkOpt(v, n.ValueName)
	case *FuncType:
		walkOpt(v, n.Params)
		walkOpt(v, n.Returns)

	// statements
	case *BlockStmt:
		for _, s := range n.List {
			Walk(v, s)
		}
	case *ExprStmt:
		Walk(v, n.X)
	case *VarDeclStmt:
		for _, d := range n.Vars {
			walkOpt(v, d)
		}
		walkOpt(v, n.Value)
	case *IfStmt:
		Walk(v, n.Cond)
		Walk(v, n.Then)
		walkOpt(v, n.Else)
	case *ForStmt:
		walkOpt(v, n.Init)
		walkOpt(v, n.Cond)
		walkOpt(v, n.Post)
		Walk(v, n.Body)
	case *WhileStmt:
		Walk(v, n.Cond)
		Walk(v, n.Body)
	case *DoWhileStmt:
		Walk(v, n.Body)
		Walk(v, n.Cond)
	case *ReturnStmt:
		walkOpt(v, n.Result)
	case *EmitStmt:
		Walk(v, n.Call)
	case *RevertStmt:
		Walk(v, n.Call)
	case *TryStmt:
		Walk(v, n.Call)
		walkOpt(v, n.Returns)
		Walk(v, n.Body)
		for _, c := range n.Catches {
			Walk(v, c)
		}
	case *CatchClause:
		walkOpt(v, n.Kind)
		walkOpt(v, n.Params)
		Walk(v, n.Body)
	case *AssemblyStmt:
		walkOpt(v, n.Dialect)
		for _, f := range n.Flags {
			Walk(v, f)
		}
		Walk(v, n.Body)

	// inline assembly
	case *YulBlock:
		for _, s := range n.List {
			Walk(v, s)
		}
	case *YulCall:
		Walk(v, n.Name)
		for _, a := range n.Args {
			Walk(v, a)
		}
	case *YulLet:
		for _, x := range n.Names {
			Walk(v, x)
		}
		walkOpt(v, n.Value)
	case *YulAssign:
		for _, x := range n.Names {
			Walk(v, x)
		}
		Walk(v, n.Value)
	case *YulExprStmt:
		Walk(v, n.X)
	case *YulIf:
		Walk(v, n.Cond)
		Walk(v, n.Body)
	case *YulSwitch:
		Walk(v, n.X)
		for _, c := range n.Cases {
			Walk(v, c)
		}
	case *YulCase:
		walkOpt(v, n.Value)
		Walk(v, n.Body)
	case *YulFor:
		Walk(v, n.Init)
		Walk(v, n.Cond)
		Walk(v, n.Post)
		Walk(v, n.Body)
	case *YulFuncDef:
		Walk(v, n.Name)
		for _, x := range n.Params {
			Walk(v, x)
		}
		for _, x := range n.Returns {
			Walk(v, x)
		}
		Walk(v, n.Body)
	case *YulLabel:
		Walk(v, n.Name)
	default:
		panic(fmt.Sprintf("ast.Walk: unexpected node type %T", n))
	}
	v.Visit(nil)
}

// walkOpt walks n unless it is a nil pointer wrapped in an interface.
func walkOpt[N Node](v Visitor, n N) {
	if !isNil(n) {
		Walk(v, n)
	}
}

func walkExprs(v Visitor, list []Expr) {
	for _, x := range list {
		if x != nil {
			Walk(v, x)
		}
	}
}

type inspector func(Node) bool

func (f inspector) Visit(node Node) Visitor {
	if f(node) {
		return f
	}
	return nil
}

// Inspect traverses the tree rooted at node, calling f for each node; children are visited
// when f returns true. After the children, f is called with nil.
func Inspect(node Node, f func(Node) bool) {
	Walk(inspector(f), node)
}
