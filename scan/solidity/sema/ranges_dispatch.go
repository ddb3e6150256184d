package sema

import (
	"slices"
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// Which function an internal call runs, as the summaries need it: an overload told apart by
// the number of its arguments, a virtual function by every implementation a contract deriving
// from the caller's may run (ambiguity keeps every candidate and their common facts).

// maxDispatchTargets bounds the implementations a virtual call is summarised over.
const maxDispatchTargets = 8

// callSummary summarises internal call c: its callee's summary, or, when the callee is
// virtual or unimplemented (and not named through super), the summaries of every
// implementation a contract deriving from the caller's may run, joined (the result's hull; a
// bound only when every one has it).
func (a *rangeAnalysis) callSummary(info *FuncInfo, c *ast.CallExpr, callee *Function) *rangeSummary {
	if callee == nil {
		return nil
	}
	if callee.Body != nil && (!callee.Virtual || viaSuper(info, c)) {
		return a.summary(callee)
	}
	targets := a.dispatchTargets(info.Fn.Contract, callee)
	if len(targets) == 0 || len(targets) > maxDispatchTargets {
		return nil
	}
	var out *rangeSummary
	for _, f := range targets {
		sum := a.summary(f)
		if sum == nil || len(sum.requires) != len(callee.Params) {
			return nil
		}
		if out == nil {
			c := *sum
			c.requires, c.le, c.ge = slices.Clone(sum.requires), slices.Clone(sum.le), slices.Clone(sum.ge)
			out = &c
			continue
		}
		out.returns = out.returns || sum.returns
		out.bounds = nil // kept for one implementation only
		out.hasResult = out.hasResult && sum.hasResult
		out.result = out.result.Join(sum.result)
		for i := range out.requires {
			out.requires[i] = out.requires[i] && sum.requires[i]
		}
		for i := range out.le {
			out.le[i] = out.le[i] && sum.le[i]
			out.ge[i] = out.ge[i] && sum.ge[i]
		}
	}
	return out
}

// viaSuper reports whether call c names its callee through super (super.f()): the function
// is the next one in the linearization, not a virtual dispatch.
func viaSuper(info *FuncInfo, c *ast.CallExpr) bool {
	m, ok := stripCallDecorations(c.Fun).(*ast.MemberExpr)
	if !ok {
		return false
	}
	id, ok := m.X.(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := info.Uses[id].(*Builtin)
	return ok && b.Name == "super"
}

// dispatchTargets returns the implementations of callee's signature that a call from a
// function of contract from may run: the most derived one in each contract that is or derives
// from from. The lists are kept for the program: they depend on the model alone.
func (a *rangeAnalysis) dispatchTargets(from *Contract, callee *Function) []*Function {
	if from == nil {
		if callee.Body != nil {
			return []*Function{callee}
		}
		return nil
	}
	cache := Memo(a.p, dispatchCacheKey{}, func() *dispatchCache { return &dispatchCache{lists: map[dispatchKey][]*Function{}} })
	key := dispatchKey{from, callee}
	cache.mu.Lock()
	t, ok := cache.lists[key]
	cache.mu.Unlock()
	if ok {
		return t
	}
	sig := callee.Signature()
	var out []*Function
	for _, c := range a.p.derived(from) {
		impl := implementationIn(c, sig)
		if impl == nil || impl.Body == nil {
			continue
		}
		if !containsFunc(out, impl) {
			out = append(out, impl)
		}
		if len(out) > maxDispatchTargets {
			break
		}
	}
	cache.mu.Lock()
	cache.lists[key] = out
	cache.mu.Unlock()
	return out
}

type dispatchKey struct {
	from   *Contract
	callee *Function
}

// dispatchCache holds the program's dispatch lists (read and filled under mu).
type dispatchCache struct {
	mu    sync.Mutex
	lists map[dispatchKey][]*Function
}

type dispatchCacheKey struct{}

// derived returns the contracts that are or derive from base, from an index of the program
// made once (so that the dispatch of every virtual call does not scan every contract).
func (p *Program) derived(base *Contract) []*Contract {
	return Memo(p, derivedKey{}, func() map[*Contract][]*Contract {
		out := map[*Contract][]*Contract{}
		for _, c := range p.Contracts {
			for _, b := range c.Linearization {
				out[b] = append(out[b], c)
			}
		}
		return out
	})[base]
}

type derivedKey struct{}

// implementationIn returns c's implementation of the function with signature sig.
func implementationIn(c *Contract, sig string) *Function {
	for _, b := range c.Linearization {
		for _, f := range b.Functions {
			if f.Signature() == sig {
				return f
			}
		}
	}
	return nil
}

func containsFunc(list []*Function, f *Function) bool {
	for _, g := range list {
		if g == f {
			return true
		}
	}
	return false
}

// callArgs returns the arguments bound to callee's parameters at call c, in the parameters'
// order: the receiver first for a function bound with using-for (x.min(y)), named arguments
// ({_value: v, _max: m}) by name; ok is false when they do not fit.
func callArgs(c *ast.CallExpr, callee *Function) (args []ast.Expr, ok bool) {
	if callee == nil {
		return nil, false
	}
	n := len(callee.Params)
	if len(c.Names) > 0 {
		if len(c.Names) != n || len(c.Args) != n {
			return nil, false
		}
		args = make([]ast.Expr, n)
		for i, name := range c.Names {
			j := slices.IndexFunc(callee.Params, func(v *Var) bool { return name != nil && v.Name == name.Name })
			if j < 0 || args[j] != nil {
				return nil, false
			}
			args[j] = c.Args[i]
		}
		return args, true
	}
	switch {
	case n == len(c.Args):
		return c.Args, true
	case n == len(c.Args)+1 && len(c.Names) == 0:
		if recv := receiver(c.Fun); recv != nil {
			return append([]ast.Expr{recv}, c.Args...), true
		}
	}
	return nil, false
}

// byArity returns the callee of an internal call, or, when the model's callee takes another
// number of arguments (an overload resolved by name), the one overload of that name that
// takes as many as the call passes.
func byArity(p *Program, c *ast.CallExpr, call *Call) *Function {
	callee := call.Callee
	if _, fits := callArgs(c, callee); callee == nil || fits {
		return callee
	}
	var cands []*Function
	if callee.Contract != nil {
		cands = callee.Contract.LookupFunction(callee.Name)
	} else {
		cands = p.idx.freeByName[callee.Name]
	}
	var found *Function
	for _, f := range cands {
		if _, fits := callArgs(c, f); fits {
			if found != nil {
				return nil // several fit: not told apart here
			}
			found = f
		}
	}
	return found
}
