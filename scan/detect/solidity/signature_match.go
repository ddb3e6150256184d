package solidity

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// This file holds what the signature detectors share: where a public function verifies a
// signature (itself, or through helpers and libraries), and what its signed digest contains.

// sigSite is a place where an entry function has a signature checked.
type sigSite struct {
	node *sema.Node
	call *sema.Call // the call in the entry function that leads to the recovery
}

// isRecoverName reports whether a function name recovers or checks a signer.
func isRecoverName(name string) bool {
	// ecrecover contains recover
	return containsLower(name, "recover", "isvalidsignature", "verifysig", "checksig")
}

// reachesRecover reports whether calling c ends in a signature recovery.
func reachesRecover(p *sema.Program, c *sema.Call) bool {
	if c.Kind == sema.CallBuiltin && c.Name == "ecrecover" {
		return true
	}
	if c.Kind == sema.CallEvent || c.Kind == sema.CallError || c.Kind == sema.CallConversion {
		return false
	}
	if isRecoverName(c.Name) {
		return true
	}
	if (c.Kind == sema.CallInternal || c.Kind == sema.CallLibrary) && c.Callee != nil {
		if ci := p.Info(c.Callee); ci != nil {
			return sema.Memo(ci, recoversKey{}, func() bool { return recovers(p, c.Callee) })
		}
		return recovers(p, c.Callee)
	}
	return false
}

type recoversKey struct{}

// recovers reports whether fn or a function it reaches recovers a signer (once per function,
// not once per call site).
func recovers(p *sema.Program, fn *sema.Function) bool {
	return callsInReach(p, fn, func(gc *sema.Call) bool {
		return gc.Kind == sema.CallBuiltin && gc.Name == "ecrecover" || isRecoverName(gc.Name) && gc.Kind != sema.CallEvent
	})
}

// callsInReach reports whether fn or a function it reaches makes a call for which is returns true.
func callsInReach(p *sema.Program, fn *sema.Function, is func(*sema.Call) bool) bool {
	for _, g := range withCallees(p, fn) {
		if gi := p.Info(g); gi != nil && slices.ContainsFunc(gi.Calls, is) {
			return true
		}
	}
	return false
}

// signatureSites lists where fn has a signature verified, one per CFG node.
func signatureSites(p *sema.Program, fn *sema.Function) []sigSite {
	info := p.Info(fn)
	// Three detectors ask it of every function: found once per function (sema.Memo), read-only.
	return sema.Memo(info, signatureSitesKey{}, func() []sigSite {
		var out []sigSite
		for _, n := range info.CFG.Nodes {
			if n.Fn != fn {
				continue
			}
			for _, c := range nodeCalls(p, n) {
				if reachesRecover(p, c) {
					out = append(out, sigSite{node: n, call: c})
					break
				}
			}
		}
		return slices.Clip(out)
	})
}

type signatureSitesKey struct{}

// withCallees returns fn with every internal function and modifier it reaches.
func withCallees(p *sema.Program, fn *sema.Function) []*sema.Function {
	return append([]*sema.Function{fn}, p.Callees(fn)...)
}

// replayWords name state that records a signature, message or nonce as spent.
var replayWords = []string{"nonce", "nonces", "used", "executed", "claimed", "processed", "consumed", "redeemed", "spent",
	"cancelled", "canceled", "invalidated", "done", "seen", "filled", "withdrawn", "minted", "redeemed", "completed", "replay", "salt", "salts"}

// recordsUse reports whether fn (or a helper) writes state that stops the same signed message
// from being accepted twice: a nonce, a used-hash mapping, a flag keyed by a hash.
func recordsUse(p *sema.Program, fn *sema.Function) bool {
	for _, g := range withCallees(p, fn) {
		gi := p.Info(g)
		if gi == nil {
			continue
		}
		for v, ats := range gi.StateWrites {
			if hasWord(v.Name, replayWords...) {
				return true
			}
			// a mapping keyed (at any level) by a hash: orderFills[user][hash]
			for t := v.Type; ; {
				mt, ok := t.(*sema.MappingType)
				if !ok {
					break
				}
				if e, ok := mt.Key.(*sema.Elementary); ok && strings.HasPrefix(e.Name, "bytes") {
					return true
				}
				t = mt.Value
			}
			for _, at := range ats {
				if u, ok := at.(*ast.UnaryExpr); ok && (u.Op == token.INC || u.Op == token.DEC) {
					return true // a counter the digest reads
				}
			}
		}
	}
	// The nonce may live in another contract (an external nonce manager): useNonce(...).
	for _, g := range withCallees(p, fn) {
		if gi := p.Info(g); gi != nil {
			for _, c := range gi.Calls {
				if hasWord(c.Name, "nonce", "nonces") && !(c.Callee != nil && c.Callee.IsView()) {
					return true
				}
			}
		}
	}
	return false
}

