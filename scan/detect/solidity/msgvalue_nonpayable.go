package solidity

import (
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// MsgValueNonPayable reports msg.value (or callvalue() in assembly) read where it is always
// zero: in a function that is not payable, or in an internal function or modifier that only
// non-payable entry points reach. A non-payable entry rejects any ether sent with the call, so
// code that prices, credits or forwards msg.value there never sees a payment: a check like
// require(msg.value == fee) makes the entry always revert, and a deposit path credits nothing.
var MsgValueNonPayable = &detect.Analyzer{
	Template: detect.Template{
		ID:         "MSG_VALUE_NON_PAYABLE",
		Name:       "msg.value read where it is always zero",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> is ` +
			`read, but only non-payable entry points reach it (${entries}): they reject ether, so the value is always ` +
			`zero here. ${consequence}</p>`,
		Remediation: `<p>Make the entry points that should accept ether <code>payable</code>, or stop reading ` +
			`<code>msg.value</code> on paths that cannot receive it (pass the amount as a parameter).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "entries", "consequence"},
		DetectionLogic: "For every deployable contract: its public and external functions, fallback, receive and " +
			"constructor (base constructors take the payability of the contract's own constructor) and what they reach " +
			"through internal and library calls and modifiers. A msg.value or callvalue() read in a function or modifier " +
			"reached by at least one entry point, where every entry point of every contract that reaches it is non-payable, " +
			"is reported; comparisons with zero (checks that no ether came) are not. Medium when the read sits in a " +
			"require, assert or if condition (the entry reverts, or a branch is dead), low otherwise. Code no deployable " +
			"contract reaches is not judged.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-670"},
		Languages: []string{"solidity"},
		Class:     "msg-value",
	},
	Run: runMsgValueNonPayable,
}

// valueReach is what the program knows about one function or modifier reading msg.value: the
// entry points that reach it, and whether any of them is payable.
type valueReach struct {
	entries []string
	payable bool
}

type valueReachKey struct{}

func runMsgValueNonPayable(pass *detect.Pass) {
	p := pass.Program
	reach := sema.Memo(p, valueReachKey{}, func() map[*sema.Function]*valueReach { return msgValueReach(p) })
	for _, fn := range bodies(pass.Functions()) {
		r := reach[fn]
		if r == nil || r.payable || len(r.entries) == 0 || isTestContract(fn.Contract) {
			continue
		}
		info := p.Info(fn)
		if info == nil {
			continue
		}
		inCond := conditionNodes(p, fn)
		for _, site := range valueReads(info, fn) {
			sev := detect.Low
			consequence := "Whatever it computes from the payment is computed from zero."
			if inCond[site] {
				sev = detect.Medium
				consequence = "The condition it sits in always sees zero: the check fails (or its branch never runs) for every caller."
			}
			reportAt(pass, site, fn, map[string]string{"expression": sourceText(p, site),
				"entries": strings.Join(r.entries, ", "), "consequence": consequence}, sev, "")
		}
	}
}

// valueReads returns the reads of msg.value and callvalue() in fn, except comparisons with
// zero (checks that no ether came) and forwarding: msg.value passed on as the value of a call,
// or callvalue() in an assembly block that passes callvalue() on as a call's value, relays
// whatever came, and zero is then the right amount.
func valueReads(info *sema.FuncInfo, fn *sema.Function) []ast.Node {
	skip := map[ast.Node]bool{}
	var out []ast.Node
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.BinaryExpr:
			if isRelational(x.Op) && (isZeroLit(x.X) || isZeroLit(x.Y)) {
				skip[ast.Unparen(x.X)] = true
				skip[ast.Unparen(x.Y)] = true
			}
		case *ast.CallExpr:
			if c := info.CallOf[x]; c != nil && c.Value != nil {
				skip[ast.Unparen(c.Value)] = true
			}
		case *ast.AssemblyStmt:
			if forwardsCallValue(x.Body) {
				return false
			}
		case *ast.MemberExpr:
			if isGlobal(info, x, "msg", "value") && !skip[x] {
				out = append(out, x)
			}
		case *ast.YulCall:
			if x.Name.Name == "callvalue" {
				out = append(out, x)
			}
		}
		return true
	})
	return out
}

// forwardsCallValue reports whether an assembly block makes a call whose value is callvalue().
func forwardsCallValue(body *ast.YulBlock) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if c, ok := n.(*ast.YulCall); ok && (c.Name.Name == "call" || c.Name.Name == "callcode") && len(c.Args) > 2 {
			if v, ok := c.Args[2].(*ast.YulCall); ok && v.Name.Name == "callvalue" {
				found = true
			}
		}
		return !found
	})
	return found
}

// msgValueReach maps each function and modifier that reads msg.value (or callvalue()) to the
// entry points of deployable contracts that reach it.
//
// This is a local reachability walk over sema's internal call edges (Program.Callees); when
// sema summarises the entry points that reach each function, that fact should replace it.
func msgValueReach(p *sema.Program) map[*sema.Function]*valueReach {
	reads := map[*sema.Function]bool{}
	for _, fn := range p.Functions() {
		if fn.Body == nil {
			continue
		}
		if info := p.Info(fn); info != nil && len(valueReads(info, fn)) > 0 {
			reads[fn] = true
		}
	}
	out := map[*sema.Function]*valueReach{}
	if len(reads) == 0 {
		return out
	}
	seen := map[*sema.Function]map[string]bool{}
	for _, c := range p.Contracts {
		if c.IsInterface() || c.IsLibrary() || c.IsAbstract() || c.OverBudget != "" {
			continue
		}
		ctorPayable := false
		for _, fn := range c.Functions {
			if fn.IsConstructor() {
				ctorPayable = fn.IsPayable()
			}
		}
		var entries []*sema.Function
		var payable []bool
		for _, fn := range c.AllFunctions() {
			if fn.IsPublic() || fn.Kind == ast.FuncFallback || fn.Kind == ast.FuncReceive || fn.IsConstructor() {
				entries = append(entries, fn)
				payable = append(payable, fn.IsPayable())
			}
		}
		for _, b := range c.Linearization[1:] {
			for _, fn := range b.Functions {
				if fn.IsConstructor() {
					entries = append(entries, fn)
					payable = append(payable, ctorPayable)
				}
			}
		}
		for i, e := range entries {
			name := c.Name + "." + fnName(e)
			for _, g := range append([]*sema.Function{e}, p.Callees(e)...) {
				if !reads[g] {
					continue
				}
				r := out[g]
				if r == nil {
					r = &valueReach{}
					out[g] = r
					seen[g] = map[string]bool{}
				}
				r.payable = r.payable || payable[i]
				if !seen[g][name] {
					seen[g][name] = true
					r.entries = append(r.entries, name)
				}
			}
		}
	}
	for _, r := range out {
		sort.Strings(r.entries)
		if len(r.entries) > 3 {
			r.entries = append(r.entries[:3], "...")
		}
	}
	return out
}
