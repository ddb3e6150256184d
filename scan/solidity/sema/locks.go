package sema

import (
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// A reentrancy lock is a storage location that every path to a point first tests and then
// writes: a second entry while the first is running finds it set and reverts. The test and the
// write may sit in a modifier (OpenZeppelin's nonReentrant, a hand-written mutex, a base
// contract's modifier), in internal functions the modifier or the function calls first
// (_nonReentrantBefore), or in assembly on a constant slot (Solady's guard, transient-storage
// locks with tload/tstore); the location may be a state variable, a constant slot, or a field
// of a namespaced storage struct reached through a slot getter (ERC-7201). A location that is
// tested but never written, or written but never tested, is no lock.

// lockKey names a storage location: a state variable, or a slot named by a constant (in
// assembly, a transient-slot helper chain, or a storage-struct getter and field).
type lockKey struct {
	v    *Var
	slot string
}

// LockedAt reports whether a reentrancy lock is held when node n of g runs: some location is
// tested by a condition that dominates n and written by a statement that dominates n.
func (p *Program) LockedAt(g *CFG, n *Node) bool {
	return p.lockedAt(g, n, p.stmtLockEffects(g))
}

// lockedAt is LockedAt with the graph's statement effects given (summaries compute them for
// one graph at a time and let them go, instead of keeping a cache for every graph).
func (p *Program) lockedAt(g *CFG, n *Node, effects []stmtLocks) bool {
	checked := map[lockKey]bool{}
	written := map[lockKey]bool{}
	for d := range g.dominatorsOf(n) { // the gates (Gates), without making their list
		if gt, ok := p.GateOf(d); ok {
			p.lockReads(gt.Info, gt.Cond, checked, 0)
		} else if c := yulCondOf(d); c != nil {
			// if tload(SLOT) { revert(0, 0) }: the side that goes on tested the slot
			yulSlotReads(p.Info(d.Fn), c, checked)
		}
	}
	for d := range g.dominatorsOf(n) {
		if d == n || d.Kind != NodeStmt {
			continue
		}
		for _, k := range effects[d.ID].checked {
			checked[k] = true
		}
		for _, k := range effects[d.ID].written {
			written[k] = true
		}
	}
	for k := range written {
		if checked[k] {
			return true
		}
	}
	return false
}

// lockCache holds what each statement of a graph tests and writes (lockEffects), computed once
// per graph: LockedAt asks about every dominator of every node it is asked about, and walking
// each dominator's code again made it quadratic in the length of straight-line code.
type lockCache struct {
	once    sync.Once
	effects []stmtLocks // by node ID
}

type stmtLocks struct{ checked, written []lockKey }

// stmtLockEffects returns the lockEffects of every statement node of g, by node ID.
func (p *Program) stmtLockEffects(g *CFG) []stmtLocks {
	g.locks.once.Do(func() { g.locks.effects = p.computeLockEffects(g) })
	return g.locks.effects
}

// computeLockEffects computes the lockEffects of every statement node of g, by node ID.
func (p *Program) computeLockEffects(g *CFG) []stmtLocks {
	effects := make([]stmtLocks, len(g.Nodes))
	for _, d := range g.Nodes {
		info := p.Info(d.Fn)
		if d.Kind != NodeStmt || info == nil {
			continue
		}
		checked, written := map[lockKey]bool{}, map[lockKey]bool{}
		for _, x := range d.Exprs() {
			p.lockEffects(info, x, checked, written, 0)
		}
		if len(checked) > 0 || len(written) > 0 {
			effects[d.ID] = stmtLocks{checked: slices.Collect(maps.Keys(checked)), written: slices.Collect(maps.Keys(written))}
		}
	}
	return effects
}

// lockEffects adds the locations x tests in a reverting check (assembly if-revert, or the
// conditions of internal functions it calls) and the locations it writes.
func (p *Program) lockEffects(info *FuncInfo, x ast.Node, checked, written map[lockKey]bool, depth int) {
	if x == nil || depth > 4 {
		return
	}
	for v := range p.Writes(info, x) {
		written[lockKey{v: v}] = true
	}
	sub := info.Fn.BodyTree().In(x)
	sub.Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.AssignExpr:
			if k, ok := p.slotFieldKey(info, e.Lhs); ok {
				written[k] = true
			}
		case *ast.YulIf:
			if yulReverts(e.Body) {
				yulSlotReads(info, e.Cond, checked)
			}
		case *ast.YulCall:
			if (e.Name.Name == "sstore" || e.Name.Name == "tstore") && len(e.Args) > 0 {
				if k, ok := yulSlotKey(info, e.Args[0]); ok {
					written[k] = true
				}
			}
		case *ast.CallExpr:
			if m, ok := e.Fun.(*ast.MemberExpr); ok && (m.Name.Name == "tstore" || m.Name.Name == "sstore") {
				if root := chainRoot(info, m.X); root != "" {
					written[lockKey{slot: root}] = true
				}
			}
			c := info.CallOf[e]
			if c == nil || (c.Kind != CallInternal && c.Kind != CallLibrary) || c.Callee == nil || c.Callee.Body == nil {
				return true
			}
			// The helper's own checks and writes (_nonReentrantBefore).
			ci := p.Info(c.Callee)
			if ci == nil || ci.CFG == nil {
				return true
			}
			// A require helper (_require(_status != ENTERED, code)) tests what it is given.
			for i, prm := range c.Callee.Params {
				if isBool(prm.Type) && p.requiresParam(c.Callee, i) {
					if a := ArgFor(c, c.Callee, i); a != nil {
						p.lockReads(info, a, checked, depth)
					}
				}
			}
			h := p.helperLocks(ci, depth+1)
			for _, k := range h.checked {
				checked[k] = true
			}
			for _, k := range h.written {
				written[k] = true
			}
		}
		return true
	})
}

