package sema

import (
	"math/big"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Once-flags kept in a fixed storage slot. Upgradeable code often keeps its "initialized"
// mark outside the declared variables, in a slot named by a constant (unstructured storage:
// sload(POSITION) through a library, so that a proxy's layout cannot clash with it):
//
//	modifier onlyInit { require(getInitializationBlock() == 0); _; }   // sload(POSITION) == 0
//	function initialize() public onlyInit { POSITION.setStorageUint256(block.number); ... }
//
// The function runs once when it requires the slot to be zero, stores a non-zero value there
// (a block number or timestamp, or a constant), and no entry point of the program stores a
// value there that may be zero or that a caller chooses (nor a value at a slot its caller
// picks). Slots are told by value (SlotAccesses, ReadSlot).

// runsOnceBySlot reports whether fn is gated by a zero test of a named slot that it sets.
func (p *Program) runsOnceBySlot(fn *Function, info *FuncInfo) bool {
	var tested []*big.Int
	for _, gt := range p.Gates(info.CFG, info.CFG.Exit) {
		if w := p.zeroTestedSlot(gt.Info, gt.Cond, gt.Holds); w != nil {
			tested = append(tested, w)
		}
	}
	if len(tested) == 0 {
		return false
	}
	for _, a := range p.SlotAccesses(fn) {
		if !a.Write || a.Slot.Word == nil || !setsNonZero(a.Value) {
			continue
		}
		for _, w := range tested {
			if w.Cmp(a.Slot.Word) == 0 && p.slotOnlySet(w) {
				return true
			}
		}
	}
	return false
}

// zeroTestedSlot returns the slot cond reads, when cond evaluating to want means that slot
// holds zero: load(K) == 0, !(load(K) != 0), load(K) == 0 && ....
func (p *Program) zeroTestedSlot(info *FuncInfo, cond ast.Expr, want bool) *big.Int {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return p.zeroTestedSlot(info, e.X, !want)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			if want {
				if w := p.zeroTestedSlot(info, e.X, true); w != nil {
					return w
				}
				return p.zeroTestedSlot(info, e.Y, true)
			}
		case token.EQL, token.NEQ:
			if want != (e.Op == token.EQL) {
				return nil
			}
			x, y := e.X, e.Y
			if isZeroLiteral(x) {
				x, y = y, x
			}
			if !isZeroLiteral(y) {
				return nil
			}
			return p.ReadSlot(info, x).Word
		}
	}
	return nil
}

// setsNonZero: a stored value that no caller chooses and that is not zero on a live chain (the
// block's number or time) or a constant. A constant may be zero: a literal zero stored through
// a helper is the gap here.
func setsNonZero(v Prov) bool {
	return v.Params == 0 && v.Src != 0 && v.Src&^(SrcBlock|SrcConst) == 0
}

type slotOnlySetKey struct{ w string }

// slotOnlySet reports whether every write of the program's entry points to slot w stores a
// value setsNonZero accepts: nothing sets the flag back.
func (p *Program) slotOnlySet(w *big.Int) bool {
	return Memo(p, slotOnlySetKey{w.Text(16)}, func() bool {
		for _, fn := range p.Functions() {
			if fn.Body == nil || !(fn.IsPublic() || fn.IsConstructor()) {
				continue
			}
			for _, a := range p.SlotAccesses(fn) {
				if a.Write && (a.Slot.Word == nil && a.Slot.Param >= 0 || a.Slot.Word != nil && a.Slot.Word.Cmp(w) == 0) && !setsNonZero(a.Value) {
					return false
				}
			}
		}
		return true
	})
}
