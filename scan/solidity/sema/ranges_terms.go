package sema

import (
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// The range analysis keeps facts about terms. A location is an integer-valued place a function
// reads: a local, parameter or state variable, an element or member of one (balances[from],
// pos.liquidity), an array's length, or a value fixed for the transaction (msg.value,
// block.timestamp). A pair is the sum or the difference of two locations: a guard a >= b is a
// fact about a - b, and x = y is the fact x - y = 0 that lets a bound put on one copy hold for
// the other.

type termKind uint8

const (
	termLoc  termKind = iota
	termSum           // a + b
	termDiff          // a - b
)

// intType is the width and signedness of an integer type (addresses are uint160).
type intType struct {
	bits   int
	signed bool
}

func (t intType) rng() Interval { return TypeRange(t.bits, t.signed) }

// rterm is one term of a function's analysis.
type rterm struct {
	kind termKind
	a, b int32 // a pair's locations, a < b

	typ      intType
	root     *Var   // the variable a location lies in (nil for transaction values)
	path     bool   // an element, member or length of root rather than root itself
	length   bool   // an array's length: writes of elements leave it alone
	storage  bool   // in storage: a call or a write through another storage path may change it
	memory   bool   // in memory behind a reference: a write through another reference may change it
	deps     []*Var // variables whose assignment changes which place the location names
	suffix   string // the part of a location's key after its root variable's (.weight, [i])
	pairs    []int32
	boundary Interval // a location's widest interval (its type's range, or less: lengths, msg.value)

	implied      Interval // a pair's range from its locations' limits (pairImplied), once known
	impliedKnown bool
}

// loc returns the term of a location expression of info's function, or -1 when x is not one.
func (a *rangeAnalysis) loc(info *FuncInfo, x ast.Expr) int32 {
	x = ast.Unparen(x)
	if id, ok := a.locs[x]; ok {
		return id // expressions are asked about again at every pass
	}
	id := a.newLoc(info, x)
	if a.locs == nil {
		a.locs = map[ast.Expr]int32{}
	}
	a.locs[x] = id
	return id
}

// newLoc finds or makes the term of location expression x (-1 when x is not one).
func (a *rangeAnalysis) newLoc(info *FuncInfo, x ast.Expr) int32 {
	t, ok := a.intTypeOf(info, x)
	if !ok {
		return -1
	}
	a.key = a.key[:0]
	a.deps = a.deps[:0]
	root, path, ok := a.writeKey(info, x, 0)
	if !ok {
		return -1
	}
	if id, ok := a.index[string(a.key)]; ok {
		return id // the lookup does not copy the key
	}
	key := string(a.key)
	m := rterm{kind: termLoc, typ: t, root: root, path: path, deps: append([]*Var(nil), a.deps...), boundary: t.rng()}
	if root != nil {
		prefix := "v" + strconv.Itoa(int(a.varID(root)))
		if strings.HasPrefix(key, prefix) {
			m.suffix = key[len(prefix):]
		}
	}
	if root != nil {
		m.storage = root.Kind == StateVar || root.IsStorageRef()
		m.memory = !m.storage && path && root.Decl != nil && root.Decl.Location != token.CALLDATA
	}
	if mem, ok := x.(*ast.MemberExpr); ok && mem.Name.Name == "length" {
		m.length = true
		m.boundary = a.lengthBound(info, mem)
	}
	if b, ok := txValueBound(info, x); ok {
		m.boundary = b
	}
	return a.addTerm(key, m)
}

func (a *rangeAnalysis) addTerm(key string, m rterm) int32 {
	id := int32(len(a.terms))
	a.terms = append(a.terms, &m)
	a.index[key] = id
	return id
}

// pair returns the term of the sum (or the difference) of locations x and y, and whether the
// pair is the difference reversed (y - x when the caller asked for x - y).
func (a *rangeAnalysis) pair(x, y int32, sum bool) (id int32, flipped bool) {
	if x > y {
		x, y = y, x
		flipped = !sum
	}
	kind, op := termDiff, "-"
	if sum {
		kind, op = termSum, "+"
	}
	a.key = append(a.key[:0], '#')
	a.key = strconv.AppendInt(a.key, int64(x), 10)
	a.key = append(a.key, op...)
	a.key = strconv.AppendInt(a.key, int64(y), 10)
	if id, ok := a.index[string(a.key)]; ok {
		return id, flipped
	}
	key := string(a.key)
	id = a.addTerm(key, rterm{kind: kind, a: x, b: y})
	a.terms[x].pairs = append(a.terms[x].pairs, id)
	a.terms[y].pairs = append(a.terms[y].pairs, id)
	return id, flipped
}

// writeKey appends to a.key a name of location x that two expressions share exactly when
// they name the same place (variables by identity, indexes by the values they are built from),
// and collects the variables the name depends on in a.deps. It returns the root variable and
// whether x is a part of it.
func (a *rangeAnalysis) writeKey(info *FuncInfo, x ast.Expr, depth int) (*Var, bool, bool) {
	if depth > 8 {
		return nil, false, false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		switch o := info.Uses[e].(type) {
		case *Var:
			if o.IsConstant() && o.Decl != nil && o.Decl.Constant {
				return nil, false, false // a constant is a value, not a place
			}
			if target := a.pointee(info, o); target != nil {
				// A storage pointer assigned once names the place it was set to.
				return a.writeKey(a.pointeeInfo(o, info), target, depth+1)
			}
			a.key = append(a.key, 'v')
			a.key = strconv.AppendInt(a.key, int64(a.varID(o)), 10)
			a.deps = append(a.deps, o)
			return o, false, true
		case *Builtin:
			if o.Name == "now" {
				a.key = append(a.key, "block.timestamp"...)
				return nil, false, true
			}
		}
	case *ast.MemberExpr:
		if name, ok := txValueName(info, e); ok {
			a.key = append(a.key, name...)
			return nil, false, true
		}
		if e.Name.Name == "balance" && isThis(info, e.X) {
			a.key = append(a.key, thisBalanceKey...)
			return nil, false, true
		}
		root, _, ok := a.writeKey(info, e.X, depth+1)
		if !ok {
			return nil, false, false
		}
		a.key = append(a.key, '.')
		a.key = append(a.key, e.Name.Name...)
		return root, true, true
	case *ast.IndexExpr:
		if e.Index == nil {
			return nil, false, false
		}
		root, _, ok := a.writeKey(info, e.X, depth+1)
		if !ok {
			return nil, false, false
		}
		a.key = append(a.key, '[')
		if !a.writeIndexKey(info, e.Index, depth+1) {
			return nil, false, false
		}
		a.key = append(a.key, ']')
		return root, true, true
	case *ast.CallExpr:
		// A conversion that keeps the value (address(x), uint256(x) of a narrower x) names x.
		if inner := a.valueKeepingConversion(info, e); inner != nil {
			return a.writeKey(info, inner, depth+1)
		}
	}
	return nil, false, false
}

// writeIndexKey writes the key of an index expression: a location, a constant, msg.sender, or
// a conversion or member of those. Anything else (a call, arithmetic) is not a key.
func (a *rangeAnalysis) writeIndexKey(info *FuncInfo, x ast.Expr, depth int) bool {
	x = ast.Unparen(x)
	if v, ok := numberLiteral(x); ok {
		a.key = append(a.key, v.String()...)
		return true
	}
	switch e := x.(type) {
	case *ast.Ident:
		if v, ok := info.Uses[e].(*Var); ok && v.Decl != nil && v.Decl.Constant {
			a.key = append(a.key, 'c')
			a.key = strconv.AppendInt(a.key, int64(a.varID(v)), 10)
			return true
		}
		if b, ok := info.Uses[e].(*Builtin); ok && b.Name == "this" {
			a.key = append(a.key, "this"...)
			return true
		}
	case *ast.MemberExpr:
		if id, ok := e.X.(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*Builtin); ok && (b.Name == "msg" || b.Name == "tx" || b.Name == "block") {
				a.key = append(a.key, b.Name+"."+e.Name.Name...)
				return true
			}
		}
	case *ast.CallExpr:
		if et, ok := e.Fun.(*ast.ElementaryType); ok && len(e.Args) == 1 {
			a.key = append(a.key, et.Name...)
			a.key = append(a.key, '(')
			ok := a.writeIndexKey(info, e.Args[0], depth+1)
			a.key = append(a.key, ')')
			return ok
		}
	}
	_, _, ok := a.writeKey(info, x, depth+1)
	return ok
}