type helperLocksKey struct{ depth int }

// helperLocks returns the locations internal function ci tests in its reverting checks and
// writes, followed depth calls deep. It is the same at every call site: memoised per helper
// and depth (sema.Memo), since every statement calling a helper (_nonReentrantBefore, a
// modifier's check function) in every function asks again. Depth only grows along a chain of
// helpers, so no computation waits on itself.
func (p *Program) helperLocks(ci *FuncInfo, depth int) stmtLocks {
	return Memo(ci, helperLocksKey{depth}, func() stmtLocks {
		checked, written := map[lockKey]bool{}, map[lockKey]bool{}
		for _, m := range ci.CFG.Nodes {
			if m.Fn != ci.Fn {
				continue
			}
			switch m.Kind {
			case NodeCond:
				if m.Expr != nil && branchReverts(ci.CFG, m) {
					p.lockReads(ci, m.Expr, checked, depth)
				}
				if yc := m.YulCond(); yc != nil && branchReverts(ci.CFG, m) {
					yulSlotReads(ci, yc, checked)
				}
			case NodeStmt:
				if a := requireArg(m.Stmt); a != nil {
					p.lockReads(ci, a, checked, depth)
				}
				for _, y := range m.Exprs() {
					p.lockEffects(ci, y, checked, written, depth)
				}
			}
		}
		return stmtLocks{checked: slices.Collect(maps.Keys(checked)), written: slices.Collect(maps.Keys(written))}
	})
}

// lockReads adds the locations a condition tests: state variables, namespaced storage fields,
// transient-slot helper chains (SLOT.asBoolean().tload()), assembly loads of constant slots,
// and what the internal functions it calls return from (_reentrancyGuardEntered()).
func (p *Program) lockReads(info *FuncInfo, x ast.Node, out map[lockKey]bool, depth int) {
	if x == nil || depth > 4 {
		return
	}
	sub := info.Fn.BodyTree().In(x)
	sub.Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.Ident:
			if v, ok := info.Uses[e].(*Var); ok {
				if v.Kind == StateVar && !v.IsConstant() {
					out[lockKey{v: v}] = true
				} else if v.Kind == LocalVar {
					// a storage pointer to, or a copy of, a state variable (slot0Start = slot0)
					if sv := info.storageAlias(v); sv != nil {
						out[lockKey{v: sv}] = true
					}
				}
			}
		case *ast.MemberExpr:
			if k, ok := p.slotFieldKey(info, e); ok {
				out[k] = true
			}
		case *ast.YulCall:
			yulSlotReads(info, e, out)
		case *ast.CallExpr:
			if m, ok := e.Fun.(*ast.MemberExpr); ok && (m.Name.Name == "tload" || m.Name.Name == "sload") {
				if root := chainRoot(info, m.X); root != "" {
					out[lockKey{slot: root}] = true
				}
			}
			if c := info.CallOf[e]; c != nil && (c.Kind == CallInternal || c.Kind == CallLibrary) && c.Callee != nil && c.Callee.Body != nil {
				if ci := p.Info(c.Callee); ci != nil {
					p.lockReads(ci, c.Callee.Body, out, depth+1)
				}
			}
		}
		return true
	})
}

// yulSlotReads adds the slots an assembly expression loads with sload or tload.
func yulSlotReads(info *FuncInfo, x ast.Node, out map[lockKey]bool) {
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.YulCall); ok && (c.Name.Name == "sload" || c.Name.Name == "tload") && len(c.Args) > 0 {
			if k, ok := yulSlotKey(info, c.Args[0]); ok {
				out[k] = true
			}
		}
		return true
	})
}

