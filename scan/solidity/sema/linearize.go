package sema

import "fmt"

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
	total, over := 1, false
	for i := len(c.Bases) - 1; i >= 0; i-- {
		lin := p.linearize(c.Bases[i], visiting)
		seqs = append(seqs, append([]*Contract(nil), lin...))
		total += len(lin)
		over = over || c.Bases[i].OverBudget != ""
	}
	// The merge costs the square of its input: past the budget (or above a base past it),
	// the contract is not analysed, and a bounded depth-first order stands in.
	if over || total > 8*p.budget.Inheritance {
		return p.inheritanceOverBudget(c)
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
			return dfsOrder(c, 0)
		}
		out = append(out, head)
		for i, s := range seqs {
			if s[0] == head {
				seqs[i] = s[1:]
			}
		}
	}
	if len(out) > p.budget.Inheritance {
		return p.inheritanceOverBudget(c)
	}
	c.Linearization = out
	return out
}

// inheritanceOverBudget marks c as past the inheritance budget, with a depth-first order of at
// most the budget's length as its linearization.
func (p *Program) inheritanceOverBudget(c *Contract) []*Contract {
	c.OverBudget = BudgetInheritance
	p.Diagnostics = append(p.Diagnostics, Diagnostic{Pos: p.Fset.Position(c.Decl.Pos()), Budget: BudgetInheritance, Contract: c.Name,
		Msg: fmt.Sprintf("analysis budget exceeded: contract %s inherits from more than %d contracts (%s budget); not analysed",
			c.Name, p.budget.Inheritance, BudgetInheritance)})
	return dfsOrder(c, p.budget.Inheritance)
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

// dfsOrder sets c's linearization to a depth-first order of its bases, of at most limit
// contracts when limit > 0.
func dfsOrder(c *Contract, limit int) []*Contract {
	seen := map[*Contract]bool{}
	var out []*Contract
	var visit func(*Contract)
	visit = func(x *Contract) {
		if seen[x] || limit > 0 && len(out) >= limit {
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