// varID numbers the variables of the analysis (by declaration: a pre-0.5 local resolved twice
// is one variable).
func (a *rangeAnalysis) varID(v *Var) int32 {
	var k any = v
	if v.Decl != nil {
		k = v.Decl
	}
	if id, ok := a.vars[k]; ok {
		return id
	}
	id := int32(len(a.vars))
	a.vars[k] = id
	return id
}

// txValueName names the values fixed for a whole transaction that the analysis tracks as
// locations: msg.value, block.timestamp, block.number, block.chainid, msg.sender, tx.origin.
func txValueName(info *FuncInfo, m *ast.MemberExpr) (string, bool) {
	id, ok := m.X.(*ast.Ident)
	if !ok {
		return "", false
	}
	b, ok := info.Uses[id].(*Builtin)
	if !ok {
		return "", false
	}
	name := b.Name + "." + m.Name.Name
	switch name {
	case "msg.value", "block.timestamp", "block.number", "block.chainid", "msg.sender", "tx.origin":
		return name, true
	}
	return "", false
}

// thisBalanceKey names this contract's balance, a location only sending ether lowers.
const thisBalanceKey = "this.balance"

// isThis reports whether x is this contract's address: this, address(this), payable(this).
func isThis(info *FuncInfo, x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		b, ok := info.Uses[e].(*Builtin)
		return ok && b.Name == "this"
	case *ast.CallExpr:
		if len(e.Args) == 1 {
			switch f := e.Fun.(type) {
			case *ast.ElementaryType:
				return (f.Name == "address" || f.Name == "payable") && isThis(info, e.Args[0])
			case *ast.Ident:
				return f.Name == "payable" && isThis(info, e.Args[0])
			}
		}
	}
	return false
}