// yulSlotKey names the slot an assembly sload/sstore/tload/tstore addresses: a state variable
// (x.slot), or a constant (by name) or literal slot.
func yulSlotKey(info *FuncInfo, x ast.YulExpr) (lockKey, bool) {
	switch e := x.(type) {
	case *ast.YulIdent:
		if v := info.YulUses[e]; v != nil {
			if v.Kind == StateVar && !v.IsConstant() {
				return lockKey{v: v}, true
			}
			if v.IsConstant() || v.Kind == FileConstant {
				return lockKey{slot: v.Name}, true
			}
			return lockKey{}, false
		}
		return lockKey{slot: e.Name}, true
	case *ast.YulLit:
		return lockKey{slot: e.Value}, true
	}
	return lockKey{}, false
}

// chainRoot returns the constant a helper chain starts from (SLOT in SLOT.asBoolean()), or "".
func chainRoot(info *FuncInfo, x ast.Expr) string {
	for {
		switch e := ast.Unparen(x).(type) {
		case *ast.CallExpr:
			if m, ok := e.Fun.(*ast.MemberExpr); ok {
				x = m.X
				continue
			}
			if len(e.Args) == 1 { // a conversion or wrapper: TransientSlot.asBoolean(SLOT)
				x = e.Args[0]
				continue
			}
			return ""
		case *ast.MemberExpr:
			x = e.X
			continue
		case *ast.Ident:
			if v, ok := info.Uses[e].(*Var); ok && (v.IsConstant() || v.Kind == FileConstant) {
				return v.Name
			}
		}
		return ""
	}
}

// slotFieldKey names $.field where $ is a storage pointer obtained from a slot getter
// (ReentrancyGuardStorage storage $ = _getReentrancyGuardStorage()): the getter and the field.
func (p *Program) slotFieldKey(info *FuncInfo, x ast.Expr) (lockKey, bool) {
	m, ok := ast.Unparen(x).(*ast.MemberExpr)
	if !ok {
		return lockKey{}, false
	}
	id, ok := ast.Unparen(m.X).(*ast.Ident)
	if !ok {
		return lockKey{}, false
	}
	v, ok := info.Uses[id].(*Var)
	if !ok || !v.IsStorageRef() || info.storageAlias(v) != nil {
		return lockKey{}, false
	}
	getter := ""
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if s, ok := n.(*ast.VarDeclStmt); ok && len(s.Vars) == 1 && s.Vars[0] == v.Decl && s.Value != nil {
			if c, ok := ast.Unparen(s.Value).(*ast.CallExpr); ok {
				if call := info.CallOf[c]; call != nil && call.Callee != nil {
					getter = call.Callee.QualifiedName()
				}
			}
		}
		return getter == ""
	})
	if getter == "" {
		return lockKey{}, false
	}
	return lockKey{slot: getter + "." + m.Name.Name}, true
}

// requireArg returns the condition of a require or assert statement, or nil.
func requireArg(s ast.Stmt) ast.Expr {
	es, ok := s.(*ast.ExprStmt)
	if !ok {
		return nil
	}
	c, ok := es.X.(*ast.CallExpr)
	if !ok || len(c.Args) == 0 {
		return nil
	}
	if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") {
		return c.Args[0]
	}
	return nil
}

// branchReverts reports whether one side of condition node m leads only to the revert sink.
func branchReverts(g *CFG, m *Node) bool {
	for _, s := range m.Succs {
		if !g.Reachable(s, g.Exit) && (s == g.Revert || g.Reachable(s, g.Revert)) {
			return true
		}
	}
	return false
}

// IsLockName reports whether a modifier's name says it is a reentrancy guard: evidence only
// when the modifier's body is not available (its import is not shipped) to be checked.
func IsLockName(name string) bool {
	n := strings.ToLower(name)
	return strings.Contains(n, "nonreentrant") || strings.Contains(n, "reentran") || n == "lock" || n == "locked" ||
		strings.Contains(n, "mutex") || strings.Contains(n, "noreentry") || strings.HasSuffix(n, "lock")
}

// HasUnresolvedGuard reports whether fn uses a modifier named like a reentrancy guard whose
// body cannot be read (declared in a base or import the project does not ship): its name is
// the only evidence, and it is taken.
func (p *Program) HasUnresolvedGuard(fn *Function) bool {
	for i, inv := range fn.Invocations {
		if i < len(fn.Modifiers) && fn.Modifiers[i] != nil && fn.Modifiers[i].Body != nil {
			continue
		}
		names := inv.Name.Names
		if IsLockName(names[len(names)-1].Name) {
			return true
		}
	}
	return false
}

// yulCondOf returns the assembly condition a branch node is one side of, or nil.
func yulCondOf(d *Node) ast.YulExpr {
	if d.Kind == NodeBranch && d.Cond != nil {
		return d.Cond.YulCond()
	}
	return nil
}
