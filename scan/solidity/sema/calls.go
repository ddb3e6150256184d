package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// CallKind classifies a call.
type CallKind int

const (
	CallUnknown    CallKind = iota
	CallInternal            // a function of this contract or its bases, or a free function
	CallExternal            // a function of another contract through a contract- or interface-typed value
	CallLibrary             // a library function (L.f(x) or x.f() through using-for)
	CallLowLevel            // call, delegatecall, staticcall, callcode, send, transfer on an address
	CallBuiltin             // require, keccak256, selfdestruct, abi.encode, ...
	CallConversion          // uint(x), address(x), IERC20(x), payable(x)
	CallNew                 // new C(...), new uint[](n)
	CallStruct              // S(...) struct construction
	CallEvent               // in an emit statement
	CallError               // in a revert statement
)

var callKindNames = [...]string{"unknown", "internal", "external", "library", "low-level", "builtin",
	"conversion", "new", "struct", "event", "error"}

func (k CallKind) String() string { return callKindNames[k] }

// Call is one classified call expression.
type Call struct {
	Expr     *ast.CallExpr
	Kind     CallKind
	Name     string     // function name: "transfer", "call", "require", "f", ...
	Target   ast.Expr   // the receiver for external and low-level calls (x in x.call(...)), else nil
	Callee   *Function  // resolved internal, library or external function, when known
	Value    ast.Expr   // the ether sent: {value: v}, .value(v), or the argument of send/transfer
	Gas      ast.Expr   // {gas: g} or .gas(g)
	Args     []ast.Expr // the arguments of the call proper
	Opts     *ast.CallOptions
	Contract *Contract // the contract type of the receiver of an external call, or of new C(...)

	// Callees lists every function the call may run, best first (Callee is the first):
	// overloads the arguments cannot rule out, or the functions an internal function pointer
	// may hold. Which override runs depends on the contract analysed (Program.Dispatch).
	Callees []*Function
	// Bound is the receiver a using-for directive passes as the callee's first parameter
	// (x in x.add(y)), nil otherwise.
	Bound ast.Expr
	// Virtual is set for a plain call of a contract's function (f(...)): the most derived
	// override of the deployed contract runs. Super is set for super.f(...).
	Virtual, Super bool
	// Pointer is the function-typed variable called through, if any.
	Pointer *Var
}

// IsLowLevel reports whether the call is one of the low-level address members named.
func (c *Call) IsLowLevel(names ...string) bool {
	if c.Kind != CallLowLevel {
		return false
	}
	if len(names) == 0 {
		return true
	}
	for _, n := range names {
		if c.Name == n {
			return true
		}
	}
	return false
}

// SendsValue reports whether the call transfers ether.
func (c *Call) SendsValue() bool {
	if c.Value == nil {
		return false
	}
	if lit, ok := c.Value.(*ast.BasicLit); ok && lit.Kind == token.NUMBER && lit.Value == "0" && lit.Unit == nil {
		return false
	}
	return true
}

// IsExternal reports whether the call leaves the contract (external, low-level, or a call
// through `this`).
func (c *Call) IsExternal() bool { return c.Kind == CallExternal || c.Kind == CallLowLevel }

