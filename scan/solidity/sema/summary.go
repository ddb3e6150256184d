package sema

import (
	"slices"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Function summaries, computed once per function, bottom-up over the call graph (functions
// calling each other together, to a fixpoint): what the function's locals and result come
// from (Deps, Returns), and what it does that matters to security (Actions: calls out, ether
// sent, delegatecalls, contracts created, selfdestruct, state written), wherever in its callees
// or its inline assembly it happens, with the origins of targets and amounts in terms of its
// own parameters, so that each caller sees them in terms of what it passes.

// ActKind classifies an action.
type ActKind uint8

const (
	ActCall         ActKind = iota // a call to another contract that may change state
	ActStaticCall                  // a call that cannot change state (staticcall, view functions)
	ActSend                        // send or transfer: ether with a 2300 gas stipend
	ActDelegate                    // delegatecall or callcode: another contract's code on this storage
	ActCreate                      // new C(...), create, create2
	ActSelfdestruct                // selfdestruct (suicide)
	ActWrite                       // a state variable (or an assembly slot) written
)

var actKindNames = [...]string{"call", "staticcall", "send", "delegatecall", "create", "selfdestruct", "write"}

func (k ActKind) String() string { return actKindNames[k] }

// Action is one thing a function does, itself or through the code it runs.
type Action struct {
	Kind ActKind
	At   ast.Node  // the call, write or assembly call in the code
	In   *Function // the function (or modifier) holding At
	Call *Call     // the Solidity call, nil for assembly and plain writes

	Target Prov // the called contract, the selfdestruct beneficiary, the created contract's value
	Value  Prov // the ether sent (Sends tells whether any may be); for an assembly write, what is stored
	Sends  bool
	Var    *Var // ActWrite: the state variable, nil for an assembly write to a computed slot
	Slot   Prov // ActWrite from assembly: what the slot depends on

	// Node is the node of the summarised function's graph where the action happens or is
	// reached, and Site the code there: At itself, or the call that leads to it.
	Node *Node
	Site ast.Node

	// Guarded is set when, on the way from the summarised function to At, a check of the
	// caller guards it (IsGuarded in the function holding At or in a caller on the way). Set by
	// Actions, not in the summaries.
	Guarded bool
	// GuardedIf lists (Params bits of the summarised function) the parameters that, when the
	// caller passes msg.sender there, make a check on the way guard the action:
	// _close(address auth) { if (auth != owner) revert(); selfdestruct(...); } called as
	// _close(msg.sender).
	GuardedIf uint64
	// WritesAfter lists, for a call out (ActCall, ActSend), the state variables written after it
	// on some path on the way from the summarised function (in the function holding it and in
	// each caller on the way): what a re-entrant call finds stale. The summarised function's
	// own code after Node is not in it when Depth is 0; callers add theirs.
	WritesAfter []*Var
	// ReadsBefore lists, for a call out, the state variables read on the way to it (the
	// node holding it included): a check a re-entrant call passes again.
	ReadsBefore []*Var
	// ParamsWrittenAfter and ParamsReadBefore are the same for storage parameters (Params bits
	// of the summarised function): a library writing the mapping it is handed writes the state
	// variable its caller passes.
	ParamsWrittenAfter, ParamsReadBefore uint64
	Loop                                 bool // inside a loop on the way
	// Locked is set, for a call out, when a reentrancy lock is held where it is made (LockedAt
	// in the function holding it or in a caller on the way: an override calling super.f()
	// whose base function takes the lock).
	Locked bool
	Depth  int // internal calls from the summarised function to In (0: in it)
}

// maxActions bounds a summary's actions: past it, the rest are dropped (the summary keeps the
// first of each kind and location, and every kind seen).
const maxActions = 96

// Summary is what a function does, seen from its callers (its actions as kept lists them). It
// is kept for the whole scan;
// the function's own dependencies (Deps) are a fact of the function, released with its file.
type Summary struct {
	Fn      *Function
	Returns Prov     // what the result comes from
	Results []Prov   // what each result comes from, for functions with several (nil otherwise)
	Actions []Action // in graph order, each location once
}

type summaryKey struct{}

// Summary returns fn's summary, computing it (and those of the functions it calls) on first
// request; nil for a function the model does not hold.
func (p *Program) Summary(fn *Function) *Summary {
	if fn == nil {
		return nil
	}
	cg := p.callGraphOf()
	c := cg.of[fn]
	if c == nil {
		return nil
	}
	return Memo(c, summaryKey{}, func() map[*Function]*Summary { return p.summarise(cg, c) })[fn]
}

// summarise computes the summaries of one component: the components it calls first (their
// summaries are final), then its own functions, round after round until nothing changes.
func (p *Program) summarise(cg *callGraph, c *scc) map[*Function]*Summary {
	out := make(map[*Function]*Summary, len(c.fns))
	for _, fn := range c.fns {
		for _, h := range cg.succs[fn] {
			if cg.of[h] != c {
				p.Summary(h)
			}
		}
	}
	ret := func(g *Function) Prov {
		if cg.of[g] == c {
			if s := out[g]; s != nil {
				return s.Returns
			}
			return Prov{Src: SrcUnknown}
		}
		if s := p.Summary(g); s != nil {
			return s.Returns
		}
		return Prov{Src: SrcUnknown}
	}
	results := func(g *Function) []Prov {
		if cg.of[g] == c {
			if s := out[g]; s != nil {
				return s.Results
			}
			return nil
		}
		if s := p.Summary(g); s != nil {
			return s.Results
		}
		return nil
	}
	summaryOf := func(g *Function) *Summary {
		if cg.of[g] == c {
			return out[g]
		}
		return p.Summary(g)
	}
	deps := make(map[*Function]*Deps, len(c.fns))
	depsOf := func(g *Function) *Deps {
		if cg.of[g] == c {
			if d := deps[g]; d != nil {
				return d
			}
		}
		if gi := p.Info(g); gi != nil {
			return p.DepsOf(gi)
		}
		return nil
	}
	rounds := 1
	if len(c.fns) > 1 || selfCalls(cg, c.fns[0]) {
		rounds = 4
	}
	for round := 0; round < rounds; round++ {
		changed := false
		// Every member's dependencies first: a member's graph may hold another's code (a
		// modifier), read below.
		for _, fn := range c.fns {
			if info := p.Info(fn); info != nil {
				deps[fn] = p.computeDeps(info, ret, results)
			}
		}
		for _, fn := range c.fns {
			info := p.Info(fn)
			if info == nil {
				continue
			}
			prev := out[fn]
			d := deps[fn]
			s := &Summary{Fn: fn}
			if fn.Body != nil {
				s.Returns = returnsOf(fn, d)
				s.Results = resultsOf(fn, d)
			} else {
				s.Returns = Prov{Src: SrcUnknown}
			}
			out[fn] = s
			s.Actions = p.actionsOf(fn, info, summaryOf, depsOf)
			if prev == nil || !sameProv(prev.Returns, s.Returns) || len(prev.Actions) != len(s.Actions) || !sameResults(prev.Results, s.Results) {
				changed = true
			}
		}
		if !changed {
			break
		}
	}
	return out
}

// sameResults reports whether two per-result provenances list the same origins.
func sameResults(a, b []Prov) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !sameProv(a[i], b[i]) {
			return false
		}
	}
	return true
}

