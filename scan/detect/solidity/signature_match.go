package solidity

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// This file holds what the signature detectors share: what an entry point does with the
// signatures it verifies (sema.SignatureChecks: ecrecover, the precompile, ERC-1271, in its own
// code or in the helpers it runs, with the signed digest and the signature in the entry point's
// terms), whether a check authorises an effect, and what keeps the same signed message from
// being accepted twice, read from the storage the code writes and the conditions it tests
// (sema.StorageWrites, sema.EntryConds).

// sigUse is what one entry point does with the signatures it verifies.
type sigUse struct {
	checks []sema.SigCheck
	// digest is what the signed hashes come from, sig what the signatures do, signer what the
	// signer the checks expect does (the value a recovered address is compared with, the
	// ERC-1271 contract asked).
	digest, sig, signer sema.Prov
	guessed             bool   // a check was found by the name of a helper the scan does not hold
	opaque              bool   // code the scan cannot read computes part of a digest
	vetted              bool   // another contract must accept the signed values for the call to go on
	effect              string // what the checks authorise, for the evidence ("": nothing)
	replay              replayVerdict
}

// replayVerdict says what keeps a signed message from being accepted twice.
type replayVerdict struct {
	protected bool   // something other than a record keyed by the signature bytes
	how       string // that protection, for the evidence
	// sigKeyed is a record keyed by a hash of the signature itself: malleable (another valid
	// encoding of the same signature gives another key).
	sigKeyed *sema.StoreWrite
	assumed  string // a protection the scan infers from code it cannot read
}

type sigUseKey struct{}

// signatureUse returns what entry point fn does with the signatures it verifies, nil when it
// verifies none. Computed once per function: several detectors ask.
func signatureUse(p *sema.Program, fn *sema.Function) *sigUse {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || !p.VerifiesSignature(fn) {
		return nil
	}
	return sema.Memo(info, sigUseKey{}, func() *sigUse {
		checks := p.SignatureChecks(fn)
		if len(checks) == 0 {
			return nil
		}
		u := &sigUse{checks: checks}
		for _, c := range checks {
			u.digest = u.digest.Union(c.Digest)
			u.sig = u.sig.Union(c.Sig)
			u.signer = u.signer.Union(c.Signer)
			u.guessed = u.guessed || c.Kind == sema.SigNamed
			u.opaque = u.opaque || c.Opaque
		}
		conds := p.EntryConds(fn)
		for _, ec := range conds {
			for _, ask := range ec.Asks {
				u.vetted = u.vetted || ask.Params&u.digest.Params != 0
			}
			for _, cmp := range ec.Cmps {
				if !isEquality(cmp) {
					continue
				}
				if cmp.XCheck || cmp.X.Has(sema.SrcRecovered) {
					u.signer = u.signer.Union(cmp.Y)
				}
				if cmp.YCheck || cmp.Y.Has(sema.SrcRecovered) {
					u.signer = u.signer.Union(cmp.X)
				}
			}
		}
		u.effect = authorisedEffect(p, fn, u)
		u.replay = replayProtection(p, fn, u, conds)
		return u
	})
}

func isEquality(c sema.Comparison) bool { return c.Op == token.EQL || c.Op == token.NEQ }

// sigOnly returns the parameters that carry only signatures: the signature's, less those the
// signed message or the expected signer also come from (a struct or a blob holding order and
// signature together is the message too).
func (u *sigUse) sigOnly() uint64 {
	return u.sig.Params &^ (u.digest.Params | u.signer.Params)
}

// selfSigned reports whether every check of u expects the caller itself as the signer
// (ecrecover(...) == msg.sender, ERC-1271 asked of msg.sender): only the signer can submit the
// signature, so submitting it again, here or on another chain, is what the signer could do by
// signing anew.
func selfSigned(u *sigUse) bool {
	s := u.signer
	return s.Has(sema.SrcSender) && s.Src&^(sema.SrcSender|sema.SrcConst) == 0 && s.Params == 0 && len(s.Vars) == 0
}

// handedByTrustedCaller reports whether fn's digests are hashes its caller hands in whole
// (bytes32 parameters, nothing of fn's own hashed in) and only a caller that passes a check can
// call it: that caller builds what is signed, with its own nonce and chain (an account
// validating the hash its entry point computed).
func handedByTrustedCaller(p *sema.Program, fn *sema.Function, u *sigUse) bool {
	d := u.digest
	if d.Params == 0 || d.Src&^(sema.SrcParam|sema.SrcConst) != 0 || len(d.Vars) > 0 {
		return false
	}
	for i, prm := range fn.Params {
		if i < 63 && d.Params&(1<<uint(i)) != 0 {
			if e, ok := prm.Type.(*sema.Elementary); !ok || e.Name != "bytes32" {
				return false
			}
		}
	}
	for _, c := range u.checks {
		if !p.IsCallerGuarded(fn, c.Node) {
			return false
		}
	}
	return true
}

