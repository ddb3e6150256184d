package sema

import "slices"

// The call graph's strongly connected components. Summaries are computed bottom-up: a
// function's summary needs those of the functions it calls, and functions that call each other
// (recursion, directly or through others) are summarised together, to a fixpoint. Edges are
// the resolved callees of every call (all candidates, function pointer targets, constructors of
// contracts created with new), the modifiers a function uses (their code runs in its graph),
// and, for a plain call of a virtual function, every override of it in a derived contract (the
// override may be what runs).

// scc is one strongly connected component of the call graph; it holds the summaries of its
// functions (computed together) in its memo.
type scc struct {
	fns  []*Function
	memo memo
}

func (s *scc) memoTable() *memo { return &s.memo }

type callGraph struct {
	of    map[*Function]*scc
	succs map[*Function][]*Function
}

type callGraphKey struct{}

// callGraphOf returns the program's call graph and its components, built once.
func (p *Program) callGraphOf() *callGraph {
	return Memo(p, callGraphKey{}, p.buildCallGraph)
}

func (p *Program) buildCallGraph() *callGraph {
	fns := p.Functions()
	g := &callGraph{of: make(map[*Function]*scc, len(fns)), succs: make(map[*Function][]*Function, len(fns))}
	overrides := Memo(p, overridesKey{}, p.overridesIndex)
	for _, fn := range fns {
		info := p.Info(fn)
		var out []*Function
		seen := map[*Function]bool{}
		add := func(h *Function) {
			if h != nil && !seen[h] {
				seen[h] = true
				out = append(out, h)
			}
		}
		for _, m := range fn.Modifiers {
			add(m)
		}
		if info != nil {
			for _, c := range info.Calls {
				for _, h := range c.Callees {
					add(h)
					if c.Virtual {
						for _, o := range overrides[h] {
							add(o)
						}
					}
				}
			}
		}
		g.succs[fn] = out
	}
	g.tarjan(fns)
	return g
}

// overridesIndex maps each function to the functions of derived contracts with its signature
// (which may run in its place when it is called virtually).
func (p *Program) overridesIndex() map[*Function][]*Function {
	out := map[*Function][]*Function{}
	for _, c := range p.Contracts {
		if len(c.Linearization) < 2 {
			continue
		}
		for _, f := range c.Functions {
			if f.Body == nil || f.IsConstructor() || f.Name == "" {
				continue
			}
			for _, base := range c.Linearization[1:] {
				for _, bf := range base.Functions {
					if bf.Name == f.Name && bf.Signature() == f.Signature() {
						out[bf] = append(out[bf], f)
					}
				}
			}
		}
	}
	return out
}

// tarjan finds the components, iteratively (no recursion: call chains may be long).
func (g *callGraph) tarjan(fns []*Function) {
	index := map[*Function]int{}
	low := map[*Function]int{}
	onStack := map[*Function]bool{}
	var stack []*Function
	next := 0
	type frame struct {
		fn *Function
		i  int
	}
	for _, root := range fns {
		if _, done := index[root]; done {
			continue
		}
		work := []frame{{fn: root}}
		index[root], low[root] = next, next
		next++
		stack = append(stack, root)
		onStack[root] = true
		for len(work) > 0 {
			top := &work[len(work)-1]
			succs := g.succs[top.fn]
			if top.i < len(succs) {
				w := succs[top.i]
				top.i++
				if _, seen := index[w]; !seen {
					index[w], low[w] = next, next
					next++
					stack = append(stack, w)
					onStack[w] = true
					work = append(work, frame{fn: w})
				} else if onStack[w] && index[w] < low[top.fn] {
					low[top.fn] = index[w]
				}
				continue
			}
			v := top.fn
			work = work[:len(work)-1]
			if len(work) > 0 {
				parent := work[len(work)-1].fn
				if low[v] < low[parent] {
					low[parent] = low[v]
				}
			}
			if low[v] == index[v] {
				c := &scc{}
				for {
					w := stack[len(stack)-1]
					stack = stack[:len(stack)-1]
					onStack[w] = false
					c.fns = append(c.fns, w)
					g.of[w] = c
					if w == v {
						break
					}
				}
			}
		}
	}
}

type overridesKey struct{}

// PossibleCallees lists every function call c may run: its candidates, and for a plain call of
// a virtual function, the overrides of derived contracts (which run in their place when the
// code is deployed as part of one). Facts that must hold whatever runs (a guard) ask all.
func (p *Program) PossibleCallees(c *Call) []*Function {
	if !c.Virtual || len(c.Callees) == 0 {
		return c.Callees
	}
	ov := Memo(p, overridesKey{}, p.overridesIndex)
	var out []*Function
	for _, f := range c.Callees {
		if len(ov[f]) > 0 {
			if out == nil {
				out = append([]*Function(nil), c.Callees...)
			}
			for _, o := range ov[f] {
				if !slices.Contains(out, o) {
					out = append(out, o)
				}
			}
		}
	}
	if out == nil {
		return c.Callees
	}
	return out
}

// DispatchedIn lists the functions call c runs when its code is deployed as part of contract
// deployed: a virtual call runs the most derived override in deployed's linearization that
// has a body. Without a deployed contract, or one that does not derive from the callee's, it
// is PossibleCallees.
func (p *Program) DispatchedIn(c *Call, deployed *Contract) []*Function {
	if !c.Virtual || deployed == nil || len(c.Callees) == 0 {
		return p.PossibleCallees(c)
	}
	out := make([]*Function, 0, len(c.Callees))
	for _, f := range c.Callees {
		if f.Contract == nil || !slices.Contains(deployed.Linearization, f.Contract) {
			return p.PossibleCallees(c)
		}
		out = append(out, mostDerived(deployed, f))
	}
	return out
}

// mostDerived is the function with f's signature that runs in deployed: the first with a body
// in its linearization, or f.
func mostDerived(deployed *Contract, f *Function) *Function {
	for _, base := range deployed.Linearization {
		for _, g := range base.Functions {
			if g.Body != nil && g.Name == f.Name && g.Signature() == f.Signature() {
				return g
			}
		}
	}
	return f
}
