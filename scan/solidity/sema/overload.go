package sema

import (
	"math/big"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Overload resolution: a name may declare several functions (add(x) and add(a, b)), and every
// fact about a call is wrong once its callee is. The language picks the one function whose
// parameters the arguments convert to implicitly; Vigil does the same with the types it knows,
// and keeps every candidate it cannot rule out when a type is unknown (an unresolved import),
// best first, so that facts about the call can take the conservative answer.

// match grades how well an argument fits a parameter.
type match int

const (
	noMatch   match = iota // the argument cannot be passed
	weakMatch              // a type is unknown: cannot be ruled out
	convMatch              // an implicit conversion
	sameMatch              // the same type
)

// pickOverload orders the candidates a call may name by how well its arguments fit them,
// leaving out those they cannot be passed to. bound is the receiver bound to the first
// parameter by `using L for T` (nil otherwise). When no candidate fits, the candidates with the
// right number of parameters are kept (the types Vigil knows may be wrong); when none has it,
// all of them, so that a call is never left without a callee it may have.
func (r *resolver) pickOverload(cands []*Function, x *ast.CallExpr, bound ast.Expr) []*Function {
	if len(cands) <= 1 {
		return cands
	}
	type scored struct {
		fn    *Function
		score int
		worst match
	}
	var fits, counted []scored
	for _, fn := range cands {
		params := fn.Params
		if bound != nil {
			if len(params) == 0 {
				continue
			}
			params = params[1:]
		}
		if len(params) != len(x.Args) {
			continue
		}
		s := scored{fn: fn, worst: sameMatch}
		if bound != nil {
			m := r.argMatch(bound, fn.Params[0].Type)
			s.score += int(m)
			s.worst = min(s.worst, m)
		}
		for i, a := range x.Args {
			p := paramFor(params, x, i)
			if p == nil {
				s.worst = noMatch
				break
			}
			m := r.argMatch(a, p.Type)
			s.score += int(m)
			s.worst = min(s.worst, m)
		}
		counted = append(counted, s)
		if s.worst != noMatch {
			fits = append(fits, s)
		}
	}
	pool := fits
	if len(pool) == 0 {
		pool = counted
	}
	if len(pool) == 0 {
		return cands
	}
	// Best first: the highest total, then declaration order (the most derived first, as
	// LookupFunction lists them).
	best := 0
	for i, s := range pool {
		if s.score > pool[best].score {
			best = i
		}
	}
	out := make([]*Function, 0, len(pool))
	out = append(out, pool[best].fn)
	for i, s := range pool {
		if i != best {
			out = append(out, s.fn)
		}
	}
	return out
}

// paramFor returns the parameter argument i of call x is passed to: the i-th, or for named
// arguments ({to: a, amount: b}) the one of that name.
func paramFor(params []*Var, x *ast.CallExpr, i int) *Var {
	if x.Names == nil {
		if i < len(params) {
			return params[i]
		}
		return nil
	}
	if i >= len(x.Names) || x.Names[i] == nil {
		return nil
	}
	for _, p := range params {
		if p.Name == x.Names[i].Name {
			return p
		}
	}
	return nil
}

// ArgFor returns the argument of call x passed to parameter i of callee (nil when the call
// does not pass it): positional or named, with a receiver bound by using-for as parameter 0.
func ArgFor(c *Call, callee *Function, i int) ast.Expr {
	if callee == nil || i < 0 || i >= len(callee.Params) {
		return nil
	}
	if c.Bound != nil {
		if i == 0 {
			return c.Bound
		}
		i--
	}
	x := c.Expr
	if x.Names == nil {
		if i < len(x.Args) {
			return x.Args[i]
		}
		return nil
	}
	params := callee.Params
	if c.Bound != nil {
		params = params[1:]
	}
	name := params[i].Name
	for j, n := range x.Names {
		if n != nil && n.Name == name && j < len(x.Args) {
			return x.Args[j]
		}
	}
	return nil
}

// argMatch grades passing argument a (already typed) to a parameter of type to.
func (r *resolver) argMatch(a ast.Expr, to Type) match {
	if lit := literalKind(a); lit != "" {
		return literalMatch(a, lit, to)
	}
	return typeMatch(r.info.Types[a], to)
}

// literalKind tells which kind of literal a is: "number", "negative", "string", "bool",
// "address" (a 40-digit hex number), or "" for anything else.
func literalKind(a ast.Expr) string {
	switch e := ast.Unparen(a).(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.NUMBER:
			if strings.HasPrefix(e.Value, "0x") && len(e.Value) == 42 && e.Unit == nil {
				return "address"
			}
			return "number"
		case token.STRING, token.HEXSTRING, token.UNICODESTR:
			return "string"
		case token.TRUE, token.FALSE:
			return "bool"
		}
	case *ast.UnaryExpr:
		if e.Op == token.SUB {
			if k := literalKind(e.X); k == "number" {
				return "negative"
			}
		}
	}
	return ""
}

