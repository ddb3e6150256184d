package solidity

import (
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// The reentrancy family shares one analysis: in a function anyone can call, find external
// calls (direct, or made by internal helpers the function calls) after which, on some path of
// the control-flow graph, state is written or an event emitted. What the call can do decides
// the detector: sending ether with all gas (REENTRANCY_ETH), calling out without ether
// (REENTRANCY_NO_ETH), send/transfer with their 2300-gas stipend (REENTRANCY_LIMITED_GAS), or
// only emitting events afterwards (REENTRANCY_EVENTS). Calls made while a reentrancy lock is
// held (sema.LockedAt: a location tested and then written on every path to the call, in a
// modifier, a helper, assembly or the function itself) are skipped, and so are functions
// under a guard modifier whose body is not shipped; functions only trusted callers can reach
// are reported one severity lower.

var ReentrancyETH = &detect.Analyzer{
	Template: detect.Template{
		ID:         "REENTRANCY_ETH",
		Name:       "Reentrancy with ether transfer",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> sends ether with an external call ` +
			`that forwards all remaining gas, and writes state (<code>${state_vars}</code>) after the call. ` +
			`The receiver can call back into the contract before the state is updated and, for example, withdraw again.</p>`,
		Remediation: `<p>Apply the checks-effects-interactions pattern: update all state before the external call. ` +
			`Alternatively protect the function with a reentrancy guard (OpenZeppelin <code>ReentrancyGuard</code>'s <code>nonReentrant</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_vars"},
		DetectionLogic:  "Control-flow graph: a value-sending call with unlimited gas reaches a state write in a public function without a reentrancy guard.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-107"},
		CWE:             []string{"CWE-841"},
		Languages:       []string{"solidity"},
		Slither:         "reentrancy-eth",
		Class:           "reentrancy",
	},
	Run: func(pass *detect.Pass) { runReentrancy(pass, reentrancyETH) },
}

var ReentrancyNoETH = &detect.Analyzer{
	Template: detect.Template{
		ID:         "REENTRANCY_NO_ETH",
		Name:       "Reentrancy without ether transfer",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> calls an external contract ` +
			`and writes state (<code>${state_vars}</code>) after the call. A malicious or hook-bearing callee (ERC777, ERC721 receivers, ` +
			`callbacks) can re-enter while the state is stale.</p>`,
		Remediation:     `<p>Write state before calling out (checks-effects-interactions), or add a reentrancy guard.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_vars"},
		DetectionLogic:  "Control-flow graph: an external call without ether reaches a state write in a public function without a reentrancy guard; lower severity when the callee is a contract the contract itself stores.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-107"},
		CWE:             []string{"CWE-841"},
		Languages:       []string{"solidity"},
		Slither:         "reentrancy-no-eth",
		Class:           "reentrancy",
	},
	Run: func(pass *detect.Pass) { runReentrancy(pass, reentrancyNoETH) },
}

var ReentrancyLimitedGas = &detect.Analyzer{
	Template: detect.Template{
		ID:         "REENTRANCY_LIMITED_GAS",
		Name:       "State change after send or transfer",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> writes state (<code>${state_vars}</code>) ` +
			`after <code>send</code> or <code>transfer</code>. The 2300-gas stipend prevents most reentrancy today, but gas costs change ` +
			`(EIP-1884 repriced opcodes) and the order still relies on it.</p>`,
		Remediation:     `<p>Update state before sending ether, and prefer pull payments.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_vars"},
		DetectionLogic:  "Control-flow graph: send or transfer reaches a state write in a public function.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-107"},
		CWE:             []string{"CWE-841"},
		Languages:       []string{"solidity"},
		Slither:         "reentrancy-unlimited-gas",
		Class:           "reentrancy",
	},
	Run: func(pass *detect.Pass) { runReentrancy(pass, reentrancyLimitedGas) },
}

var ReentrancyEvents = &detect.Analyzer{
	Template: detect.Template{
		ID:         "REENTRANCY_EVENTS",
		Name:       "Event emitted after external call",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> emits an event after an external call. ` +
			`A re-entrant call can make events appear out of order, misleading off-chain consumers.</p>`,
		Remediation:     `<p>Emit events before external calls.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic:  "Control-flow graph: an external call reaches an emit statement (and no state write, which the other reentrancy detectors report).",
		Version:         "1.0.0",
		SWC:             []string{"SWC-107"},
		CWE:             []string{"CWE-841"},
		Languages:       []string{"solidity"},
		Slither:         "reentrancy-events",
		Class:           "reentrancy",
	},
	Run: func(pass *detect.Pass) { runReentrancy(pass, reentrancyEvents) },
}

