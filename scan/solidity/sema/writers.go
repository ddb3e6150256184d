package sema

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Who can write each state variable. A check against stored state (msg.sender == owner,
// admins[msg.sender]) is only as good as the guard on the code that writes it: a contract whose
// `setOwner(address a) public { owner = a; }` anyone may call lets anyone become the owner, then
// pass every onlyOwner check (a takeover in two transactions). A variable is compromised in a
// contract when one of the contract's entry points writes it, without a guard, with a value the
// caller chooses: a plain variable set from a parameter, the caller or calldata, or a flag of a
// one-level mapping set under a key the caller chooses (register() { members[msg.sender] = true;
// } makes membership no check at all). Run-once initializers are left to their own detector:
// whoever deploys calls them first.

// StateWrite is one write of a state variable reached from an entry point.
type StateWrite struct {
	Fn   *Function // the function whose graph holds Node
	Node *Node     // the node that writes (itself, or by calling a helper that does)
	Var  *Var
	At   ast.Node  // the write in the code (an assignment, delete, push, sstore), perhaps in a helper
	In   *Function // the function (or helper, or modifier) whose code holds At
	// Value is what the written value depends on, Key what the mapping key does (for writes
	// of one entry of a mapping); for a write in a helper, the arguments of the call stand for
	// the helper's parameters.
	Value, Key Source
	Mapping    bool // a write of an entry (m[k] = v), not of the whole variable
}

type writesKey struct{}

// StateWrites lists the state writes of fn's graph, its own and those of the internal functions
// its nodes call (a few calls deep).
func (p *Program) StateWrites(fn *Function) []StateWrite {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return nil
	}
	return Memo(info, writesKey{}, func() []StateWrite {
		var out []StateWrite
		for _, n := range info.CFG.Nodes {
			code := n.Code()
			ni := p.Info(n.Fn)
			if code == nil || ni == nil {
				continue
			}
			for _, w := range p.writesIn(ni, code, 0) {
				w.Fn, w.Node = fn, n
				out = append(out, w)
			}
		}
		return out
	})
}

// writesIn lists the state writes of code x in the function whose facts are info, with those of
// the internal functions it calls (depth bounds the chain).
func (p *Program) writesIn(info *FuncInfo, x ast.Node, depth int) []StateWrite {
	var out []StateWrite
	for v, ats := range p.Writes(info, x) {
		for _, at := range ats {
			w := StateWrite{Var: v, At: at, In: info.Fn}
			w.Value, w.Key, w.Mapping = p.writeSources(info, at)
			out = append(out, w)
		}
	}
	if depth >= 3 {
		return out
	}
	sub := info.Fn.BodyTree().In(x)
	for n := range sub.Preorder(callKinds) {
		call := n.(*ast.CallExpr)
		c := info.CallOf[call]
		if c == nil || c.Kind != CallInternal && c.Kind != CallLibrary {
			continue
		}
		var args Source
		for _, a := range call.Args {
			if info.Flow != nil {
				args |= info.Flow.Of(a)
			}
		}
		if c.Bound != nil && info.Flow != nil {
			args |= info.Flow.Of(c.Bound)
		}
		for _, g := range c.Callees {
			gi := p.Info(g)
			if gi == nil || g.Body == nil || g.IsView() {
				continue
			}
			for _, w := range p.helperWrites(gi, depth+1) {
				// the helper's parameters are what this call passes
				if w.Value.Has(SrcParam) {
					w.Value = w.Value&^SrcParam | args
				}
				if w.Key.Has(SrcParam) {
					w.Key = w.Key&^SrcParam | args
				}
				out = append(out, w)
			}
		}
	}
	return out
}

type helperWritesKey struct{ depth int }

// helperWrites lists the state writes of a helper's whole body (memoised per helper and depth).
func (p *Program) helperWrites(gi *FuncInfo, depth int) []StateWrite {
	return Memo(gi, helperWritesKey{depth}, func() []StateWrite {
		return p.writesIn(gi, gi.Fn.Body, depth)
	})
}

var callKinds = inspect.Of((*ast.CallExpr)(nil))

