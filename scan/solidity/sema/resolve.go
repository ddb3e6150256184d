package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Object is what an identifier names: *Var, *Function, *Contract, *Builtin, or a type.
type Object interface{}

// Builtin is a global of the language: msg, tx, block, abi, this, super, now, require, ...
type Builtin struct{ Name string }

var builtinNames = map[string]bool{
	"msg": true, "tx": true, "block": true, "abi": true, "this": true, "super": true, "now": true,
	"require": true, "assert": true, "revert": true, "keccak256": true, "sha3": true, "sha256": true,
	"ripemd160": true, "ecrecover": true, "selfdestruct": true, "suicide": true, "addmod": true,
	"mulmod": true, "gasleft": true, "blockhash": true, "blobhash": true, "type": true, "bytes": true,
	"string": true, "address": true, "payable": true,
}

// FuncInfo holds the facts computed for one function or modifier.
type FuncInfo struct {
	Fn    *Function
	Uses  map[*ast.Ident]Object
	Types map[ast.Expr]Type
	Calls []*Call
	// CallOf maps each call expression to its classification.
	CallOf map[*ast.CallExpr]*Call
	// YulUses maps names in inline assembly to the Solidity variables they name.
	YulUses map[*ast.YulIdent]*Var
	CFG     *CFG
	Flow    *Flow
	// StateWrites and StateReads are the state variables the body writes and reads directly
	// (through storage pointers and index/member access included).
	StateWrites map[*Var][]ast.Node
	StateReads  map[*Var][]ast.Node

	// OverBudget names the budget the function went past ("": none): the detectors skip it.
	OverBudget string

	// picks holds, from name resolution to call classification, the functions each call may
	// run (pickOverload); dropped once the calls are classified.
	picks map[*ast.CallExpr]pick
	// taken lists the functions the body names as values (function pointers), until the
	// program's index gathers them (indexTaken).
	taken []*Function

	memo memo // facts derived on demand (see Memo)
}

// put sets m[k] = v, making the map on the first entry: a FuncInfo's maps stay nil (reading
// them is still fine) for the many functions that have no body, or no assembly, calls or state
// access, instead of costing an empty map each for the whole scan.
func put[K comparable, V any](m *map[K]V, k K, v V) {
	if *m == nil {
		*m = map[K]V{}
	}
	(*m)[k] = v
}

// Info returns the facts of fn (nil for nil, or before the model is built). They are kept on
// the function itself: detectors ask for them at every turn, and a field costs less than a map.
func (p *Program) Info(fn *Function) *FuncInfo {
	if fn == nil {
		return nil
	}
	return fn.info
}

type scope struct {
	names  map[string]*Var // made on the first name (put): most blocks declare none
	parent *scope
}

func (s *scope) lookup(name string) *Var {
	for ; s != nil; s = s.parent {
		if v := s.names[name]; v != nil {
			return v
		}
	}
	return nil
}

type resolver struct {
	p    *Program
	fn   *Function
	info *FuncInfo
	sc   *scope
	// callee is the identifier a call is being resolved through (f in f(x)): a function named
	// there is called, not taken as a value.
	callee ast.Expr
}

// analyzeFunctions builds every function's facts in three passes, each over all functions in
// parallel: names and types, then calls, graph and state access, then data flow. A pass reads
// only its own function's facts and the model built before; the facts are stored in order.
func (p *Program) analyzeFunctions() {
	fns := p.Functions()
	infos := make([]*FuncInfo, len(fns))
	forEach(p.workers, len(fns), func(i int) { infos[i] = p.resolveFunction(fns[i]) })
	for i, fn := range fns {
		fn.info = infos[i]
	}
	p.indexTaken(infos)
	forEach(p.workers, len(fns), func(i int) {
		info := infos[i]
		p.classifyCalls(info)
		info.picks = nil
		info.CFG = buildCFG(p, fns[i])
		p.collectStateAccess(info)
	})
	p.computeNoReturn(fns)
	forEach(p.workers, len(fns), func(i int) { infos[i].Flow = p.computeFlow(infos[i]) })
}