// sameProv reports whether two provenances list the same origins.
func sameProv(a, b Prov) bool {
	return a.Src == b.Src && a.Params == b.Params && len(a.Vars) == len(b.Vars)
}

func selfCalls(cg *callGraph, fn *Function) bool {
	for _, h := range cg.succs[fn] {
		if h == fn {
			return true
		}
	}
	return false
}

// actionsOf lists the actions of fn's graph: those of each node's code, and those of the
// functions each node calls (from their summaries, in terms of what the node passes).
func (p *Program) actionsOf(fn *Function, info *FuncInfo, summaryOf func(*Function) *Summary, depsOf func(*Function) *Deps) []Action {
	g := info.CFG
	if g == nil {
		return nil
	}
	acc := &actionList{}
	reads := &nodeReads{p: p, g: g}
	var lockEffects []stmtLocks // computed for this graph on the first call out, then let go
	for _, n := range g.Nodes {
		code := n.Code()
		ni := p.Info(n.Fn)
		if code == nil || ni == nil {
			continue
		}
		d := depsOf(n.Fn)
		if d == nil {
			continue
		}
		var after, afterOwn, before, beforeOwn []*Var
		var afterParams, afterOwnParams, beforeParams, beforeOwnParams uint64
		afterDone, locked := false, false
		for _, a := range p.nodeActions(ni, d, code, summaryOf) {
			if !kept(a) {
				continue
			}
			if n.Fn != fn && n.Fn.IsModifier {
				// A modifier's parameters are what fn's header passes it.
				fd := depsOf(fn)
				a.Target = p.throughModifier(a.Target, fn, n.Fn, fd)
				a.Value = p.throughModifier(a.Value, fn, n.Fn, fd)
				a.Slot = p.throughModifier(a.Slot, fn, n.Fn, fd)
			}
			a.Loop = a.Loop || n.InLoop
			a.Node = n
			if a.Site == nil {
				a.Site = a.At
			}
			if a.Kind == ActCall || a.Kind == ActSend {
				if !afterDone {
					after, afterParams = p.writtenAfter(g, n, reads, true)
					afterOwn, afterOwnParams = p.writtenAfter(g, n, reads, false)
					before, beforeParams = p.readBefore(g, n, true)
					beforeOwn, beforeOwnParams = p.readBefore(g, n, false)
					// A lock modifier whose code is not shipped (nonReentrant from a missing
					// import): its name is the evidence, as HasUnresolvedGuard takes it.
					if lockEffects == nil {
						lockEffects = p.computeLockEffects(g)
					}
					locked = p.lockedAt(g, n, lockEffects) || p.HasUnresolvedGuard(fn)
					afterDone = true
				}
				a.Locked = a.Locked || locked
				if a.Depth > 0 {
					// The callee's reads before the call are in its own summary: of the
					// node calling it, only its own code counts, not all the callee reads.
					// Likewise what the callee writes after the call is in its summary: the
					// node's writes on the next turn of a loop are made before that turn's
					// own call.
					a.WritesAfter = unionVars(a.WritesAfter, afterOwn)
					a.ReadsBefore = unionVars(a.ReadsBefore, beforeOwn)
					a.ParamsWrittenAfter |= afterOwnParams
					a.ParamsReadBefore |= beforeOwnParams
				} else {
					a.WritesAfter, a.ReadsBefore = after, before
					a.ParamsWrittenAfter |= afterParams
					a.ParamsReadBefore |= beforeParams
				}
			}
			acc.add(a)
		}
	}
	return acc.list
}

