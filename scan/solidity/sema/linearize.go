package sema

// linearize computes the C3 linearization of c, as Solidity defines it: bases listed from the
// "most base-like" to the "most derived", so the merge takes them in reverse order. On a cycle
// or an inconsistent hierarchy it falls back to a depth-first order, which is good enough for
// analysis and is reported as a diagnostic.
func (p *Program) linearize(c *Contract, visiting map[*Contract]bool) []*Contract {
	if c.Linearization != nil {
		return c.Linearization
	}
	if visiting[c] {
		p.diag(c.File, c.Decl.Pos(), "inheritance cycle through "+c.Name)
		return []*Contract{c}
	}
	visiting[c] = true
	defer delete(visiting, c)

	var seqs [][]*Contract
	for i := len(c.Bases) - 1; i >= 0; i-- {
		seqs = append(seqs, append([]*Contract(nil), p.linearize(c.Bases[i], visiting)...))
	}
	direct := make([]*Contract, 0, len(c.Bases))
	for i := len(c.Bases) - 1; i >= 0; i-- {
		direct = append(direct, c.Bases[i])
	}
	seqs = append(seqs, direct)

	out := []*Contract{c}
	for {
		seqs = dropEmpty(seqs)
		if len(seqs) == 0 {
			break
		}
		var head *Contract
		for _, s := range seqs {
			cand := s[0]
			if !inTail(cand, seqs) {
				head = cand
				break
			}
		}
		if head == nil {
			p.diag(c.File, c.Decl.Pos(), "linearization of inheritance graph impossible for "+c.Name)
			return dfsOrder(c)
		}
		out = append(out, head)
		for i, s := range seqs {
			if s[0] == head {
				seqs[i] = s[1:]
			}
		}
	}
	c.Linearization = out
	return out
}

func dropEmpty(seqs [][]*Contract) [][]*Contract {
	out := seqs[:0]
	for _, s := range seqs {
		if len(s) > 0 {
			out = append(out, s)
		}
	}
	return out
}

func inTail(c *Contract, seqs [][]*Contract) bool {
	for _, s := range seqs {
		for _, x := range s[1:] {
			if x == c {
				return true
			}
		}
	}
	return false
}

func dfsOrder(c *Contract) []*Contract {
	seen := map[*Contract]bool{}
	var out []*Contract
	var visit func(*Contract)
	visit = func(x *Contract) {
		if seen[x] {
			return
		}
		seen[x] = true
		out = append(out, x)
		for i := len(x.Bases) - 1; i >= 0; i-- {
			visit(x.Bases[i])
		}
	}
	visit(c)
	c.Linearization = out
	return out
}
