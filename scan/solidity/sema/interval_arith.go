package sema

import (
	"math"
	"math/big"
)

// Arithmetic on intervals, in exact (unbounded) integer arithmetic: the result holds every
// value the operation gives for operands in the intervals. What the operation gives in a
// Solidity type (a wrap in unchecked code, a revert in checked code) is InType's business.

// maxBits bounds the numbers the analysis computes with: a bound that would need more bits is
// left unbounded, so that 2**2**... or a long chain of products stays cheap.
const maxBits = 600

func add(a, b *big.Int) *big.Int {
	if a == nil || b == nil {
		return nil
	}
	if a.IsInt64() && b.IsInt64() {
		if v, ok := addInt64(a.Int64(), b.Int64()); ok {
			return intOf(v)
		}
	}
	return capped(new(big.Int).Add(a, b))
}

func sub(a, b *big.Int) *big.Int {
	if a == nil || b == nil {
		return nil
	}
	if a.IsInt64() && b.IsInt64() && b.Int64() != math.MinInt64 {
		if v, ok := addInt64(a.Int64(), -b.Int64()); ok {
			return intOf(v)
		}
	}
	return capped(new(big.Int).Sub(a, b))
}

// addInt64 adds two int64 values, reporting whether the sum fits.
func addInt64(a, b int64) (int64, bool) {
	v := a + b
	if (b > 0 && v < a) || (b < 0 && v > a) {
		return 0, false
	}
	return v, true
}

// smallInts holds the numbers the analysis meets most (bounds of small constants, counters,
// lengths): shared, never written, so that arithmetic on them allocates nothing.
var smallInts = func() []*big.Int {
	out := make([]*big.Int, smallMax-smallMin+1)
	for i := range out {
		out[i] = big.NewInt(int64(i + smallMin))
	}
	return out
}()

const smallMin, smallMax = -1024, 4096

// intOf returns v as a number the caller must not modify.
func intOf(v int64) *big.Int {
	if v >= smallMin && v <= smallMax {
		return smallInts[v-smallMin]
	}
	return big.NewInt(v)
}

func neg(a *big.Int) *big.Int {
	if a == nil {
		return nil
	}
	if a.IsInt64() && a.Int64() != math.MinInt64 {
		return intOf(-a.Int64())
	}
	return new(big.Int).Neg(a)
}

// capped returns v, or nil (unbounded) once it needs more than maxBits bits.
func capped(v *big.Int) *big.Int {
	if v.BitLen() > maxBits {
		return nil
	}
	return v
}

// Add returns the sums of values of iv and o.
func (iv Interval) Add(o Interval) Interval {
	if iv.Empty() || o.Empty() {
		return emptyInterval
	}
	return Interval{add(iv.Lo, o.Lo), add(iv.Hi, o.Hi)}
}

// Sub returns the differences of values of iv and o.
func (iv Interval) Sub(o Interval) Interval {
	if iv.Empty() || o.Empty() {
		return emptyInterval
	}
	return Interval{sub(iv.Lo, o.Hi), sub(iv.Hi, o.Lo)}
}

// Neg returns the negated values.
func (iv Interval) Neg() Interval {
	if iv.Empty() {
		return iv
	}
	return Interval{neg(iv.Hi), neg(iv.Lo)}
}

// Mul returns the products of values of iv and o.
func (iv Interval) Mul(o Interval) Interval {
	if iv.Empty() || o.Empty() {
		return emptyInterval
	}
	if iv.Lo == nil || iv.Hi == nil || o.Lo == nil || o.Hi == nil {
		if iv.NonNegative() && o.NonNegative() {
			hi := (*big.Int)(nil)
			if iv.Hi != nil && o.Hi != nil {
				hi = capped(new(big.Int).Mul(iv.Hi, o.Hi))
			}
			return Interval{capped(new(big.Int).Mul(iv.Lo, o.Lo)), hi}
		}
		return Unbounded()
	}
	return corners(iv, o, func(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) })
}

// corners returns the hull of f at the four corners of two bounded intervals, for operations
// monotone in each operand on the ranges given.
func corners(a, b Interval, f func(x, y *big.Int) *big.Int) Interval {
	var lo, hi *big.Int
	for _, x := range [2]*big.Int{a.Lo, a.Hi} {
		for _, y := range [2]*big.Int{b.Lo, b.Hi} {
			v := f(x, y)
			if lo == nil || v.Cmp(lo) < 0 {
				lo = v
			}
			if hi == nil || v.Cmp(hi) > 0 {
				hi = v
			}
		}
	}
	return Interval{capped(lo), capped(hi)}
}

