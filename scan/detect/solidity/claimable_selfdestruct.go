package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// ClaimableSelfdestruct reports contracts that are set up by a one-time initializer rather
// than a constructor and can selfdestruct: whoever calls the initializer first on a deployed
// instance (typically shared logic that proxies delegatecall into, never initialized itself)
// becomes its owner and can destroy it, bricking every contract that depends on its code. This
// is the second Parity multisig incident (2017), which froze 513,774 ether.
var ClaimableSelfdestruct = &detect.Analyzer{
	Template: detect.Template{
		ID:         "CLAIMABLE_SELFDESTRUCT",
		Name:       "Uninitialized logic contract can be claimed and destroyed",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Contract <code>${contract_name}</code> is initialized by <code>${initializer}</code>, which anyone can ` +
			`call once, rather than by its constructor, and function <code>${function_name}</code> can <code>selfdestruct</code> ` +
			`it. On any deployed instance nobody initialized (above all shared logic that proxies delegatecall into) an ` +
			`attacker can call the initializer, become owner, and destroy the code every proxy relies on.</p>`,
		Remediation: `<p>Initialize (or lock) the contract in its constructor, and remove <code>selfdestruct</code> from logic ` +
			`contracts; with OpenZeppelin call <code>_disableInitializers()</code> in the constructor.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "initializer"},
		DetectionLogic: "A deployable contract with a public initializer-like function guarded only by a once-only check " +
			"(a condition on state it writes, or an initializer modifier), no constructor that runs or locks it, and a " +
			"public function that reaches selfdestruct.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-106"},
		CWE:       []string{"CWE-665", "CWE-284"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "access-control",
	},
	Run: runClaimableSelfdestruct,
}

func runClaimableSelfdestruct(pass *detect.Pass) {
	c := pass.Contract
	if c == nil || c.IsLibrary() || c.IsInterface() || c.IsAbstract() || isTestContract(c) {
		return
	}
	p := pass.Program
	var init *sema.Function
	for _, fn := range c.AllFunctions() {
		if !fn.IsEntryPoint() || fn.IsView() || !isInitializerLike(fn) || p.HasAccessControl(fn) {
			continue
		}
		if hasInitializerModifier(fn) || onceOnly(p, fn) {
			init = fn
			break
		}
	}
	if init == nil {
		return
	}
	// A constructor that calls the initializer, locks it, or sets what it checks.
	for _, b := range c.Linearization {
		for _, fn := range b.Functions {
			if !fn.IsConstructor() {
				continue
			}
			if locksInitializers(p, fn) {
				return
			}
			for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
				if g == init {
					return
				}
			}
			if len(p.TransitiveWrites(fn)) > 0 && sharesWrites(p, fn, init) {
				return
			}
		}
	}
	for _, fn := range c.AllFunctions() {
		if !fn.IsEntryPoint() {
			continue
		}
		info := p.Info(fn)
		for _, n := range info.CFG.Nodes {
			for _, call := range nodeCalls(p, n) {
				if !destroys(p, call) && !reachesSelfdestruct(p, call) {
					continue
				}
				f := detect.Finding{Function: fn.Name,
					Details: map[string]string{"function_name": fnName(fn), "initializer": fnName(init)}}
				f.Pos, f.End = fnRange(fn, call.Expr)
				if fn.Contract != c {
					// the selfdestruct is inherited: point at the contract instead
					f.Pos, f.End = c.Decl.Pos(), c.Decl.Name.End()
				}
				pass.Report(f)
				return
			}
		}
	}
}

// onceOnly reports whether every write of fn is behind a check on state fn itself writes.
func onceOnly(p *sema.Program, fn *sema.Function) bool {
	writes := entryWrites(p, fn)
	if len(writes) == 0 {
		return false
	}
	for _, w := range writes {
		if !oneShot(p, fn, w.node, writes) && !guardedInHelper(p, w) {
			return false
		}
	}
	return true
}

// sharesWrites reports whether the constructor writes some variable the initializer writes.
func sharesWrites(p *sema.Program, ctor, init *sema.Function) bool {
	iw := p.TransitiveWrites(init)
	for v := range p.TransitiveWrites(ctor) {
		if iw[v] {
			return true
		}
	}
	return false
}

// reachesSelfdestruct reports whether an internal call leads to selfdestruct, whatever checks
// the way there makes (the owner may be whoever initialized the contract).
func reachesSelfdestruct(p *sema.Program, c *sema.Call) bool {
	if c.Kind != sema.CallInternal || c.Callee == nil {
		return false
	}
	for _, g := range append([]*sema.Function{c.Callee}, p.Callees(c.Callee)...) {
		if gi := p.Info(g); gi != nil {
			for _, gc := range gi.Calls {
				if gc.Kind == sema.CallBuiltin && (gc.Name == "selfdestruct" || gc.Name == "suicide") {
					return true
				}
			}
		}
	}
	return false
}
