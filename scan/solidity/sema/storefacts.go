package sema

import (
	"slices"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Storage an entry point marks and tests. Replay protection is a location a call writes and a
// later call's check reads: a nonce counted up, a hash marked used, an order's filled amount, a
// vote recorded. The location may be a state variable, a field of a namespaced storage struct
// reached through a slot getter (ERC-7201, LibXStorage.getStorage().field), or what a storage
// pointer or a library's storage parameter stands for; writes and checks may sit in any helper.
// These facts list, in the entry point's terms, the storage writes of the code it runs (with
// what their keys and values come from) and the conditions it tests (with the storage they
// read and the comparisons they make).

// Loc names a storage location coarsely: a state variable (all its entries and fields), or a
// field of a storage struct reached through a getter (the getter and the field).
type Loc struct {
	Var  *Var
	Slot string
}

// WriteForm is the shape of a storage write.
type WriteForm uint8

const (
	WriteSet   WriteForm = iota // x = v, v not read from x itself
	WriteCount                  // ++, --, or += / -= a constant
	WriteBits                   // |=, &=, ^=
	WriteClear                  // delete x
	WriteAdd                    // x += v, x = x + v, push
	WriteSub                    // x -= v, pop
	WriteOther                  // *=, /=, ...
)

// Marks reports whether a write of this form, once made, reads back differently: a flag set,
// a counter moved, a bit flipped, an entry cleared (what a replay check can test), as opposed to
// an amount added to or taken from a balance.
func (w WriteForm) Marks() bool {
	return w == WriteSet || w == WriteCount || w == WriteBits || w == WriteClear
}

// StoreWrite is a storage write an entry point makes, itself or through the code it runs.
type StoreWrite struct {
	Loc   Loc
	Form  WriteForm
	Key   Prov // the mapping keys and indexes on the way to the location (entry terms)
	Value Prov // what the value written comes from (entry terms)
	Keyed bool // written at a key (an entry of a mapping or array)
	At    ast.Node
	In    *Function
	Node  *Node    // the entry point's node where it happens or is reached
	Site  ast.Node // the code there
}

// Comparison is a comparison a condition makes, each side's provenance in the entry point's terms.
type Comparison struct {
	Op           token.Token
	X, Y         Prov
	XExpr, YExpr ast.Expr
	// XCheck and YCheck are set when the side is (or holds) the result of a signature check
	// made in the same function (a recovered signer, an unshipped helper's answer).
	XCheck, YCheck bool
	Info           *FuncInfo
}

// EntryCond is a condition the code an entry point runs tests: a require or assert, the
// condition of a branch or loop, an assembly if or switch.
type EntryCond struct {
	Cond  ast.Node
	Info  *FuncInfo
	Node  *Node // the entry point's node where it is tested or reached
	Reads []Loc // the storage it reads, through locals and the internal functions it calls
	Cmps  []Comparison
	// Asks lists, for each call to another contract that may change state and whose answer the
	// condition tests (directly or through locals), what the raw bytes handed to it come from:
	// another contract vets that message (a bridge's messenger accepting it, with its
	// attestation), not just typed values such as a transfer's amount.
	Asks []Prov
}

type reachFacts struct {
	writes []StoreWrite
	conds  []EntryCond
}

type reachFactsKey struct{}

// StorageWrites lists the storage writes of the code entry point fn runs, in fn's terms.
func (p *Program) StorageWrites(fn *Function) []StoreWrite { return p.reachFactsOf(fn).writes }

// EntryConds lists the conditions the code entry point fn runs tests, in fn's terms.
func (p *Program) EntryConds(fn *Function) []EntryCond { return p.reachFactsOf(fn).conds }

func (p *Program) reachFactsOf(fn *Function) *reachFacts {
	info := p.Info(fn)
	if info == nil {
		return &reachFacts{}
	}
	return Memo(info, reachFactsKey{}, func() *reachFacts {
		out := &reachFacts{}
		p.walkReach(fn, nil, func(f *frame, pt *reachPoint) {
			out.writes = append(out.writes, f.writesAt(pt)...)
			if c, ok := f.condAt(pt); ok {
				out.conds = append(out.conds, c)
			}
		})
		out.writes, out.conds = slices.Clip(out.writes), slices.Clip(out.conds)
		return out
	})
}

var storeWriteKinds = inspect.Of((*ast.AssignExpr)(nil), (*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil), (*ast.YulCall)(nil))

// writesAt lists the storage writes of one node's code.
func (f *frame) writesAt(pt *reachPoint) []StoreWrite {
	var out []StoreWrite
	add := func(lhs ast.Expr, at ast.Node, form WriteForm, value Prov, rhs ast.Expr) {
		var keys Prov
		l, ok := f.locOf(lhs, "", &keys, 0)
		if !ok {
			return
		}
		// keyed through the lvalue, or through the storage pointer or parameter it is written by
		idx := hasIndex(lhs) || !keys.Zero()
		if form == WriteSet && rhs != nil && slices.Contains(f.locsRead(rhs, map[*Var]bool{}, 0, nil), l) {
			// x = x + 1 counts; x = x + v, or x[k] = f(x[k]), keeps a running amount
			form = WriteAdd
			if b, ok := ast.Unparen(rhs).(*ast.BinaryExpr); ok && (b.Op == token.ADD || b.Op == token.SUB) &&
				(isConstExpr(f.info, b.X) || isConstExpr(f.info, b.Y)) {
				form = WriteCount
			}
		}
		w := StoreWrite{Loc: l, Form: form, Key: keys, Value: value, Keyed: idx, At: at, In: f.info.Fn, Node: pt.node, Site: pt.site}
		if w.Site == nil {
			w.Site = at
		}
		out = append(out, w)
	}
	sub := f.info.Fn.BodyTree().In(pt.code)
	for x := range sub.Preorder(storeWriteKinds) {
		switch e := x.(type) {
		case *ast.AssignExpr:
			form, value := assignForm(f, e)
			if t, ok := e.Lhs.(*ast.TupleExpr); ok {
				for _, el := range t.Elems {
					if el != nil {
						add(el, e, form, value, e.Rhs)
					}
				}
				continue
			}
			add(e.Lhs, e, form, value, e.Rhs)
		case *ast.UnaryExpr:
			switch e.Op {
			case token.INC, token.DEC:
				add(e.X, e, WriteCount, Prov{Src: SrcConst}, nil)
			case token.DELETE:
				add(e.X, e, WriteClear, Prov{Src: SrcConst}, nil)
			}
		case *ast.CallExpr:
			if m, ok := e.Fun.(*ast.MemberExpr); ok && (m.Name.Name == "push" || m.Name.Name == "pop") {
				if c := f.info.CallOf[e]; c != nil && c.Kind == CallBuiltin {
					form, value := WriteAdd, Prov{}
					if m.Name.Name == "pop" {
						form = WriteSub
					}
					for _, a := range e.Args {
						value = value.Union(f.entry(f.d.Of(a)))
					}
					add(m.X, e, form, value, nil)
				}
			}
		case *ast.YulCall:
			if e.Name.Name == "sstore" && len(e.Args) == 2 {
				if l, ok := f.yulLoc(e.Args[0]); ok {
					w := StoreWrite{Loc: l, Form: WriteSet, Value: f.entry(f.d.OfYul(e.Args[1])), At: e, In: f.info.Fn, Node: pt.node, Site: pt.site}
					if w.Site == nil {
						w.Site = e
					}
					out = append(out, w)
				}
			}
		}
	}
	return out
}

// isConstExpr reports whether x is a literal or a constant.
func isConstExpr(info *FuncInfo, x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		v, ok := info.Uses[e].(*Var)
		return ok && (v.Kind == FileConstant || v.Decl != nil && v.Decl.Constant)
	}
	return false
}