// Quo returns the quotients, truncated toward zero as Solidity divides, of values of iv by
// the non-zero values of o (a division by zero reverts).
func (iv Interval) Quo(o Interval) Interval {
	if iv.Empty() || o.Empty() {
		return emptyInterval
	}
	out := emptyInterval
	if pos := o.Meet(Interval{Lo: bigOne}); !pos.Empty() {
		out = out.Join(quoPositive(iv, pos))
	}
	if negs := o.Meet(Interval{Hi: big.NewInt(-1)}); !negs.Empty() {
		out = out.Join(quoPositive(iv, negs.Neg()).Neg())
	}
	return out
}

// quoPositive divides by a divisor interval of positive values.
func quoPositive(a, d Interval) Interval {
	quo := func(x, y *big.Int) *big.Int {
		switch {
		case x == nil:
			return nil
		case y == nil:
			return bigZero
		}
		return new(big.Int).Quo(x, y)
	}
	switch {
	case a.NonNegative():
		return Interval{quo(a.Lo, d.Hi), quo(a.Hi, d.Lo)}
	case a.Hi != nil && a.Hi.Sign() <= 0:
		return Interval{quo(a.Lo, d.Lo), quo(a.Hi, d.Hi)}
	}
	return Interval{quo(a.Lo, d.Lo), quo(a.Hi, d.Lo)}
}

// Rem returns the remainders of values of iv by the non-zero values of o; the sign follows
// the dividend, as in Solidity.
func (iv Interval) Rem(o Interval) Interval {
	if iv.Empty() || o.Empty() {
		return emptyInterval
	}
	if iv.NonNegative() && o.NonNegative() && iv.Hi != nil && o.Lo.Cmp(iv.Hi) > 0 {
		return iv // every dividend is below every divisor
	}
	// |r| < |divisor|, and r has the dividend's sign.
	var m *big.Int // the largest |divisor|
	if o.Lo != nil && o.Hi != nil {
		m = new(big.Int).Abs(o.Lo)
		if h := new(big.Int).Abs(o.Hi); h.Cmp(m) > 0 {
			m = h
		}
		m = m.Sub(m, bigOne)
	}
	out := Interval{bigZero, bigZero}
	if iv.Lo == nil || iv.Lo.Sign() < 0 {
		out.Lo = iv.Lo
		if m != nil && (out.Lo == nil || out.Lo.Cmp(neg(m)) < 0) {
			out.Lo = neg(m)
		}
	}
	if iv.Hi == nil || iv.Hi.Sign() > 0 {
		out.Hi = iv.Hi
		if m != nil && (out.Hi == nil || out.Hi.Cmp(m) > 0) {
			out.Hi = m
		}
	}
	return out
}

// Shl returns the values of iv shifted left by the values of o (iv * 2**o), for non-negative
// operands; otherwise unbounded.
func (iv Interval) Shl(o Interval) Interval {
	if iv.Empty() || o.Empty() {
		return emptyInterval
	}
	if !iv.NonNegative() || !o.NonNegative() {
		return Unbounded()
	}
	return iv.Mul(Interval{pow2(o.Lo), pow2(o.Hi)})
}

// pow2 returns 2**n, or nil when n is unbounded or too large.
func pow2(n *big.Int) *big.Int {
	if n == nil || !n.IsInt64() || n.Int64() > maxBits {
		return nil
	}
	return new(big.Int).Lsh(bigOne, uint(n.Int64()))
}

// Shr returns the values of iv shifted right by the values of o (floor division by 2**o).
func (iv Interval) Shr(o Interval) Interval {
	if iv.Empty() || o.Empty() {
		return emptyInterval
	}
	if !o.NonNegative() {
		return Unbounded()
	}
	if iv.NonNegative() {
		return quoPositive(iv, Interval{pow2(o.Lo), pow2(o.Hi)})
	}
	// A negative value shifts toward -1, a non-negative one toward 0.
	out := Interval{iv.Lo, bigZero}
	if iv.Hi != nil && iv.Hi.Sign() < 0 {
		out.Hi = big.NewInt(-1)
	} else {
		out.Hi = iv.Hi
	}
	return out
}

