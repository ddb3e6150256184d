package ast

import "fmt"

// Visitor's Visit is called for each node met by Walk. If it returns a
// non-nil w, Walk visits the node's children with w, then calls w.Visit(nil).
type Visitor interface {
	Visit(node Node) (w Visitor)
}

// Walk traverses a syntax tree depth-first in source order.
func Walk(v Visitor, node Node) {
	if v = v.Visit(node); v == nil {
		return
	}
	switch n := node.(type) {
	// Leaves.
	case *Ident, *Lifetime, *TokenTree, *LitExpr, *WildPat, *RestPat, *NeverType,
		*InferType, *UnderscoreExpr, *BadExpr, *BadStmt, *BadPat, *BadType, *EmptyStmt:

	case *Attribute:
		walkPath(v, n.Path)
	case *Visibility:
		walkPath(v, n.Scope)
	case *File:
		walkAttrs(v, n.Attrs)
		for _, it := range n.Items {
			Walk(v, it)
		}

	// Items.
	case *UseItem:
		walkHeader(v, &n.ItemHeader)
		if n.Tree != nil {
			Walk(v, n.Tree)
		}
	case *UseTree:
		walkPath(v, n.Path)
		for _, t := range n.Group {
			Walk(v, t)
		}
		walkIdent(v, n.Rename)
	case *ModItem:
		walkHeader(v, &n.ItemHeader)
		walkIdent(v, n.Name)
		walkAttrs(v, n.Inner)
		for _, it := range n.Items {
			Walk(v, it)
		}
	case *FnItem:
		walkHeader(v, &n.ItemHeader)
		walkIdent(v, n.Name)
		walkGenerics(v, n.Generics)
		for _, p := range n.Params {
			Walk(v, p)
		}
		walkType(v, n.Result)
		walkWhere(v, n.Where)
		if n.Body != nil {
			Walk(v, n.Body)
		}
	case *Param:
		walkAttrs(v, n.Attrs)
		walkPat(v, n.Pat)
		walkType(v, n.Type)
	case *StructItem:
		walkHeader(v, &n.ItemHeader)
		walkIdent(v, n.Name)
		walkGenerics(v, n.Generics)
		walkWhere(v, n.Where)
		for _, f := range n.Fields {
			Walk(v, f)
		}
	case *Field:
		walkAttrs(v, n.Attrs)
		if n.Vis != nil {
			Walk(v, n.Vis)
		}
		walkIdent(v, n.Name)
		walkType(v, n.Type)
	case *EnumItem:
		walkHeader(v, &n.ItemHeader)
		walkIdent(v, n.Name)
		walkGenerics(v, n.Generics)
		walkWhere(v, n.Where)
		for _, x := range n.Variants {
			Walk(v, x)
		}
	case *Variant:
		walkAttrs(v, n.Attrs)
		walkIdent(v, n.Name)
		for _, f := range n.Fields {
			Walk(v, f)
		}
		walkExpr(v, n.Discriminant)
	case *ImplItem:
		walkHeader(v, &n.ItemHeader)
		walkGenerics(v, n.Generics)
		walkPath(v, n.Trait)
		walkType(v, n.SelfType)
		walkWhere(v, n.Where)
		walkAttrs(v, n.Inner)
		for _, it := range n.Items {
			Walk(v, it)
		}
	case *TraitItem:
		walkHeader(v, &n.ItemHeader)
		walkIdent(v, n.Name)
		walkGenerics(v, n.Generics)
		walkBounds(v, n.Bounds)
		walkWhere(v, n.Where)
		walkAttrs(v, n.Inner)
		for _, it := range n.Items {
			Walk(v, it)
		}
	case *TypeAliasItem:
		walkHeader(v, &n.ItemHeader)
		walkIdent(v, n.Name)
		walkGenerics(v, n.Generics)
		walkBounds(v, n.Bounds)
		walkWhere(v, n.Where)
		walkType(v, n.Type)
	case *ConstItem:
		walkHeader(v, &n.ItemHeader)
		walkIdent(v, n.Name)
		walkType(v, n.Type)
		walkExpr(v, n.Value)
	case *StaticItem:
		walkHeader(v, &n.ItemHeader)
		walkIdent(v, n.Name)
		walkType(v, n.Type)
		walkExpr(v, n.Value)
	case *MacroRulesItem:
		walkHeader(v, &n.ItemHeader)
		walkIdent(v, n.Name)
		Walk(v, n.Body)
	case *MacroItem:
		walkHeader(v, &n.ItemHeader)
		Walk(v, n.Mac)
	case *ExternCrateItem:
		walkHeader(v, &n.ItemHeader)
		walkIdent(v, n.Name)
		walkIdent(v, n.Rename)
	case *ExternBlockItem:
		walkHeader(v, &n.ItemHeader)
		walkAttrs(v, n.Inner)
		for _, it := range n.Items {
			Walk(v, it)
		}
	case *BadItem:
		walkHeader(v, &n.ItemHeader)

	// Generics and paths.
	case *Generics:
		for _, p := range n.Params {
			Walk(v, p)
		}
	case *GenericParam:
		walkAttrs(v, n.Attrs)
		if n.Lifetime != nil {
			Walk(v, n.Lifetime)
		}
		walkIdent(v, n.Name)
		walkBounds(v, n.Bounds)
		walkType(v, n.Type)
		walkExpr(v, n.Default)
	case *Bound:
		for _, p := range n.For {
			Walk(v, p)
		}
		if n.Lifetime != nil {
			Walk(v, n.Lifetime)
		}
		walkPath(v, n.Path)
	case *WhereClause:
		for _, p := range n.Preds {
			Walk(v, p)
		}
	case *WherePred:
		for _, p := range n.For {
			Walk(v, p)
		}
		if n.Lifetime != nil {
			Walk(v, n.Lifetime)
		}
		walkType(v, n.Type)
		walkBounds(v, n.Bounds)
	case *Path:
		if n.QSelf != nil {
			walkType(v, n.QSelf.Type)
			walkPath(v, n.QSelf.Trait)
		}
		for _, s := range n.Segments {
			walkIdent(v, s.Name)
			if s.Args != nil {
				Walk(v, s.Args)
			}
		}
	case *GenericArgs:
		for _, a := range n.Args {
			Walk(v, a)
		}
		for _, t := range n.Inputs {
			walkType(v, t)
		}
		walkType(v, n.Output)
	case *GenericArg:
		if n.Lifetime != nil {
			Walk(v, n.Lifetime)
		}
		walkIdent(v, n.Name)
		walkType(v, n.Type)
		walkExpr(v, n.Const)
		walkBounds(v, n.Bounds)
	case *MetaItem:
		walkPath(v, n.Path)
		for _, it := range n.List {
			Walk(v, it)
		}
		walkExpr(v, n.Value)
		walkExpr(v, n.Error)
	case *MacroCall:
		walkPath(v, n.Path)
		Walk(v, n.Tokens)
		for _, a := range n.Args {
			Walk(v, a)
		}

	// Types.
	case *PathType:
		walkPath(v, n.Path)
	case *RefType:
		if n.Lifetime != nil {
			Walk(v, n.Lifetime)
		}
		walkType(v, n.Elem)
	case *PtrType:
		walkType(v, n.Elem)
	case *SliceType:
		walkType(v, n.Elem)
	case *ArrayType:
		walkType(v, n.Elem)
		walkExpr(v, n.Len)
	case *TupleType:
		for _, t := range n.Elems {
			walkType(v, t)
		}
	case *ParenType:
		walkType(v, n.Elem)
	case *FnPtrType:
		for _, p := range n.For {
			Walk(v, p)
		}
		for _, p := range n.Params {
			Walk(v, p)
		}
		walkType(v, n.Result)
	case *TraitObjectType:
		walkBounds(v, n.Bounds)
	case *MacroType:
		Walk(v, n.Mac)

	// Patterns.
	case *IdentPat:
		walkIdent(v, n.Name)
		walkPat(v, n.Sub)
	case *LitPat:
		walkExpr(v, n.Value)
	case *RangePat:
		walkExpr(v, n.Lo)
		walkExpr(v, n.Hi)
	case *PathPat:
		walkPath(v, n.Path)
	case *TupleStructPat:
		walkPath(v, n.Path)
		walkPats(v, n.Elems)
	case *StructPat:
		walkPath(v, n.Path)
		for _, f := range n.Fields {
			Walk(v, f)
		}
	case *FieldPat:
		walkAttrs(v, n.Attrs)
		walkIdent(v, n.Name)
		walkPat(v, n.Pat)
	case *TuplePat:
		walkPats(v, n.Elems)
	case *ParenPat:
		walkPat(v, n.Pat)
	case *SlicePat:
		walkPats(v, n.Elems)
	case *RefPat:
		walkPat(v, n.Pat)
	case *BoxPat:
		walkPat(v, n.Pat)
	case *OrPat:
		walkPats(v, n.Alts)
	case *MacroPat:
		Walk(v, n.Mac)

	// Expressions.
	case *PathExpr:
		walkPath(v, n.Path)
	case *BinaryExpr:
		walkExpr(v, n.X)
		walkExpr(v, n.Y)
	case *AssignExpr:
		walkExpr(v, n.X)
		walkExpr(v, n.Y)
	case *UnaryExpr:
		walkExpr(v, n.X)
	case *RefExpr:
		walkExpr(v, n.X)
	case *CastExpr:
		walkExpr(v, n.X)
		walkType(v, n.Type)
	case *CallExpr:
		walkExpr(v, n.Fun)
		walkExprs(v, n.Args)
	case *MethodCallExpr:
		walkExpr(v, n.Recv)
		walkIdent(v, n.Name)
		if n.Turbofish != nil {
			Walk(v, n.Turbofish)
		}
		walkExprs(v, n.Args)
	case *FieldExpr:
		walkExpr(v, n.X)
		walkIdent(v, n.Name)
	case *IndexExpr:
		walkExpr(v, n.X)
		walkExpr(v, n.Index)
	case *TryExpr:
		walkExpr(v, n.X)
	case *AwaitExpr:
		walkExpr(v, n.X)
	case *RangeExpr:
		walkExpr(v, n.Lo)
		walkExpr(v, n.Hi)
	case *TupleExpr:
		walkExprs(v, n.Elems)
	case *ParenExpr:
		walkExpr(v, n.X)
	case *ArrayExpr:
		walkExprs(v, n.Elems)
		walkExpr(v, n.Len)
	case *StructExpr:
		walkPath(v, n.Path)
		for _, f := range n.Fields {
			Walk(v, f)
		}
		walkExpr(v, n.Base)
	case *FieldInit:
		walkAttrs(v, n.Attrs)
		walkIdent(v, n.Name)
		walkExpr(v, n.Value)
	case *BlockExpr:
		if n.Label != nil {
			Walk(v, n.Label)
		}
		walkAttrs(v, n.Inner)
		for _, s := range n.Stmts {
			Walk(v, s)
		}
	case *IfExpr:
		walkExpr(v, n.Cond)
		Walk(v, n.Then)
		walkExpr(v, n.Else)
	case *LetExpr:
		walkPat(v, n.Pat)
		walkExpr(v, n.X)
	case *WhileExpr:
		if n.Label != nil {
			Walk(v, n.Label)
		}
		walkExpr(v, n.Cond)
		Walk(v, n.Body)
	case *LoopExpr:
		if n.Label != nil {
			Walk(v, n.Label)
		}
		Walk(v, n.Body)
	case *ForExpr:
		if n.Label != nil {
			Walk(v, n.Label)
		}
		walkPat(v, n.Pat)
		walkExpr(v, n.Iter)
		Walk(v, n.Body)
	case *MatchExpr:
		walkExpr(v, n.X)
		for _, a := range n.Arms {
			Walk(v, a)
		}
	case *MatchArm:
		walkAttrs(v, n.Attrs)
		walkPat(v, n.Pat)
		walkExpr(v, n.Guard)
		walkExpr(v, n.Body)
	case *ClosureExpr:
		for _, p := range n.Params {
			Walk(v, p)
		}
		walkType(v, n.Result)
		walkExpr(v, n.Body)
	case *ReturnExpr:
		walkExpr(v, n.X)
	case *BreakExpr:
		if n.Label != nil {
			Walk(v, n.Label)
		}
		walkExpr(v, n.X)
	case *ContinueExpr:
		if n.Label != nil {
			Walk(v, n.Label)
		}
	case *YieldExpr:
		walkExpr(v, n.X)
	case *MacroExpr:
		Walk(v, n.Mac)

	// Statements.
	case *LetStmt:
		walkAttrs(v, n.Attrs)
		walkPat(v, n.Pat)
		walkType(v, n.Type)
		walkExpr(v, n.Init)
		if n.Else != nil {
			Walk(v, n.Else)
		}
	case *ExprStmt:
		walkAttrs(v, n.Attrs)
		walkExpr(v, n.X)
	case *ItemStmt:
		Walk(v, n.Item)

	default:
		panic(fmt.Sprintf("ast.Walk: unexpected node type %T", n))
	}
	v.Visit(nil)
}

