package solidity

import (
	"sort"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// SelectorCollision reports two different function signatures with the same 4-byte selector
// where both can answer the same call: two functions of one contract, or a function of a
// proxy (a contract whose fallback delegates calls) and a function of another contract, which
// the proxy may front. The dispatcher matches selectors, not names: a call meant for the
// implementation's burn(uint256) runs the proxy's collate_propagate_storage(bytes16), which
// is how proxy backdoors hide an admin function behind an innocent-looking one.
var SelectorCollision = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SELECTOR_COLLISION",
		Name:       "Function selector collision",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p><code>${signature}</code> of <code>${contract_name}</code> has selector <code>${selector}</code>, ` +
			`the same as <code>${other_signature}</code> of <code>${other_contract}</code>. ${consequence}</p>`,
		Remediation: `<p>Rename one of the functions (or change its parameters) so that the selectors differ. In a proxy, ` +
			`keep the proxy's own surface minimal (or route the admin through a separate contract, as the transparent ` +
			`proxy pattern does) and check every implementation for selector clashes before an upgrade.</p>`,
		DescriptionKeys: []string{"contract_name", "signature", "selector", "other_signature", "other_contract", "consequence"},
		DetectionLogic: "Selectors are keccak256 of canonical signatures (uint as uint256, contracts as address, enums as " +
			"uint8, structs as tuples) of public and external functions and public state variable getters. Reported: " +
			"two signatures of one contract's surface with one selector (medium: the compiler rejects the contract as " +
			"written); a signature of a proxy (a contract whose fallback reaches a delegatecall, in Solidity or assembly) " +
			"whose selector is another contract's or interface's different signature (high, medium confidence: that " +
			"contract is assumed to be one the proxy can front).",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-694"},
		Languages: []string{"solidity"},
		Class:     "access-control",
	},
	Run: runSelectorCollision,
}

// selectorUse is one signature answering a selector, in one contract.
type selectorUse struct {
	entry    *abiEntry // into the contract's memoized surface
	contract *sema.Contract
}

type selectorTableKey struct{}

func runSelectorCollision(pass *detect.Pass) {
	c := pass.Contract
	p := pass.Program
	if c == nil || c.IsLibrary() || hygIsTest(c) {
		return
	}
	entries, _ := abiSurface(p, c)
	report := func(e abiEntry, other selectorUse, consequence string, sev detect.Severity) {
		f := detect.Finding{Pos: e.Node.Pos(), End: e.Node.Pos(), Details: map[string]string{
			"contract_name": c.Name, "signature": e.Signature, "selector": e.Selector,
			"other_signature": other.entry.Signature, "other_contract": other.contract.Name, "consequence": consequence}}
		if e.Fn != nil {
			f.Pos, f.End = headerRange(e.Fn)
			f.Function = e.Fn.Name
		} else {
			f.End = e.Node.End()
		}
		if sev != pass.Analyzer.Severity {
			f.Severity = sev
		}
		if sev == detect.Medium {
			f.Confidence = detect.ConfidenceHigh
		}
		pass.Report(f)
	}

	// Two signatures of this contract with one selector: an entry declared in c is reported
	// (the later one when both are), so that a clash inherited from a base is reported once, in
	// the base.
	sorted := append([]abiEntry(nil), entries...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Node.Pos() < sorted[j].Node.Pos() })
	for i, e := range sorted {
		if declaredIn(e) != c {
			continue
		}
		for j, o := range sorted {
			if j == i || o.Signature == e.Signature || o.Selector != e.Selector {
				continue
			}
			if declaredIn(o) == c && j > i {
				continue // reported at o
			}
			report(e, selectorUse{&sorted[j], declaredIn(o)}, "Both are entries of the same contract: the compiler "+
				"rejects it as written, and a dispatcher built otherwise runs only one of them.", detect.Medium)
			break
		}
	}

	if !isDelegatingProxy(p, c) {
		return
	}
	table := sema.Memo(p, selectorTableKey{}, func() map[string][]selectorUse { return selectorTable(p) })
	inLin := map[*sema.Contract]bool{}
	for _, b := range c.Linearization {
		inLin[b] = true
	}
	for _, e := range entries {
		for _, other := range table[e.Selector] {
			if inLin[other.contract] || other.entry.Signature == e.Signature {
				continue
			}
			report(e, other, "The proxy answers this selector itself, so a call meant for the other function "+
				"never reaches the implementation and runs the proxy's function instead.", detect.High)
			break
		}
	}
}

// declaredIn returns the contract that declares an entry.
func declaredIn(e abiEntry) *sema.Contract {
	if e.Fn != nil {
		return e.Fn.Contract
	}
	return e.Var.Contract
}

// selectorTable maps every selector of the program's contracts and interfaces (libraries and
// test code aside) to the signatures that answer it.
func selectorTable(p *sema.Program) map[string][]selectorUse {
	out := map[string][]selectorUse{}
	for _, c := range p.Contracts {
		if c.IsLibrary() || hygIsTest(c) {
			continue
		}
		entries, _ := abiSurface(p, c)
		for i := range entries {
			out[entries[i].Selector] = append(out[entries[i].Selector], selectorUse{&entries[i], c})
		}
	}
	return out
}

// isDelegatingProxy reports whether c's fallback reaches a delegatecall, in Solidity or in
// inline assembly, itself or through the internal functions it calls.
func isDelegatingProxy(p *sema.Program, c *sema.Contract) bool {
	for _, fn := range c.AllFunctions() {
		if fn.Kind != ast.FuncFallback {
			continue
		}
		for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
			if g.Body != nil && delegatesIn(p, g) {
				return true
			}
		}
	}
	return false
}

// delegatesIn reports whether fn's body makes a delegatecall.
func delegatesIn(p *sema.Program, fn *sema.Function) bool {
	info := p.Info(fn)
	if info == nil {
		return false
	}
	for _, call := range info.Calls {
		if call.IsLowLevel("delegatecall") {
			return true
		}
	}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if y, ok := n.(*ast.YulCall); ok && y.Name.Name == "delegatecall" {
			found = true
		}
		return !found
	})
	return found
}
