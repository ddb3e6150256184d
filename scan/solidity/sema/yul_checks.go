package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// Caller checks written in inline assembly, on the conditions of its if, switch and for
// (values: non-zero is true): eq(caller(), sload(slot)), iszero(eq(...)), xor(caller(), x),
// a role bit read from a slot hashed from the caller (mstore(0, caller()) ...
// and(sload(keccak256(0x0c, 0x20)), roles)), and delegatecall-only tests (eq(address(), self)).

// yulFacts are what a function's assembly holds in its variables: the caller (let c :=
// caller()), its own address (address()), and whether the caller was written to memory (a
// hashed lookup follows).
type yulFacts struct {
	caller, origin, self map[string]bool
	callerInMemory       bool
}

type yulFactsKey struct{}

func (p *Program) yulFactsOf(info *FuncInfo) *yulFacts {
	return Memo(info, yulFactsKey{}, func() *yulFacts {
		f := &yulFacts{caller: map[string]bool{}, origin: map[string]bool{}, self: map[string]bool{}}
		if info.Fn.Body == nil {
			return f
		}
		assign := func(names []*ast.YulIdent, v ast.YulExpr) {
			if v == nil {
				return
			}
			for _, n := range names {
				if f.mentionsCaller(v, false) {
					f.caller[n.Name] = true
				}
				if c, ok := v.(*ast.YulCall); ok && len(c.Args) == 0 {
					switch c.Name.Name {
					case "address":
						f.self[n.Name] = true
					case "origin":
						f.origin[n.Name] = true
					}
				}
			}
		}
		// Twice: a variable copied from one assigned later in the text.
		for range 2 {
			info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
				switch s := n.(type) {
				case *ast.YulLet:
					assign(s.Names, s.Value)
				case *ast.YulAssign:
					assign(s.Names, s.Value)
				case *ast.YulCall:
					if s.Name.Name == "mstore" && len(s.Args) == 2 && f.mentionsCaller(s.Args[1], false) {
						f.callerInMemory = true
					}
				}
				return true
			})
		}
		return f
	})
}

// mentionsCaller reports whether x reads the caller: caller(), a variable holding it, or (when
// the caller was written to memory and hashed counts) a hash of memory.
func (f *yulFacts) mentionsCaller(x ast.YulExpr, hashed bool) bool {
	return yulAny(x, func(call *ast.YulCall, id *ast.YulIdent) bool {
		if call != nil {
			return call.Name.Name == "caller" || hashed && f.callerInMemory && call.Name.Name == "keccak256"
		}
		return f.caller[id.Name]
	})
}

// isCaller reports whether x is the caller itself.
func (f *yulFacts) isCaller(info *FuncInfo, x ast.YulExpr, origin bool) bool {
	op, vars, src := "caller", f.caller, SrcSender
	if origin {
		op, vars, src = "origin", f.origin, SrcOrigin
	}
	switch e := x.(type) {
	case *ast.YulCall:
		return e.Name.Name == op && len(e.Args) == 0
	case *ast.YulIdent:
		if vars[e.Name] {
			return true
		}
		if v := info.YulUses[e]; v != nil && v.Kind == LocalVar && info.Flow != nil {
			return info.Flow.Var(v) == src
		}
	}
	return false
}

// yulTrusted reports whether x is a value the caller cannot choose: it reads storage, or a
// Solidity constant, immutable or state variable, or is a literal.
func (p *Program) yulTrusted(info *FuncInfo, f *yulFacts, x ast.YulExpr) bool {
	if f.mentionsCaller(x, false) {
		return false
	}
	calldata := false
	trusted := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.YulCall:
			switch e.Name.Name {
			case "sload", "tload":
				trusted = true
			case "calldataload", "calldatacopy", "mload":
				calldata = true
			}
		case *ast.YulIdent:
			if v := info.YulUses[e]; v != nil && (v.Kind == StateVar || v.Kind == FileConstant || v.Kind == LocalVar && fixedLocal(info, v)) {
				trusted = true
			}
		case *ast.YulLit:
			trusted = true
		}
		return true
	})
	return trusted && !calldata
}

