package sema

import (
	"math/big"
	"strconv"
	"strings"
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Constants: the value of a number literal, and of constant state variables and file-level
// constants, evaluated from their initializers once per program.

// unitScale is the factor of each number unit.
var unitScale = map[string]int64{
	"wei": 1, "gwei": 1e9, "szabo": 1e12, "finney": 1e15, "ether": 1e18,
	"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400, "weeks": 604800, "years": 31536000,
}

// numberLiteral returns the value of a number literal: decimal, hexadecimal, with _ separators,
// a fraction or an exponent that make an integer, times its unit.
func numberLiteral(x ast.Expr) (*big.Int, bool) {
	lit, ok := x.(*ast.BasicLit)
	if !ok || lit.Kind != token.NUMBER {
		return nil, false
	}
	if lit.Unit == nil && len(lit.Value) <= 18 {
		// Most literals are short decimals: read without the rational machinery.
		if v, err := strconv.ParseInt(lit.Value, 10, 64); err == nil {
			return intOf(v), true
		}
	}
	s := strings.ReplaceAll(lit.Value, "_", "")
	r := new(big.Rat)
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		v, ok := new(big.Int).SetString(s[2:], 16)
		if !ok {
			return nil, false
		}
		r.SetInt(v)
	} else {
		mant, exp, _ := strings.Cut(strings.ToLower(s), "e")
		if _, ok := r.SetString(mant); !ok || len(mant) > 100 {
			return nil, false
		}
		if exp != "" {
			e, ok := new(big.Int).SetString(exp, 10)
			if !ok || !e.IsInt64() || e.Int64() > 160 || e.Int64() < -160 {
				return nil, false
			}
			scale := new(big.Rat).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(abs64(e.Int64())), nil))
			if e.Sign() < 0 {
				r.Quo(r, scale)
			} else {
				r.Mul(r, scale)
			}
		}
	}
	if lit.Unit != nil {
		f, ok := unitScale[lit.Unit.Name]
		if !ok {
			return nil, false
		}
		r.Mul(r, new(big.Rat).SetInt64(f))
	}
	if !r.IsInt() {
		return nil, false
	}
	return new(big.Int).Set(r.Num()), true
}

func abs64(v int64) int64 {
	if v < 0 {
		return -v
	}
	return v
}

// constRanges caches the values of the program's constants (read and filled under mu; a
// value is computed outside the lock, since it may need other constants).
type constRanges struct {
	mu   sync.Mutex
	vals map[*Var]Interval
}

type constRangesKey struct{}

// constRange returns the range of a constant variable: its value when the initializer is a
// constant expression the analysis evaluates, else its type's range.
func (p *Program) constRange(v *Var) Interval {
	return p.constRangeDepth(v, 0)
}

func (p *Program) constRangeDepth(v *Var, depth int) Interval {
	cache := Memo(p, constRangesKey{}, func() *constRanges { return &constRanges{vals: map[*Var]Interval{}} })
	cache.mu.Lock()
	iv, ok := cache.vals[v]
	cache.mu.Unlock()
	if ok {
		return iv
	}
	t, typed := intTypeOfType(v.Type)
	iv = Unbounded()
	if typed {
		iv = t.rng()
	}
	if v.Decl != nil && v.Decl.Value != nil && depth < 16 {
		file := v.fileOf()
		if c, ok := p.constExpr(v.Decl.Value, v.Contract, file, depth+1); ok && typed {
			iv = c.val.InType(t.bits, t.signed, false)
		}
	}
	cache.mu.Lock()
	cache.vals[v] = iv
	cache.mu.Unlock()
	return iv
}

// fileOf returns the file declaring a state variable or file constant (nil when unknown).
func (v *Var) fileOf() *File {
	if v.Contract != nil {
		return v.Contract.File
	}
	if v.Func != nil {
		return v.Func.File
	}
	return nil
}

// constValue is the result of evaluating a constant expression: the value, and its type when
// it has one (a literal expression has none: the compiler computes it exactly).
type constVal struct {
	val   Interval
	typ   intType
	typed bool
}