// writtenAfter lists the state variables written on some path after node n of g (n excluded
// unless a loop brings it back), by the nodes' own code and the internal functions they call,
// and (Params bits) the storage parameters of g's function so written.
//
// A variable every path to whose writes reads it again first (a re-check after the call, the
// next turn of a loop reading the entry anew) is written from a fresh value, not one a
// re-entrant call could have made stale: it is left out (freshAfter).
//
// Without self, n's own writes on the next turn of a loop are left out.
func (p *Program) writtenAfter(g *CFG, n *Node, reads *nodeReads, self bool) ([]*Var, uint64) {
	var out []*Var
	var params uint64
	after := g.ReachableFrom(n)
	for _, m := range g.Nodes {
		if !after[m.ID] || m.Kind != NodeStmt && m.Kind != NodeCond || m == n && !self {
			continue
		}
		vars, ps := reads.written(m)
		for _, v := range vars {
			if !slices.Contains(out, v) && !p.freshAfter(g, n, v, reads) {
				out = append(out, v)
			}
		}
		params |= ps
	}
	return out, params
}

// readBefore lists the state variables read on the way to node n of g (n included), by the
// nodes' own code and the internal functions they call, and the storage parameters so read.
// Without calleesOfN, n's own calls are not looked into (unless a loop brings n back): for a
// call made inside a helper n calls, what the helper reads after it is not read before it.
func (p *Program) readBefore(g *CFG, n *Node, calleesOfN bool) ([]*Var, uint64) {
	var out []*Var
	var params uint64
	reaching := g.Reaching(n)
	for _, m := range g.Nodes {
		if m != n && !reaching[m.ID] {
			continue
		}
		depth := 0
		if m == n && !reaching[m.ID] && !calleesOfN {
			depth = maxStorageDepth // the node's own code only
		}
		vars, ps := p.storageAt(m, false, depth)
		out = unionVars(out, vars)
		params |= ps
	}
	return out, params
}

// storageAt lists the state variables node n writes (or reads), and the storage parameters of
// the graph's function it writes (or reads), itself or through the internal functions it
// calls (whose own storage parameters stand for what the node passes them).
func (p *Program) storageAt(n *Node, writes bool, depth int) ([]*Var, uint64) {
	code := n.Code()
	info := p.Info(n.Fn)
	if code == nil || info == nil {
		return nil, 0
	}
	var vars []*Var
	var params uint64
	addTarget := func(x ast.Expr) {
		v, i := p.storageTarget(info, x)
		switch {
		case v != nil:
			vars = unionVars(vars, []*Var{v})
		case i >= 0 && n.Fn == info.Fn:
			params |= paramBit(i)
		}
	}
	if writes {
		for _, at := range p.writeTargets(info, code) {
			addTarget(at)
		}
	} else {
		sub := info.Fn.BodyTree().In(code)
		for x := range sub.Preorder(identKinds) {
			if _, ok := info.Uses[x.(*ast.Ident)].(*Var); ok {
				addTarget(x.(*ast.Ident))
			}
		}
	}
	sub := info.Fn.BodyTree().In(code)
	for x := range sub.Preorder(callKinds) {
		c := info.CallOf[x.(*ast.CallExpr)]
		if c == nil || c.Kind != CallInternal && c.Kind != CallLibrary {
			continue
		}
		for _, g := range c.Callees {
			if writes && g.IsView() {
				continue
			}
			gv, gp := p.calleeStorage(g, writes, depth+1)
			vars = unionVars(vars, gv)
			for i := range g.Params {
				if gp&paramBit(i) != 0 {
					if a := ArgFor(c, g, i); a != nil {
						addTarget(a)
					}
				}
			}
		}
	}
	return vars, params
}

