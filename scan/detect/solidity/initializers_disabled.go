package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// InitializersNotDisabled reports upgradeable implementation contracts whose constructor does
// not lock the initializers: anyone can call initialize on the implementation itself, become
// its owner, and (for UUPS) upgrade or destroy it under the proxies.
var InitializersNotDisabled = &detect.Analyzer{
	Template: detect.Template{
		ID:         "INITIALIZERS_NOT_DISABLED",
		Name:       "Upgradeable implementation can be initialized by anyone",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Contract <code>${contract_name}</code> is an upgradeable implementation (it uses <code>Initializable</code> ` +
			`and has initializers, <code>${function_name}</code> among them) but its constructor does not call <code>_disableInitializers()</code>. The deployed ` +
			`implementation stays uninitialized: anyone can call its initializer, take ownership of it and, with UUPS, ` +
			`upgrade it to code that self-destructs or otherwise breaks every proxy that points to it.</p>`,
		Remediation: `<p>Add <code>/// @custom:oz-upgrades-unsafe-allow constructor</code> and ` +
			`<code>constructor() { _disableInitializers(); }</code> to the implementation contract.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A deployable contract deriving from Initializable, with at least one function using the initializer " +
			"modifier, and no constructor that calls _disableInitializers() or carries the initializer modifier. Reported on the " +
			"first such initializer when the contract declares it, else on the contract.",
		Version:   "1.0.0",
		SWC:       nil, // no SWC entry covers uninitialized implementations
		CWE:       []string{"CWE-665"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "access-control",
	},
	Run: runInitializersNotDisabled,
}

func runInitializersNotDisabled(pass *detect.Pass) {
	c := pass.Contract
	if c == nil || c.IsInterface() || c.IsLibrary() || c.IsAbstract() || isTestContract(c) {
		return
	}
	var lin []string
	for _, b := range c.Linearization {
		lin = append(lin, b.Name)
	}
	if !upgradeableBase(c.Decl, lin) {
		return
	}
	var init *sema.Function // the first initializer anyone may call
	for _, fn := range c.AllFunctions() {
		if fn.IsConstructor() {
			continue
		}
		for _, inv := range fn.Invocations {
			names := inv.Name.Names
			n := names[len(names)-1].Name
			// An initializer only a proxy can reach (onlyProxy, onlyDelegated: a
			// delegatecall-only check) or only a trusted caller cannot be taken on the
			// implementation itself.
			if (n == "initializer" || n == "reinitializer") && !pass.Program.HasAccessControl(fn) && init == nil {
				init = fn
			}
		}
	}
	if init == nil {
		return
	}
	for _, b := range c.Linearization {
		if b.Name == "Initializable" {
			continue
		}
		for _, fn := range b.Functions {
			if fn.IsConstructor() && locksInitializers(pass.Program, fn) {
				return
			}
		}
	}
	// The finding sits on the initializer anyone can call when the contract declares it; an
	// initializer inherited from a base stays on the contract (a base shared by several
	// implementations would otherwise give them all one place).
	f := detect.Finding{Pos: c.Decl.Pos(), End: c.Decl.Name.End(), Details: map[string]string{"function_name": fnName(init)}}
	if init.Contract == c {
		f.Pos, f.End = headerRange(init)
		f.Function = init.Name
		f.Related = []detect.Range{{Pos: c.Decl.Pos(), End: c.Decl.Name.End()}}
	}
	pass.Report(f)
}

// locksInitializers reports whether a constructor disables or consumes the initializers: it
// carries the initializer modifier, calls _disableInitializers, or runs a function carrying
// it (constructor() { initialize(address(0), ...); }).
func locksInitializers(p *sema.Program, ctor *sema.Function) bool {
	if hasInitializerModifier(ctor) {
		return true
	}
	for _, g := range p.Callees(ctor) {
		if !g.IsModifier && hasInitializerModifier(g) {
			return true
		}
	}
	info := p.Info(ctor)
	if info == nil || ctor.Body == nil {
		return false
	}
	found := false
	ctor.BodyTree().Inspect(func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if call := info.CallOf[c]; call != nil && strings.Contains(strings.ToLower(call.Name), "disableinitializers") {
				found = true
			}
		}
		return !found
	})
	if found {
		return true
	}
	// Older OpenZeppelin versions: the constructor sets _initialized = true itself.
	for v := range info.StateWrites {
		if strings.Contains(strings.ToLower(v.Name), "initialized") {
			return true
		}
	}
	return false
}