// assignForm tells the shape of an assignment and what its value comes from.
func assignForm(f *frame, e *ast.AssignExpr) (WriteForm, Prov) {
	value := f.entry(f.d.Of(e.Rhs))
	switch e.Op {
	case token.ASSIGN:
		return WriteSet, value
	case token.ADD_ASSIGN, token.SUB_ASSIGN:
		if value.Src == SrcConst && value.Params == 0 && len(value.Vars) == 0 {
			return WriteCount, value
		}
		if e.Op == token.ADD_ASSIGN {
			return WriteAdd, value
		}
		return WriteSub, value
	case token.OR_ASSIGN, token.AND_ASSIGN, token.XOR_ASSIGN:
		return WriteBits, value
	}
	return WriteOther, value
}

// hasIndex reports whether an lvalue goes through an index (m[k], a[i].f).
func hasIndex(x ast.Expr) bool {
	for {
		switch e := ast.Unparen(x).(type) {
		case *ast.IndexExpr:
			return true
		case *ast.MemberExpr:
			x = e.X
		default:
			return false
		}
	}
}

// locOf names the storage an lvalue or storage expression of this frame reaches, adding the
// keys on the way (in the entry point's terms) to keys. field is the member nearest the root
// seen so far (the field of a getter's struct).
func (f *frame) locOf(x ast.Expr, field string, keys *Prov, depth int) (Loc, bool) {
	if depth > 8 {
		return Loc{}, false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.IndexExpr:
		if keys != nil && e.Index != nil {
			*keys = keys.Union(f.entry(f.d.Of(e.Index)))
		}
		return f.locOf(e.X, field, keys, depth+1)
	case *ast.MemberExpr:
		return f.locOf(e.X, e.Name.Name, keys, depth+1)
	case *ast.Ident:
		v, ok := f.info.Uses[e].(*Var)
		if !ok {
			return Loc{}, false
		}
		switch {
		case v.Kind == StateVar:
			if v.Decl != nil && v.Decl.Constant {
				return Loc{}, false
			}
			return Loc{Var: v}, true
		case v.IsStorageRef() && v.Kind == ParamVar:
			// a storage parameter stands for what the caller passes
			if f.call != nil && f.parent != nil && v.Func == f.info.Fn {
				if arg := ArgFor(f.call, f.info.Fn, v.Index); arg != nil {
					return f.parent.locOf(arg, field, keys, depth+1)
				}
			}
		case v.IsStorageRef():
			for _, def := range f.p.LocalDefs(f.info)[v] {
				if dx, ok := def.(ast.Expr); ok {
					if l, ok := f.locOf(dx, field, keys, depth+1); ok {
						return l, true
					}
				}
			}
		}
	case *ast.CallExpr:
		c := f.info.CallOf[e]
		if c != nil && (c.Kind == CallInternal || c.Kind == CallLibrary) && c.Callee != nil && returnsStorage(c.Callee) {
			return Loc{Slot: c.Callee.QualifiedName() + "." + field}, true
		}
	}
	return Loc{}, false
}