var identKinds = inspect.Of((*ast.Ident)(nil))

// storageTarget tells which storage an lvalue or storage expression reaches: a state variable
// (directly or through a storage pointer local), or a storage parameter (its index; -1 if none).
func (p *Program) storageTarget(info *FuncInfo, x ast.Expr) (*Var, int) {
	if sv := p.StateVarOf(info, x); sv != nil {
		return sv, -1
	}
	if v := info.RootVar(x); v != nil && v.Kind == ParamVar && v.Decl != nil && v.Decl.Location == token.STORAGE && v.Func == info.Fn {
		return nil, v.Index
	}
	return nil, -1
}

// writeTargets lists the lvalues code x writes (assignments, ++/--, delete, push/pop).
func (p *Program) writeTargets(info *FuncInfo, x ast.Node) []ast.Expr {
	var out []ast.Expr
	sub := info.Fn.BodyTree().In(x)
	for n := range sub.Preorder(writeKinds) {
		switch e := n.(type) {
		case *ast.AssignExpr:
			if t, ok := e.Lhs.(*ast.TupleExpr); ok {
				for _, el := range t.Elems {
					if el != nil {
						out = append(out, el)
					}
				}
			} else {
				out = append(out, e.Lhs)
			}
		case *ast.UnaryExpr:
			if e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE {
				out = append(out, e.X)
			}
		case *ast.CallExpr:
			if m, ok := e.Fun.(*ast.MemberExpr); ok && (m.Name.Name == "push" || m.Name.Name == "pop") {
				out = append(out, m.X)
			}
		}
	}
	return out
}

// maxStorageDepth bounds the helpers storageAt looks into.
const maxStorageDepth = 4

type calleeStorageKey struct {
	writes bool
	depth  int
}

type storageFacts struct {
	vars   []*Var
	params uint64
}

// calleeStorage lists what a callee's whole body writes (or reads): state variables, and its
// storage parameters (Params bits), through its own callees a few levels deep.
func (p *Program) calleeStorage(g *Function, writes bool, depth int) ([]*Var, uint64) {
	gi := p.Info(g)
	if gi == nil || gi.CFG == nil || depth > maxStorageDepth {
		return nil, 0
	}
	f := Memo(gi, calleeStorageKey{writes, depth}, func() storageFacts {
		var out storageFacts
		for _, m := range gi.CFG.Nodes {
			vars, ps := p.storageAt(m, writes, depth)
			out.vars = unionVars(out.vars, vars)
			out.params |= ps
		}
		return out
	})
	return f.vars, f.params
}

// unionVars returns the variables of a and b, each once.
func unionVars(a, b []*Var) []*Var {
	out := a
	for _, v := range b {
		if !slices.Contains(out, v) {
			if len(out) == len(a) {
				out = slices.Clip(out)
			}
			out = append(out, v)
		}
	}
	return out
}

// kept reports whether a summary keeps an action. Writes of state variables are left to the
// write facts (Writes, StateWrites, TransitiveWrites), which say the same more compactly, and
// calls that cannot change state are left out: summaries hold what crosses into other code or
// ends the contract, and assembly writes to computed slots (what no variable names).
func kept(a Action) bool {
	switch a.Kind {
	case ActStaticCall:
		return false
	case ActWrite:
		return a.Var == nil
	}
	return true
}

// NodeActions lists the actions of node n of fn's graph: its own code's and those of the
// functions it calls.
func (p *Program) NodeActions(n *Node) []Action {
	code := n.Code()
	ni := p.Info(n.Fn)
	if code == nil || ni == nil {
		return nil
	}
	return p.nodeActions(ni, p.DepsOf(ni), code, p.Summary)
}

type actionList struct {
	list []Action
	at   map[actKey]int
}

type actKey struct {
	kind ActKind
	at   ast.Node
	v    *Var
	node *Node // one entry per node reaching it: guards are judged per path
}

