package solidity

import (
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// WriteAfterWrite reports a write to state that every path overwrites before anything can
// read it: `owner = a; owner = b;`, `balances[from] = x; ... balances[from] = y;`. The first
// value is lost. Either the write is useless, or, far more often, the second write was meant
// for another variable or key (balances[to]), and the state the code promises is never stored.
var WriteAfterWrite = &detect.Analyzer{
	Template: detect.Template{
		ID:         "WRITE_AFTER_WRITE",
		Name:       "State written twice with no read in between",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${target}</code> is written ` +
			`here and, on every path that completes, written again (line ${other_line}) before anything reads it: the ` +
			`first value is lost. The second write may have been meant for another variable or key.</p>`,
		Remediation:     `<p>Remove the first write, or write the second value to the variable or key that was meant.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "target", "other_line"},
		DetectionLogic: "Backward liveness over the function's control-flow graph (modifiers woven in): a plain assignment " +
			"or delete of a state variable, of a member path of one, or of a mapping or array entry whose keys are literals, " +
			"constants, msg.sender or parameters and locals never reassigned, written in the function's own body, is reported " +
			"when no path from it reads an overlapping location before an overwrite and some path from it completes. A read " +
			"through a storage pointer or of an entry with another key counts as a read of the whole variable; external " +
			"calls, contract creation, inline assembly and unresolved calls count as reading all state (a callee or a " +
			"re-entrant caller may read it), internal calls as reading what their bodies read; the function's end keeps " +
			"every location live, a revert none.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-563"},
		Languages: []string{"solidity"},
		Slither:   "write-after-write",
		Class:     "logic",
	},
	Run: runWriteAfterWrite,
}

func runWriteAfterWrite(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if pass.Stopped(fn) {
			return
		}
		if fn.IsModifier || fn.IsView() {
			continue
		}
		info := p.Info(fn)
		if info == nil || info.CFG == nil || len(info.StateWrites) == 0 || !writtenTwice(p, fn, info) {
			continue
		}
		w := newWAW(p, info.CFG)
		w.solve()
		for _, n := range info.CFG.Nodes {
			if n.Fn != fn {
				continue
			}
			for _, wr := range w.effects(n).writes {
				if w.liveOut(n, wr.path) || !w.completes(n) {
					continue
				}
				next := w.nextWrite(n, wr.path)
				if next == nil {
					continue
				}
				reportAt(pass, wr.at, fn, map[string]string{"target": wr.text,
					"other_line": strconv.Itoa(lineOf(p, next.Code().Pos()))}, "", "")
			}
		}
	}
}

// wawWrite is a tracked write: the location's path and the node writing it.
type wawWrite struct {
	path string
	text string
	at   ast.Node
}

// wawEffects is what one CFG node does to state: the locations it surely overwrites, the
// paths it reads (a prefix reads everything under it), or everything.
type wawEffects struct {
	writes  []wawWrite
	reads   []string
	readAll bool
}

// liveSet is a set of live storage locations, each a path. With all false, set lists the
// live paths; with all true every location is live except the paths in set (fully
// overwritten since).
type liveSet struct {
	all bool
	set map[string]bool
}

func (l liveSet) equal(o liveSet) bool {
	if l.all != o.all || len(l.set) != len(o.set) {
		return false
	}
	for k := range l.set {
		if !o.set[k] {
			return false
		}
	}
	return true
}

// covers reports whether path a contains path b (b is a or below it).
func covers(a, b string) bool {
	return a == b || strings.HasPrefix(b, a+".") || strings.HasPrefix(b, a+"[")
}

// overlaps reports whether two paths name overlapping storage: one contains the other.
func overlaps(a, b string) bool { return covers(a, b) || covers(b, a) }

// live reports whether a location overlapping path may be read.
func (l liveSet) live(path string) bool {
	if l.all {
		for k := range l.set {
			if covers(k, path) {
				return false
			}
		}
		return true
	}
	for k := range l.set {
		if overlaps(k, path) {
			return true
		}
	}
	return false
}

// union merges the live sets of two successors.
func union(a, b liveSet) liveSet {
	switch {
	case a.all && b.all:
		out := liveSet{all: true, set: map[string]bool{}}
		for k := range a.set {
			for j := range b.set {
				// killed on both sides: the narrower of two nested paths
				if covers(k, j) {
					out.set[j] = true
				} else if covers(j, k) {
					out.set[k] = true
				}
			}
		}
		return out
	case a.all || b.all:
		if b.all {
			a, b = b, a
		}
		out := liveSet{all: true, set: map[string]bool{}}
		for k := range a.set {
			if !b.live(k) {
				out.set[k] = true
			}
		}
		return out
	}
	out := liveSet{set: map[string]bool{}}
	for k := range a.set {
		out.set[k] = true
	}
	for k := range b.set {
		out.set[k] = true
	}
	return out
}