// returnsStorage reports whether fn returns a storage pointer (a slot getter).
func returnsStorage(fn *Function) bool {
	return len(fn.Returns) > 0 && fn.Returns[0].Decl != nil && fn.Returns[0].Decl.Location == token.STORAGE
}

// yulLoc names the storage an assembly slot expression names: x.slot, a constant slot.
func (f *frame) yulLoc(x ast.YulExpr) (Loc, bool) {
	switch e := x.(type) {
	case *ast.YulIdent:
		if v := f.info.YulUses[e]; v != nil {
			switch {
			case v.Kind == StateVar && !v.IsConstant():
				return Loc{Var: v}, true
			case v.IsConstant() || v.Kind == FileConstant:
				return Loc{Slot: v.Name}, true
			}
		}
	case *ast.YulLit:
		return Loc{Slot: e.Value}, true
	}
	return Loc{}, false
}

// condAt returns the condition a node tests, if it tests one.
func (f *frame) condAt(pt *reachPoint) (EntryCond, bool) {
	m := pt.own
	var cond ast.Node
	switch {
	case m.Kind == NodeCond && m.Expr != nil:
		cond = m.Expr
	case m.Kind == NodeCond && m.Yul != nil:
		cond = m.Yul
	case m.Kind == NodeStmt:
		if r := requireArg(m.Stmt); r != nil {
			cond = r
		} else {
			cond = f.requireHelperArg(m.Stmt)
		}
	}
	if cond == nil {
		return EntryCond{}, false
	}
	ec := EntryCond{Cond: cond, Info: f.info, Node: pt.node}
	ec.Reads = f.locsRead(cond, map[*Var]bool{}, 0, nil)
	ec.Asks = f.asks(cond, map[*Var]bool{}, 0, nil)
	ast.Inspect(cond, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && isComparison(b.Op) {
			ec.Cmps = append(ec.Cmps, Comparison{Op: b.Op, X: f.entry(f.d.Of(b.X)), Y: f.entry(f.d.Of(b.Y)),
				XExpr: b.X, YExpr: b.Y, XCheck: f.holdsCheck(b.X, 0), YCheck: f.holdsCheck(b.Y, 0), Info: f.info})
		}
		return true
	})
	return ec, true
}

