package sema

import (
	"math/big"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
	"golang.org/x/crypto/sha3"
)

// Storage slots by value. Code that keeps state outside the declared variables names the slot
// with a constant: ERC-1967's implementation slot (keccak256("eip1967.proxy.implementation")
// - 1), an unstructured-storage position, an ERC-7201 namespace. Two contracts that mean the
// same slot (a proxy and its logic) declare their own constants, under any name: the slot is
// told by its value, computed here from the constant's expression (literals, other constants,
// keccak256 of a string, conversions, + and -).
//
// SlotAccesses lists the reads and writes of such slots a function makes, itself or through
// the helpers and storage libraries it calls with the slot as an argument
// (POSITION.setStorageUint256(v) writing sstore(position, v)); ReadSlot tells which slot an
// expression's value was loaded from.

// ConstWord returns the value of constant v (a contract or file constant of a value type), or
// nil when it cannot be computed.
func (p *Program) ConstWord(v *Var) *big.Int {
	if v == nil || v.Decl == nil || !v.Decl.Constant && v.Kind != FileConstant || v.Decl.Value == nil {
		return nil
	}
	return p.wordOf(v, v.Decl.Value, 0)
}

// ConstValue evaluates a constant expression written in a contract (nil: at file level), such
// as an array's length or a `layout at` base, to a 256-bit word; nil when it cannot.
func (p *Program) ConstValue(x ast.Expr, scope *Contract) *big.Int {
	return p.wordOf(&Var{Contract: scope}, x, 0)
}

// wordOf evaluates x, an expression of constant v's initializer (names looked up from v's
// contract), to a 256-bit word.
func (p *Program) wordOf(v *Var, x ast.Expr, depth int) *big.Int {
	if depth > 8 {
		return nil
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		if e.Kind == token.NUMBER && e.Unit == nil {
			n, ok := new(big.Int).SetString(strings.ReplaceAll(e.Value, "_", ""), 0)
			if ok {
				return wrap(n)
			}
		}
	case *ast.Ident:
		if c := p.constNamed(v, e.Name); c != nil && c != v {
			return p.wordOf(c, c.Decl.Value, depth+1)
		}
	case *ast.BinaryExpr:
		a, b := p.wordOf(v, e.X, depth+1), p.wordOf(v, e.Y, depth+1)
		if a == nil || b == nil {
			return nil
		}
		switch e.Op {
		case token.ADD:
			return wrap(new(big.Int).Add(a, b))
		case token.SUB:
			return wrap(new(big.Int).Sub(a, b))
		case token.MUL:
			return wrap(new(big.Int).Mul(a, b))
		case token.QUO:
			if b.Sign() != 0 {
				return new(big.Int).Quo(a, b)
			}
		case token.EXP:
			if b.IsInt64() && b.Int64() <= 256 {
				return wrap(new(big.Int).Exp(a, b, nil))
			}
		}
	case *ast.UnaryExpr:
		if e.Op == token.SUB {
			if a := p.wordOf(v, e.X, depth+1); a != nil {
				return wrap(new(big.Int).Neg(a))
			}
		}
	case *ast.CallExpr:
		if _, conv := e.Fun.(*ast.ElementaryType); conv && len(e.Args) == 1 {
			return p.wordOf(v, e.Args[0], depth+1) // bytes32(uint256(...)): the same word
		}
		if id, ok := e.Fun.(*ast.Ident); ok && id.Name == "keccak256" && len(e.Args) == 1 {
			if s, ok := stringLit(e.Args[0]); ok {
				h := sha3.NewLegacyKeccak256()
				h.Write([]byte(s))
				return new(big.Int).SetBytes(h.Sum(nil))
			}
		}
	}
	return nil
}