func literalMatch(a ast.Expr, kind string, to Type) match {
	if to == nil {
		return weakMatch
	}
	e, ok := to.(*Elementary)
	if !ok {
		if _, user := to.(*UserType); user {
			return noMatch // a user-defined value type needs T.wrap
		}
		return weakMatch
	}
	switch kind {
	case "number", "negative":
		if !e.IsInteger() {
			if strings.HasPrefix(e.Name, "bytes") && e.Name != "bytes" {
				return weakMatch // hex literals of the right size convert to bytesN
			}
			return noMatch
		}
		if kind == "negative" && !e.IsSigned() {
			return noMatch
		}
		if v := literalValue(a); v != nil && v.BitLen() > e.Bits() {
			return noMatch
		}
		if e.Name == "uint256" {
			return sameMatch
		}
		return convMatch
	case "string":
		switch {
		case e.Name == "string" || e.Name == "bytes":
			return sameMatch
		case strings.HasPrefix(e.Name, "bytes"):
			return convMatch
		}
		return noMatch
	case "bool":
		if e.Name == "bool" {
			return sameMatch
		}
		return noMatch
	case "address":
		if e.IsAddress() {
			return sameMatch
		}
		if e.IsInteger() || strings.HasPrefix(e.Name, "bytes") {
			return weakMatch
		}
		return noMatch
	}
	return weakMatch
}

// literalValue returns the value of a plain number literal, or nil.
func literalValue(a ast.Expr) *big.Int {
	lit, ok := ast.Unparen(a).(*ast.BasicLit)
	if !ok || lit.Kind != token.NUMBER || lit.Unit != nil {
		return nil
	}
	s := strings.ReplaceAll(lit.Value, "_", "")
	v, ok := new(big.Int).SetString(s, 0)
	if !ok {
		return nil
	}
	return v
}

// typeMatch grades passing a value of type from as type to.
func typeMatch(from, to Type) match {
	if from == nil || to == nil {
		return weakMatch
	}
	if from.String() == to.String() {
		return sameMatch
	}
	switch f := from.(type) {
	case *Elementary:
		t, ok := to.(*Elementary)
		if !ok {
			return noMatch
		}
		switch {
		case f.IsInteger() && t.IsInteger():
			// uintM -> uintN and intM -> intN for N >= M; uintM -> intN for N > M.
			if f.IsSigned() == t.IsSigned() && t.Bits() >= f.Bits() || !f.IsSigned() && t.IsSigned() && t.Bits() > f.Bits() {
				return convMatch
			}
			return noMatch
		case f.IsAddress() && t.IsAddress():
			if f.Payable || !t.Payable {
				return convMatch
			}
			return noMatch
		case f.Name == "bytes" || f.Name == "string" || t.Name == "bytes" || t.Name == "string":
			return noMatch
		case fixedBytes(f.Name) > 0 && fixedBytes(t.Name) > 0:
			if fixedBytes(t.Name) >= fixedBytes(f.Name) {
				return convMatch
			}
			return noMatch
		}
		return noMatch
	case *ContractType:
		switch t := to.(type) {
		case *ContractType:
			if f.Contract.Inherits(t.Contract.Name) {
				return convMatch
			}
			return noMatch
		case *Elementary:
			// Before 0.5 a contract converted to address implicitly; the language version is
			// not known here, so it is not ruled out.
			if t.IsAddress() {
				return weakMatch
			}
		}
		return noMatch
	case *StructType, *EnumType, *UserType:
		if sameTypeName(from, to) {
			return sameMatch
		}
		return noMatch
	case *ArrayType:
		if t, ok := to.(*ArrayType); ok {
			if f.Dynamic != t.Dynamic {
				return noMatch
			}
			if m := typeMatch(f.Elem, t.Elem); m == sameMatch || m == weakMatch {
				return m
			}
			return noMatch
		}
		return noMatch
	case *MappingType:
		if _, ok := to.(*MappingType); ok {
			return weakMatch
		}
		return noMatch
	case *FuncType:
		if _, ok := to.(*FuncType); ok {
			return weakMatch
		}
		return noMatch
	}
	return weakMatch
}

// fixedBytes returns N for bytesN (1 to 32), else 0.
func fixedBytes(name string) int {
	rest, ok := strings.CutPrefix(name, "bytes")
	if !ok || rest == "" {
		return 0
	}
	n := 0
	for _, c := range rest {
		if c < '0' || c > '9' {
			return 0
		}
		n = n*10 + int(c-'0')
	}
	if n < 1 || n > 32 {
		return 0
	}
	return n
}

// sameTypeName compares user-defined types by their last name part: the same struct may be
// named S, C.S or Alias.C.S depending on where it is used.
func sameTypeName(a, b Type) bool {
	last := func(t Type) string {
		s := t.String()
		if i := strings.LastIndexByte(s, '.'); i >= 0 {
			return s[i+1:]
		}
		return s
	}
	return last(a) == last(b)
}

// pick is what resolution found a call may run: the candidates, best first, and whether the
// receiver is bound to their first parameter by using-for.
type pick struct {
	fns   []*Function
	bound bool
}