// callType types a call expression and resolves its callee: among the functions the name may
// denote (overloads, using-for bindings, super), the one the arguments fit (pickOverload); the
// candidates are kept for classify.
func (r *resolver) callType(x *ast.CallExpr) Type {
	for _, a := range x.Args {
		r.expr(a)
	}
	fun := x.Fun
	switch f := fun.(type) {
	case *ast.ElementaryType:
		return r.p.typeOfTypeExpr(f, nil, r.fn.File)
	case *ast.MetaTypeExpr:
		r.expr(f)
		return nil
	}
	if nx, ok := stripCallDecorations(fun).(*ast.NewExpr); ok {
		t := r.expr(fun)
		if fun != ast.Expr(nx) {
			t = r.info.Types[nx]
		}
		if ct, ok := t.(*ContractType); ok {
			if ctor := ct.Contract.Constructor(); ctor != nil {
				put(&r.info.picks, x, pick{fns: []*Function{ctor}})
			}
		}
		return t
	}
	base, name := calleeName(fun)
	r.callee = base
	ft := r.expr(fun)
	r.callee = nil
	if cands, bound := r.overloads(base, name); len(cands) > 0 {
		picked := r.pickOverload(cands, x, bound)
		put(&r.info.picks, x, pick{fns: picked, bound: bound != nil})
		if id, ok := base.(*ast.Ident); ok {
			r.info.Uses[id] = picked[0]
		}
		if m, ok := base.(*ast.MemberExpr); ok {
			if ct := AsContract(r.info.Types[m.X]); ct != nil && bound == nil && ct.LookupStateVar(name) != nil && len(ct.LookupFunction(name)) == 0 {
				return getterType(ct.LookupStateVar(name).Type)
			}
		}
		return returnType(picked[0])
	}
	switch obj := r.objectOf(base).(type) {
	case *Contract:
		if base == fun { // IERC20(x): a conversion
			return &ContractType{Contract: obj}
		}
	case *Function:
		return returnType(obj)
	case *StructType:
		return obj
	case *Builtin:
		return builtinCallType(obj.Name, name, x, r)
	}
	if base != fun {
		// x.f(...): low-level members of addresses, or getters of contracts.
		recvT := r.info.Types[receiver(fun)]
		switch name {
		case "call", "delegatecall", "staticcall", "callcode":
			if recvT == nil || IsAddress(recvT) {
				return &TupleType{Elems: []Type{TypeBool, TypeBytes}}
			}
		case "send":
			if recvT == nil || IsAddress(recvT) {
				return TypeBool
			}
		}
		if c := AsContract(recvT); c != nil {
			if v := c.LookupStateVar(name); v != nil { // getter
				return getterType(v.Type)
			}
		}
	}
	if st, ok := ft.(*StructType); ok {
		return st
	}
	return nil
}

// overloads lists the functions a callee expression may name, with the receiver bound to their
// first parameter by using-for (nil when none is): f (the contract's functions of that name, or
// the free functions), L.f and C.f (a library's or a base's), super.f (the next bases'), this.f
// and x.f on a contract-typed value (its external functions), x.f bound with using-for.
func (r *resolver) overloads(base ast.Expr, name string) ([]*Function, ast.Expr) {
	switch b := base.(type) {
	case *ast.Ident:
		if _, ok := r.info.Uses[b].(*Function); !ok {
			return nil, nil
		}
		if c := r.fn.Contract; c != nil {
			if fs := c.LookupFunction(name); len(fs) > 0 {
				return fs, nil
			}
		}
		return r.p.freeVisible(name, r.fn.File), nil
	case *ast.MemberExpr:
		recv := b.X
		if id, ok := recv.(*ast.Ident); ok {
			switch o := r.info.Uses[id].(type) {
			case *Contract:
				if o.IsLibrary() || r.fn.Contract != nil && r.fn.Contract.Inherits(o.Name) {
					return o.LookupFunction(name), nil
				}
				return externalOnly(o.LookupFunction(name)), nil
			case *Builtin:
				switch o.Name {
				case "super":
					return r.superCandidates(name), nil
				case "this":
					if c := r.fn.Contract; c != nil {
						return externalOnly(c.LookupFunction(name)), nil
					}
					return nil, nil
				}
				return nil, nil
			}
		}
		rt := r.info.Types[recv]
		if ct := AsContract(rt); ct != nil {
			if fs := ct.LookupFunction(name); len(fs) > 0 {
				if ct.IsLibrary() {
					return fs, nil
				}
				return externalOnly(fs), nil
			}
			if ct.LookupStateVar(name) != nil {
				return nil, nil
			}
		}
		if isLowLevelName(name) && (rt == nil || IsAddress(rt)) {
			return nil, nil // an address member (classify tells transfer(to, amount) apart)
		}
		if fs := r.p.usingForAll(r.fn, name, rt); len(fs) > 0 {
			return fs, recv
		}
	}
	return nil, nil
}

