package solidity

import (
	"slices"
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TransactionOrderDependence reports ether transfers whose recipient or amount is a state
// variable that another public function writes. Both transactions sit in the mempool at the
// same time; whoever orders them (a miner, a bot paying more gas) decides whether the payment
// goes to the old or the new recipient, or pays the old or the new amount: play() sets
// winner = msg.sender while getReward() pays winner; setReward() changes the reward while
// claimReward() pays it. Per-caller entries (balances[msg.sender]) are not shared and are
// left alone. Medium when anyone can call the writer, low when only a trusted role can (the
// role can still front-run claimants); recipients only an admin sets are left alone.
var TransactionOrderDependence = &detect.Analyzer{
	Template: detect.Template{
		ID:         "TRANSACTION_ORDER_DEPENDENCE",
		Name:       "Transaction order dependence",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> sends ether whose ${role} ` +
			`depends on <code>${state_var}</code>, which <code>${writer}</code> changes. When both transactions are pending, ` +
			`their order (chosen by the block producer or by whoever pays more gas) decides who is paid or how much: ` +
			`a front-runner can change the value just before the payment executes.</p>`,
		Remediation: `<p>Make the outcome independent of ordering: fix the amount or recipient in the same transaction that ` +
			`pays (pull payments keyed by the caller), use commit-reveal, or let the caller state the value it expects and revert when it changed.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "role", "state_var", "writer"},
		DetectionLogic: "An ether transfer whose recipient or amount reads state that a competing writer replaces with a value it chooses " +
			"(sema WritersChoosing: an overwrite with a caller-chosen value, msg.value included, into an entry that is not the " +
			"writer's own), or that a trusted role changes; initializers, bookkeeping that adds what callers pay in and each caller's " +
			"own entry are no race; low when only trusted roles write it",
		Version:   "1.0.0",
		SWC:       []string{"SWC-114"},
		CWE:       []string{"CWE-362"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "tod",
	},
	Run: runTOD,
}

func runTOD(pass *detect.Pass) {
	p := pass.Program
	c := pass.Contract
	// Interfaces are not skipped: code injected into them (or declared with bodies by old
	// compilers' leniency) still deserves the check.
	if c == nil || c.IsLibrary() || !slices.ContainsFunc(bodies(pass.Functions()), func(fn *sema.Function) bool { return sendsEtherIn(p, fn) }) {
		return // the writers of the contract's state matter only to a function sending ether
	}
	var entries []*sema.Function
	for _, g := range c.AllFunctions() {
		if g.IsEntryPoint() && !g.IsView() {
			entries = append(entries, g)
		}
	}
	writers := map[*sema.Var][]*sema.Function{}
	for _, g := range entries {
		for v := range p.TransitiveWrites(g) {
			writers[v] = append(writers[v], g)
		}
	}
	for _, fn := range bodies(pass.Functions()) {
		// Internal helpers pay on behalf of the public functions that call them: every public
		// writer counts then, the calling one included (odds-and-evens games pay the players
		// stored by earlier calls from inside play()).
		if fn.IsModifier || fn.IsConstructor() || !sendsEtherIn(p, fn) || (!fn.IsEntryPoint() && !reachedFromEntry(p, entries, fn)) {
			continue
		}
		info := p.Info(fn)
		copies := stateCopies(p, info)
		for _, call := range info.Calls {
			if !sendsEther(call) {
				continue
			}
			type dep struct {
				v    *sema.Var
				role string
			}
			var deps []dep
			for v := range sharedStateIn(p, info, call.Target, copies) {
				deps = append(deps, dep{v, "recipient"})
			}
			for v := range sharedStateIn(p, info, call.Value, copies) {
				// to.transfer(owed[to]): the recipient's own entry, not shared
				if call.Target != nil && readsEntryOf(p, call.Value, call.Target) {
					continue
				}
				deps = append(deps, dep{v, "amount"})
			}
			sort.Slice(deps, func(i, j int) bool { return deps[i].v.Name < deps[j].v.Name })
			for _, d := range deps {
				// A competing transaction matters when its writer picks the value: anyone
				// setting it to what they choose (winner = msg.sender, reward = msg.value), or
				// a trusted role changing an amount. Protocol bookkeeping that no caller
				// steers (debt updated by computed amounts), an initializer that runs once,
				// and each caller's own entry are no race a front-runner wins.
				choosing := p.WritersChoosing(c, d.v, sema.SrcValue, true)
				var open, trusted []string
				for _, g := range writers[d.v] {
					if g == fn && fn.IsEntryPoint() || p.RunsOnce(g) {
						continue
					}
					if p.HasAccessControl(g) {
						trusted = append(trusted, fnName(g))
					} else if slices.Contains(choosing, g) {
						open = append(open, fnName(g))
					}
				}
				sev := detect.Medium
				names := open
				if len(open) == 0 {
					if len(trusted) == 0 || d.role == "recipient" {
						continue
					}
					sev, names = detect.Low, trusted
				}
				reportAt(pass, call.Expr, fn, map[string]string{"role": d.role, "state_var": d.v.Name, "writer": strings.Join(names, ", ")}, sev, "")
				break
			}
		}
	}
}

// stateCopies maps locals to the state variables they were assigned from (uint r = reward).
func stateCopies(p *sema.Program, info *sema.FuncInfo) map[*sema.Var]map[*sema.Var]bool {
	out := map[*sema.Var]map[*sema.Var]bool{}
	if info.Fn.Body == nil {
		return out
	}
	add := func(local *sema.Var, x ast.Expr) bool {
		if local == nil || local.Kind == sema.StateVar || x == nil {
			return false
		}
		changed := false
		for v := range sharedStateIn(p, info, x, out) {
			if out[local] == nil {
				out[local] = map[*sema.Var]bool{}
			}
			if !out[local][v] {
				out[local][v] = true
				changed = true
			}
		}
		return changed
	}
	for round := 0; round < 4; round++ {
		changed := false
		info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.VarDeclStmt:
				if len(s.Vars) == 1 && s.Vars[0] != nil {
					for _, v := range info.Fn.Locals {
						if v.Decl == s.Vars[0] {
							changed = add(v, s.Value) || changed
						}
					}
				}
			case *ast.AssignExpr:
				if id, ok := s.Lhs.(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*sema.Var); ok {
						changed = add(v, s.Rhs) || changed
					}
				}
			}
			return true
		})
		if !changed {
			break
		}
	}
	return out
}