// constExpr evaluates a constant initializer, resolving names as the compiler would in the
// declaring contract (scope, nil at file level) and file.
func (p *Program) constExpr(x ast.Expr, scope *Contract, file *File, depth int) (constVal, bool) {
	if depth > 32 {
		return constVal{}, false
	}
	x = ast.Unparen(x)
	if v, ok := numberLiteral(x); ok {
		return constVal{val: Exactly(v)}, true
	}
	switch e := x.(type) {
	case *ast.Ident:
		if v := p.constVar(e.Name, scope, file); v != nil {
			t, typed := intTypeOfType(v.Type)
			return constVal{p.constRangeDepth(v, depth), t, typed}, typed
		}
	case *ast.MemberExpr:
		if iv, t, ok := metaTypeBound(e); ok {
			return constVal{iv, t, true}, true
		}
		if id, ok := e.X.(*ast.Ident); ok {
			if c := p.LookupContract(id.Name, file); c != nil {
				if v := c.LookupStateVar(e.Name.Name); v != nil && v.Decl != nil && v.Decl.Constant {
					t, typed := intTypeOfType(v.Type)
					return constVal{p.constRangeDepth(v, depth), t, typed}, typed
				}
			}
		}
	case *ast.UnaryExpr:
		c, ok := p.constExpr(e.X, scope, file, depth+1)
		if !ok {
			return constVal{}, false
		}
		switch e.Op {
		case token.SUB:
			c.val = c.val.Neg()
			return c.inType(), true
		case token.BITNOT:
			if c.typed {
				c.val = c.val.Not(c.typ.bits, c.typ.signed)
				return c, true
			}
		}
	case *ast.BinaryExpr:
		l, ok1 := p.constExpr(e.X, scope, file, depth+1)
		r, ok2 := p.constExpr(e.Y, scope, file, depth+1)
		if !ok1 || !ok2 {
			return constVal{}, false
		}
		v, ok := arith(e.Op, l.val, r.val)
		if !ok {
			return constVal{}, false
		}
		out := constVal{val: v}
		switch {
		case e.Op == token.EXP || e.Op == token.SHL || e.Op == token.SHR:
			out.typ, out.typed = l.typ, l.typed
		case l.typed && r.typed:
			out.typ, out.typed = widerType(l.typ, r.typ), true
		case l.typed:
			out.typ, out.typed = l.typ, true
		case r.typed:
			out.typ, out.typed = r.typ, true
		}
		return out.inType(), true
	case *ast.CallExpr:
		et, ok := e.Fun.(*ast.ElementaryType)
		if !ok || len(e.Args) != 1 {
			return constVal{}, false
		}
		t, ok := elementaryIntType(et.Name, et.Payable)
		if !ok {
			return constVal{}, false
		}
		c, ok := p.constExpr(e.Args[0], scope, file, depth+1)
		if !ok {
			return constVal{}, false
		}
		return constVal{c.val.InType(t.bits, t.signed, false), t, true}, true
	}
	return constVal{}, false
}

// inType reduces a typed constant's value to its type (an untyped one is exact).
func (c constVal) inType() constVal {
	if c.typed {
		c.val = c.val.InType(c.typ.bits, c.typ.signed, false)
	}
	return c
}

// constVar finds the constant a name denotes in a contract or file.
func (p *Program) constVar(name string, scope *Contract, file *File) *Var {
	if scope != nil {
		if v := scope.LookupStateVar(name); v != nil {
			if v.Decl != nil && v.Decl.Constant {
				return v
			}
			return nil
		}
	}
	var found *Var
	for _, v := range p.Constants {
		if v.Name == name && v.Decl != nil && v.Decl.Constant {
			if found == nil || (file != nil && v.fileOf() == nil) {
				found = v
			}
		}
	}
	return found
}

// metaTypeBound returns type(T).max or type(T).min of an integer type T.
func metaTypeBound(m *ast.MemberExpr) (Interval, intType, bool) {
	mt, ok := m.X.(*ast.MetaTypeExpr)
	if !ok {
		return Interval{}, intType{}, false
	}
	et, ok := mt.Type.(*ast.ElementaryType)
	if !ok {
		return Interval{}, intType{}, false
	}
	t, ok := elementaryIntType(et.Name, et.Payable)
	if !ok || canonicalElementary(et.Name) == "address" {
		return Interval{}, intType{}, false
	}
	switch m.Name.Name {
	case "max":
		return Exactly(t.rng().Hi), t, true
	case "min":
		return Exactly(t.rng().Lo), t, true
	}
	return Interval{}, intType{}, false
}

// intTypeOfType returns the integer type of a model type: integers, addresses and contracts
// (as uint160), user-defined value types over those, enums (below 256 members), and booleans
// (as 0 and 1, so that a flag set under a check carries the check).
func intTypeOfType(t Type) (intType, bool) {
	switch t := t.(type) {
	case *Elementary:
		if t.IsAddress() {
			return intType{160, false}, true
		}
		if t.Name == "bool" {
			return intType{1, false}, true
		}
		if t.IsInteger() {
			return intType{t.Bits(), t.IsSigned()}, true
		}
	case *ContractType:
		return intType{160, false}, true
	case *UserType:
		return intTypeOfType(t.Underlying)
	case *EnumType:
		return intType{8, false}, true
	}
	return intType{}, false
}

// widerType is the type a binary operation on two integer types computes in.
func widerType(a, b intType) intType {
	if b.bits > a.bits {
		return b
	}
	return a
}

// ArithOp applies an arithmetic or bitwise operator to intervals, in exact arithmetic (no
// wrap); ok is false for another operator.
func ArithOp(op token.Token, x, y Interval) (Interval, bool) { return arith(op, x, y) }

// arith applies an arithmetic or bitwise operator to intervals, in exact arithmetic.
func arith(op token.Token, x, y Interval) (Interval, bool) {
	switch op {
	case token.ADD:
		return x.Add(y), true
	case token.SUB:
		return x.Sub(y), true
	case token.MUL:
		return x.Mul(y), true
	case token.QUO:
		return x.Quo(y), true
	case token.REM:
		return x.Rem(y), true
	case token.EXP:
		return x.Exp(y), true
	case token.SHL:
		return x.Shl(y), true
	case token.SHR, token.SAR:
		return x.Shr(y), true
	case token.AND:
		return x.And(y), true
	case token.OR:
		return x.Or(y), true
	case token.XOR:
		return x.Xor(y), true
	}
	return Interval{}, false
}