// isCheckAt reports whether node is one of u's verifying calls.
func (u *sigUse) isCheckAt(at ast.Node) bool {
	for _, c := range u.checks {
		if c.At == at {
			return true
		}
	}
	return false
}

// authorisedEffect tells what a check of u authorises, "" when nothing: a storage write, ether
// sent, a call that may change state, a contract created or destroyed, on a path through the
// check. What runs after the check runs only if it passed; what runs before it is undone if it
// fails, but counts only when it acts on the signed message (a verifier that caches unrelated
// proofs before checking acts on nothing signed). A lock taken and released, or a flag set to
// a constant, is no action of the signer's: setting it again changes nothing.
func authorisedEffect(p *sema.Program, fn *sema.Function, u *sigUse) string {
	g := p.Info(fn).CFG
	onPath := func(m *sema.Node, acts sema.Prov) bool {
		for _, c := range u.checks {
			s := c.Node
			if m == s || g.Reachable(s, m) || acts.Params&u.digest.Params != 0 && g.Reachable(m, s) {
				return true
			}
		}
		return false
	}
	for _, w := range p.StorageWrites(fn) {
		if !w.Keyed && constOnly(w.Value) {
			continue
		}
		if onPath(w.Node, w.Key.Union(w.Value)) {
			return "writes " + locName(w.Loc)
		}
	}
	for _, a := range p.Actions(fn) {
		switch a.Kind {
		case sema.ActCall, sema.ActSend, sema.ActDelegate, sema.ActCreate, sema.ActSelfdestruct:
		default:
			continue
		}
		if u.isCheckAt(a.At) || a.Call != nil && unshippedLibraryCall(p, a) {
			continue
		}
		if onPath(a.Node, a.Target.Union(a.Value)) {
			return "makes a " + a.Kind.String()
		}
	}
	return ""
}

// unshippedLibraryCall reports whether an action is a call of a library the scan does not hold
// (Strings.toString, SafeCast.toUint128): named by its type, not through an address.
func unshippedLibraryCall(p *sema.Program, a sema.Action) bool {
	if a.Call.Callee != nil || a.Call.Kind != sema.CallExternal {
		return false
	}
	id, ok := ast.Unparen(a.Call.Target).(*ast.Ident)
	if !ok {
		return false
	}
	info := p.Info(a.In)
	if info == nil {
		return false
	}
	_, isVar := info.Uses[id].(*sema.Var)
	return !isVar
}

// constOnly reports whether a value is a constant.
func constOnly(pv sema.Prov) bool {
	return pv.Src&^sema.SrcConst == 0 && pv.Params == 0 && len(pv.Vars) == 0
}

// locName names a storage location for the evidence.
func locName(l sema.Loc) string {
	if l.Var != nil {
		return l.Var.Name
	}
	return l.Slot
}

// replayProtection tells what keeps u's signed messages from being accepted twice by fn:
//   - the digest includes state the call changes (a nonce counted up as it is signed for);
//   - a mark the code tests: a location some condition reads and the call then marks (a flag
//     set, a counter or bit moved, an entry cleared) under a key of the signed message or its
//     signer, or under no key (a one-time action);
//   - a record keyed by everything the digest is made of (an order's filled amount);
//   - an expiry: the digest includes the block time, or a signed value is compared with it;
//   - a nonce kept in code the scan cannot read (an unshipped helper or another contract's
//     nonce function), assumed.
func replayProtection(p *sema.Program, fn *sema.Function, u *sigUse, conds []sema.EntryCond) replayVerdict {
	var v replayVerdict
	writes := p.StorageWrites(fn)
	written := map[*sema.Var]bool{}
	for _, w := range writes {
		if w.Loc.Var != nil {
			written[w.Loc.Var] = true
		}
	}
	for _, sv := range u.digest.Vars {
		if written[sv] {
			return replayVerdict{protected: true, how: "the signed digest includes " + sv.Name + ", which the call changes"}
		}
	}
	if u.digest.Has(sema.SrcStorage) {
		for _, w := range writes {
			if w.Form == sema.WriteCount {
				return replayVerdict{protected: true, how: "the signed digest reads storage the call counts up (" + locName(w.Loc) + ")"}
			}
		}
	}
	if how := expiry(u, conds); how != "" {
		return replayVerdict{protected: true, how: how}
	}
	checked := map[sema.Loc]bool{}
	for _, ec := range conds {
		for _, l := range ec.Reads {
			if !snapshotCompared(ec, l) {
				checked[l] = true
			}
		}
	}
	// An unkeyed location written more than once on the way is a lock or a toggle (set, then
	// set back), not a one-time mark.
	unkeyedWrites := map[sema.Loc]int{}
	for _, w := range writes {
		if !w.Keyed {
			unkeyedWrites[w.Loc]++
		}
	}
	signed := u.digest.Union(u.signer)
	sigOnly := u.sigOnly()
	for i := range writes {
		w := &writes[i]
		if !checked[w.Loc] || !w.Keyed && unkeyedWrites[w.Loc] > 1 {
			continue
		}
		if w.Key.Params&sigOnly != 0 {
			// keyed by the signature bytes: a replay check only while no other encoding of the
			// same signature exists, which ECDSA does not promise
			if w.Form.Marks() && v.sigKeyed == nil {
				v.sigKeyed = w
			}
			continue
		}
		mark := w.Form.Marks() && (!w.Keyed || relatesTo(w.Key, signed))
		record := w.Keyed && u.digest.Params != 0 && w.Key.Params&u.digest.Params == u.digest.Params
		if !mark && !record {
			continue
		}
		return replayVerdict{protected: true, how: "the call marks " + locName(w.Loc) + ", which a check reads"}
	}
	if name := nonceElsewhere(p, fn); name != "" {
		v.assumed = "the call uses a nonce kept in code the scan cannot read (" + name + ")"
	}
	if u.vetted {
		v.assumed = "another contract must accept the signed values for the call to go on, and may record them"
	}
	return v
}