type reentrancyKind int

const (
	reentrancyETH reentrancyKind = iota
	reentrancyNoETH
	reentrancyLimitedGas
	reentrancyEvents
)

// outCall is an external call reached from a node: directly, or through the internal and
// library functions, function pointers, assembly and contracts created there (sema's actions).
type outCall struct {
	act    sema.Action
	call   *sema.Call     // the Solidity call, nil for assembly
	site   ast.Node       // where the entry function makes it (the call, or the helper call)
	info   *sema.FuncInfo // the facts of the function holding the call
	direct bool
}

func runReentrancy(pass *detect.Pass, kind reentrancyKind) {
	p := pass.Program
	for _, fn := range pass.Functions() {
		if !fn.IsEntryPoint() || fn.IsView() || p.HasUnresolvedGuard(fn) {
			continue
		}
		info := p.Info(fn)
		// One finding per call site: the most severe of the calls made there (a helper may
		// make several), whatever order they are listed in.
		bySite := map[ast.Node]int{}
		var found []detect.Finding
		var sevs []detect.Severity
		for _, rn := range reentrancyFacts(p, info) {
			n := rn.n
			for _, rc := range rn.calls {
				oc, k := rc.oc, rc.kind
				if k != kind && !(kind == reentrancyEvents) {
					continue
				}
				writes := rn.writes
				if len(oc.act.WritesAfter) > 0 {
					// State the code around the call writes after it, inside the helper
					// that makes it (a withdraw helper that calls, then zeroes the balance).
					writes = maps.Clone(writes)
					for _, v := range oc.act.WritesAfter {
						if _, ok := writes[v]; !ok {
							writes[v] = []ast.Node{oc.site}
						}
					}
				}
				if kind == reentrancyEvents {
					if len(writes) > 0 || !rn.emits {
						continue
					}
				} else {
					// Only stale state matters: a variable the function read before the call
					// (a check a re-entrant call passes again), or one another entry point
					// checks (cross-function reentrancy).
					writes = maps.Clone(writes)
					for v := range writes {
						if !rn.before[v] && !slices.Contains(oc.act.ReadsBefore, v) && !checkedElsewhere(p, pass.Contract, fn, v) {
							delete(writes, v)
						}
					}
					if len(writes) == 0 {
						continue
					}
				}
				site := oc.site
				if n.Fn != fn {
					// The call is made by a modifier: point at the modifier in the header.
					site = modifierSite(fn, n.Fn, site)
				}
				oc.site = site
				details := map[string]string{}
				var names []string
				var related []detect.Range
				for v, at := range writes {
					names = append(names, v.Name)
					for _, a := range at {
						related = append(related, detect.Range{Pos: a.Pos(), End: a.End()})
					}
				}
				sort.Strings(names)
				details["state_vars"] = strings.Join(names, ", ")
				f := detect.Finding{Pos: oc.site.Pos(), End: oc.site.End(), Details: details, Related: related, Function: fn.Name}
				f.Details["function_name"] = fnName(fn)
				sev := pass.Analyzer.Severity
				// A run-once initializer is called by whoever deploys the contract, with callees
				// the deployer picks, and its own modifier stops it being entered twice: the
				// same standing as a function only trusted callers reach.
				initializer := hasInitializerModifier(fn)
				if p.HasAccessControl(fn) || initializer {
					sev = lower(sev)
				}
				if kind == reentrancyNoETH && (initializer || !attackerChosen(p, fn, oc)) {
					sev = detect.Low
				}
				if sev != pass.Analyzer.Severity {
					f.Severity = sev
				}
				if i, ok := bySite[site]; ok {
					if sevs[i].Rank() < sev.Rank() {
						found[i], sevs[i] = f, sev
					}
					continue
				}
				bySite[site] = len(found)
				found, sevs = append(found, f), append(sevs, sev)
			}
		}
		for _, f := range found {
			pass.Report(f)
		}
	}
}