// resolveFunction binds the names of fn's body and modifier arguments, and types its
// expressions.
func (p *Program) resolveFunction(fn *Function) *FuncInfo {
	info := &FuncInfo{Fn: fn}
	if fn.Body != nil {
		// About half the nodes of a body are typed expressions and a third identifiers with a
		// use: a large body's maps start near their final size instead of growing by doubling
		// (small ones are made by put on their first entry).
		nodes := fn.BodyTree().Len()
		if nodes/2 > 8 {
			info.Types = make(map[ast.Expr]Type, nodes/2)
		}
		if nodes/3 > 8 {
			info.Uses = make(map[*ast.Ident]Object, nodes/3)
		}
	}
	r := &resolver{p: p, fn: fn, info: info, sc: &scope{}}
	for _, vars := range [...][]*Var{fn.Params, fn.Returns} {
		for _, v := range vars {
			if v.Name != "" {
				put(&r.sc.names, v.Name, v)
			}
		}
	}
	if fn.Decl != nil {
		for _, inv := range fn.Decl.Modifiers {
			for _, a := range inv.Args {
				r.expr(a)
			}
		}
	}
	// Pre-0.5 locals are visible in the whole function: declare them all up front.
	if fn.Body != nil && fn.File.Version.MayBeBelow(Version{0, 5, 0}) {
		r.hoistLocals(fn.Body)
	}
	if fn.Body != nil {
		r.block(fn.Body)
	}
	return info
}

func (r *resolver) hoistLocals(body *ast.BlockStmt) {
	ast.Inspect(body, func(n ast.Node) bool {
		if s, ok := n.(*ast.VarDeclStmt); ok {
			for _, d := range s.Vars {
				if d != nil && d.Name != nil {
					r.declare(d)
				}
			}
		}
		return true
	})
}

func (r *resolver) declare(d *ast.VarDecl) *Var {
	if v := r.sc.names[d.Name.Name]; v != nil && v.Decl == d {
		return v
	}
	// A pre-0.5 local was hoisted to the function scope: its declaration statement binds the
	// same variable in the block, not a twin.
	for _, v := range r.fn.Locals {
		if v.Decl == d {
			put(&r.sc.names, v.Name, v)
			return v
		}
	}
	v := &Var{Name: d.Name.Name, Decl: d, Kind: LocalVar, Func: r.fn, Type: r.p.typeOfTypeExpr(d.Type, r.fn.Contract, r.fn.File)}
	r.fn.Locals = append(r.fn.Locals, v)
	put(&r.sc.names, v.Name, v)
	return v
}

func (r *resolver) push() { r.sc = &scope{parent: r.sc} }
func (r *resolver) pop()  { r.sc = r.sc.parent }

func (r *resolver) block(b *ast.BlockStmt) {
	r.push()
	for _, s := range b.List {
		r.stmt(s)
	}
	r.pop()
}

func (r *resolver) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.BlockStmt:
		r.block(s)
	case *ast.ExprStmt:
		r.expr(s.X)
	case *ast.VarDeclStmt:
		if s.Value != nil {
			r.expr(s.Value)
		}
		var types []Type
		if tt, ok := r.info.Types[s.Value].(*TupleType); ok {
			types = tt.Elems
		}
		for i, d := range s.Vars {
			if d == nil || d.Name == nil {
				continue
			}
			v := r.declare(d)
			if v.Type == nil { // var x = ...
				switch {
				case len(s.Vars) == 1 && s.Value != nil:
					v.Type = r.info.Types[s.Value]
				case i < len(types):
					v.Type = types[i]
				}
			}
		}
	case *ast.IfStmt:
		r.expr(s.Cond)
		r.scoped(s.Then)
		if s.Else != nil {
			r.scoped(s.Else)
		}
	case *ast.ForStmt:
		r.push()
		if s.Init != nil {
			r.stmt(s.Init)
		}
		if s.Cond != nil {
			r.expr(s.Cond)
		}
		if s.Post != nil {
			r.expr(s.Post)
		}
		r.scoped(s.Body)
		r.pop()
	case *ast.WhileStmt:
		r.expr(s.Cond)
		r.scoped(s.Body)
	case *ast.DoWhileStmt:
		r.scoped(s.Body)
		r.expr(s.Cond)
	case *ast.ReturnStmt:
		if s.Result != nil {
			r.expr(s.Result)
		}
	case *ast.EmitStmt:
		r.expr(s.Call)
	case *ast.RevertStmt:
		r.expr(s.Call)
	case *ast.TryStmt:
		r.expr(s.Call)
		r.push()
		if s.Returns != nil {
			for _, d := range s.Returns.List {
				if d.Name != nil {
					r.declare(d)
				}
			}
		}
		r.block(s.Body)
		r.pop()
		for _, c := range s.Catches {
			r.push()
			if c.Params != nil {
				for _, d := range c.Params.List {
					if d.Name != nil {
						r.declare(d)
					}
				}
			}
			r.block(c.Body)
			r.pop()
		}
	case *ast.AssemblyStmt:
		r.assembly(s.Body)
	}
}

