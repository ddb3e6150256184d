package solidity

import (
	"slices"
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// This file holds the facts of single CFG nodes that many detectors ask again and again: each
// detector walking a function's graph, each contract inheriting the function, each function a
// modifier is woven into, and the reentrancy queries once per node before or after a call.
// Each fact is computed once per statement or expression of a node and shared, read-only.

// nodeTable keeps one fact per node code (sema.Node.Code: one statement or expression) of one
// function; a node woven into several graphs shares its entry.
type nodeTable[T any] struct {
	mu    sync.Mutex
	facts map[ast.Node]T
}

// nodeFact returns the fact named key of CFG node n, computing it with compute (from the model
// of the function holding the node's code, and the code) on first request; the zero value when
// the node has no code or its function no model.
func nodeFact[T any](p *sema.Program, n *sema.Node, key any, compute func(info *sema.FuncInfo, code ast.Node) T) T {
	var zero T
	info := p.Info(n.Fn)
	code := n.Code()
	if info == nil || code == nil {
		return zero
	}
	t := sema.Memo(info, key, func() *nodeTable[T] { return &nodeTable[T]{facts: map[ast.Node]T{}} })
	t.mu.Lock()
	v, ok := t.facts[code]
	t.mu.Unlock()
	if ok {
		return v
	}
	// Computed outside the lock: two racing computations give equal facts.
	v = compute(info, code)
	t.mu.Lock()
	t.facts[code] = v
	t.mu.Unlock()
	return v
}

type nodeCallsKey struct{}
type nodeWritesKey struct{}
type nodeReadsKey struct{}

// nodeCalls returns the calls a CFG node makes (read-only; clipped, so an append copies).
func nodeCalls(p *sema.Program, n *sema.Node) []*sema.Call {
	return nodeFact(p, n, nodeCallsKey{}, func(info *sema.FuncInfo, code ast.Node) []*sema.Call {
		return slices.Clip(callsIn(info, code))
	})
}

// nodeWrites returns the state variables a CFG node writes, with the nodes writing them: its
// own assignments, and the calls to internal functions that write them (read-only).
func nodeWrites(p *sema.Program, n *sema.Node) map[*sema.Var][]ast.Node {
	return nodeFact(p, n, nodeWritesKey{}, func(info *sema.FuncInfo, code ast.Node) map[*sema.Var][]ast.Node {
		out := map[*sema.Var][]ast.Node{}
		for v, at := range p.Writes(info, code) {
			out[v] = append(out[v], at...)
		}
		// Writes made by internal functions the node calls.
		for _, c := range nodeCalls(p, n) {
			if (c.Kind == sema.CallInternal || c.Kind == sema.CallLibrary) && c.Callee != nil && !c.Callee.IsView() {
				for v := range p.TransitiveWrites(c.Callee) {
					if _, ok := out[v]; !ok {
						out[v] = []ast.Node{c.Expr}
					}
				}
			}
		}
		if len(out) == 0 {
			return nil // most nodes write nothing: no empty map kept for each
		}
		return out
	})
}

// nodeStateReads returns the state variables a CFG node's code names, directly or through a
// storage reference to them (read-only).
func nodeStateReads(p *sema.Program, n *sema.Node) []*sema.Var {
	return nodeFact(p, n, nodeReadsKey{}, func(info *sema.FuncInfo, code ast.Node) []*sema.Var {
		var out []*sema.Var
		ast.Inspect(code, func(y ast.Node) bool {
			if id, ok := y.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*sema.Var); ok {
					if v.Kind == sema.StateVar {
						out = append(out, v)
					} else if v.IsStorageRef() {
						if sv := p.StateVarOf(info, id); sv != nil {
							out = append(out, sv)
						}
					}
				}
			}
			return true
		})
		return slices.Clip(out)
	})
}