// add records a, once per kind and location: a second sighting widens the first (a location
// unguarded on one path is unguarded).
func (l *actionList) add(a Action) {
	k := actKey{a.Kind, a.At, a.Var, a.Node}
	if i, ok := l.at[k]; ok {
		old := &l.list[i]
		old.Guarded = old.Guarded && a.Guarded
		old.Loop = old.Loop || a.Loop
		old.Locked = old.Locked && a.Locked
		old.Sends = old.Sends || a.Sends
		old.Target = old.Target.Union(a.Target)
		old.Value = old.Value.Union(a.Value)
		old.WritesAfter = unionVars(old.WritesAfter, a.WritesAfter)
		old.ReadsBefore = unionVars(old.ReadsBefore, a.ReadsBefore)
		if a.Depth < old.Depth {
			old.Depth = a.Depth
		}
		return
	}
	if len(l.list) >= maxActions {
		return
	}
	if l.at == nil {
		l.at = map[actKey]int{}
	}
	l.at[k] = len(l.list)
	l.list = append(l.list, a)
}

var actionKinds = inspect.Of((*ast.CallExpr)(nil), (*ast.YulCall)(nil))

// nodeActions lists the actions of code x in the function whose facts are info and
// dependencies d.
func (p *Program) nodeActions(info *FuncInfo, d *Deps, x ast.Node, summaryOf func(*Function) *Summary) []Action {
	var out []Action
	fn := info.Fn
	for v, ats := range p.Writes(info, x) {
		for _, at := range ats {
			if _, yul := at.(*ast.YulCall); yul {
				continue // assembly stores are listed with the other assembly actions
			}
			out = append(out, Action{Kind: ActWrite, At: at, In: fn, Var: v})
		}
	}
	sub := fn.BodyTree().In(x)
	for n := range sub.Preorder(actionKinds) {
		switch e := n.(type) {
		case *ast.CallExpr:
			c := info.CallOf[e]
			if c == nil {
				continue
			}
			out = append(out, p.callActions(info, d, c, summaryOf)...)
		case *ast.YulCall:
			out = append(out, p.yulActions(info, d, e, nil, 0)...)
		}
	}
	return out
}

// callActions lists the actions of one Solidity call.
func (p *Program) callActions(info *FuncInfo, d *Deps, c *Call, summaryOf func(*Function) *Summary) []Action {
	fn := info.Fn
	base := Action{At: c.Expr, In: fn, Call: c}
	switch c.Kind {
	case CallLowLevel:
		base.Target, base.Value, base.Sends = d.Of(c.Target), d.Of(c.Value), c.SendsValue()
		if fn.IsView() && fn.File != nil && fn.File.Version.StaticViewCalls() {
			base.Kind = ActStaticCall
			return []Action{base}
		}
		switch c.Name {
		case "delegatecall", "callcode":
			base.Kind = ActDelegate
		case "staticcall":
			base.Kind = ActStaticCall
		case "send", "transfer":
			base.Kind = ActSend
		default:
			base.Kind = ActCall
		}
		return []Action{base}
	case CallExternal:
		base.Target, base.Value, base.Sends = d.Of(c.Target), d.Of(c.Value), c.SendsValue()
		base.Kind = ActCall
		if !c.SendsValue() && fn.File != nil && fn.File.Version.StaticViewCalls() &&
			(c.Callee != nil && c.Callee.IsView() || GetterCall(c) || p.StandardViewCall(info, c) || fn.IsView()) {
			// A view function calls out with STATICCALL: nothing it calls can change state.
			base.Kind = ActStaticCall
			return []Action{base}
		}
		out := []Action{base}
		if SelfCall(info, c) {
			// this.f(...): the contract runs its own function f, on its own storage, with the
			// contract as f's caller. What f does is what this code does (guardActions reads
			// f's checks as the contract passes them).
			for _, g := range c.Callees {
				s := summaryOf(g)
				if s == nil {
					continue
				}
				for _, a := range s.Actions {
					a.Target = p.instantiate(a.Target, c, g, d)
					a.Value = p.instantiate(a.Value, c, g, d)
					a.Slot = p.instantiate(a.Slot, c, g, d)
					// f's storage parameters cannot be this code's: an external call copies.
					a.ParamsWrittenAfter, a.ParamsReadBefore = 0, 0
					a.Depth++
					a.Site = c.Expr
					out = append(out, a)
				}
			}
		}
		return out
	case CallNew:
		base.Kind, base.Target = ActCreate, Prov{Src: SrcCreated}
		base.Value, base.Sends = d.Of(c.Value), c.SendsValue()
		out := []Action{base}
		// The constructor runs with this contract as its caller and the value sent as
		// msg.value: what it does with them is what this code does.
		for _, g := range c.Callees {
			if s := summaryOf(g); s != nil {
				for _, a := range s.Actions {
					switch a.Kind {
					case ActWrite:
						continue // the new contract's own storage
					case ActSelfdestruct:
						// destroys the new contract, not this one: its ether (what the
						// creation sent) goes to the beneficiary, no code runs there
						a.Kind, a.Value, a.Sends = ActSend, Prov{Src: SrcValue}, true
					}
					a.Target = p.constructed(a.Target, c, g, d, base.Value)
					a.Value = p.constructed(a.Value, c, g, d, base.Value)
					a.Depth++
					a.Site = c.Expr
					out = append(out, a)
				}
			}
		}
		return out
	case CallBuiltin:
		if c.Name == "selfdestruct" || c.Name == "suicide" {
			base.Kind = ActSelfdestruct
			if len(c.Args) == 1 {
				base.Target = d.Of(c.Args[0])
			}
			return []Action{base}
		}
	case CallInternal, CallLibrary:
		var out []Action
		for _, g := range c.Callees {
			s := summaryOf(g)
			if s == nil {
				continue
			}
			for _, a := range s.Actions {
				a.Target = p.instantiate(a.Target, c, g, d)
				a.Value = p.instantiate(a.Value, c, g, d)
				a.Slot = p.instantiate(a.Slot, c, g, d)
				a.WritesAfter, a.ParamsWrittenAfter = p.bindStorage(info, c, g, a.WritesAfter, a.ParamsWrittenAfter)
				a.ReadsBefore, a.ParamsReadBefore = p.bindStorage(info, c, g, a.ReadsBefore, a.ParamsReadBefore)
				a.Depth++
				a.Site = c.Expr
				out = append(out, a)
			}
		}
		return out
	}
	return nil
}