// writeSources tells what the value written at `at` depends on, and the key for a mapping
// entry.
func (p *Program) writeSources(info *FuncInfo, at ast.Node) (value, key Source, mapping bool) {
	of := func(x ast.Expr) Source {
		if info.Flow == nil || x == nil {
			return 0
		}
		return info.Flow.Of(x)
	}
	lhsKey := func(lhs ast.Expr) {
		if ix, ok := ast.Unparen(lhs).(*ast.IndexExpr); ok && ix.Index != nil {
			mapping = true
			key = of(ix.Index)
		}
	}
	switch w := at.(type) {
	case *ast.AssignExpr:
		lhsKey(w.Lhs)
		value = of(w.Rhs)
		if w.Op != token.ASSIGN {
			value |= of(w.Lhs)
		}
	case *ast.UnaryExpr:
		lhsKey(w.X) // ++, --, delete: no value of the caller's choice
	case *ast.CallExpr: // push(x)
		for _, a := range w.Args {
			value |= of(a)
		}
	case *ast.YulCall: // sstore(slot, v)
		if len(w.Args) == 2 {
			value = p.yulValueSources(info, w.Args[1])
		}
	}
	return value, key, mapping
}

// yulValueSources tells, roughly, what an assembly value depends on: calldata, the caller,
// Solidity variables it names.
func (p *Program) yulValueSources(info *FuncInfo, x ast.YulExpr) Source {
	var src Source
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.YulCall:
			switch e.Name.Name {
			case "calldataload", "calldatacopy":
				src |= SrcData
			case "caller":
				src |= SrcSender
			case "origin":
				src |= SrcOrigin
			case "callvalue":
				src |= SrcValue
			}
		case *ast.YulIdent:
			if v := info.YulUses[e]; v != nil && info.Flow != nil {
				src |= info.Flow.Var(v)
			}
		}
		return true
	})
	return src
}

// attackerChosen is what a caller controls in a written value.
const attackerChosen = SrcParam | SrcSender | SrcOrigin | SrcData

type compromisedKey struct{}

// compromisedIn returns the state variables anyone may set to a value of their choice through
// the entry points of contract c (see the top of this file). Guards are read naively here
// (stored values trusted), which is what finding the first unguarded writer needs.
func (p *Program) compromisedIn(c *Contract) map[*Var]bool {
	if c == nil {
		return nil
	}
	return Memo(c, compromisedKey{}, func() map[*Var]bool {
		var out map[*Var]bool
		for _, fn := range c.AllFunctions() {
			if !fn.IsEntryPoint() || fn.IsView() || p.RunsOnce(fn) {
				continue
			}
			// Parameters a check pins to what the caller cannot choose (a proof against a
			// stored root) are not the caller's choice.
			free := attackerChosen
			if n := len(fn.Params); n > 0 && n < 63 && p.BoundParams(fn) == 1<<uint(n)-1 {
				free &^= SrcParam
			}
			for _, w := range p.StateWrites(fn) {
				if w.Var.Kind != StateVar || w.Var.IsConstant() {
					continue
				}
				chosen := w.Value.Has(free) && !w.Mapping ||
					w.Mapping && w.Key.Has(free) && p.oneLevelFlagMap(w.Var)
				if !chosen || p.isGuarded(fn, w.Node, checkCtx{naive: true, in: c, owner: fn}) {
					continue
				}
				if out == nil {
					out = map[*Var]bool{}
				}
				out[w.Var] = true
			}
		}
		return out
	})
}

// oneLevelFlagMap reports whether v is a mapping from a key to a flag (bool, or an integer used
// as one): membership, not amounts or nested approvals.
func (p *Program) oneLevelFlagMap(v *Var) bool {
	m, ok := v.Type.(*MappingType)
	if !ok {
		return false
	}
	e, ok := m.Value.(*Elementary)
	return ok && e.Name == "bool"
}

// Compromised reports whether anyone may set state variable v to a value of their choice in
// contract c (c's own functions and those it inherits).
func (p *Program) Compromised(c *Contract, v *Var) bool { return p.compromisedIn(c)[v] }

type runsOnceKey struct{}

// runsOnceByModifier reports whether fn carries an initializer modifier (whose code may not be
// shipped: OpenZeppelin's initializer, reinitializer).
func (p *Program) runsOnceByModifier(fn *Function) bool {
	for _, inv := range fn.Invocations {
		name := inv.Name.Names[len(inv.Name.Names)-1].Name
		if strings.Contains(strings.ToLower(name), "initializ") {
			return true
		}
	}
	return false
}

