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
	children(node, func(c Node) { Walk(v, c) })
	v.Visit(nil)
}

// Inspect traverses the tree rooted at node, calling f for each node; children are visited
// when f returns true. After the children, f is called with nil.
//
// It recurses with f itself, not through Walk's Visitor interface: a function value reached
// only by direct calls does not escape, so the closures callers pass (and the variables they
// capture) stay on the stack instead of being allocated for every walk.
func Inspect(node Node, f func(Node) bool) {
	if !f(node) {
		return
	}
	children(node, func(c Node) { Inspect(c, f) })
	f(nil)
}

// children calls visit with each child of node, in source order, skipping absent ones.
func children(node Node, visit func(Node)) {
	switch n := node.(type) {
	case *File:
		for _, d := range n.Decls {
			visit(d)
		}
	case *Comment, *CommentGroup, *Ident, *BadDecl, *BadExpr, *BadStmt, *PragmaDecl,
		*BasicLit, *ElementaryType, *BranchStmt, *ThrowStmt, *PlaceholderStmt,
		*YulIdent, *YulLit, *YulBranch, *YulBad:
		// leaves (BasicLit's unit is part of the literal)
	case *IdentPath:
		for _, x := range n.Names {
			visit(x)
		}

	// declarations
	case *ImportDecl:
		visitOpt(visit, n.Path)
		visitOpt(visit, n.Alias)
		for _, s := range n.Symbols {
			visit(s.Name)
			visitOpt(visit, s.Alias)
		}
	case *ContractDecl:
		visitOpt(visit, n.Name)
		for _, b := range n.Bases {
			visit(b)
		}
		visitOpt(visit, n.Layout)
		for _, d := range n.Body {
			visit(d)
		}
	case *InheritanceSpec:
		visit(n.Name)
		visitExprs(visit, n.Args)
	case *FuncDecl:
		visitOpt(visit, n.Name)
		visitOpt(visit, n.Params)
		visitOpt(visit, n.Override)
		for _, m := range n.Modifiers {
			visit(m)
		}
		visitOpt(visit, n.Returns)
		visitOpt(visit, n.Body)
	case *ModifierDecl:
		visitOpt(visit, n.Name)
		visitOpt(visit, n.Params)
		visitOpt(visit, n.Override)
		visitOpt(visit, n.Body)
	case *ModifierInvocation:
		visit(n.Name)
		visitExprs(visit, n.Args)
	case *OverrideSpec:
		for _, b := range n.Bases {
			visit(b)
		}
	case *ParamList:
		for _, p := range n.List {
			visitOpt(visit, p)
		}
	case *VarDecl:
		visitOpt(visit, n.Type)
		visitOpt(visit, n.Name)
		visitOpt(visit, n.Override)
		visitOpt(visit, n.Value)
	case *EventDecl:
		visitOpt(visit, n.Name)
		visitOpt(visit, n.Params)
	case *ErrorDecl:
		visitOpt(visit, n.Name)
		visitOpt(visit, n.Params)
	case *StructDecl:
		visitOpt(visit, n.Name)
		for _, f := range n.Fields {
			visit(f)
		}
	case *EnumDecl:
		visitOpt(visit, n.Name)
		for _, m := range n.Members {
			visit(m)
		}
	case *UserTypeDecl:
		visitOpt(visit, n.Name)
		visitOpt(visit, n.Underlying)
	case *UsingDecl:
		visitOpt(visit, n.Library)
		for _, f := range n.Functions {
			visit(f.Name)
		}
		visitOpt(visit, n.Type)

	// expressions and types
	case *UnaryExpr:
		visit(n.X)
	case *BinaryExpr:
		visit(n.X)
		visit(n.Y)
	case *AssignExpr:
		visit(n.Lhs)
		visit(n.Rhs)
	case *CondExpr:
		visit(n.Cond)
		visit(n.Then)
		visit(n.Else)
	case *ParenExpr:
		visit(n.X)
	case *TupleExpr:
		visitExprs(visit, n.Elems)
	case *ArrayLit:
		visitExprs(visit, n.Elems)
	case *CallExpr:
		visit(n.Fun)
		visitExprs(visit, n.Args)
	case *CallOptions:
		visit(n.X)
		visitExprs(visit, n.Values)
	case *MemberExpr:
		visit(n.X)
		visit(n.Name)
	case *IndexExpr:
		visit(n.X)
		visitOpt(visit, n.Index)
	case *SliceExpr:
		visit(n.X)
		visitOpt(visit, n.Low)
		visitOpt(visit, n.High)
	case *NewExpr:
		visit(n.Type)
	case *MetaTypeExpr:
		visit(n.Type)
	case *ArrayType:
		visit(n.Elem)
		visitOpt(visit, n.Len)
	case *MappingType:
		visit(n.Key)
		visitOpt(visit, n.KeyName)
		visit(n.Value)
		visitOpt(visit, n.ValueName)
	case *FuncType:
		visitOpt(visit, n.Params)
		visitOpt(visit, n.Returns)

	// statements
	case *BlockStmt:
		for _, s := range n.List {
			visit(s)
		}
	case *ExprStmt:
		visit(n.X)
	case *VarDeclStmt:
		for _, d := range n.Vars {
			visitOpt(visit, d)
		}
		visitOpt(visit, n.Value)
	case *IfStmt:
		visit(n.Cond)
		visit(n.Then)
		visitOpt(visit, n.Else)
	case *ForStmt:
		visitOpt(visit, n.Init)
		visitOpt(visit, n.Cond)
		visitOpt(visit, n.Post)
		visit(n.Body)
	case *WhileStmt:
		visit(n.Cond)
		visit(n.Body)
	case *DoWhileStmt:
		visit(n.Body)
		visit(n.Cond)
	case *ReturnStmt:
		visitOpt(visit, n.Result)
	case *EmitStmt:
		visit(n.Call)
	case *RevertStmt:
		visit(n.Call)
	case *TryStmt:
		visit(n.Call)
		visitOpt(visit, n.Returns)
		visit(n.Body)
		for _, c := range n.Catches {
			visit(c)
		}
	case *CatchClause:
		visitOpt(visit, n.Kind)
		visitOpt(visit, n.Params)
		visit(n.Body)
	case *AssemblyStmt:
		visitOpt(visit, n.Dialect)
		for _, f := range n.Flags {
			visit(f)
		}
		visit(n.Body)

	// inline assembly
	case *YulBlock:
		for _, s := range n.List {
			visit(s)
		}
	case *YulCall:
		visit(n.Name)
		for _, a := range n.Args {
			visit(a)
		}
	case *YulLet:
		for _, x := range n.Names {
			visit(x)
		}
		visitOpt(visit, n.Value)
	case *YulAssign:
		for _, x := range n.Names {
			visit(x)
		}
		visit(n.Value)
	case *YulExprStmt:
		visit(n.X)
	case *YulIf:
		visit(n.Cond)
		visit(n.Body)
	case *YulSwitch:
		visit(n.X)
		for _, c := range n.Cases {
			visit(c)
		}
	case *YulCase:
		visitOpt(visit, n.Value)
		visit(n.Body)
	case *YulFor:
		visit(n.Init)
		visit(n.Cond)
		visit(n.Post)
		visit(n.Body)
	case *YulFuncDef:
		visit(n.Name)
		for _, x := range n.Params {
			visit(x)
		}
		for _, x := range n.Returns {
			visit(x)
		}
		visit(n.Body)
	case *YulLabel:
		visit(n.Name)
	default:
		panic(fmt.Sprintf("ast.Walk: unexpected node type %T", n))
	}
}

// visitOpt visits n unless it is a nil pointer wrapped in an interface.
func visitOpt[N Node](visit func(Node), n N) {
	if !isNil(n) {
		visit(n)
	}
}

func visitExprs(visit func(Node), list []Expr) {
	for _, x := range list {
		if x != nil {
			visit(x)
		}
	}
}