func walkHeader(v Visitor, h *ItemHeader) {
	walkAttrs(v, h.Attrs)
	if h.Vis != nil {
		Walk(v, h.Vis)
	}
}

func walkAttrs(v Visitor, attrs []*Attribute) {
	for _, a := range attrs {
		Walk(v, a)
	}
}

func walkIdent(v Visitor, x *Ident) {
	if x != nil {
		Walk(v, x)
	}
}

func walkPath(v Visitor, x *Path) {
	if x != nil {
		Walk(v, x)
	}
}

func walkGenerics(v Visitor, x *Generics) {
	if x != nil {
		Walk(v, x)
	}
}

func walkWhere(v Visitor, x *WhereClause) {
	if x != nil {
		Walk(v, x)
	}
}

func walkBounds(v Visitor, bs []*Bound) {
	for _, b := range bs {
		Walk(v, b)
	}
}

func walkType(v Visitor, x Type) {
	if x != nil {
		Walk(v, x)
	}
}

func walkPat(v Visitor, x Pat) {
	if x != nil {
		Walk(v, x)
	}
}

func walkPats(v Visitor, xs []Pat) {
	for _, x := range xs {
		Walk(v, x)
	}
}

func walkExpr(v Visitor, x Expr) {
	if x != nil {
		Walk(v, x)
	}
}

func walkExprs(v Visitor, xs []Expr) {
	for _, x := range xs {
		Walk(v, x)
	}
}

type inspector func(Node) bool

func (f inspector) Visit(node Node) Visitor {
	if f(node) {
		return f
	}
	return nil
}

// Inspect traverses node in depth-first order, calling f(node) for each
// node; if f returns true, Inspect visits the node's children, then calls
// f(nil).
func Inspect(node Node, f func(Node) bool) {
	Walk(inspector(f), node)
}