// bindStorage maps a callee's storage parameters (bits) to what call c passes: state variables
// of the caller, or the caller's own storage parameters (returned as bits).
func (p *Program) bindStorage(info *FuncInfo, c *Call, callee *Function, vars []*Var, bits uint64) ([]*Var, uint64) {
	if bits == 0 {
		return vars, 0
	}
	var mine uint64
	for i := range callee.Params {
		if bits&paramBit(i) == 0 {
			continue
		}
		if a := ArgFor(c, callee, i); a != nil {
			v, j := p.storageTarget(info, a)
			switch {
			case v != nil:
				vars = unionVars(vars, []*Var{v})
			case j >= 0:
				mine |= paramBit(j)
			}
		}
	}
	return vars, mine
}

// throughModifier turns a modifier's provenance (its parameters as Params bits) into fn's: each
// parameter stands for what fn's invocations of the modifier pass there.
func (p *Program) throughModifier(pv Prov, fn, m *Function, d *Deps) Prov {
	if pv.Params == 0 || d == nil {
		return pv
	}
	out := Prov{Src: pv.Src &^ SrcParam, Vars: pv.Vars}
	for k, used := range fn.Modifiers {
		if used != m || k >= len(fn.Invocations) {
			continue
		}
		args := fn.Invocations[k].Args
		for i := range m.Params {
			if pv.Params&paramBit(i) != 0 && i < len(args) {
				out = out.Union(d.Of(args[i]))
			}
		}
	}
	return out
}

// guardedIfCaller returns the address parameters of fn that, standing for the caller, make a
// check guard node n (Params bits).
func (p *Program) guardedIfCaller(fn *Function, n *Node) uint64 {
	var bits uint64
	for i, prm := range fn.Params {
		if IsAddress(prm.Type) && p.isGuarded(fn, n, checkCtx{as: prm, in: fn.Contract, owner: fn}) {
			bits |= paramBit(i)
		}
	}
	return bits
}

// bindGuard says whether a callee's action is guarded once call c passes its arguments: the
// caller is passed where the callee checks a parameter (GuardedIf), or one of this function's
// own parameters is, which the function's callers may bind in turn.
func (p *Program) bindGuard(info *FuncInfo, c *Call, callee *Function, a Action) (bool, uint64) {
	if a.Guarded || a.GuardedIf == 0 {
		return a.Guarded, 0
	}
	var mine uint64
	for i := range callee.Params {
		if a.GuardedIf&paramBit(i) == 0 {
			continue
		}
		arg := ArgFor(c, callee, i)
		if arg == nil {
			continue
		}
		if isSender(info, arg) {
			return true, 0
		}
		if id, ok := ast.Unparen(arg).(*ast.Ident); ok {
			for j, prm := range info.Fn.Params {
				if info.Uses[id] == prm {
					mine |= paramBit(j)
				}
			}
		}
	}
	return false, mine
}