// waw holds the liveness of state locations over one graph.
type waw struct {
	p       *sema.Program
	g       *sema.CFG
	eff     map[*sema.Node]*wawEffects
	liveIn  map[*sema.Node]liveSet
	done    map[*sema.Node]bool
	reads   map[*sema.Function]wawCalleeReads
	toExit  []bool
	stables map[*sema.FuncInfo]map[*sema.Var]bool
}

type wawCalleeReads struct {
	vars []*sema.Var
	all  bool
}

func newWAW(p *sema.Program, g *sema.CFG) *waw {
	return &waw{p: p, g: g, eff: map[*sema.Node]*wawEffects{}, liveIn: map[*sema.Node]liveSet{},
		done: map[*sema.Node]bool{}, reads: map[*sema.Function]wawCalleeReads{},
		stables: map[*sema.FuncInfo]map[*sema.Var]bool{}}
}

// solve computes live-in sets to a fixpoint, visiting nodes in reverse order of creation
// (roughly backwards) until nothing changes.
func (w *waw) solve() {
	for round := 0; round < 32; round++ {
		changed := false
		for i := len(w.g.Nodes) - 1; i >= 0; i-- {
			n := w.g.Nodes[i]
			in := w.transfer(n)
			if !w.done[n] || !in.equal(w.liveIn[n]) {
				w.liveIn[n] = in
				w.done[n] = true
				changed = true
			}
		}
		if !changed {
			return
		}
	}
}

// out returns the live-out set of n: the union of its successors' live-in sets (a successor
// not computed yet contributes nothing).
func (w *waw) out(n *sema.Node) liveSet {
	out := liveSet{set: map[string]bool{}}
	for _, s := range n.Succs {
		if w.done[s] {
			out = union(out, w.liveIn[s])
		}
	}
	return out
}

func (w *waw) transfer(n *sema.Node) liveSet {
	switch n.Kind {
	case sema.NodeExit:
		return liveSet{all: true, set: map[string]bool{}} // state persists: any location may be read later
	case sema.NodeRevert:
		return liveSet{set: map[string]bool{}} // a revert undoes every write
	}
	live := w.out(n)
	e := w.effects(n)
	for _, wr := range e.writes {
		if live.all {
			live.set[wr.path] = true
			continue
		}
		for k := range live.set {
			if covers(wr.path, k) {
				delete(live.set, k)
			}
		}
	}
	if e.readAll {
		return liveSet{all: true, set: map[string]bool{}}
	}
	for _, r := range e.reads {
		if live.all {
			for k := range live.set {
				if overlaps(k, r) {
					delete(live.set, k)
				}
			}
			continue
		}
		live.set[r] = true
	}
	return live
}

// liveOut reports whether a location overlapping path may be read after n.
func (w *waw) liveOut(n *sema.Node, path string) bool { return w.out(n).live(path) }

// completes reports whether some path from n reaches the function's normal end.
func (w *waw) completes(n *sema.Node) bool {
	if w.toExit == nil {
		w.toExit = w.g.Reaching(w.g.Exit)
	}
	return n.ID < len(w.toExit) && w.toExit[n.ID]
}

// nextWrite finds the nearest node after n (breadth first, revert paths aside) that writes
// path: the write that overwrites n's.
func (w *waw) nextWrite(n *sema.Node, path string) *sema.Node {
	return searchAfter(n, func(m *sema.Node) (bool, bool) {
		if m.Kind == sema.NodeRevert || m.Kind == sema.NodeExit {
			return false, false
		}
		for _, wr := range w.effects(m).writes {
			if covers(wr.path, path) {
				return true, false
			}
		}
		return false, true
	})
}

