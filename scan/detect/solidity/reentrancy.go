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
		DetectionLogic: "Function summaries (sema Actions): a call that sends ether with gas to forward, made by an entry point or the helpers, " +
			"libraries, modifiers and assembly it runs, to a callee the caller can pick (a parameter, msg.sender, calldata, storage " +
			"anyone fills), with no lock held on the way, followed by a write of state the function read before the call " +
			"(or another entry point checks) and no reverting re-check in between; the caller's own entries funded by the caller are " +
			"no race. Low when the callee comes from storage anyone fills or cannot be traced, or is a contract the protocol names itself",
		Version:   "1.0.0",
		SWC:       []string{"SWC-107"},
		CWE:       []string{"CWE-841"},
		Languages: []string{"solidity"},
		Slither:   "reentrancy-eth",
		Class:     "reentrancy",
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
		DetectionLogic: "As REENTRANCY_ETH for calls that send no ether: a call out to a callee the caller can pick, unlocked, followed by a " +
			"write of state read before it (stale state a re-entrant call finds); view calls (STATICCALL), calls of missing " +
			"libraries and initializers are left out; low severity when the callee is a contract the protocol names itself",
		Version:   "1.0.0",
		SWC:       []string{"SWC-107"},
		CWE:       []string{"CWE-841"},
		Languages: []string{"solidity"},
		Slither:   "reentrancy-no-eth",
		Class:     "reentrancy",
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
				if oc.act.Depth > 0 {
					// Made inside a helper the node calls: the helper's writes after the call
					// are in its summary (WritesAfter); the node's own writes met again on the
					// next turn of a loop are made before that turn's call.
					writes = withoutNodeOwn(p, rn.n, writes)
				}
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
					// checks (cross-function reentrancy); and not the callee's own
					// accounting (deposits[token] after token.transferFrom).
					writes = maps.Clone(writes)
					for v := range writes {
						if !rn.before[v] && !slices.Contains(oc.act.ReadsBefore, v) && !checkedElsewhere(p, pass.Contract, fn, v) ||
							calleesOwnEntry(p, fn, rn, oc, v) {
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
				f, sev := reentrancyFinding(pass, fn, rn.n, oc, kind, writes)
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

// reentrancyFinding builds the finding of a call that may re-enter with state written after
// it, its severity and evidence. A callee the caller cannot pick (a contract the protocol
// stores and only trusted code sets, an immutable, one it created) re-enters only if that
// contract turns hostile: low. Functions only trusted callers reach, and run-once
// initializers (the deployer picks the callees), are one step lower.
func reentrancyFinding(pass *detect.Pass, fn *sema.Function, n *sema.Node, oc outCall, kind reentrancyKind, writes map[*sema.Var][]ast.Node) (detect.Finding, detect.Severity) {
	p := pass.Program
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
	details["function_name"] = fnName(fn)
	ev := &detect.Evidence{}
	f := detect.Finding{Pos: oc.site.Pos(), End: oc.site.End(), Details: details, Related: related, Function: fn.Name, Evidence: ev}
	what := "external call"
	switch {
	case oc.act.Kind == sema.ActSend:
		what = oc.call.Name + " (2300 gas)"
	case oc.act.Sends:
		what = "call sending ether"
	}
	ev.Add(what + " in " + oc.act.In.QualifiedName() + reachedHow(p, fn, oc.act))
	sev := pass.Analyzer.Severity
	if kind == reentrancyETH || kind == reentrancyNoETH {
		how, chosen, open := calleeChoice(p, pass.Contract, fn, oc.act, n)
		switch {
		case chosen && oc.act.Target.Params == 0 && !oc.act.Target.Has(sema.SrcSender|sema.SrcOrigin|sema.SrcData):
			// Calibrated on audited code: a callee read from storage anyone fills was, there,
			// a value other conditions kept from reaching the call (a first bid's recipient).
			ev.Add("the callee comes from " + how)
			ev.Guess("whether a value set there reaches this call on its path is not proven")
		case chosen:
			ev.Add("the callee comes from " + how)
		case open:
			// Calibrated too: untraceable callees on audited code were the protocol's own.
			ev.Guess("the callee is " + how + ": whether the caller picks it is not known")
		default:
			ev.Add("the callee is a contract the protocol names itself (stored by trusted code, immutable or created)")
			sev = detect.Low
		}
	}
	if kind != reentrancyEvents {
		ev.Add("state written after it and read before it or checked by another entry point: " + details["state_vars"])
	}
	// A run-once initializer is called by whoever deploys the contract, with callees the
	// deployer picks, and its own modifier stops it being entered twice: the same standing as
	// a function only trusted callers reach.
	if p.HasAccessControl(fn) || hasInitializerModifier(fn) {
		ev.Add("only trusted callers reach " + fnName(fn))
		sev = lower(sev)
	}
	if p.RestsOnUnresolved(fn) {
		ev.Assume("code the scan could not read may hold a lock or a check")
	}
	if sev != pass.Analyzer.Severity {
		f.Severity = sev
	}
	return f, sev
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
		var stale *sema.Staleness
		for _, n := range g.Nodes {
			calls := externalCallsAt(p, n)
			if len(calls) == 0 || p.LockedAt(g, n) || revertsAfter(g, n) {
				continue
			}
			rn := reentrantNode{n: n}
			for _, oc := range calls {
				if oc.act.Locked {
					continue // made under a lock the code it runs takes (super.f() with nonReentrant)
				}
				if k, ok := classifyReentrantCall(p, oc); ok {
					rn.calls = append(rn.calls, reentrantCall{oc, k})
				}
			}
			if len(rn.calls) == 0 {
				continue
			}
			rn.writes, rn.before, rn.emits = writesAfter(p, g, n), readsBefore(p, g, n), emitsAfter(g, n)
			if stale == nil {
				stale = p.Staleness(g)
			}
			for v := range rn.writes {
				if stale.FreshAfter(n, v) {
					delete(rn.writes, v) // read anew before it is written: not stale
				}
			}
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

// tokenMoves are the functions of the token standards (ERC-20, ERC-721, ERC-1155, WETH) that
// move or create the token's own units: a call of one of them on a token runs the token's code
// about its own balances.
var tokenMoves = map[string]bool{"transfer": true, "transferFrom": true, "safeTransfer": true, "safeTransferFrom": true,
	"burn": true, "mint": true, "deposit": true, "withdraw": true, "approve": true, "safeApprove": true, "permit": true}

// calleesOwnEntry reports whether the stale variable v is only the called token's own entry:
// every write of v after the call (in the function making the call and in the entry point)
// is an entry indexed by the token's address, and not by the caller (deposits[token][remote] =
// stale + amount after token.transferFrom(...)). A token that re-enters then only finds its own
// accounting stale, and what that accounting pays out is paid in the token itself, which it
// already controls; a record of the caller's would be stale for the caller's own hook.
// Ether sent, or a call that is not one of the token's own moves (a hook, a callback), keeps
// the entry shared: the caller's record pays out the contract's ether or another asset.
func calleesOwnEntry(p *sema.Program, fn *sema.Function, rn reentrantNode, oc outCall, v *sema.Var) bool {
	a := oc.act
	if a.Sends || a.Call == nil || a.Call.Target == nil || !tokenMoves[a.Call.Name] || a.Target.Params == 0 {
		return false
	}
	in := p.Info(a.In)
	if in == nil || in.CFG == nil {
		return false
	}
	key := p.DepsOf(in).Of(a.Call.Target)
	if key.Params == 0 {
		return false
	}
	seen := false
	// In the function making the call, after it.
	if a.In != fn {
		cn := nodeHolding(in, a.At)
		if cn == nil {
			return false
		}
		after := in.CFG.ReachableFrom(cn)
		for _, m := range in.CFG.Nodes {
			if !after[m.ID] || m.Kind != sema.NodeStmt && m.Kind != sema.NodeCond {
				continue
			}
			ok, any := entriesKeyedBy(p, in, m, v, key)
			if !ok {
				return false
			}
			seen = seen || any
		}
	}
	// In the entry point, after the node making the call.
	entry := p.Info(fn)
	after := entry.CFG.ReachableFrom(rn.n)
	for _, m := range entry.CFG.Nodes {
		if !after[m.ID] || m.Kind != sema.NodeStmt && m.Kind != sema.NodeCond {
			continue
		}
		if a.In == fn {
			ok, any := entriesKeyedBy(p, entry, m, v, key)
			if !ok {
				return false
			}
			seen = seen || any
		} else if _, writes := nodeWrites(p, m)[v]; writes {
			return false // written again by the entry point: not traced to the token's key
		}
	}
	return seen
}

// entriesKeyedBy reports whether every write of v that node m makes is, in m's own code, an
// entry indexed by a value whose origins cover key; any tells whether m writes v at all.
func entriesKeyedBy(p *sema.Program, info *sema.FuncInfo, m *sema.Node, v *sema.Var, key sema.Prov) (ok, any bool) {
	ats := nodeWrites(p, m)[v]
	if len(ats) == 0 || m.Fn != info.Fn {
		return len(ats) == 0, false
	}
	d := p.DepsOf(info)
	for _, at := range ats {
		lhs := lvalueOf(at)
		if lhs == nil {
			return false, true
		}
		keyed, callers := false, false
		for _, ix := range indexesOf(lhs) {
			k := d.Of(ix)
			if k.Params&key.Params == key.Params {
				keyed = true
			}
			// An entry of the caller's too: an ERC-777 or ERC-721 hook on the caller's side of
			// the transfer re-enters with the caller's record stale.
			callers = callers || k.Has(sema.SrcSender|sema.SrcOrigin)
		}
		if !keyed || callers {
			return false, true
		}
	}
	return true, true
}

// revertsAfter reports whether every path on from node n reverts (a query that runs the
// operation and reverts with its result): whatever a re-entrant call does there is undone.
func revertsAfter(g *sema.CFG, n *sema.Node) bool {
	after := g.ReachableFrom(n)
	return !after[g.Exit.ID] && !after[g.Halt.ID]
}

// withoutNodeOwn returns writes without the variables only node n itself writes.
func withoutNodeOwn(p *sema.Program, n *sema.Node, writes map[*sema.Var][]ast.Node) map[*sema.Var][]ast.Node {
	own := nodeWrites(p, n)
	if len(own) == 0 {
		return writes
	}
	var out map[*sema.Var][]ast.Node
	for v, ats := range writes {
		only := true
		for _, at := range ats {
			if !slices.Contains(own[v], at) {
				only = false
			}
		}
		if only {
			if out == nil {
				out = maps.Clone(writes)
			}
			delete(out, v)
		}
	}
	if out == nil {
		return writes
	}
	return out
}