// reentrantNode is what the four reentrancy detectors share of a node of an entry point that
// makes external calls with no lock held: the calls that could re-enter with their kind, and
// the state written after the node and read before it.
type reentrantNode struct {
	n      *sema.Node
	calls  []reentrantCall
	writes map[*sema.Var][]ast.Node // shared by the detectors: copied before a change
	before map[*sema.Var]bool
	emits  bool // an event is emitted after the node
}

type reentrantCall struct {
	oc   outCall
	kind reentrancyKind
}

type reentrancyFactsKey struct{}

// reentrancyFacts returns the reentrantNodes of a function, in graph order, computed once for
// the four detectors (sema.Memo): the lock, dominator and reachability queries behind them,
// asked four times over, were the largest detector cost of a scan.
func reentrancyFacts(p *sema.Program, info *sema.FuncInfo) []reentrantNode {
	return sema.Memo(info, reentrancyFactsKey{}, func() []reentrantNode {
		g := info.CFG
		var out []reentrantNode
		for _, n := range g.Nodes {
			calls := externalCallsAt(p, n)
			if len(calls) == 0 || p.LockedAt(g, n) {
				continue
			}
			rn := reentrantNode{n: n}
			for _, oc := range calls {
				if k, ok := classifyReentrantCall(p, oc); ok {
					rn.calls = append(rn.calls, reentrantCall{oc, k})
				}
			}
			if len(rn.calls) == 0 {
				continue
			}
			rn.writes, rn.before, rn.emits = writesAfter(p, g, n), readsBefore(p, g, n), emitsAfter(g, n)
			out = append(out, rn)
		}
		return out
	})
}

// classifyReentrantCall says which reentrancy detector a call belongs to.
func classifyReentrantCall(p *sema.Program, oc outCall) (reentrancyKind, bool) {
	a := oc.act
	switch a.Kind {
	case sema.ActSend:
		return reentrancyLimitedGas, true
	case sema.ActCall:
		if a.Target.Has(sema.SrcThis) && !a.Target.Has(^sema.SrcThis) && len(a.Target.Vars) == 0 && a.Target.Params == 0 {
			return 0, false // this.f(): the contract's own code
		}
		if a.Sends {
			return reentrancyETH, true
		}
		return reentrancyNoETH, true
	}
	return 0, false
}

func isThis(x ast.Expr) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	return ok && id.Name == "this"
}

// attackerChosen reports whether the callee of a call is chosen by the caller of entry point fn
// (a parameter, msg.sender, calldata, state anyone may set) or unknown to the model (a call's
// result, code it cannot read), rather than a contract the contract stores or created itself.
func attackerChosen(p *sema.Program, fn *sema.Function, oc outCall) bool {
	if _, chosen := callerChoice(p, fn, oc.act.Target); chosen {
		return true
	}
	return oc.act.Target.Has(sema.SrcCallRet|sema.SrcUnknown|sema.SrcData) || oc.act.Target.Zero()
}

// externalCallsAt lists the external calls node n makes, directly or through the code it runs
// (sema.NodeActions).
func externalCallsAt(p *sema.Program, n *sema.Node) []outCall {
	var out []outCall
	for _, a := range p.NodeActions(n) {
		if a.Kind != sema.ActCall && a.Kind != sema.ActSend {
			continue
		}
		site := a.Site
		if site == nil {
			site = a.At
		}
		out = append(out, outCall{act: a, call: a.Call, site: site, info: p.Info(a.In), direct: a.Depth == 0})
	}
	return out
}

// writesAfter returns the state written on some path after node n (n excluded unless a loop
// brings it back).
func writesAfter(p *sema.Program, g *sema.CFG, n *sema.Node) map[*sema.Var][]ast.Node {
	out := map[*sema.Var][]ast.Node{}
	after := g.ReachableFrom(n)
	for _, m := range g.Nodes {
		if m.Kind != sema.NodeStmt || !after[m.ID] {
			continue
		}
		for v, at := range nodeWrites(p, m) {
			out[v] = append(out[v], at...)
		}
	}
	return out
}

func emitsAfter(g *sema.CFG, n *sema.Node) bool {
	after := g.ReachableFrom(n)
	for _, m := range g.Nodes {
		if _, ok := m.Stmt.(*ast.EmitStmt); ok && after[m.ID] {
			return true
		}
	}
	return false
}