// bindsChain reports whether the digests fn builds include the chain: block.chainid, chainid()
// in assembly, or an EIP-712 domain separator.
func bindsChain(p *sema.Program, fn *sema.Function) bool {
	fns := withCallees(p, fn)
	if fn.Contract != nil {
		// The domain separator is often computed in the constructor and stored.
		for _, b := range fn.Contract.Linearization {
			fns = append(fns, b.Functions...)
		}
	}
	for _, g := range fns {
		gi := p.Info(g)
		if gi == nil || g.Body == nil {
			continue
		}
		found := false
		g.BodyTree().Inspect(func(n ast.Node) bool {
			switch e := n.(type) {
			case *ast.MemberExpr:
				if isGlobal(gi, e, "block", "chainid") {
					found = true
				}
			case *ast.YulCall:
				if e.Name.Name == "chainid" {
					found = true
				}
			case *ast.Ident:
				if hasWord(e.Name, "domain", "eip712", "chainid") || strings.Contains(strings.ToLower(e.Name), "typeddata") {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	if fn.Contract != nil {
		for _, v := range fn.Contract.AllStateVars() {
			if hasWord(v.Name, "domain", "chainid") {
				return true
			}
		}
		for _, b := range fn.Contract.Linearization {
			if strings.Contains(b.Name, "EIP712") {
				return true
			}
		}
		for _, s := range fn.Contract.Decl.Bases {
			if strings.Contains(s.Name.String(), "EIP712") || strings.Contains(s.Name.String(), "Permit") {
				return true
			}
		}
	}
	return false
}

// expiryWords name a parameter or field that bounds a signature's life.
var expiryWords = []string{"deadline", "expiry", "expiration", "expires", "expire", "expired", "until", "before",
	"valid", "timeout", "end", "ttl"}

// boundsTime reports whether fn (or a helper) compares the time or block number with
// something: a signed deadline or expiry checked against block.timestamp, or a validity window.
func boundsTime(p *sema.Program, fn *sema.Function) bool {
	return inFuncOrCallees(p, fn, func(gi *sema.FuncInfo, n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		return ok && isRelational(b.Op) &&
			(mentionsGlobal(gi, b, "block", "timestamp") || mentionsGlobal(gi, b, "block", "number") || mentionsNow(gi, b))
	})
}

// mentionsNow reports whether n uses the pre-0.7 alias now.
func mentionsNow(info *sema.FuncInfo, n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && id.Name == "now" {
			if _, ok := info.Uses[id].(*sema.Builtin); ok {
				found = true
			}
		}
		return !found
	})
	return found
}

// takesExpiry reports whether a parameter of fn names an expiry (a deadline the function may
// hand on to where the signature is checked, such as a token's permit).
func takesExpiry(fn *sema.Function) bool {
	for _, v := range fn.Params {
		if hasWord(v.Name, expiryWords...) {
			return true
		}
	}
	return false
}

// authorisesEffect reports whether the signature checked at site goes on to authorise a change
// here: once the check has run, the function (or, inside the helper that checks, the code after
// the check) writes state, sends ether or makes a state-changing call. A function that only
// verifies a message its caller supplies and returns the verdict (a certificate or multisig
// verifier) authorises nothing itself: binding the message to a chain and a use is the
// business of the caller that acts on it.
func authorisesEffect(p *sema.Program, fn *sema.Function, site sigSite) bool {
	return effectAfterCheck(p, fn, site.node, 0)
}

func effectAfterCheck(p *sema.Program, fn *sema.Function, at *sema.Node, depth int) bool {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || depth > 6 {
		return true
	}
	g := info.CFG
	for _, m := range g.Nodes {
		if m != at && (m.Kind == sema.NodeStmt || m.Kind == sema.NodeCond) && g.Reachable(at, m) && changesState(p, m) {
			return true
		}
	}
	// The statement holding the check may act on its result at once (owner = recover(...),
	// _mint(recover(...), 1)): its own writes and its other calls count.
	ai := p.Info(at.Fn)
	for _, x := range at.Exprs() {
		if ai != nil && len(p.Writes(ai, x)) > 0 {
			return true
		}
	}
	for _, c := range nodeCalls(p, at) {
		if reachesRecover(p, c) {
			continue
		}
		if callChangesState(p, c) {
			return true
		}
	}
	// Inside the helper that leads to the check: what runs after the check there.
	for _, c := range nodeCalls(p, at) {
		if !reachesRecover(p, c) || (c.Kind != sema.CallInternal && c.Kind != sema.CallLibrary) || c.Callee == nil || c.Callee.Body == nil {
			continue
		}
		ci := p.Info(c.Callee)
		if ci == nil || ci.CFG == nil {
			return true
		}
		for _, k := range ci.CFG.Nodes {
			if k.Fn != c.Callee {
				continue
			}
			for _, kc := range nodeCalls(p, k) {
				if reachesRecover(p, kc) {
					if effectAfterCheck(p, c.Callee, k, depth+1) {
						return true
					}
					break
				}
			}
		}
	}
	return false
}

// changesState reports whether node n writes state, sends ether or makes a call out that is
// not to a view function.
func changesState(p *sema.Program, n *sema.Node) bool {
	if len(nodeWrites(p, n)) > 0 {
		return true
	}
	for _, c := range nodeCalls(p, n) {
		if callChangesState(p, c) {
			return true
		}
	}
	return false
}

// callChangesState reports whether a call sends ether, calls out to something other than a
// view function or a signature check, or runs internal code that writes state.
func callChangesState(p *sema.Program, c *sema.Call) bool {
	if _, _, ok := ethTransfer(c); ok {
		return true
	}
	if c.IsExternal() {
		return !c.IsLowLevel("staticcall") && !(c.Callee != nil && c.Callee.IsView()) && !reachesRecover(p, c)
	}
	if (c.Kind == sema.CallInternal || c.Kind == sema.CallLibrary) && c.Callee != nil && !c.Callee.IsView() {
		return len(p.TransitiveWrites(c.Callee)) > 0
	}
	return false
}
