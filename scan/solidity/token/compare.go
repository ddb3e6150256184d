package token

// Negate returns the comparison that holds exactly when t does not (< gives >=, == gives !=);
// other tokens are returned as they are.
func (t Token) Negate() Token {
	switch t {
	case LSS:
		return GEQ
	case GEQ:
		return LSS
	case LEQ:
		return GTR
	case GTR:
		return LEQ
	case EQL:
		return NEQ
	case NEQ:
		return EQL
	}
	return t
}

// Mirror returns the comparison with its operands swapped: a < b is b > a.
func (t Token) Mirror() Token {
	switch t {
	case LSS:
		return GTR
	case GTR:
		return LSS
	case LEQ:
		return GEQ
	case GEQ:
		return LEQ
	}
	return t
}