// externalOnly keeps the functions callable from outside (a call through this or a contract
// value cannot reach internal or private ones); all of them when none is.
func externalOnly(fs []*Function) []*Function {
	out := fs[:0:0]
	for _, f := range fs {
		if f.IsPublic() {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return fs
	}
	return out
}

// superCandidates lists the functions named name of the bases after the function's own
// contract in its linearization, nearest first. Which one runs depends on the contract the
// code is deployed in (Program.Dispatch); this is the order seen from the declaring contract.
func (r *resolver) superCandidates(name string) []*Function {
	c := r.fn.Contract
	if c == nil || len(c.Linearization) < 2 {
		return nil
	}
	var out []*Function
	seen := map[string]bool{}
	for _, b := range c.Linearization[1:] {
		for _, g := range b.Functions {
			if g.Name == name && g.Body != nil && !seen[g.Signature()] {
				seen[g.Signature()] = true
				out = append(out, g)
			}
		}
	}
	if len(out) == 0 { // only declarations: keep them, the call is still internal
		for _, b := range c.Linearization[1:] {
			out = append(out, b.funcsNamed(name)...)
		}
	}
	return out
}

func (c *Contract) funcsNamed(name string) []*Function {
	var out []*Function
	for _, g := range c.Functions {
		if g.Name == name {
			out = append(out, g)
		}
	}
	return out
}

// Constructor returns the contract's own constructor, or nil.
func (c *Contract) Constructor() *Function {
	for _, f := range c.Functions {
		if f.IsConstructor() {
			return f
		}
	}
	return nil
}

// freeVisible returns the free functions named name, those of file first.
func (p *Program) freeVisible(name string, file *File) []*Function {
	all := p.idx.freeByName[name]
	if len(all) < 2 {
		return all
	}
	out := make([]*Function, 0, len(all))
	for _, f := range all {
		if f.File == file {
			out = append(out, f)
		}
	}
	for _, f := range all {
		if f.File != file {
			out = append(out, f)
		}
	}
	return out
}

// objectOf returns what the callee expression names: an Ident's object, or for L.f the function
// f of library or contract L.
func (r *resolver) objectOf(x ast.Expr) Object {
	switch x := x.(type) {
	case *ast.Ident:
		return r.info.Uses[x]
	case *ast.MemberExpr:
		if id, ok := x.X.(*ast.Ident); ok {
			switch o := r.info.Uses[id].(type) {
			case *Contract:
				if fs := o.LookupFunction(x.Name.Name); len(fs) > 0 {
					return fs[0]
				}
				if t := o.memberType(x.Name.Name, r.p); t != nil {
					return t
				}
			case *Builtin:
				return &Builtin{Name: o.Name + "." + x.Name.Name}
			}
		}
	}
	return nil
}

// calleeName returns the expression naming the function (options and old .value()/.gas()
// stripped) and the function's name.
func calleeName(fun ast.Expr) (ast.Expr, string) {
	fun = stripCallDecorations(fun)
	switch f := fun.(type) {
	case *ast.Ident:
		return f, f.Name
	case *ast.MemberExpr:
		return f, f.Name.Name
	}
	return fun, ""
}

// CalleeName returns the name of the function a call expression calls (f in f(..), x.f(..),
// x.f{value: v}(..)), or "" for a call through any other expression.
func CalleeName(c *ast.CallExpr) string {
	_, name := calleeName(c.Fun)
	return name
}

// stripCallDecorations removes {value: ..} options and the pre-0.7 .value(v) / .gas(g) calls.
func stripCallDecorations(fun ast.Expr) ast.Expr {
	for {
		switch f := fun.(type) {
		case *ast.CallOptions:
			fun = f.X
			continue
		case *ast.CallExpr:
			if m, ok := f.Fun.(*ast.MemberExpr); ok && (m.Name.Name == "value" || m.Name.Name == "gas") {
				fun = m.X
				continue
			}
		case *ast.ParenExpr:
			fun = f.X
			continue
		}
		return fun
	}
}

func receiver(fun ast.Expr) ast.Expr {
	if m, ok := stripCallDecorations(fun).(*ast.MemberExpr); ok {
		return m.X
	}
	return nil
}

func returnType(fn *Function) Type {
	switch len(fn.Returns) {
	case 0:
		return nil
	case 1:
		return fn.Returns[0].Type
	}
	tt := &TupleType{}
	for _, v := range fn.Returns {
		tt.Elems = append(tt.Elems, v.Type)
	}
	return tt
}

func getterType(t Type) Type {
	for {
		switch x := t.(type) {
		case *MappingType:
			t = x.Value
			continue
		case *ArrayType:
			t = x.Elem
			continue
		}
		return t
	}
}

func builtinCallType(base, name string, x *ast.CallExpr, r *resolver) Type {
	switch base {
	case "keccak256", "sha3", "sha256", "blockhash", "blobhash":
		return TypeBytes32
	case "ecrecover":
		return TypeAddress
	case "gasleft", "addmod", "mulmod":
		return TypeUint256
	case "payable":
		return TypeAddressPayable
	case "address":
		return TypeAddress
	case "abi.encode", "abi.encodePacked", "abi.encodeWithSelector", "abi.encodeWithSignature", "abi.encodeCall":
		return TypeBytes
	case "abi.decode":
		if len(x.Args) == 2 {
			var types []Type
			switch t := ast.Unparen(x.Args[1]).(type) {
			case *ast.TupleExpr:
				for _, e := range t.Elems {
					types = append(types, r.p.typeOfTypeExpr(e, r.fn.Contract, r.fn.File))
				}
			default:
				types = append(types, r.p.typeOfTypeExpr(t, r.fn.Contract, r.fn.File))
			}
			if len(types) == 1 {
				return types[0]
			}
			return &TupleType{Elems: types}
		}
	}
	return nil
}

// usingFor finds a library function bound with using-for in fn's contract (or globally) and
// named name, whose first parameter can take the receiver's type t: the first of usingForAll.
func (p *Program) usingFor(fn *Function, name string, t Type) *Function {
	if fs := p.usingForAll(fn, name, t); len(fs) > 0 {
		return fs[0]
	}
	return nil
}

// usingForAll lists the library (or free) functions bound with using-for in fn's contract (or
// globally) and named name whose first parameter can take the receiver's type t (every one by
// that name when t is unknown), in directive order.
func (p *Program) usingForAll(fn *Function, name string, t Type) []*Function {
	var usings []*ast.UsingDecl
	var file *File
	if fn.Contract != nil {
		for _, c := range fn.Contract.Linearization {
			usings = append(usings, c.Usings...)
		}
		file = fn.Contract.File
	} else {
		file = fn.File
	}
	// File-level directives bind everywhere; only those that can bind name are looked at.
	usings = append(usings, p.idx.fileUsingsFor[name]...)
	var cands []*Function
	seen := map[*Function]bool{}
	add := func(fs ...*Function) {
		for _, f := range fs {
			if !seen[f] {
				seen[f] = true
				cands = append(cands, f)
			}
		}
	}
	for _, u := range usings {
		if u.Library != nil {
			if lib := p.LookupContract(u.Library.Names[len(u.Library.Names)-1].Name, file); lib != nil {
				add(lib.funcsNamed(name)...)
			}
		}
		for _, s := range u.Functions {
			names := s.Name.Names
			if names[len(names)-1].Name != name {
				continue
			}
			if len(names) > 1 {
				if lib := p.LookupContract(names[0].Name, file); lib != nil {
					add(lib.LookupFunction(name)...)
				}
				continue
			}
			add(p.idx.freeByName[name]...)
		}
	}
	if len(cands) == 0 || t == nil {
		return cands
	}
	var out []*Function
	for _, f := range cands {
		if len(f.Params) > 0 && typeMatch(t, f.Params[0].Type) != noMatch {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		// The receiver's type as Vigil computed it may be off (the width of a mixed
		// expression): loosely, any integer for an integer, any address for an address.
		for _, f := range cands {
			if len(f.Params) > 0 && assignable(t, f.Params[0].Type) {
				out = append(out, f)
			}
		}
	}
	return out
}

// assignable reports, loosely, whether a value of type from can be passed as to: the same type,
// or two integers, two addresses, or an unknown side.
func assignable(from, to Type) bool {
	if from == nil || to == nil {
		return true
	}
	if from.String() == to.String() {
		return true
	}
	if _, ok := IsInteger(from); ok {
		_, ok2 := IsInteger(to)
		return ok2
	}
	if IsAddress(from) && IsAddress(to) {
		return true
	}
	// storage/memory forms of the same named type compare equal by name
	return strings.TrimSpace(from.String()) == strings.TrimSpace(to.String())
}

// classifyCalls classifies every call in the function body.
func (p *Program) classifyCalls(info *FuncInfo) {
	fn := info.Fn
	if fn.Body == nil {
		return
	}
	special := map[*ast.CallExpr]CallKind{}
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.EmitStmt:
			special[s.Call] = CallEvent
		case *ast.RevertStmt:
			special[s.Call] = CallError
		case *ast.CallExpr:
			c := p.classify(info, s)
			if k, ok := special[s]; ok {
				c.Kind = k
			}
			// x.call.value(v)(data) appears as nested calls; the inner .value(v) is not a call.
			if m, ok := s.Fun.(*ast.MemberExpr); ok && (m.Name.Name == "value" || m.Name.Name == "gas") {
				if inner, ok := m.X.(*ast.MemberExpr); ok && isLowLevelName(inner.Name.Name) {
					return true
				}
			}
			info.Calls = append(info.Calls, c)
			put(&info.CallOf, s, c)
		}
		return true
	})
}

