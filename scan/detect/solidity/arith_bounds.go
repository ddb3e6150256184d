package solidity

import (
	"math/big"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Bound facts the arithmetic detectors use besides a comparison of the operands: forms of
// arithmetic that cannot wrap whatever the caller passes, because something other than an
// explicit check bounds the value.

// withoutIntConversions strips integer conversions around x: uint128(amount) is amount. A
// narrowing conversion only makes an unsigned value smaller, so a bound on amount from above
// (amount < minted) also bounds uint128(amount).
func withoutIntConversions(x ast.Expr) ast.Expr {
	for {
		c, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return x
		}
		et, ok := c.Fun.(*ast.ElementaryType)
		if !ok || !isIntTypeName(et.Name) {
			return x
		}
		x = c.Args[0]
	}
}

// sumsLengths reports whether op adds an array's length to a wide integer (total +=
// items.length). Lengths of memory and calldata arrays are bounded by what a transaction can
// carry, storage arrays by what gas can grow (both far below 2^64), and so is the number of
// additions: the sum cannot reach 2^128.
func sumsLengths(info *sema.FuncInfo, op arithOp, bits int) bool {
	if op.op != token.ADD || op.y == nil || bits < 128 {
		return false
	}
	isLength := func(x ast.Expr) bool {
		m, ok := ast.Unparen(x).(*ast.MemberExpr)
		if !ok || m.Name.Name != "length" {
			return false
		}
		switch t := info.Types[m.X].(type) {
		case *sema.ArrayType:
			return true
		case *sema.Elementary:
			return t.Name == "bytes" || t.Name == "string"
		case nil:
			// A type the model could not resolve (a struct from a file not in the workspace):
			// .length is an array's unless a struct names a field so, which is rare.
			return true
		}
		return false
	}
	if _, compound := op.node.(*ast.AssignExpr); compound {
		return isLength(op.y)
	}
	return isLength(op.x) || isLength(op.y)
}

// paidOut reports whether the amount op adds was sent, earlier in the same execution of op's
// block, as the ether value of a high-level external call (controller.renew{value: price}(...)).
// Such a call reverts when the contract cannot pay, so each amount added was paid from the
// contract's ether, and their sum is bounded by the ether supply (< 2^90).
func paidOut(p *sema.Program, info *sema.FuncInfo, op arithOp, bits int) bool {
	if op.op != token.ADD || op.y == nil || bits < 128 {
		return false
	}
	paying := map[*ast.CallExpr]bool{}
	for _, c := range info.Calls {
		if c.Kind == sema.CallExternal && c.Value != nil && normText(p, c.Value) == op.ytext {
			paying[c.Expr] = true
		}
	}
	if len(paying) == 0 {
		return false
	}
	// Walk the blocks around op from the innermost out, stopping at the innermost loop: a call
	// before the loop ran once while op may run many times.
	for a := op.ancestors; a != nil; a = a.up {
		switch s := a.node.(type) {
		case *ast.ForStmt, *ast.WhileStmt, *ast.DoWhileStmt:
			return false
		case *ast.BlockStmt:
			for _, st := range s.List {
				if st.End() > op.node.Pos() {
					break
				}
				found := false
				ast.Inspect(st, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok && paying[c] {
						found = true
					}
					// A call inside a nested branch or loop may not have run.
					switch n.(type) {
					case *ast.IfStmt, *ast.ForStmt, *ast.WhileStmt, *ast.DoWhileStmt, *ast.TryStmt, *ast.CondExpr:
						return false
					}
					return !found
				})
				if found {
					return true
				}
			}
		}
	}
	return false
}