// constNamed finds the constant a name in v's initializer refers to: one of v's contract's
// linearization, or a file constant.
func (p *Program) constNamed(v *Var, name string) *Var {
	if v.Contract != nil {
		for _, c := range v.Contract.Linearization {
			for _, sv := range c.StateVars {
				if sv.Name == name && sv.Decl != nil && sv.Decl.Constant {
					return sv
				}
			}
		}
	}
	for _, c := range p.Constants {
		if c.Name == name {
			return c
		}
	}
	return nil
}

var wordMod = new(big.Int).Lsh(big.NewInt(1), 256)

func wrap(n *big.Int) *big.Int { return n.Mod(n, wordMod) }

func stringLit(x ast.Expr) (string, bool) {
	lit, ok := ast.Unparen(x).(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return "", false
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil && len(lit.Value) >= 2 {
		return lit.Value[1 : len(lit.Value)-1], true // single quotes
	}
	return s, err == nil
}

// SlotRef is a slot a storage access names: a known word, or a parameter of the function
// (a storage library handed the position).
type SlotRef struct {
	Word  *big.Int
	Var   *Var // the state variable whose own slot it is (x.slot), when that is what is named
	Param int  // -1 unless the slot is the function's parameter Param
}

func (s SlotRef) known() bool { return s.Word != nil || s.Var != nil || s.Param >= 0 }

// fixed reports whether the slot is named by the code itself (a word or a variable's slot),
// not handed in by a caller.
func (s SlotRef) fixed() bool { return s.Word != nil || s.Var != nil }

// SlotAccess is a read or write of a slot a function makes, itself or through the functions it
// calls.
type SlotAccess struct {
	Write bool
	Slot  SlotRef
	Value Prov     // a write's stored value, in the function's terms
	At    ast.Node // the sload or sstore
	Node  *Node    // where, in the function's graph, it happens or is reached
}

type slotAccessKey struct{}

// SlotAccesses lists fn's reads and writes of slots it names by value or by parameter. Callees
// in fn's own cycle of calls are not followed (each function's list is computed once, from the
// lists of the components it calls).
func (p *Program) SlotAccesses(fn *Function) []SlotAccess {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return nil
	}
	return Memo(info, slotAccessKey{}, func() []SlotAccess {
		var out []SlotAccess
		d := p.DepsOf(info)
		for _, n := range info.CFG.Nodes {
			ni := p.Info(n.Fn) // fn's own code or a modifier woven into it
			if ni == nil {
				continue
			}
			nd := d
			if ni != info {
				nd = p.DepsOf(ni)
			}
			code := n.Code()
			if code == nil {
				continue
			}
			ast.Inspect(code, func(x ast.Node) bool {
				switch e := x.(type) {
				case *ast.YulCall:
					name := e.Name.Name
					if (name == "sload" || name == "sstore") && len(e.Args) >= 1 {
						s := p.yulSlot(ni, e.Args[0], n)
						if !s.known() || ni != info && !s.fixed() {
							return true
						}
						a := SlotAccess{Write: name == "sstore", Slot: s, At: e, Node: n}
						if a.Write && len(e.Args) == 2 {
							a.Value = nd.OfYul(e.Args[1])
						}
						out = append(out, a)
					}
				case *ast.CallExpr:
					c := ni.CallOf[e]
					if c == nil || c.Kind != CallInternal && c.Kind != CallLibrary {
						return true
					}
					for _, callee := range c.Callees {
						if callee.Body == nil || p.sameComponent(fn, callee) {
							continue
						}
						for _, ca := range p.SlotAccesses(callee) {
							s := ca.Slot
							if !s.fixed() {
								s = p.argSlot(ni, c, callee, s.Param)
								if !s.known() || ni != info && !s.fixed() {
									continue
								}
							}
							out = append(out, SlotAccess{Write: ca.Write, Slot: s, At: ca.At, Node: n,
								Value: p.instantiate(ca.Value, c, callee, nd)})
						}
					}
				}
				return true
			})
		}
		return out
	})
}

