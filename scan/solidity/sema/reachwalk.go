package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// A walk of the code an entry point runs, top-down: its graph (modifiers woven in), then,
// through every internal or library call, the graphs of the functions called, each seen as a
// frame that knows how its values map back to the entry point's (its parameters stand for what
// the call passes). Summaries answer "what does this function do" bottom-up, once per function;
// this walk answers questions about one entry point that need the code itself (where a signed
// digest comes from, which storage a check reads and a write marks), asked of the few entry
// points the question concerns.

// frame is one function on the way from an entry point to the code read: the entry point, a
// modifier woven into a function's graph, or a function called.
type frame struct {
	p      *Program
	info   *FuncInfo
	d      *Deps
	parent *frame
	call   *Call // the call in parent that runs this function (nil for the entry and modifiers)
	mod    bool  // a modifier of parent's function
	depth  int   // calls from the entry point
}

// entry turns provenance in this frame's terms (its parameters as Params bits) into the entry
// point's.
func (f *frame) entry(pv Prov) Prov {
	for g := f; g.parent != nil && pv.Params != 0; g = g.parent {
		if g.mod {
			pv = g.p.throughModifier(pv, g.parent.info.Fn, g.info.Fn, g.parent.d)
		} else {
			pv = g.p.instantiate(pv, g.call, g.info.Fn, g.parent.d)
		}
	}
	return pv
}

// reachPoint is one node's code met on the walk.
type reachPoint struct {
	node *Node    // the entry point's node where this code runs or is reached
	site ast.Node // the call in that node that leads here (nil in the entry point's own code)
	code ast.Node // the code of own
	own  *Node    // the node of the frame's function's graph
}

// maxReachFrames bounds the functions one walk enters (a helper called from many places is
// entered once per call site).
const maxReachFrames = 2000

type reachWalker struct {
	p      *Program
	want   func(*Function) bool
	visit  func(*frame, *reachPoint)
	budget int
	onPath map[*Function]bool
}

// walkReach visits the code fn runs. want, when set, chooses the callees worth entering (those
// that verify a signature, say); recursion is not followed.
func (p *Program) walkReach(fn *Function, want func(*Function) bool, visit func(*frame, *reachPoint)) {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return
	}
	w := &reachWalker{p: p, want: want, visit: visit, budget: maxReachFrames, onPath: map[*Function]bool{fn: true}}
	w.walk(&frame{p: p, info: info, d: p.DepsOf(info)}, nil, nil)
}

func (w *reachWalker) walk(f *frame, node *Node, site ast.Node) {
	var mods map[*Function]*frame
	for _, m := range f.info.CFG.Nodes {
		code := m.Code()
		if code == nil {
			continue
		}
		mf := f
		if m.Fn != f.info.Fn {
			// a modifier's code, woven into the graph: a frame of its own, binding its
			// parameters to what the function's header passes
			mf = mods[m.Fn]
			if mf == nil {
				mi := w.p.Info(m.Fn)
				if mi == nil {
					continue
				}
				mf = &frame{p: w.p, info: mi, d: w.p.DepsOf(mi), parent: f, mod: true, depth: f.depth}
				if mods == nil {
					mods = map[*Function]*frame{}
				}
				mods[m.Fn] = mf
			}
		}
		pt := &reachPoint{node: node, site: site, code: code, own: m}
		if node == nil {
			pt.node = m
		}
		w.visit(mf, pt)
		if f.depth >= 8 {
			continue
		}
		sub := mf.info.Fn.BodyTree().In(code)
		for x := range sub.Preorder(callKinds) {
			c := mf.info.CallOf[x.(*ast.CallExpr)]
			if c == nil || c.Kind != CallInternal && c.Kind != CallLibrary {
				continue
			}
			for _, h := range w.p.PossibleCallees(c) {
				if h.Body == nil || w.onPath[h] || w.budget <= 0 || w.want != nil && !w.want(h) {
					continue
				}
				hi := w.p.Info(h)
				if hi == nil || hi.CFG == nil {
					continue
				}
				w.budget--
				w.onPath[h] = true
				s := site
				if s == nil {
					s = c.Expr
				}
				w.walk(&frame{p: w.p, info: hi, d: w.p.DepsOf(hi), parent: mf, call: c, depth: f.depth + 1}, pt.node, s)
				delete(w.onPath, h)
			}
		}
	}
}