// requireHelperArg returns the condition a statement hands to a helper that reverts unless it
// holds (_require(block.timestamp <= deadline, EXPIRED)), or nil.
func (f *frame) requireHelperArg(s ast.Stmt) ast.Node {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return nil
	}
	ce, ok := ast.Unparen(es.X).(*ast.CallExpr)
	if !ok {
		return nil
	}
	c := f.info.CallOf[ce]
	if c == nil || c.Kind != CallInternal && c.Kind != CallLibrary {
		return nil
	}
	for _, g := range c.Callees {
		for i, prm := range g.Params {
			if isBool(prm.Type) && f.p.requiresParam(g, i) {
				if a := ArgFor(c, g, i); a != nil {
					return a
				}
			}
		}
	}
	return nil
}

func isComparison(op token.Token) bool {
	switch op {
	case token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ:
		return true
	}
	return false
}

// locsRead lists the storage x reads: directly, through the locals it uses (every value they
// are assigned), and through the results of the internal functions it calls.
func (f *frame) locsRead(x ast.Node, seen map[*Var]bool, depth int, out []Loc) []Loc {
	add := func(l Loc) {
		if !slices.Contains(out, l) {
			out = append(out, l)
		}
	}
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.MemberExpr, *ast.IndexExpr:
			if l, ok := f.locOf(e.(ast.Expr), "", nil, 0); ok {
				add(l)
			}
		case *ast.Ident:
			v, ok := f.info.Uses[e].(*Var)
			if !ok || seen[v] {
				return true
			}
			switch {
			case v.Kind == StateVar && !v.IsConstant():
				add(Loc{Var: v})
			case (v.Kind == LocalVar || v.Kind == ReturnVar) && !v.IsStorageRef() && depth < 4:
				seen[v] = true
				for _, def := range f.p.LocalDefs(f.info)[v] {
					out = f.locsRead(def, seen, depth+1, out)
				}
			}
		case *ast.YulIdent:
			if v := f.info.YulUses[e]; v != nil && (v.Kind == LocalVar || v.Kind == ReturnVar) && !seen[v] && depth < 4 {
				seen[v] = true
				for _, def := range f.p.LocalDefs(f.info)[v] {
					out = f.locsRead(def, seen, depth+1, out)
				}
			}
		case *ast.YulCall:
			if e.Name.Name == "sload" && len(e.Args) == 1 {
				if l, ok := f.yulLoc(e.Args[0]); ok {
					add(l)
				}
			}
		case *ast.CallExpr:
			c := f.info.CallOf[e]
			if c == nil || c.Kind != CallInternal && c.Kind != CallLibrary || depth >= 3 {
				return true
			}
			for _, h := range c.Callees {
				hi := f.p.Info(h)
				if h.Body == nil || hi == nil {
					continue
				}
				child := &frame{p: f.p, info: hi, d: f.p.DepsOf(hi), parent: f, call: c, depth: f.depth + 1}
				for r := range h.BodyTree().Preorder(returnKinds) {
					if res := r.(*ast.ReturnStmt).Result; res != nil {
						out = child.locsRead(res, map[*Var]bool{}, depth+1, out)
					}
				}
				for _, rv := range h.Returns {
					for _, def := range f.p.LocalDefs(hi)[rv] {
						out = child.locsRead(def, map[*Var]bool{}, depth+1, out)
					}
				}
			}
		}
		return true
	})
	return out
}

