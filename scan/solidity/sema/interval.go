package sema

import (
	"math/big"
	"strconv"
	"sync"
)

// Interval is the set of integers from Lo to Hi, both included: the value range the range
// analysis (Ranges) gives an integer expression. A nil bound is unbounded on its side; an
// interval whose Lo is above its Hi is empty (the code that would hold it cannot run).
//
// The bounds are shared between intervals and never modified: arithmetic makes new ones.
type Interval struct{ Lo, Hi *big.Int }

var (
	bigZero = big.NewInt(0)
	bigOne  = big.NewInt(1)
)

// Unbounded is the interval of every integer: what is known of a value nothing bounds.
func Unbounded() Interval { return Interval{} }

// Exactly is the interval holding v alone.
func Exactly(v *big.Int) Interval { return Interval{v, v} }

// Between is the interval [lo, hi] of two small numbers.
func Between(lo, hi int64) Interval { return Interval{big.NewInt(lo), big.NewInt(hi)} }

// emptyInterval is the canonical empty interval.
var emptyInterval = Interval{bigOne, bigZero}

// typeRanges caches TypeRange: every integer type's range is asked for at every expression.
var typeRanges sync.Map // [2]int{bits, signed} -> Interval

// TypeRange is the range of the integer type of the given width: [0, 2^bits-1] unsigned,
// [-2^(bits-1), 2^(bits-1)-1] signed.
func TypeRange(bits int, signed bool) Interval {
	key := [2]int{bits, 0}
	if signed {
		key[1] = 1
	}
	if v, ok := typeRanges.Load(key); ok {
		return v.(Interval)
	}
	var iv Interval
	if signed {
		half := new(big.Int).Lsh(bigOne, uint(bits-1))
		iv = Interval{new(big.Int).Neg(half), new(big.Int).Sub(half, bigOne)}
	} else {
		iv = Interval{bigZero, new(big.Int).Sub(new(big.Int).Lsh(bigOne, uint(bits)), bigOne)}
	}
	typeRanges.Store(key, iv)
	return iv
}

// Empty reports whether no integer is in the interval.
func (iv Interval) Empty() bool { return iv.Lo != nil && iv.Hi != nil && iv.Lo.Cmp(iv.Hi) > 0 }

// Contains reports whether v is in the interval: Contains(0) asks whether the value may be zero.
func (iv Interval) Contains(v int64) bool { return iv.ContainsInt(big.NewInt(v)) }

// ContainsInt reports whether v is in the interval.
func (iv Interval) ContainsInt(v *big.Int) bool {
	return !iv.Empty() && (iv.Lo == nil || iv.Lo.Cmp(v) <= 0) && (iv.Hi == nil || v.Cmp(iv.Hi) <= 0)
}

// Within reports whether every value of iv is in o (an empty iv is within anything).
func (iv Interval) Within(o Interval) bool {
	if iv.Empty() {
		return true
	}
	return (o.Lo == nil || (iv.Lo != nil && iv.Lo.Cmp(o.Lo) >= 0)) && (o.Hi == nil || (iv.Hi != nil && iv.Hi.Cmp(o.Hi) <= 0))
}

// Fits reports whether every value of the interval is a value of the integer type of the given
// width and signedness: the conversion to it, or the operation computed in it, cannot wrap.
func (iv Interval) Fits(bits int, signed bool) bool { return iv.Within(TypeRange(bits, signed)) }

// Const returns the value of an interval holding one value.
func (iv Interval) Const() (*big.Int, bool) {
	if iv.Lo == nil || iv.Hi == nil || iv.Lo.Cmp(iv.Hi) != 0 {
		return nil, false
	}
	return iv.Lo, true
}

// Equal reports whether the two intervals hold the same values.
func (iv Interval) Equal(o Interval) bool {
	if iv.Empty() || o.Empty() {
		return iv.Empty() == o.Empty()
	}
	return sameBound(iv.Lo, o.Lo) && sameBound(iv.Hi, o.Hi)
}