// RunsOnce reports whether fn can run only once: an initializer modifier (whose code may not be
// shipped: OpenZeppelin's initializer, reinitializer), or a flag the function tests and then
// sets, that no code of the program sets back.
func (p *Program) RunsOnce(fn *Function) bool {
	if p.runsOnceByModifier(fn) {
		return true
	}
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return false
	}
	return Memo(info, runsOnceKey{}, func() bool {
		// A call, on every path, of a function that runs once makes this one run once too
		// (initialize(...) external { initialize(defaults...); } with the initializer on the
		// callee).
		passed := info.CFG.PassedOnEveryPath(func(d *Node) bool {
			call := stmtCall(d.Stmt)
			if d.Kind != NodeStmt || call == nil {
				return false
			}
			c := p.Info(d.Fn).CallOf[call]
			if c == nil || len(c.Callees) == 0 || c.Kind != CallInternal {
				return false
			}
			for _, g := range c.Callees {
				if g == fn || !p.runsOnceByModifier(g) {
					return false
				}
			}
			return true
		})
		if endsDominated(info.CFG, passed) || p.runsOnceBySlot(fn, info) {
			return true
		}
		tested := map[*Var]bool{}
		for _, gt := range p.Gates(info.CFG, info.CFG.Exit) {
			ast.Inspect(gt.Cond, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v, ok := gt.Info.Uses[id].(*Var); ok && v.Kind == StateVar {
						tested[v] = true
					}
				}
				return true
			})
		}
		// Flags tested in assembly too: if sload(initialized.slot) { revert(0, 0) }.
		for d := range info.CFG.dominatorsOf(info.CFG.Exit) {
			if d.Kind != NodeBranch || d.Cond == nil || d.Cond.YulCond() == nil {
				continue
			}
			ci := p.Info(d.Fn)
			ast.Inspect(d.Cond.YulCond(), func(n ast.Node) bool {
				if id, ok := n.(*ast.YulIdent); ok && ci != nil {
					if v := ci.YulUses[id]; v != nil && v.Kind == StateVar {
						tested[v] = true
					}
				}
				return true
			})
		}
		// A lock (nonReentrant) is tested, set and set back by the same call; an initializer's
		// flag is only set, and no code ever sets it back.
		resets := map[*Var]bool{}
		sets := map[*Var][]*Node{} // where each flag is set
		for _, w := range p.StateWrites(fn) {
			if !tested[w.Var] {
				continue
			}
			// A plain assignment of a constant, in Solidity or by sstore(flag.slot, 1).
			if c, isConst := writtenConst(w.At); isConst && c != "0" {
				sets[w.Var] = append(sets[w.Var], w.Node)
			} else {
				resets[w.Var] = true
			}
		}
		for v, at := range sets {
			// The flag is set on every way through: a flag set only in one branch (closed =
			// true once a goal is met) lets the function run until then.
			everyPath := endsDominated(info.CFG, info.CFG.PassedOnEveryPath(func(d *Node) bool { return slices.Contains(at, d) }))
			if values, ok := p.ConstValues(v); ok && len(values) == 2 && !resets[v] && everyPath && !p.ClearedElsewhere(fn, v) {
				return true
			}
		}
		return false
	})
}

// ClearedElsewhere reports whether another entry point of fn's contract sets the once-flag v
// back to zero (false, 0 or delete): fn can then run again after it. A write of a computed
// value is not counted: whether it can be zero is not known.
func (p *Program) ClearedElsewhere(fn *Function, v *Var) bool {
	if fn.Contract == nil {
		return false
	}
	for _, g := range fn.Contract.AllFunctions() {
		if g == fn || g.Body == nil || !g.IsPublic() || g.IsConstructor() {
			continue
		}
		for _, w := range p.StateWrites(g) {
			if w.Var != v {
				continue
			}
			if c, ok := writtenConst(w.At); ok && c == "0" && wholeWrite(w.At) {
				return true
			}
		}
	}
	return false
}

// wholeWrite reports whether a write sets a variable as a whole (x = 0, delete x, an sstore at
// x.slot), not one of its members or entries (a struct's other field may be the flag).
func wholeWrite(at ast.Node) bool {
	switch w := at.(type) {
	case *ast.AssignExpr:
		_, ok := ast.Unparen(w.Lhs).(*ast.Ident)
		return ok
	case *ast.UnaryExpr:
		_, ok := ast.Unparen(w.X).(*ast.Ident)
		return ok
	case *ast.YulCall:
		return true
	}
	return false
}