// Exp returns the values of iv raised to the non-negative values of o; for a negative base,
// unbounded.
func (iv Interval) Exp(o Interval) Interval {
	if iv.Empty() || o.Empty() {
		return emptyInterval
	}
	o = o.Meet(Interval{Lo: bigZero})
	if !iv.NonNegative() || o.Empty() {
		return Unbounded()
	}
	pow := func(b, e *big.Int) *big.Int {
		if b == nil || e == nil {
			return nil
		}
		if b.Sign() == 0 || b.Cmp(bigOne) == 0 {
			if e.Sign() == 0 {
				return bigOne
			}
			return b
		}
		if !e.IsInt64() || int64(b.BitLen()-1)*e.Int64() > maxBits {
			return nil
		}
		return capped(new(big.Int).Exp(b, e, nil))
	}
	lo := pow(iv.Lo, o.Lo)
	if iv.Lo.Sign() == 0 && (o.Hi == nil || o.Hi.Sign() > 0) {
		lo = bigZero // 0**1 = 0
	}
	hi := pow(iv.Hi, o.Hi)
	if iv.Hi != nil && iv.Hi.Sign() == 0 {
		hi = pow(bigZero, o.Lo) // 0**0 = 1, else 0
	}
	return Interval{lo, hi}
}

// And, Or and Xor bound the bitwise operations of non-negative values; a negative operand
// gives an unbounded result.
func (iv Interval) And(o Interval) Interval {
	if iv.Empty() || o.Empty() {
		return emptyInterval
	}
	switch {
	case iv.NonNegative() && o.NonNegative():
		return Interval{bigZero, minBound(iv.Hi, o.Hi)}
	case iv.NonNegative():
		return Interval{bigZero, iv.Hi}
	case o.NonNegative():
		return Interval{bigZero, o.Hi}
	}
	return Unbounded()
}

func (iv Interval) Or(o Interval) Interval {
	if iv.Empty() || o.Empty() {
		return emptyInterval
	}
	if !iv.NonNegative() || !o.NonNegative() {
		return Unbounded()
	}
	lo := iv.Lo
	if o.Lo.Cmp(lo) > 0 {
		lo = o.Lo
	}
	return Interval{lo, allOnes(iv.Hi, o.Hi)}
}

func (iv Interval) Xor(o Interval) Interval {
	if iv.Empty() || o.Empty() {
		return emptyInterval
	}
	if !iv.NonNegative() || !o.NonNegative() {
		return Unbounded()
	}
	return Interval{bigZero, allOnes(iv.Hi, o.Hi)}
}

// minBound returns the smaller of two upper bounds (nil is unbounded).
func minBound(a, b *big.Int) *big.Int {
	if a == nil || (b != nil && b.Cmp(a) < 0) {
		return b
	}
	return a
}

// allOnes returns 2^k-1 for the bit length k of the larger of a and b: a bound on a | b and
// a ^ b.
func allOnes(a, b *big.Int) *big.Int {
	if a == nil || b == nil {
		return nil
	}
	n := max(a.BitLen(), b.BitLen())
	return new(big.Int).Sub(new(big.Int).Lsh(bigOne, uint(n)), bigOne)
}

// InType returns what an operation whose exact result is x gives in the integer type of
// the given width: x itself when it fits; when it does not, the values that fit in checked
// arithmetic (the others revert), and in wrapping arithmetic the values reduced modulo 2^bits
// (exactly when that is one stretch, else the whole type).
func (x Interval) InType(bits int, signed, checked bool) Interval {
	tr := TypeRange(bits, signed)
	if x.Within(tr) {
		return x
	}
	if checked {
		return x.Meet(tr)
	}
	if x.Lo == nil || x.Hi == nil {
		return tr
	}
	span := new(big.Int).Lsh(bigOne, uint(bits))
	// Shift the values by the multiple of 2^bits that brings Lo into the type.
	k := new(big.Int).Sub(x.Lo, tr.Lo)
	k.Div(k, span) // floor division
	shift := k.Mul(k, span)
	lo, hi := new(big.Int).Sub(x.Lo, shift), new(big.Int).Sub(x.Hi, shift)
	if hi.Cmp(tr.Hi) > 0 {
		return tr // the values wrap around the type's end: all of it
	}
	return Interval{lo, hi}
}

// Not returns the values of ~x for x in iv, in the integer type given.
func (iv Interval) Not(bits int, signed bool) Interval {
	if iv.Empty() {
		return iv
	}
	if signed {
		return Interval{sub(neg(iv.Hi), bigOne), sub(neg(iv.Lo), bigOne)} // ~x = -x - 1
	}
	tr := TypeRange(bits, false)
	x := iv.Meet(tr)
	return Interval{sub(tr.Hi, x.Hi), sub(tr.Hi, x.Lo)}
}