// lower returns the next lower severity.
func lower(s detect.Severity) detect.Severity {
	switch s {
	case detect.Critical:
		return detect.High
	case detect.High:
		return detect.Medium
	case detect.Medium:
		return detect.Low
	}
	return detect.Informational
}

// stateVarsIn returns the state variables (and storage pointers' targets) an expression reads,
// including through locals copied from state (slot0Start = slot0).
func stateVarsIn(info *sema.FuncInfo, x ast.Expr) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*sema.Var); ok {
				if v.Kind == sema.StateVar {
					out[v] = true
				} else if origin := copiedFrom(info, v); origin != nil {
					out[origin] = true
				}
			}
		}
		return true
	})
	return out
}

// copiedFrom returns the state variable a local was initialised from (T memory x = stateVar).
func copiedFrom(info *sema.FuncInfo, v *sema.Var) *sema.Var {
	if v.Decl == nil {
		return nil
	}
	return sema.Memo(info, copiedFromKey{}, func() map[*ast.VarDecl]*sema.Var { return stateInitialisers(info) })[v.Decl]
}

type copiedFromKey struct{}

// stateInitialisers maps each local declared with a state variable as its value to that variable,
// in one walk of the body (copiedFrom is asked for every identifier of every condition).
func stateInitialisers(info *sema.FuncInfo) map[*ast.VarDecl]*sema.Var {
	out := map[*ast.VarDecl]*sema.Var{}
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if s, ok := n.(*ast.VarDeclStmt); ok && len(s.Vars) == 1 && s.Vars[0] != nil && s.Value != nil && out[s.Vars[0]] == nil {
			if r := info.RootVar(s.Value); r != nil && r.Kind == sema.StateVar {
				out[s.Vars[0]] = r
			}
		}
		return true
	})
	return out
}

// readsBefore returns the state variables read on the way to node n: in n itself and in every
// node from which n can be reached.
func readsBefore(p *sema.Program, g *sema.CFG, n *sema.Node) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	before := g.Reaching(n)
	for _, m := range g.Nodes {
		if m != n && !before[m.ID] {
			continue
		}
		for _, v := range nodeStateReads(p, m) {
			out[v] = true
		}
	}
	return out
}

// checkedElsewhere reports whether another entry point the callee could call back into tests v
// in a condition (require, assert, if), in its body, its modifiers or the internal functions it
// reaches: a re-entrant call into it would see the stale value. View functions are left to the
// read-only reentrancy detector, and functions only trusted callers pass (onlyOwner) are out of
// a re-entering callee's reach.
func checkedElsewhere(p *sema.Program, c *sema.Contract, fn *sema.Function, v *sema.Var) bool {
	if c == nil {
		return false
	}
	for _, g := range c.AllFunctions() {
		if g == fn || !g.IsEntryPoint() || g.IsView() || g.Body == nil || p.HasAccessControl(g) {
			continue
		}
		for _, h := range append([]*sema.Function{g}, p.Callees(g)...) {
			if h.Body != nil && testsVar(p.Info(h), v) {
				return true
			}
		}
	}
	return false
}

// testsVar reports whether a condition of the function (if, require, assert) reads v.
func testsVar(info *sema.FuncInfo, v *sema.Var) bool {
	if info == nil {
		return false
	}
	return sema.Memo(info, testedStateKey{}, func() map[*sema.Var]bool { return testedState(info) })[v]
}

type testedStateKey struct{}

// testedState returns the state variables the conditions of a function test (once per
// function: checkedElsewhere asks for every write after every call).
func testedState(info *sema.FuncInfo) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	visitKinds(info.Fn.BodyTree(), testedKinds, func(n ast.Node) bool {
		if cond := testedCondition(n); cond != nil {
			for v := range stateVarsIn(info, cond) {
				out[v] = true
			}
		}
		return true
	})
	return out
}

// modifierSite returns the invocation of modifier m in fn's header, or def when not found.
func modifierSite(fn, m *sema.Function, def ast.Node) ast.Node {
	for i, mod := range fn.Modifiers {
		if mod == m && i < len(fn.Invocations) {
			return fn.Invocations[i]
		}
	}
	return def
}