func (r *resolver) scoped(s ast.Stmt) {
	r.push()
	r.stmt(s)
	r.pop()
}

// assembly resolves Solidity variables used inside inline assembly (x, x.slot, x.offset).
func (r *resolver) assembly(b *ast.YulBlock) {
	ast.Inspect(b, func(n ast.Node) bool {
		if id, ok := n.(*ast.YulIdent); ok {
			name, _, _ := strings.Cut(id.Name, ".")
			if v := r.lookupVar(name); v != nil {
				put(&r.info.YulUses, id, v)
			}
		}
		return true
	})
}

func (r *resolver) lookupVar(name string) *Var {
	if v := r.sc.lookup(name); v != nil {
		return v
	}
	if c := r.fn.Contract; c != nil {
		if v := c.LookupStateVar(name); v != nil {
			return v
		}
	}
	for _, v := range r.p.Constants {
		if v.Name == name {
			return v
		}
	}
	return nil
}

// lookup resolves a plain name in the function's scope.
func (r *resolver) lookup(name string) Object {
	if v := r.lookupVar(name); v != nil {
		return v
	}
	if c := r.fn.Contract; c != nil {
		if fs := c.LookupFunction(name); len(fs) > 0 {
			return fs[0]
		}
		if t := r.p.lookupTypeName([]*ast.Ident{{Name: name}}, c, r.fn.File); t != nil {
			if ct, ok := t.(*ContractType); ok {
				return ct.Contract
			}
			return t
		}
	}
	for _, f := range r.p.Free {
		if f.Name == name {
			return f
		}
	}
	if c := r.p.LookupContract(name, r.fn.File); c != nil {
		return c
	}
	if t := r.p.fileType(name, r.fn.File); t != nil {
		return t
	}
	if builtinNames[name] {
		return &Builtin{Name: name}
	}
	return nil
}

// expr resolves the names in x and records its type.
func (r *resolver) expr(x ast.Expr) Type {
	if x == nil {
		return nil
	}
	t := r.exprType(x)
	if t != nil {
		put(&r.info.Types, x, t)
	}
	return t
}