// txValueBound bounds the transaction values: an amount of ether is below 2^128 (the supply is
// near 2^87), a timestamp, block number or chain id fits 64 bits, and msg.sender and tx.origin
// are never address(0) (no one holds its key).
func txValueBound(info *FuncInfo, x ast.Expr) (Interval, bool) {
	m, ok := x.(*ast.MemberExpr)
	if ok && m.Name.Name == "balance" && isThis(info, m.X) {
		return TypeRange(128, false), true // below the ether supply
	}
	if !ok {
		if id, ok := x.(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*Builtin); ok && b.Name == "now" {
				return TypeRange(64, false), true
			}
		}
		return Interval{}, false
	}
	name, ok := txValueName(info, m)
	if !ok {
		return Interval{}, false
	}
	switch name {
	case "msg.value":
		return TypeRange(128, false), true
	case "msg.sender", "tx.origin":
		return Interval{bigOne, TypeRange(160, false).Hi}, true
	}
	return TypeRange(64, false), true
}

// lengthBound is the range of an array's length: below 2^64 (allocating more reverts, and
// push checks it), except for storage arrays in code compiled before 0.6, where the length
// could be assigned any value.
func (a *rangeAnalysis) lengthBound(info *FuncInfo, m *ast.MemberExpr) Interval {
	if info.Fn.File != nil && info.Fn.File.Version.MayBeBelow(Version{0, 6, 0}) {
		if v := info.RootVar(m.X); v != nil && (v.Kind == StateVar || v.IsStorageRef()) {
			return TypeRange(256, false)
		}
	}
	return TypeRange(64, false)
}

// limit is a term's widest interval: what it is known to lie in without any fact.
func (a *rangeAnalysis) limit(t int32) Interval {
	m := a.terms[t]
	if m.kind == termLoc {
		return m.boundary
	}
	return Interval{}
}

// valueKeepingConversion returns x of a conversion T(x) that keeps every value of x: to an
// address, or to an integer type x's type fits in. It returns nil for other calls.
func (a *rangeAnalysis) valueKeepingConversion(info *FuncInfo, c *ast.CallExpr) ast.Expr {
	et, ok := c.Fun.(*ast.ElementaryType)
	if !ok || len(c.Args) != 1 || isRational(c.Args[0]) {
		return nil // a literal's value, not its type, says whether it fits (uint256(-1))
	}
	to, ok := elementaryIntType(et.Name, et.Payable)
	if !ok {
		return nil
	}
	from, ok := a.intTypeOf(info, c.Args[0])
	if !ok || !from.rng().Fits(to.bits, to.signed) {
		return nil
	}
	return c.Args[0]
}

// elementaryIntType returns the integer type an elementary type name denotes (address as
// uint160).
func elementaryIntType(name string, payable bool) (intType, bool) {
	name = canonicalElementary(name)
	switch {
	case name == "address" || name == "payable" || payable:
		return intType{160, false}, true
	case strings.HasPrefix(name, "uint") || strings.HasPrefix(name, "int"):
		e := elementary(name, false)
		return intType{e.Bits(), e.IsSigned()}, true
	}
	return intType{}, false
}