// constructed turns a constructor's origins into its creator's: its parameters are what the
// creation passes, its caller is the creating contract, its own address the created one, its
// msg.value what the creation sends.
func (p *Program) constructed(pv Prov, c *Call, ctor *Function, d *Deps, value Prov) Prov {
	sender, self, val := pv.Has(SrcSender), pv.Has(SrcThis), pv.Has(SrcValue)
	pv.Src &^= SrcSender | SrcThis | SrcValue
	out := p.instantiate(pv, c, ctor, d)
	if sender {
		out.Src |= SrcThis
	}
	if self {
		out.Src |= SrcCreated
	}
	if val {
		out = out.Union(value)
	}
	return out
}

// yulActions lists the actions of an assembly call: the opcodes that call out, create,
// selfdestruct or store, and (a few levels deep) the bodies of the block's own functions it
// calls, with their parameters bound to the arguments.
func (p *Program) yulActions(info *FuncInfo, d *Deps, e *ast.YulCall, bind map[string]Prov, depth int) []Action {
	of := func(x ast.YulExpr) Prov {
		if id, ok := x.(*ast.YulIdent); ok && bind != nil {
			if pv, ok := bind[id.Name]; ok {
				return pv
			}
		}
		return d.OfYul(x)
	}
	arg := func(i int) Prov {
		if i < len(e.Args) {
			return of(e.Args[i])
		}
		return Prov{}
	}
	sends := func(i int) bool {
		return i < len(e.Args) && !yulIsZero(e.Args[i])
	}
	a := Action{At: e, In: info.Fn}
	switch e.Name.Name {
	case "call":
		a.Kind, a.Target, a.Value, a.Sends = ActCall, arg(1), arg(2), sends(2)
	case "callcode":
		a.Kind, a.Target, a.Value, a.Sends = ActDelegate, arg(1), arg(2), sends(2)
	case "delegatecall":
		a.Kind, a.Target = ActDelegate, arg(1)
	case "staticcall":
		a.Kind, a.Target = ActStaticCall, arg(1)
	case "create", "create2":
		a.Kind, a.Target, a.Value, a.Sends = ActCreate, Prov{Src: SrcCreated}, arg(0), sends(0)
	case "selfdestruct":
		a.Kind, a.Target = ActSelfdestruct, arg(0)
	case "sstore", "tstore":
		a.Kind, a.Slot, a.Value = ActWrite, arg(0), arg(1)
		if e.Name.Name == "tstore" {
			return nil // transient: gone at the end of the transaction
		}
		if len(e.Args) > 0 {
			if id, ok := e.Args[0].(*ast.YulIdent); ok {
				if v := info.YulUses[id]; v != nil && v.Kind == StateVar {
					a.Var = v
				}
			}
		}
	default:
		return p.yulFuncActions(info, d, e, of, depth)
	}
	return []Action{a}
}

// yulFuncActions lists the actions of a call of one of the function's assembly functions.
func (p *Program) yulFuncActions(info *FuncInfo, d *Deps, e *ast.YulCall, of func(ast.YulExpr) Prov, depth int) []Action {
	if depth > 3 {
		return nil
	}
	def := p.yulFuncDef(info, e.Name.Name)
	if def == nil {
		return nil
	}
	bind := map[string]Prov{}
	for i, prm := range def.Params {
		if i < len(e.Args) {
			bind[prm.Name] = of(e.Args[i])
		}
	}
	var out []Action
	ast.Inspect(def.Body, func(n ast.Node) bool {
		if c, ok := n.(*ast.YulCall); ok {
			out = append(out, p.yulActions(info, d, c, bind, depth+1)...)
		}
		return true
	})
	return out
}

type yulDefsKey struct{}

// yulFuncDef returns the assembly function named name defined in fn's body, if any.
func (p *Program) yulFuncDef(info *FuncInfo, name string) *ast.YulFuncDef {
	defs := Memo(info, yulDefsKey{}, func() map[string]*ast.YulFuncDef {
		out := map[string]*ast.YulFuncDef{}
		for n := range info.Fn.BodyTree().Preorder(asmKinds) {
			for k, v := range yulFuncDefs(n.(*ast.AssemblyStmt).Body) {
				if out[k] == nil {
					out[k] = v
				}
			}
		}
		return out
	})
	return defs[name]
}

var asmKinds = inspect.Of((*ast.AssemblyStmt)(nil))

// yulIsZero reports whether x is the literal 0.
func yulIsZero(x ast.YulExpr) bool {
	l, ok := x.(*ast.YulLit)
	return ok && (l.Value == "0" || l.Value == "0x0" || l.Value == "0x00")
}