// expiry tells how u's signatures lapse, "" when they do not: the digest includes the block
// time or number (a round, an epoch), or a condition compares a signed value with it (a
// deadline). A signed value comes from the digest's or the expected signer's parameters, or
// from calldata the digest also reads.
func expiry(u *sigUse, conds []sema.EntryCond) string {
	if u.digest.Has(sema.SrcBlock) {
		return "the signed digest includes the block time or number"
	}
	signed := u.digest.Union(u.signer)
	isSigned := func(pv sema.Prov) bool {
		return pv.Params&signed.Params != 0 || pv.Has(sema.SrcData) && signed.Has(sema.SrcData)
	}
	for _, ec := range conds {
		for _, cmp := range ec.Cmps {
			if isEquality(cmp) {
				continue
			}
			if cmp.X.Has(sema.SrcBlock) && isSigned(cmp.Y) || cmp.Y.Has(sema.SrcBlock) && isSigned(cmp.X) {
				return "a signed value is compared with the block time (an expiry)"
			}
		}
	}
	return ""
}

// snapshotCompared reports whether condition ec compares location l with a copy of itself
// (localCounter == _guardCounter: a reentrancy counter checked against the value it had on
// entry), which tests that nothing changed it meanwhile, not that a message is new.
func snapshotCompared(ec sema.EntryCond, l sema.Loc) bool {
	if l.Var == nil {
		return false
	}
	for _, cmp := range ec.Cmps {
		if slices.Contains(cmp.X.Vars, l.Var) && slices.Contains(cmp.Y.Vars, l.Var) {
			return true
		}
	}
	return false
}

// relatesTo reports whether a key comes from the signed message or its signer.
func relatesTo(key, signed sema.Prov) bool {
	const who = sema.SrcSender | sema.SrcOrigin
	return key.Params&signed.Params != 0 || key.Src&signed.Src&who != 0 || key.Has(sema.SrcRecovered)
}

// nonceElsewhere names a call fn (or its helpers) makes to code the scan cannot read that
// manages nonces: an unshipped helper (_useNonce) or another contract's state-changing nonce
// function (a nonce manager). Only names can say so, and only for code that is not shipped.
func nonceElsewhere(p *sema.Program, fn *sema.Function) string {
	for _, g := range withCallees(p, fn) {
		gi := p.Info(g)
		if gi == nil {
			continue
		}
		for _, c := range gi.Calls {
			if !strings.Contains(strings.ToLower(c.Name), "nonce") {
				continue
			}
			if sema.Unshipped(c) || c.Kind == sema.CallExternal && !(c.Callee != nil && c.Callee.IsView()) {
				return c.Name
			}
		}
	}
	return ""
}

// checkEvidence starts a finding's evidence with where fn verifies the signature, and sets
// its basis: guessed when the check is a missing helper known by name, assumed when code the
// scan cannot read may change the answer.
func checkEvidence(p *sema.Program, fn *sema.Function, u *sigUse, c sema.SigCheck) *detect.Evidence {
	ev := &detect.Evidence{}
	where := c.In.QualifiedName()
	if c.Depth > 0 {
		where += ", reached from " + fnName(fn)
	}
	ev.Add("signature verified by " + c.Kind.String() + " in " + where)
	if u.guessed {
		ev.Guess("a signature check is recognised by the name of a helper the scan does not hold")
	}
	if u.opaque {
		ev.Assume("code the scan could not read computes part of the signed digest")
	}
	if p.RestsOnUnresolved(fn) {
		ev.Assume("code the scan could not read runs on the way")
	}
	return ev
}

// withCallees returns fn with every internal function and modifier it reaches.
func withCallees(p *sema.Program, fn *sema.Function) []*sema.Function {
	return append([]*sema.Function{fn}, p.Callees(fn)...)
}

// callsInReach reports whether fn or a function it reaches makes a call for which is returns true.
func callsInReach(p *sema.Program, fn *sema.Function, is func(*sema.Call) bool) bool {
	for _, g := range withCallees(p, fn) {
		if gi := p.Info(g); gi != nil {
			for _, c := range gi.Calls {
				if is(c) {
					return true
				}
			}
		}
	}
	return false
}