// argSlot is the slot a call hands callee's parameter i: a constant word, or a parameter of
// the caller.
func (p *Program) argSlot(info *FuncInfo, c *Call, callee *Function, i int) SlotRef {
	a := ArgFor(c, callee, i)
	if a == nil {
		return SlotRef{Param: -1}
	}
	return p.exprSlot(info, a)
}

// exprSlot evaluates a Solidity expression naming a slot.
func (p *Program) exprSlot(info *FuncInfo, x ast.Expr) SlotRef {
	x = ast.Unparen(x)
	if c, ok := x.(*ast.CallExpr); ok {
		if _, conv := c.Fun.(*ast.ElementaryType); conv && len(c.Args) == 1 {
			return p.exprSlot(info, c.Args[0])
		}
	}
	if id, ok := x.(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*Var); ok {
			return p.varSlot(info, v)
		}
	}
	if lit, ok := x.(*ast.BasicLit); ok && lit.Kind == token.NUMBER {
		if n, ok := new(big.Int).SetString(lit.Value, 0); ok {
			return SlotRef{Word: n, Param: -1}
		}
	}
	return SlotRef{Param: -1}
}

// varSlot: a constant's value, a parameter's position, or a local's single value (a constant,
// or a state variable's own slot written to it in assembly: s := owner.slot).
func (p *Program) varSlot(info *FuncInfo, v *Var) SlotRef {
	switch {
	case v.Decl != nil && v.Decl.Constant || v.Kind == FileConstant:
		return SlotRef{Word: p.ConstWord(v), Param: -1}
	case v.Kind == ParamVar && v.Func == info.Fn:
		return SlotRef{Param: v.Index}
	case v.Kind == LocalVar:
		if init := singleAssignment(info, v); init != nil {
			return p.exprSlot(info, init)
		}
		if y := singleYulAssignment(info, v); y != nil {
			return p.yulSlot(info, y, nil)
		}
	}
	return SlotRef{Param: -1}
}

// singleYulAssignment returns the value assembly gives a Solidity local declared without one,
// when that assignment is the only one.
func singleYulAssignment(info *FuncInfo, v *Var) ast.YulExpr {
	var val ast.YulExpr
	n := 0
	info.Fn.BodyTree().Inspect(func(x ast.Node) bool {
		switch s := x.(type) {
		case *ast.VarDeclStmt:
			for _, d := range s.Vars {
				if d == v.Decl && s.Value != nil {
					n += 2 // declared with a value: singleAssignment's case
				}
			}
		case *ast.AssignExpr:
			if id, ok := ast.Unparen(s.Lhs).(*ast.Ident); ok && info.Uses[id] == v {
				n += 2
			}
		case *ast.YulAssign:
			for _, id := range s.Names {
				if info.YulUses[id] == v {
					n++
					if len(s.Names) == 1 {
						val = s.Value
					}
				}
			}
		}
		return n < 2
	})
	if n != 1 {
		return nil
	}
	return val
}

// singleAssignment returns the value a local is declared with, when nothing assigns it again.
func singleAssignment(info *FuncInfo, v *Var) ast.Expr {
	var init ast.Expr
	assigned := false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			for i, d := range s.Vars {
				if d == v.Decl && len(s.Vars) == 1 && i == 0 {
					init = s.Value
				}
			}
		case *ast.AssignExpr:
			if id, ok := ast.Unparen(s.Lhs).(*ast.Ident); ok && info.Uses[id] == v {
				assigned = true
			}
		case *ast.YulAssign:
			for _, id := range s.Names {
				if info.YulUses[id] == v {
					assigned = true
				}
			}
		}
		return !assigned
	})
	if assigned {
		return nil
	}
	return init
}