// effects computes (once) what node n reads and surely writes.
func (w *waw) effects(n *sema.Node) *wawEffects {
	if e, ok := w.eff[n]; ok {
		return e
	}
	e := &wawEffects{}
	w.eff[n] = e
	code := n.Code()
	info := w.p.Info(n.Fn)
	if code == nil || info == nil {
		return e
	}
	// Calls: what they may read.
	ast.Inspect(code, func(x ast.Node) bool {
		switch c := x.(type) {
		case *ast.AssemblyStmt:
			e.readAll = true
		case *ast.CallExpr:
			call := info.CallOf[c]
			if call == nil {
				return true
			}
			if mayReadAnything(call) {
				e.readAll = true
			} else if call.Kind == sema.CallInternal || call.Kind == sema.CallLibrary {
				r := w.calleeReads(call.Callee)
				if r.all {
					e.readAll = true
				}
				for _, v := range r.vars {
					e.reads = append(e.reads, varKey(v))
				}
			}
		}
		return !e.readAll
	})
	if e.readAll {
		return e
	}
	// Writes and the reads around them.
	var visit func(x ast.Node)
	visit = func(x ast.Node) {
		switch s := x.(type) {
		case *ast.AssignExpr:
			if s.Op == token.ASSIGN {
				w.assignTargets(info, s.Lhs, s, e)
				w.readsIn(info, s.Rhs, e)
				return
			}
		case *ast.UnaryExpr:
			if s.Op == token.DELETE {
				w.assignTargets(info, s.X, s, e)
				return
			}
		}
		w.readsUnder(info, x, e, func(y ast.Node) bool {
			switch y.(type) {
			case *ast.AssignExpr, *ast.UnaryExpr:
				if y != x {
					visit(y)
					return true
				}
			}
			return false
		})
	}
	visit(code)
	return e
}

// assignTargets records the writes of an assignment's left side (each element of a tuple):
// a stable location is a write; any other target reads what its indexes read, and is not a
// sure overwrite.
func (w *waw) assignTargets(info *sema.FuncInfo, lhs ast.Expr, at ast.Node, e *wawEffects) {
	if t, ok := ast.Unparen(lhs).(*ast.TupleExpr); ok {
		for _, el := range t.Elems {
			if el != nil {
				w.assignTargets(info, el, at, e)
			}
		}
		return
	}
	if path, ok := w.pathOf(info, lhs, true); ok {
		e.writes = append(e.writes, wawWrite{path: path, text: normText(w.p, lhs), at: at})
		w.indexReads(info, lhs, e)
		return
	}
	w.readsIn(info, lhs, e)
}

// readsIn records the reads of an expression.
func (w *waw) readsIn(info *sema.FuncInfo, x ast.Expr, e *wawEffects) {
	w.readsUnder(info, x, e, nil)
}

// readsUnder records the reads under node x: location paths (with the reads in their
// indexes), and names read outside a path. handled, when set, may take over a node (an
// assignment nested in an expression) and returns true when it did.
func (w *waw) readsUnder(info *sema.FuncInfo, x ast.Node, e *wawEffects, handled func(ast.Node) bool) {
	ast.Inspect(x, func(y ast.Node) bool {
		if handled != nil && handled(y) {
			return false
		}
		if ex, ok := y.(ast.Expr); ok {
			if path, ok := w.pathOf(info, ex, false); ok {
				e.reads = append(e.reads, path)
				w.indexReads(info, ex, e)
				return false
			}
		}
		if id, ok := y.(*ast.Ident); ok {
			w.identRead(info, id, e)
		}
		return true
	})
}

// indexReads records the reads inside the index expressions of a location path.
func (w *waw) indexReads(info *sema.FuncInfo, x ast.Expr, e *wawEffects) {
	for {
		switch t := x.(type) {
		case *ast.ParenExpr:
			x = t.X
			continue
		case *ast.MemberExpr:
			x = t.X
			continue
		case *ast.IndexExpr:
			if t.Index != nil {
				w.readsIn(info, t.Index, e)
			}
			x = t.X
			continue
		}
		return
	}
}

// identRead records a read through a name that is not part of a location path: a storage
// pointer reads the whole variable it points into (or, unknown, everything).
func (w *waw) identRead(info *sema.FuncInfo, id *ast.Ident, e *wawEffects) {
	v, ok := info.Uses[id].(*sema.Var)
	if !ok {
		return
	}
	switch {
	case v.Kind == sema.StateVar:
		e.reads = append(e.reads, varKey(v))
	case v.IsStorageRef():
		if sv := w.p.StateVarOf(info, id); sv != nil {
			e.reads = append(e.reads, varKey(sv))
		} else {
			e.readAll = true
		}
	}
}

// pathOf returns the location path of x: a non-constant state variable, then members and
// indexes. For a write every index must be stable (the same value wherever it is evaluated in
// the function); for a read an unstable index ends the path at the array or mapping, which
// then stands for all of its entries.
func (w *waw) pathOf(info *sema.FuncInfo, x ast.Expr, write bool) (string, bool) {
	switch t := x.(type) {
	case *ast.ParenExpr:
		return w.pathOf(info, t.X, write)
	case *ast.Ident:
		v, ok := info.Uses[t].(*sema.Var)
		if !ok || v.Kind != sema.StateVar || v.IsConstant() && !write {
			return "", false
		}
		if v.Decl != nil && v.Decl.Constant {
			return "", false
		}
		return varKey(v), true
	case *ast.MemberExpr:
		base, ok := w.pathOf(info, t.X, write)
		if !ok {
			return "", false
		}
		return base + "." + t.Name.Name, true
	case *ast.IndexExpr:
		base, ok := w.pathOf(info, t.X, write)
		if !ok || t.Index == nil {
			return "", false
		}
		if !w.stableKey(info, t.Index) {
			if write {
				return "", false
			}
			return base, true
		}
		return base + "[" + normText(w.p, t.Index) + "]", true
	}
	return "", false
}