// comparedOperands returns a comparison in the function's conditions of a subtraction's
// operands with each other (a decrement's operand with zero or one), or nil. The value ranges
// follow every guard that dominates the operation; such a comparison elsewhere is what an
// author writes when the bound holds for a reason the ranges do not see (a flag set under the
// check, a bound carried through a product), so it lowers the finding instead of hiding it.
func comparedOperands(p *sema.Program, info *sema.FuncInfo, op arithOp) *ast.BinaryExpr {
	if op.op != token.SUB {
		return nil
	}
	x := normText(p, op.x)
	var ys []string
	if op.y == nil || smallLiteral(op.y) && litValue(op.y).Int64() == 1 {
		ys = []string{"0", "1"}
	} else {
		ys = []string{normText(p, op.y), normText(p, withoutIntConversions(op.y))}
	}
	for _, c := range funcConditions(info) {
		for _, cmp := range comparisonsIn(c.expr) {
			l, r := normText(p, cmp.X), normText(p, cmp.Y)
			for _, y := range ys {
				if (l == x && r == y) || (l == y && r == x) {
					return cmp
				}
			}
		}
	}
	return nil
}

// smallStep reports whether op adds to a wide integer a value the ranges keep below 2^16: like
// an increment by a literal, reaching 2^64 that way takes more transactions, or loop
// iterations, than a chain can run.
func smallStep(op arithOp, bits int, f sema.ArithFacts) bool {
	return op.op == token.ADD && op.y != nil && bits >= 64 && f.Y.NonNegative() && f.Y.Hi != nil && f.Y.Hi.BitLen() <= 16
}

// wrapIndexReverts reports whether op is a subtraction used as an array index, or as the size
// of a memory allocation, whose every wrapped value is past any array's length (2^64):
// arr[arr.length - 1] on an empty array wraps to 2^256-1, and the bounds check reverts.
func wrapIndexReverts(info *sema.FuncInfo, op arithOp, f sema.ArithFacts) bool {
	if op.op != token.SUB || f.Signed {
		return false
	}
	switch e := op.parent().(type) {
	case *ast.IndexExpr:
		if e.Index == nil || ast.Unparen(e.Index) != op.node {
			return false
		}
		switch t := info.Types[e.X].(type) {
		case *sema.ArrayType:
		case *sema.Elementary:
			if t.Name != "bytes" {
				return false
			}
		default:
			return false
		}
	case *ast.CallExpr:
		// new bytes(n - k), new T[](n - k): allocating 2^64 or more reverts (out of gas, or
		// the compiler's size check), so a wrapped size never allocates.
		if _, isNew := e.Fun.(*ast.NewExpr); !isNew || len(e.Args) != 1 || ast.Unparen(e.Args[0]) != op.node {
			return false
		}
	default:
		return false
	}
	tr := sema.TypeRange(f.Bits, false)
	if f.Exact.Lo == nil || f.Exact.Hi == nil || f.Exact.Hi.Cmp(tr.Hi) > 0 {
		return false // a value past the top wraps to a small index
	}
	lowest := new(big.Int).Add(f.Exact.Lo, new(big.Int).Add(tr.Hi, big.NewInt(1)))
	return lowest.BitLen() > 64
}

// growthSinceSnapshot reports whether op is counter() - last, where counter() reads a value of
// another contract and last is stored state that only ever holds earlier readings of that same
// value (sema.StoredReading): the growth of an accumulator since the last checkpoint. Such
// counters are kept modulo 2^256 (fee growth, cumulative prices, reward indexes), and the
// difference of two readings is right modulo 2^256 even when it wraps.
func growthSinceSnapshot(p *sema.Program, info *sema.FuncInfo, op arithOp) bool {
	if op.op != token.SUB || op.y == nil {
		return false
	}
	if _, compound := op.node.(*ast.AssignExpr); compound {
		return false // last -= ...: the snapshot itself changed by an amount
	}
	now, ok := p.ReadingOf(info, op.x)
	if !ok {
		return false
	}
	last, ok := p.StoredReading(info, op.y)
	return ok && now.Same(last)
}