// sharedStateIn returns the mutable state variables x reads that all callers share: not
// constants, and not mapping entries keyed by the caller (balances[msg.sender]).
func sharedStateIn(p *sema.Program, info *sema.FuncInfo, x ast.Expr, copies map[*sema.Var]map[*sema.Var]bool) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	if x == nil {
		return out
	}
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.IndexExpr:
			if mentionsGlobal(info, e.Index, "msg", "sender") {
				return false // per-caller entry
			}
		case *ast.CallExpr:
			// balanceOf(x), getters: what a call returns is not this contract's state variable.
			if c := info.CallOf[e]; c != nil && c.Kind != sema.CallConversion {
				return false
			}
		case *ast.Ident:
			if v, ok := info.Uses[e].(*sema.Var); ok {
				if v.Kind == sema.StateVar && !v.IsConstant() {
					out[v] = true
				} else if v.Kind != sema.StateVar {
					for s := range copies[v] {
						out[s] = true
					}
				}
			}
		}
		return true
	})
	return out
}

// isHashCall reports whether c is keccak256/sha3/sha256(...).
func isHashCall(c *ast.CallExpr) bool {
	id, ok := c.Fun.(*ast.Ident)
	return ok && (id.Name == "keccak256" || id.Name == "sha3" || id.Name == "sha256" || id.Name == "ripemd160")
}

// reachedFromEntry reports whether an internal function is called by one of the entries.
func reachedFromEntry(p *sema.Program, entries []*sema.Function, fn *sema.Function) bool {
	for _, e := range entries {
		for _, g := range p.Callees(e) {
			if g == fn {
				return true
			}
		}
	}
	return false
}

// readsEntryOf reports whether x reads a mapping entry whose key is the text of key.
func readsEntryOf(p *sema.Program, x, key ast.Expr) bool {
	k := normText(p, key)
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && ix.Index != nil && normText(p, ix.Index) == k {
			found = true
		}
		return !found
	})
	return found
}

// sendsEtherIn reports whether a call of fn's own body sends ether.
func sendsEtherIn(p *sema.Program, fn *sema.Function) bool {
	info := p.Info(fn)
	return info != nil && slices.ContainsFunc(info.Calls, sendsEther)
}