// Actions lists the actions of fn, itself and through everything it calls (its summary's),
// with Guarded and GuardedIf set (guards.go's view of each: see guardActions).
func (p *Program) Actions(fn *Function) []Action {
	if p.Summary(fn) == nil {
		return nil
	}
	cg := p.callGraphOf()
	return Memo(cg.of[fn], guardedActionsKey{}, func() map[*Function][]Action { return p.guardActions(cg, cg.of[fn]) })[fn]
}

type guardedActionsKey struct{}

// guardActions sets, for the actions of one component's functions, whether a check of the
// caller guards each on the way from the function: at the node where the function makes or
// reaches it, or inside the callee it reaches it through (as that callee's own guarded actions
// say, with the callee's GuardedIf bound to what the call passes). Guards are kept out of the
// summaries themselves, so that guard facts may read summaries (provenance) without waiting on
// them. Within a cycle of functions, a callee's internal guards are not counted (the call site's
// are): the conservative view.
func (p *Program) guardActions(cg *callGraph, c *scc) map[*Function][]Action {
	out := make(map[*Function][]Action, len(c.fns))
	for _, fn := range c.fns {
		s := p.Summary(fn)
		if s == nil {
			continue
		}
		list := make([]Action, len(s.Actions))
		copy(list, s.Actions)
		guardedAt := map[*Node]bool{}
		ifAt := map[*Node]uint64{}
		for i := range list {
			a := &list[i]
			n := a.Node
			g, seen := guardedAt[n]
			if !seen {
				g = p.IsGuarded(fn, n)
				guardedAt[n] = g
				if !g && !fn.IsPublic() {
					ifAt[n] = p.guardedIfCaller(fn, n)
				}
			}
			a.Guarded, a.GuardedIf = g, ifAt[n]
			if g || a.Depth == 0 {
				continue
			}
			// Reached through a call at a.Site: guarded if inside every callee it may be.
			call, _ := a.Site.(*ast.CallExpr)
			ci := p.Info(n.Fn)
			if call == nil || ci == nil {
				continue
			}
			cl := ci.CallOf[call]
			if cl == nil || len(cl.Callees) == 0 {
				continue
			}
			inner, innerIf := true, uint64(0)
			for _, callee := range cl.Callees {
				if cg.of[callee] == c {
					inner = false // same cycle: not counted
					break
				}
				ia, ok := findAction(p.Actions(callee), a)
				if !ok {
					inner = false
					break
				}
				gd, gi := p.bindGuard(ci, cl, callee, ia)
				inner = inner && gd
				innerIf |= gi
			}
			if cl.Kind == CallNew {
				inner, innerIf = false, 0 // a constructor's checks are of its creator: this contract
			}
			if cl.Kind == CallExternal {
				// this.f(...): f's own checks as the contract itself passes them (a check that
				// only the contract may call guards nothing on this way); deeper ones as f's
				// summary says.
				inner, innerIf = true, 0
				for _, callee := range cl.Callees {
					if cg.of[callee] == c {
						inner = false // same cycle: not counted (and its actions are being listed now)
						break
					}
					ia, ok := findAction(p.Actions(callee), a)
					if !ok {
						inner = false
						break
					}
					if ia.Depth == 0 {
						inner = inner && p.IsGuardedViaSelf(callee, ia.Node)
					} else {
						inner = inner && ia.Guarded
					}
				}
			}
			a.Guarded = inner
			if !inner && n.Fn == fn {
				a.GuardedIf |= innerIf
			}
		}
		out[fn] = list
	}
	return out
}

// findAction finds in list the action a callee's summary lists for a (same kind, code and
// variable), combining the entries of the paths reaching it: guarded only if every one is, and
// then guarded-if only for parameters every unguarded one names.
func findAction(list []Action, a *Action) (Action, bool) {
	var out Action
	found := false
	for _, x := range list {
		if x.Kind != a.Kind || x.At != a.At || x.Var != a.Var {
			continue
		}
		if !found {
			out, found = x, true
			continue
		}
		switch {
		case out.Guarded && x.Guarded:
		case out.Guarded:
			out.Guarded, out.GuardedIf = false, x.GuardedIf
		case !x.Guarded:
			out.GuardedIf &= x.GuardedIf
		}
	}
	return out, found
}

// SelfCall reports whether c is a call of the contract's own function through this
// (this.f(...), try this.f()).
func SelfCall(info *FuncInfo, c *Call) bool {
	return c.Kind == CallExternal && c.Target != nil && isSelfAddress(info, c.Target) && len(c.Callees) > 0
}