// yulSlot evaluates the slot argument of an sload or sstore at node n: a literal, a Solidity
// name (constant, parameter, local), or an assembly local let-bound once to one of those.
func (p *Program) yulSlot(info *FuncInfo, x ast.YulExpr, n *Node) SlotRef {
	switch e := x.(type) {
	case *ast.YulLit:
		if e.Kind == token.NUMBER {
			if v, ok := new(big.Int).SetString(e.Value, 0); ok {
				return SlotRef{Word: v, Param: -1}
			}
		}
	case *ast.YulIdent:
		if v := info.YulUses[e]; v != nil {
			if strings.HasSuffix(e.Name, ".slot") && v.Kind == StateVar {
				return SlotRef{Var: v, Param: -1} // the variable's own slot, where the layout puts it
			}
			if strings.Contains(e.Name, ".") {
				return SlotRef{Param: -1}
			}
			return p.varSlot(info, v)
		}
		if val := yulLetOnce(info, e.Name); val != nil {
			return p.yulSlot(info, val, n)
		}
	}
	return SlotRef{Param: -1}
}

// yulLetOnce returns the value of assembly local name in fn, when it is let-bound once and
// never assigned.
func yulLetOnce(info *FuncInfo, name string) ast.YulExpr {
	var val ast.YulExpr
	lets, assigns := 0, 0
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.YulLet:
			for _, id := range s.Names {
				if id.Name == name {
					lets++
					if len(s.Names) == 1 {
						val = s.Value
					}
				}
			}
		case *ast.YulAssign:
			for _, id := range s.Names {
				if id.Name == name {
					assigns++
				}
			}
		}
		return true
	})
	if lets != 1 || assigns != 0 {
		return nil
	}
	return val
}

type returnedSlotKey struct{}

// returnedSlot is the slot fn's result is loaded from (assembly r := sload(s) into its return
// variable, or return g(...) of a function that returns a load), or an unknown SlotRef.
func (p *Program) returnedSlot(fn *Function) SlotRef {
	info := p.Info(fn)
	if info == nil || len(fn.Returns) != 1 {
		return SlotRef{Param: -1}
	}
	return Memo(info, returnedSlotKey{}, func() SlotRef {
		out, found := SlotRef{Param: -1}, 0
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.YulAssign:
				if len(s.Names) == 1 && info.YulUses[s.Names[0]] == fn.Returns[0] {
					if c, ok := s.Value.(*ast.YulCall); ok && c.Name.Name == "sload" && len(c.Args) == 1 {
						out, found = p.yulSlot(info, c.Args[0], nil), found+1
					} else {
						found += 2
					}
				}
			case *ast.ReturnStmt:
				if s.Result != nil {
					out, found = p.readSlot(info, s.Result, fn), found+1
				}
			}
			return true
		})
		if found != 1 {
			return SlotRef{Param: -1}
		}
		return out
	})
}

// ReadSlot returns the slot the value of x, in the function whose facts are info, is loaded
// from: a call of a helper or library function returning a load of a slot it names or is handed.
func (p *Program) ReadSlot(info *FuncInfo, x ast.Expr) SlotRef {
	return p.readSlot(info, x, nil)
}

// readSlot is ReadSlot asked from within caller's returnedSlot: a callee in caller's own cycle
// of calls is not followed.
func (p *Program) readSlot(info *FuncInfo, x ast.Expr, caller *Function) SlotRef {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return SlotRef{Param: -1}
	}
	c := info.CallOf[call]
	if c == nil || len(c.Callees) != 1 || c.Kind != CallInternal && c.Kind != CallLibrary || c.Callees[0].Body == nil {
		return SlotRef{Param: -1}
	}
	callee := c.Callees[0]
	if caller != nil && p.sameComponent(caller, callee) {
		return SlotRef{Param: -1}
	}
	s := p.returnedSlot(callee)
	if s.Word == nil && s.Param >= 0 {
		return p.argSlot(info, c, callee, s.Param)
	}
	return s
}

// sameComponent reports whether f and g call each other, directly or not (or are one).
func (p *Program) sameComponent(f, g *Function) bool {
	cg := p.callGraphOf()
	return f == g || cg.of[f] != nil && cg.of[f] == cg.of[g]
}