// hashOffset reports whether op adds to (or takes from) the output of a cryptographic hash a
// value the ranges keep below 2^128: slot = uint256(keccak256(key)) + i. The sum wraps only for
// a hash within 2^128 of the end of the range (or of zero), and finding an input whose hash
// lands there takes about 2^128 hashes: no one can choose it. (A storage key computed this way
// is what the compiler itself does for arrays and mappings.)
func hashOffset(p *sema.Program, info *sema.FuncInfo, op arithOp, f sema.ArithFacts) bool {
	if (op.op != token.ADD && op.op != token.SUB) || op.y == nil || f.Bits != 256 || f.Signed {
		return false
	}
	small := func(iv sema.Interval) bool { return iv.NonNegative() && iv.Hi != nil && iv.Hi.BitLen() <= 128 }
	if hashValued(info, op.x, 0) && small(f.Y) {
		return true
	}
	return op.op == token.ADD && hashValued(info, op.y, 0) && small(f.X)
}

// hashValued reports whether x is the output of keccak256 or sha256, through conversions and
// locals only ever given such outputs.
func hashValued(info *sema.FuncInfo, x ast.Expr, depth int) bool {
	if depth > 4 || x == nil {
		return false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		if _, conv := e.Fun.(*ast.ElementaryType); conv && len(e.Args) == 1 {
			return hashValued(info, e.Args[0], depth+1)
		}
		c := info.CallOf[e]
		return c != nil && c.Kind == sema.CallBuiltin && (c.Name == "keccak256" || c.Name == "sha256" || c.Name == "sha3")
	case *ast.Ident:
		v, ok := info.Uses[e].(*sema.Var)
		if !ok {
			return false
		}
		defs, ok := sema.Definitions(info, v)
		if !ok || len(defs) == 0 {
			return false
		}
		for _, d := range defs {
			if d.Component != 0 || !hashValued(info, d.Value, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// shareOfSame reports whether op is x - y where y is a share of x itself scaled by values the
// caller does not choose: fee = amount * rate / BASE; net = amount - fee. Then y <= x exactly
// when rate <= BASE, whatever amount the caller picks: the wrap is decided by the rate (a
// setting, a constant, another contract's state), not by the caller.
func shareOfSame(p *sema.Program, info *sema.FuncInfo, flow *valueFlow, op arithOp) bool {
	if op.op != token.SUB || op.y == nil {
		return false
	}
	y := ast.Unparen(op.y)
	if id, ok := y.(*ast.Ident); ok {
		v, isVar := info.Uses[id].(*sema.Var)
		if !isVar {
			return false
		}
		defs, ok := sema.Definitions(info, v)
		if !ok || len(defs) != 1 || defs[0].Component != 0 {
			return false
		}
		y = ast.Unparen(defs[0].Value)
	}
	q, ok := y.(*ast.BinaryExpr)
	if !ok || q.Op != token.QUO || flow.Of(q.Y).Has(callerInfluence) {
		return false
	}
	m, ok := ast.Unparen(q.X).(*ast.BinaryExpr)
	if !ok || m.Op != token.MUL {
		return false
	}
	x := normText(p, op.x)
	for _, pair := range [2][2]ast.Expr{{m.X, m.Y}, {m.Y, m.X}} {
		if normText(p, pair[0]) == x && sameValueAt(info, op.x, pair[0]) && !flow.Of(pair[1]).Has(callerInfluence) {
			return true
		}
	}
	return false
}

// sameValueAt reports whether two expressions with one text read the same value: transaction
// values, constants, parameters never assigned, locals given one value.
func sameValueAt(info *sema.FuncInfo, a, b ast.Expr) bool {
	same := true
	ast.Inspect(a, func(n ast.Node) bool {
		if !same || n == nil {
			return false
		}
		switch e := n.(type) {
		case *ast.Ident:
			switch o := info.Uses[e].(type) {
			case *sema.Var:
				same = unchangingVar(info, o)
			default:
				same = false
			}
		case *ast.MemberExpr:
			// msg.value, block.timestamp: fixed for the transaction (a member of stored state
			// may change between the two reads).
			id, isId := e.X.(*ast.Ident)
			b, builtin := info.Uses[id].(*sema.Builtin)
			same = isId && builtin && (b.Name == "msg" || b.Name == "tx" || b.Name == "block")
			return false
		case *ast.ParenExpr, *ast.BasicLit:
		default:
			same = false
		}
		return same
	})
	return same
}
