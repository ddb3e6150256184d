package sema

import "slices"

// Stale state after a call. A re-entrant call changes state under the function that called
// out; what the function writes after the call is wrong only if it rests on what it read
// before. A write that every path from the call reaches through a check of the same variable
// that reverts on failure (an order's state checked again after a permit call: revert
// ReentrancyDetected()) is not: a re-entrant call that changed it makes the whole call revert.
// A re-read that does not revert (if (bal >= x) bal -= x) protects nothing, since the call
// already acted on the stale value.

// nodeReads holds, by node ID, the state variables each node of a graph reads and writes (its
// own code and the internal functions it calls), computed on first request.
type nodeReads struct {
	p             *Program
	g             *CFG
	reads, writes [][]*Var
	params        []uint64 // storage parameters written
	done          []bool
}

func (r *nodeReads) at(m *Node) {
	if r.done == nil {
		n := len(r.g.Nodes)
		r.reads, r.writes, r.params, r.done = make([][]*Var, n), make([][]*Var, n), make([]uint64, n), make([]bool, n)
	}
	if !r.done[m.ID] {
		r.reads[m.ID], _ = r.p.storageAt(m, false, 0)
		r.writes[m.ID], r.params[m.ID] = r.p.storageAt(m, true, 0)
		r.done[m.ID] = true
	}
}

func (r *nodeReads) of(m *Node) []*Var {
	r.at(m)
	return r.reads[m.ID]
}

func (r *nodeReads) written(m *Node) ([]*Var, uint64) {
	r.at(m)
	return r.writes[m.ID], r.params[m.ID]
}

// freshAfter reports whether every path from node n of g to a node writing v passes, first, a
// reverting check of v (a require, or a condition one side of which reverts) other than n:
// no write of v after n goes ahead on what was read before n. A node that both reads and
// writes v (v -= x) is a write. With no write of v after n at all, it answers false.
func (p *Program) freshAfter(g *CFG, n *Node, v *Var, reads *nodeReads) bool {
	seen := make([]bool, len(g.Nodes))
	blocked := false
	stack := append([]*Node(nil), n.Succs...)
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[m.ID] {
			continue
		}
		seen[m.ID] = true
		if m.Kind == NodeStmt || m.Kind == NodeCond {
			if ws, _ := reads.written(m); slices.Contains(ws, v) {
				return false
			}
			if m != n && (m.Kind == NodeCond && branchReverts(g, m) || requireArg(m.Stmt) != nil) && slices.Contains(reads.of(m), v) {
				blocked = true
				continue // read again: the paths on from here see a fresh value
			}
		}
		stack = append(stack, m.Succs...)
	}
	return blocked
}

// Staleness answers, for the nodes of one graph, whether state written after them is written
// from a fresh read (freshAfter), keeping what each node reads and writes while it is used.
type Staleness struct {
	p     *Program
	reads nodeReads
}

// Staleness returns a Staleness for g.
func (p *Program) Staleness(g *CFG) *Staleness {
	return &Staleness{p: p, reads: nodeReads{p: p, g: g}}
}

// FreshAfter reports whether every path from node n to a write of v reads v again first.
func (s *Staleness) FreshAfter(n *Node, v *Var) bool {
	return s.p.freshAfter(s.reads.g, n, v, &s.reads)
}