func sameBound(a, b *big.Int) bool {
	if a == nil || b == nil {
		return a == b
	}
	return a == b || a.Cmp(b) == 0
}

// Meet returns the values in both intervals.
func (iv Interval) Meet(o Interval) Interval {
	out := iv
	if o.Lo != nil && (out.Lo == nil || o.Lo.Cmp(out.Lo) > 0) {
		out.Lo = o.Lo
	}
	if o.Hi != nil && (out.Hi == nil || o.Hi.Cmp(out.Hi) < 0) {
		out.Hi = o.Hi
	}
	if out.Empty() {
		return emptyInterval
	}
	return out
}

// Join returns the smallest interval holding both.
func (iv Interval) Join(o Interval) Interval {
	switch {
	case iv.Empty():
		return o
	case o.Empty():
		return iv
	}
	out := iv
	if out.Lo != nil && (o.Lo == nil || o.Lo.Cmp(out.Lo) < 0) {
		out.Lo = o.Lo
	}
	if out.Hi != nil && (o.Hi == nil || o.Hi.Cmp(out.Hi) > 0) {
		out.Hi = o.Hi
	}
	return out
}

// widen returns Join(o), except that a bound o moves outward goes to the matching bound of
// limit (the type's range, or unbounded): a loop's fixpoint then ends in a few rounds.
func (iv Interval) widen(o Interval, limit Interval) Interval {
	if iv.Empty() {
		return o
	}
	if o.Empty() {
		return iv
	}
	out := iv
	if o.Lo == nil || (iv.Lo != nil && o.Lo.Cmp(iv.Lo) < 0) {
		out.Lo = limit.Lo
	}
	if o.Hi == nil || (iv.Hi != nil && o.Hi.Cmp(iv.Hi) > 0) {
		out.Hi = limit.Hi
	}
	return out
}

// NonNegative reports whether no value is below zero.
func (iv Interval) NonNegative() bool { return iv.Lo != nil && iv.Lo.Sign() >= 0 }

// String renders the interval for evidence in findings: [0, 2^256-1], [1, 18], {0} for one
// value, empty for none. Bounds near a power of two are written from it (2^128, 2^64-21).
func (iv Interval) String() string {
	if iv.Empty() {
		return "empty"
	}
	if v, ok := iv.Const(); ok {
		return "{" + formatBound(v, "") + "}"
	}
	return "[" + formatBound(iv.Lo, "-inf") + ", " + formatBound(iv.Hi, "+inf") + "]"
}

// formatBound writes a bound: small numbers in decimal, 2^k, 2^k-1 and their negations as
// such, other large numbers in decimal too (they are exact evidence).
func formatBound(v *big.Int, inf string) string {
	if v == nil {
		return inf
	}
	if v.BitLen() <= 32 {
		return v.String()
	}
	abs := new(big.Int).Abs(v)
	sign := ""
	if v.Sign() < 0 {
		sign = "-"
	}
	// Near 2^k (below it by less than 2^16, or above 2^(k-1) by as little): written from it.
	k := abs.BitLen()
	if below := new(big.Int).Sub(new(big.Int).Lsh(bigOne, uint(k)), abs); below.BitLen() <= 16 {
		if sign != "" {
			return "-(2^" + strconv.Itoa(k) + "-" + below.String() + ")"
		}
		return "2^" + strconv.Itoa(k) + "-" + below.String()
	}
	above := new(big.Int).Sub(abs, new(big.Int).Lsh(bigOne, uint(k-1)))
	switch {
	case above.Sign() == 0:
		return sign + "2^" + strconv.Itoa(k-1)
	case above.BitLen() <= 16 && sign != "":
		return "-(2^" + strconv.Itoa(k-1) + "+" + above.String() + ")"
	case above.BitLen() <= 16:
		return "2^" + strconv.Itoa(k-1) + "+" + above.String()
	}
	return v.String()
}