func (r *resolver) exprType(x ast.Expr) Type {
	switch x := x.(type) {
	case *ast.Ident:
		obj := r.lookup(x.Name)
		if obj != nil {
			put(&r.info.Uses, x, obj)
		}
		if fn, ok := obj.(*Function); ok && r.callee != ast.Expr(x) {
			r.recordTaken(fn)
		}
		switch o := obj.(type) {
		case *Var:
			return o.Type
		case *Contract:
			return &ContractType{Contract: o}
		case *Builtin:
			switch o.Name {
			case "now":
				return TypeUint256
			case "this":
				if r.fn.Contract != nil {
					return &ContractType{Contract: r.fn.Contract}
				}
			}
		case Type:
			return o
		}
		return nil
	case *ast.BasicLit:
		switch x.Kind {
		case token.NUMBER:
			return TypeUint256
		case token.TRUE, token.FALSE:
			return TypeBool
		}
		return TypeString
	case *ast.ElementaryType:
		return r.p.typeOfTypeExpr(x, nil, r.fn.File)
	case *ast.UnaryExpr:
		t := r.expr(x.X)
		if x.Op == token.NOT {
			return TypeBool
		}
		return t
	case *ast.BinaryExpr:
		lt, rt := r.expr(x.X), r.expr(x.Y)
		switch x.Op {
		case token.EQL, token.NEQ, token.LSS, token.GTR, token.LEQ, token.GEQ, token.LAND, token.LOR:
			return TypeBool
		}
		if _, lit := x.X.(*ast.BasicLit); lit && rt != nil {
			return rt
		}
		if lt != nil {
			return lt
		}
		return rt
	case *ast.AssignExpr:
		r.expr(x.Rhs)
		return r.expr(x.Lhs)
	case *ast.CondExpr:
		r.expr(x.Cond)
		t := r.expr(x.Then)
		if e := r.expr(x.Else); t == nil {
			t = e
		}
		return t
	case *ast.ParenExpr:
		return r.expr(x.X)
	case *ast.TupleExpr:
		tt := &TupleType{}
		for _, e := range x.Elems {
			tt.Elems = append(tt.Elems, r.expr(e))
		}
		return tt
	case *ast.ArrayLit:
		var elem Type
		for _, e := range x.Elems {
			if t := r.expr(e); elem == nil {
				elem = t
			}
		}
		return &ArrayType{Elem: elem}
	case *ast.MemberExpr:
		return r.memberType(x)
	case *ast.IndexExpr:
		t := r.expr(x.X)
		r.expr(x.Index)
		switch t := t.(type) {
		case *MappingType:
			return t.Value
		case *ArrayType:
			return t.Elem
		case *Elementary:
			if strings.HasPrefix(t.Name, "bytes") {
				return elementary("bytes1", false)
			}
		}
		return nil
	case *ast.SliceExpr:
		t := r.expr(x.X)
		r.expr(x.Low)
		r.expr(x.High)
		return t
	case *ast.CallOptions:
		for _, v := range x.Values {
			r.expr(v)
		}
		return r.expr(x.X)
	case *ast.CallExpr:
		return r.callType(x)
	case *ast.NewExpr:
		t := r.p.typeOfTypeExpr(x.Type, r.fn.Contract, r.fn.File)
		return t
	case *ast.MetaTypeExpr:
		r.expr(x.Type)
		return nil
	}
	return nil
}

// memberType types X.name: globals (msg.sender, block.timestamp, ...), struct fields, address
// members, array length, and functions of contract-typed values (typed at the call).
func (r *resolver) memberType(x *ast.MemberExpr) Type {
	name := x.Name.Name
	if id, ok := x.X.(*ast.Ident); ok {
		if b, ok := r.lookup(id.Name).(*Builtin); ok {
			put(&r.info.Uses, id, Object(b))
			switch b.Name + "." + name {
			case "msg.sender", "tx.origin":
				return TypeAddress
			case "msg.value", "block.timestamp", "block.number", "block.difficulty", "block.prevrandao",
				"block.gaslimit", "block.basefee", "block.chainid", "tx.gasprice", "msg.gas", "block.blobbasefee":
				return TypeUint256
			case "block.coinbase":
				return TypeAddressPayable
			case "msg.data":
				return TypeBytes
			case "msg.sig":
				return elementary("bytes4", false)
			case "block.blockhash":
				return TypeBytes32
			}
			return nil
		}
	}
	xt := r.expr(x.X)
	switch name {
	case "balance":
		if IsAddress(xt) || xt == nil {
			return TypeUint256
		}
	case "length":
		switch xt.(type) {
		case *ArrayType, *Elementary, nil:
			return TypeUint256
		}
	case "code", "codehash":
		if IsAddress(xt) {
			return TypeBytes
		}
	case "selector":
		return elementary("bytes4", false)
	}
	switch t := xt.(type) {
	case *StructType:
		if t.Decl != nil {
			for _, f := range t.Decl.Fields {
				if f.Name != nil && f.Name.Name == name {
					return r.p.typeOfTypeExpr(f.Type, r.fn.Contract, r.fn.File)
				}
			}
		}
	case *ContractType:
		// A public state variable getter or a function: typed when called. Library or
		// contract-qualified constants (L.MAX) resolve to the variable.
		if v := t.Contract.LookupStateVar(name); v != nil {
			return v.Type
		}
	}
	return nil
}