func isLowLevelName(n string) bool {
	switch n {
	case "call", "delegatecall", "staticcall", "callcode", "send", "transfer":
		return true
	}
	return false
}

func (p *Program) classify(info *FuncInfo, x *ast.CallExpr) *Call {
	c := &Call{Expr: x, Args: x.Args}
	// Peel the call decorations, remembering value and gas.
	fun := x.Fun
	for {
		switch f := fun.(type) {
		case *ast.CallOptions:
			c.Opts = f
			for i, n := range f.Names {
				switch n.Name {
				case "value":
					c.Value = f.Values[i]
				case "gas":
					c.Gas = f.Values[i]
				}
			}
			fun = f.X
			continue
		case *ast.CallExpr:
			if m, ok := f.Fun.(*ast.MemberExpr); ok && len(f.Args) == 1 {
				switch m.Name.Name {
				case "value":
					c.Value = f.Args[0]
					fun = m.X
					continue
				case "gas":
					c.Gas = f.Args[0]
					fun = m.X
					continue
				}
			}
		case *ast.ParenExpr:
			fun = f.X
			continue
		}
		break
	}
	pk := info.picks[x]
	picks := pk.fns
	bind := func(fallback ...*Function) {
		c.Callees = picks
		if len(c.Callees) == 0 && len(fallback) > 0 && fallback[0] != nil {
			c.Callees = fallback[:1:1]
		}
		if len(c.Callees) > 0 {
			c.Callee = c.Callees[0]
		}
	}
	switch f := fun.(type) {
	case *ast.ElementaryType:
		c.Kind, c.Name = CallConversion, f.Name
		return c
	case *ast.NewExpr:
		c.Kind, c.Name = CallNew, "new"
		if ct, ok := info.Types[f].(*ContractType); ok {
			c.Contract = ct.Contract
			bind()
		}
		return c
	case *ast.MetaTypeExpr:
		c.Kind = CallBuiltin
		return c
	case *ast.Ident:
		c.Name = f.Name
		switch o := info.Uses[f].(type) {
		case *Function:
			c.Kind = CallInternal
			bind(o)
			// A plain call of a contract's function runs the most derived override of the
			// contract the code is deployed in (Dispatch).
			c.Virtual = c.Callee != nil && c.Callee.Contract != nil && !c.Callee.Contract.IsLibrary()
		case *Contract:
			c.Kind = CallConversion
		case *StructType:
			c.Kind = CallStruct
		case *Builtin:
			c.Kind = CallBuiltin
		case *Var:
			// A function-typed variable: an internal pointer may hold any function of its
			// type that the program ever takes as a value (Program.pointerTargets); an
			// external one names a function of another contract.
			if ft, ok := o.Type.(*FuncType); ok && ft.External {
				c.Kind = CallExternal
				c.Target = f
				return c
			}
			c.Kind = CallInternal
			c.Pointer = o
			c.Callees = p.pointerTargets(info.Fn, o)
			if len(c.Callees) > 0 {
				c.Callee = c.Callees[0]
			}
		}
		return c
	case *ast.MemberExpr:
		c.Name = f.Name.Name
		recv := f.X
		c.Target = recv
		rt := info.Types[recv]
		if id, ok := recv.(*ast.Ident); ok {
			if info.Uses[id] == nil && isDeclaredBase(info.Fn.Contract, id.Name) {
				// Base.f(...) on a base the model could not resolve: an internal call of
				// unknown code, not a call to another contract.
				c.Kind, c.Target = CallInternal, nil
				return c
			}
			if info.Uses[id] == nil && rt == nil && p.missingLibraryName(info, id) {
				// L.f(...) on a library of a missing import: its code, run here.
				c.Kind, c.Target = CallLibrary, nil
				return c
			}
			switch o := info.Uses[id].(type) {
			case *Builtin:
				switch o.Name {
				case "abi", "msg", "block", "tx", "type", "bytes", "string":
					c.Kind, c.Target = CallBuiltin, nil
					c.Name = o.Name + "." + c.Name
					return c
				case "super":
					c.Kind, c.Target, c.Super = CallInternal, nil, true
					bind()
					return c
				case "this":
					c.Kind = CallExternal
					c.Contract = info.Fn.Contract
					bind()
					return c
				}
			case *Contract:
				// L.f(...) on a library, or C.f(...) naming a base's function.
				bind()
				if o.IsLibrary() {
					c.Kind, c.Target = CallLibrary, nil
				} else if info.Fn.Contract != nil && info.Fn.Contract.Inherits(o.Name) {
					c.Kind, c.Target = CallInternal, nil
				} else {
					c.Kind = CallExternal // a static call on a contract name is a type error; keep it external
				}
				return c
			case *StructType, *EnumType, *UserType:
				c.Kind, c.Target = CallBuiltin, nil // wrap/unwrap and friends
				return c
			}
		}
		if isLowLevelName(c.Name) && (rt == nil || IsAddress(rt)) {
			// transfer(to, amount) with two arguments is an ERC20 call on an untyped receiver
			if !(c.Name == "transfer" && len(x.Args) == 2) {
				c.Kind = CallLowLevel
				if c.Name == "send" || c.Name == "transfer" {
					if len(x.Args) == 1 {
						c.Value = x.Args[0]
					}
				}
				return c
			}
		}
		bound := pk.bound
		if ct := AsContract(rt); ct != nil {
			if bound && len(ct.LookupFunction(c.Name)) == 0 {
				// x.f() where the contract type has no member f: a library function bound to
				// the type with using-for (OracleLib.priceOf(IOracle o, ...)), run here.
				c.Kind, c.Target, c.Bound = CallLibrary, nil, recv
				bind()
				return c
			}
			if ct.IsLibrary() {
				c.Kind, c.Target = CallLibrary, nil
			} else {
				c.Kind, c.Contract = CallExternal, ct
			}
			bind()
			return c
		}
		if bound {
			c.Kind, c.Target, c.Bound = CallLibrary, nil, recv
			bind()
			return c
		}
		if rt == nil && (p.boundToMissingLibrary(info, recv) || p.chainedOnMissingLibrary(info, recv)) {
			// The receiver is the missing function's first argument.
			c.Kind, c.Target, c.Bound = CallLibrary, nil, recv
			return c
		}
		if rt == nil {
			// An untyped receiver (unresolved import or base): most likely an external call.
			c.Kind = CallExternal
			return c
		}
		if IsAddress(rt) {
			// Not an address member: a library function bound through using-for whose
			// library could not be resolved (SafeTransferLib's safeTransferETH, ...).
			c.Kind, c.Target = CallLibrary, nil
			return c
		}
		c.Kind = CallBuiltin // push, pop, concat, ...
		return c
	}
	return c
}

// isDeclaredBase reports whether c lists a base contract named name in its declaration.
func isDeclaredBase(c *Contract, name string) bool {
	if c == nil {
		return false
	}
	for _, b := range c.Decl.Bases {
		if ns := b.Name.Names; len(ns) > 0 && ns[len(ns)-1].Name == name {
			return true
		}
	}
	return false
}
