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
	Contract *Contract // the contract type of the receiver of an external call
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

// callType types a call expression and resolves its callee.
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
	case *ast.NewExpr:
		return r.expr(f)
	}
	ft := r.expr(fun)
	base, name := calleeName(fun)
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
		// x.f(...): low-level members of addresses, or functions of contracts.
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
			if fs := c.LookupFunction(name); len(fs) > 0 {
				return returnType(fs[0])
			}
			if v := c.LookupStateVar(name); v != nil { // getter
				return getterType(v.Type)
			}
		}
		if fn := r.p.usingFor(r.fn, name, recvT); fn != nil {
			return returnType(fn)
		}
	}
	if st, ok := ft.(*StructType); ok {
		return st
	}
	return nil
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
// named name, whose first parameter can take the receiver's type t. When t is unknown the first
// function by that name is taken.
func (p *Program) usingFor(fn *Function, name string, t Type) *Function {
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
	for _, u := range usings {
		if u.Library != nil {
			if lib := p.LookupContract(u.Library.Names[len(u.Library.Names)-1].Name, file); lib != nil {
				for _, f := range lib.Functions {
					if f.Name == name {
						cands = append(cands, f)
					}
				}
			}
		}
		for _, s := range u.Functions {
			names := s.Name.Names
			if names[len(names)-1].Name != name {
				continue
			}
			if len(names) > 1 {
				if lib := p.LookupContract(names[0].Name, file); lib != nil {
					cands = append(cands, lib.LookupFunction(name)...)
				}
				continue
			}
			cands = append(cands, p.idx.freeByName[name]...)
		}
	}
	if len(cands) == 0 {
		return nil
	}
	if t == nil {
		return cands[0]
	}
	for _, f := range cands {
		if len(f.Params) > 0 && assignable(t, f.Params[0].Type) {
			return f
		}
	}
	return nil
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
	switch f := fun.(type) {
	case *ast.ElementaryType:
		c.Kind, c.Name = CallConversion, f.Name
		return c
	case *ast.NewExpr:
		c.Kind, c.Name = CallNew, "new"
		return c
	case *ast.MetaTypeExpr:
		c.Kind = CallBuiltin
		return c
	case *ast.Ident:
		c.Name = f.Name
		switch o := info.Uses[f].(type) {
		case *Function:
			c.Kind, c.Callee = CallInternal, o
		case *Contract:
			c.Kind = CallConversion
		case *StructType:
			c.Kind = CallStruct
		case *Builtin:
			c.Kind = CallBuiltin
		case *Var:
			c.Kind = CallInternal // a function-typed variable
		}
		return c
	case *ast.MemberExpr:
		c.Name = f.Name.Name
		recv := f.X
		c.Target = recv
		rt := info.Types[recv]
		if id, ok := recv.(*ast.Ident); ok {
			switch o := info.Uses[id].(type) {
			case *Builtin:
				switch o.Name {
				case "abi", "msg", "block", "tx", "type", "bytes", "string":
					c.Kind, c.Target = CallBuiltin, nil
					c.Name = o.Name + "." + c.Name
					return c
				case "super":
					c.Kind, c.Target = CallInternal, nil
					if info.Fn.Contract != nil && len(info.Fn.Contract.Linearization) > 1 {
						for _, b := range info.Fn.Contract.Linearization[1:] {
							for _, g := range b.Functions {
								if g.Name == c.Name {
									c.Callee = g
									return c
								}
							}
						}
					}
					return c
				case "this":
					c.Kind = CallExternal
					c.Contract = info.Fn.Contract
					if c.Contract != nil {
						if fs := c.Contract.LookupFunction(c.Name); len(fs) > 0 {
							c.Callee = fs[0]
						}
					}
					return c
				}
			case *Contract:
				// L.f(...) on a library, or C.f(...) naming a base's function.
				fs := o.LookupFunction(c.Name)
				if len(fs) > 0 {
					c.Callee = fs[0]
				}
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
		if ct := AsContract(rt); ct != nil {
			// x.f() where the contract type has no member f: a library function bound to the
			// type with using-for (OracleLib.priceOf(IOracle o, ...)), run here.
			if len(ct.LookupFunction(c.Name)) == 0 && ct.LookupStateVar(c.Name) == nil {
				if lib := p.usingFor(info.Fn, c.Name, rt); lib != nil {
					c.Kind, c.Callee, c.Target = CallLibrary, lib, nil
					return c
				}
			}
			if ct.IsLibrary() {
				c.Kind, c.Target = CallLibrary, nil
			} else {
				c.Kind, c.Contract = CallExternal, ct
			}
			if fs := ct.LookupFunction(c.Name); len(fs) > 0 {
				c.Callee = fs[0]
			}
			return c
		}
		if lib := p.usingFor(info.Fn, c.Name, rt); lib != nil {
			c.Kind, c.Callee, c.Target = CallLibrary, lib, nil
			return c
		}
		if rt == nil && p.boundToMissingLibrary(info, recv) {
			c.Kind, c.Target = CallLibrary, nil
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