// stableKey reports whether an index has one value throughout the function: a literal, a
// constant, msg.sender, or a parameter or local that is never reassigned after its declaration.
func (w *waw) stableKey(info *sema.FuncInfo, x ast.Expr) bool {
	x = ast.Unparen(x)
	if _, ok := x.(*ast.BasicLit); ok {
		return true
	}
	if isGlobal(info, x, "msg", "sender") {
		return true
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok {
		return false
	}
	if v.IsConstant() {
		return true
	}
	if v.Kind != sema.ParamVar && v.Kind != sema.LocalVar {
		return false
	}
	return !w.reassigned(info)[v]
}

// reassigned returns the locals and parameters of a function assigned after their declaration.
func (w *waw) reassigned(info *sema.FuncInfo) map[*sema.Var]bool {
	if m, ok := w.stables[info]; ok {
		return m
	}
	m := map[*sema.Var]bool{}
	if info.Fn.Body != nil {
		ast.Inspect(info.Fn.Body, func(n ast.Node) bool {
			target := sema.AssignTarget(n)
			// Only a name itself (or an element of a tuple) is reassigned: writing
			// balances[from] leaves from alone.
			targets := []ast.Expr{target}
			if t, ok := ast.Unparen(target).(*ast.TupleExpr); ok {
				targets = t.Elems
			}
			for _, x := range targets {
				if id, ok := ast.Unparen(x).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*sema.Var); ok {
						m[v] = true
					}
				}
			}
			return true
		})
	}
	w.stables[info] = m
	return m
}

// calleeReads returns the state an internal function may read, itself and through what it
// calls; all when it (or a callee) calls out, creates a contract, runs assembly or calls
// something unresolved.
func (w *waw) calleeReads(fn *sema.Function) wawCalleeReads {
	if r, ok := w.reads[fn]; ok {
		return r
	}
	r := wawCalleeReads{}
	seen := map[*sema.Var]bool{}
	for _, g := range append([]*sema.Function{fn}, w.p.Callees(fn)...) {
		gi := w.p.Info(g)
		if gi == nil {
			continue
		}
		if g.Body == nil && !g.IsModifier {
			r.all = true // a virtual function without a body here: an override may read anything
			break
		}
		for v := range gi.StateReads {
			if !seen[v] {
				seen[v] = true
				r.vars = append(r.vars, v)
			}
		}
		for _, c := range gi.Calls {
			if mayReadAnything(c) {
				r.all = true
			}
		}
		if g.Body != nil && hasAssembly(g) {
			r.all = true
		}
	}
	w.reads[fn] = r
	return r
}

// mayReadAnything reports whether a call may read any state: it leaves the contract (a callee
// or a re-entrant caller may read it through getters), creates a contract, or calls code that
// is not resolved.
func mayReadAnything(c *sema.Call) bool {
	switch c.Kind {
	case sema.CallExternal, sema.CallLowLevel, sema.CallNew, sema.CallUnknown:
		return true
	case sema.CallInternal, sema.CallLibrary:
		return c.Callee == nil
	}
	return false
}

// hasAssembly reports whether fn's body holds inline assembly.
func hasAssembly(fn *sema.Function) bool {
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if _, ok := n.(*ast.AssemblyStmt); ok {
			found = true
		}
		return !found
	})
	return found
}

// varKey is the path of a whole state variable: its name and declaration position, so that
// variables of the same name in different contracts differ.
func varKey(v *sema.Var) string {
	if v.Decl != nil {
		return v.Name + "#" + strconv.Itoa(int(v.Decl.Pos()))
	}
	return v.Name + "#?"
}

// writtenTwice reports whether some state variable fn writes in its own body may be written
// again on the way: twice in the body, or also by a modifier or a function it calls. Without
// a second write nothing can be overwritten, and the liveness need not be solved.
func writtenTwice(p *sema.Program, fn *sema.Function, info *sema.FuncInfo) bool {
	for _, ats := range info.StateWrites {
		if len(ats) > 1 {
			return true
		}
	}
	for _, g := range p.Callees(fn) {
		gi := p.Info(g)
		if gi == nil {
			continue
		}
		for v := range gi.StateWrites {
			if len(info.StateWrites[v]) > 0 {
				return true
			}
		}
	}
	return false
}