// asks lists what the bytes arguments of the state-changing external calls x tests come from
// (see EntryCond.Asks), following locals.
func (f *frame) asks(x ast.Node, seen map[*Var]bool, depth int, out []Prov) []Prov {
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr:
			c := f.info.CallOf[e]
			if c == nil || !c.IsExternal() || c.Callee != nil && c.Callee.IsView() || c.IsLowLevel("staticcall") {
				break
			}
			if _, check := f.p.directCheck(f.info, c); check {
				break
			}
			var pv Prov
			for _, a := range c.Args {
				if t, ok := f.info.Types[a].(*Elementary); ok && t.Name == "bytes" {
					pv = pv.Union(f.entry(f.d.Of(a)))
				}
			}
			if !pv.Zero() {
				out = append(out, pv)
			}
		case *ast.Ident:
			v, ok := f.info.Uses[e].(*Var)
			if ok && v.Kind == LocalVar && !seen[v] && depth < 3 {
				seen[v] = true
				for _, def := range f.p.LocalDefs(f.info)[v] {
					out = f.asks(def, seen, depth+1, out)
				}
			}
		}
		return true
	})
	return out
}

// holdsCheck reports whether x is (or holds, through locals) the result of a signature check
// made in this frame's function.
func (f *frame) holdsCheck(x ast.Node, depth int) bool {
	if depth > 3 {
		return false
	}
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr:
			if c := f.info.CallOf[e]; c != nil {
				if _, ok := f.p.directCheck(f.info, c); ok {
					found = true
				}
			}
		case *ast.Ident:
			if v, ok := f.info.Uses[e].(*Var); ok && v.Kind == LocalVar {
				for _, def := range f.p.LocalDefs(f.info)[v] {
					if f.holdsCheck(def, depth+1) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// varsByDecl maps the declarations of fn's locals and named results to their variables.
func varsByDecl(fn *Function) map[*ast.VarDecl]*Var {
	out := make(map[*ast.VarDecl]*Var, len(fn.Locals)+len(fn.Returns))
	for _, v := range fn.Locals {
		out[v.Decl] = v
	}
	for _, v := range fn.Returns {
		if v.Decl != nil {
			out[v.Decl] = v
		}
	}
	return out
}

type localDefsKey struct{}

// LocalDefs maps each local (and named result) of a function to the values assigned to it:
// declarations, assignments (to it or to a member or entry of it), assembly assignments.
// Computed once per function; the map is shared, callers must not modify it.
func (p *Program) LocalDefs(info *FuncInfo) map[*Var][]ast.Node {
	return Memo(info, localDefsKey{}, func() map[*Var][]ast.Node {
		out := map[*Var][]ast.Node{}
		byDecl := varsByDecl(info.Fn)
		for n := range info.Fn.BodyTree().Preorder(depsKinds) {
			switch s := n.(type) {
			case *ast.VarDeclStmt:
				if s.Value == nil {
					continue
				}
				t, tuple := ast.Unparen(s.Value).(*ast.TupleExpr)
				for i, d := range s.Vars {
					v := byDecl[d]
					if d == nil || v == nil {
						continue
					}
					if tuple && len(t.Elems) == len(s.Vars) {
						out[v] = append(out[v], t.Elems[i])
					} else {
						out[v] = append(out[v], s.Value)
					}
				}
			case *ast.AssignExpr:
				lhs := []ast.Expr{s.Lhs}
				if t, ok := s.Lhs.(*ast.TupleExpr); ok {
					lhs = t.Elems
				}
				rt, _ := ast.Unparen(s.Rhs).(*ast.TupleExpr)
				for i, l := range lhs {
					if l == nil {
						continue
					}
					v := info.RootVar(l)
					if v == nil || v.Kind == StateVar {
						continue
					}
					if rt != nil && len(rt.Elems) == len(lhs) {
						out[v] = append(out[v], rt.Elems[i])
					} else {
						out[v] = append(out[v], s.Rhs)
					}
				}
			case *ast.YulAssign:
				for _, id := range s.Names {
					if v := info.YulUses[id]; v != nil && v.Kind != StateVar {
						out[v] = append(out[v], s.Value)
					}
				}
			}
		}
		return out
	})
}
