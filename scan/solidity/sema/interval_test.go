package sema

import "testing"

func TestIntervalArithmetic(t *testing.T) {
	u8 := TypeRange(8, false)
	for _, tc := range []struct {
		name string
		got  Interval
		want string
	}{
		{"add", Between(1, 5).Add(Between(10, 20)), "[11, 25]"},
		{"sub", Between(1, 5).Sub(Between(10, 20)), "[-19, -5]"},
		{"mul signs", Between(-3, 2).Mul(Between(-5, 4)), "[-12, 15]"},
		{"quo truncates toward zero", Between(-7, 7).Quo(Between(2, 2)), "[-3, 3]"},
		{"quo skips a zero divisor", Between(10, 10).Quo(Between(0, 5)), "[2, 10]"},
		{"quo by zero alone", Between(10, 10).Quo(Between(0, 0)), "empty"},
		{"rem below the divisor", Between(0, 1000).Rem(Between(1, 10)), "[0, 9]"},
		{"rem of a smaller dividend", Between(0, 3).Rem(Between(5, 10)), "[0, 3]"},
		{"rem keeps the dividend's sign", Between(-20, 20).Rem(Between(7, 7)), "[-6, 6]"},
		{"exp", Between(10, 10).Exp(Between(0, 18)), "[1, 1000000000000000000]"},
		{"exp of zero", Between(0, 2).Exp(Between(0, 3)), "[0, 8]"},
		{"shl", Between(1, 3).Shl(Between(2, 4)), "[4, 48]"},
		{"shr", Between(100, 200).Shr(Between(1, 2)), "[25, 100]"},
		{"and", Between(0, 300).And(Between(0, 255)), "[0, 255]"},
		{"or", Between(4, 9).Or(Between(1, 2)), "[4, 15]"},
		{"not", Between(0, 10).Not(8, false), "[245, 255]"},
		{"wraps one stretch", Between(-10, -1).InType(8, false, false), "[246, 255]"},
		{"wraps around the end", Between(-1, 1).InType(8, false, false), "[0, 255]"},
		{"checked keeps what fits", Between(250, 300).InType(8, false, true), "[250, 255]"},
		{"fits", Between(0, 255).InType(8, false, false), "[0, 255]"},
		{"meet", u8.Meet(Between(-5, 5)), "[0, 5]"},
		{"join", Between(0, 1).Join(Between(5, 6)), "[0, 6]"},
	} {
		if got := tc.got.String(); got != tc.want {
			t.Errorf("%s: %s, want %s", tc.name, got, tc.want)
		}
	}
	if !Between(0, 255).Fits(8, false) || Between(0, 256).Fits(8, false) || !Between(-128, 127).Fits(8, true) {
		t.Errorf("Fits")
	}
	if Between(1, 5).Contains(0) || !Between(-1, 5).Contains(0) {
		t.Errorf("Contains")
	}
}