// yulRestricts reports whether assembly condition x being non-zero (want) or zero (!want)
// means the caller passed a check.
func (p *Program) yulRestricts(info *FuncInfo, x ast.YulExpr, want bool, depth int, origin, identity bool) bool {
	if depth > 8 {
		return false
	}
	f := p.yulFactsOf(info)
	c, ok := x.(*ast.YulCall)
	if !ok {
		return false
	}
	args := c.Args
	switch c.Name.Name {
	case "iszero", "not":
		if len(args) == 1 {
			return p.yulRestricts(info, args[0], !want, depth+1, origin, identity)
		}
	case "eq", "xor", "sub":
		if len(args) != 2 {
			return false
		}
		equal := want == (c.Name.Name == "eq")
		a, b := args[0], args[1]
		ac, bc := f.isCaller(info, a, origin), f.isCaller(info, b, origin)
		switch {
		case ac && bc:
			return false
		case ac:
			return equal && p.yulTrusted(info, f, b)
		case bc:
			return equal && p.yulTrusted(info, f, a)
		}
		// delegatecall-only: eq(address(), self) failing means the code runs in another
		// contract's context, by that contract's choice
		if !equal && !identity && (yulIsSelf(f, a) && yulIsIdent(b) || yulIsSelf(f, b) && yulIsIdent(a)) {
			return true
		}
	case "and":
		if len(args) == 2 {
			if want {
				return p.yulRestricts(info, args[0], true, depth+1, origin, identity) || p.yulRestricts(info, args[1], true, depth+1, origin, identity)
			}
			return p.yulRestricts(info, args[0], false, depth+1, origin, identity) && p.yulRestricts(info, args[1], false, depth+1, origin, identity)
		}
	case "or":
		if len(args) == 2 {
			if want {
				return p.yulRestricts(info, args[0], true, depth+1, origin, identity) && p.yulRestricts(info, args[1], true, depth+1, origin, identity)
			}
			return p.yulRestricts(info, args[0], false, depth+1, origin, identity) || p.yulRestricts(info, args[1], false, depth+1, origin, identity)
		}
	case "sload", "tload":
		// a flag or role bits stored under a key derived from the caller
		return want && !origin && len(args) == 1 && f.mentionsCaller(args[0], true)
	}
	return false
}

func yulIsSelf(f *yulFacts, x ast.YulExpr) bool {
	switch e := x.(type) {
	case *ast.YulCall:
		return e.Name.Name == "address" && len(e.Args) == 0
	case *ast.YulIdent:
		return f.self[e.Name]
	}
	return false
}

func yulIsIdent(x ast.YulExpr) bool {
	_, ok := x.(*ast.YulIdent)
	return ok
}

// fixedLocal reports whether the Solidity local v only ever holds values the caller cannot
// choose, set in Solidity (address depositor = DEPOSITOR_ACCOUNT(); then if xor(caller(),
// depositor) in assembly): each value it is given reads nothing but constants, storage and
// calls of internal view or pure functions taking no arguments, and assembly never writes it.
func fixedLocal(info *FuncInfo, v *Var) bool {
	if info.Flow == nil || info.Fn.Body == nil {
		return false
	}
	fixed, any := true, false
	value := func(x ast.Expr) {
		any = true
		if x == nil || info.Flow.Of(x)&^SrcStorage != 0 {
			fixed = false
			return
		}
		ast.Inspect(x, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok {
				call := info.CallOf[c]
				switch {
				case call == nil:
					fixed = false
				case call.Kind == CallConversion:
				case call.Kind == CallInternal || call.Kind == CallLibrary:
					if len(c.Args) > 0 || call.Callee == nil || !call.Callee.IsView() {
						fixed = false
					}
				default:
					fixed = false
				}
			}
			return fixed
		})
	}
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			for _, d := range s.Vars {
				if d == v.Decl {
					value(s.Value)
				}
			}
		case *ast.AssignExpr:
			if id, ok := ast.Unparen(s.Lhs).(*ast.Ident); ok && info.Uses[id] == v {
				value(s.Rhs)
			} else if info.RootVar(s.Lhs) == v {
				fixed = false
			}
		case *ast.YulAssign:
			for _, id := range s.Names {
				if info.YulUses[id] == v {
					fixed = false
				}
			}
		}
		return fixed
	})
	return fixed && any
}
