package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// UnsafeDowncast reports explicit conversions of a caller-influenced integer to a narrower
// integer type (uint128(amount) of a uint256 amount) with no bound check on the value. Type
// conversions are never checked, not even in Solidity 0.8: the high bits are dropped
// silently, so 2^128 + 1 becomes 1 and an accounting entry is credited far less (or more,
// for signed values) than what was paid.
var UnsafeDowncast = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNSAFE_DOWNCAST",
		Name:       "Unchecked integer downcast",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> converts a ` +
			`${from_type} the caller influences to ${to_type} without checking that it fits. Conversions are never checked, ` +
			`even in Solidity 0.8: the high bits are dropped silently.</p>`,
		Remediation:     `<p>Use a checked cast (OpenZeppelin <code>SafeCast.toUint128</code>) or <code>require(x &lt;= type(uint128).max)</code> before converting.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "from_type", "to_type"},
		DetectionLogic:  "A conversion uintN(x)/intN(x) to a narrower integer type where x's type is known to be wider and x depends on parameters, msg.value, balances or call results, and the value range of x at the conversion (guards, constants, types, min/max helpers, callees' checks on their parameters, loop bounds; for a finding that would be low, the guards that dominate it) does not fit the narrow type; medium when the result is stored in state by a function anyone can call, low otherwise, and low when every caller of an internal function passes values no outsider chooses (fields proven against a stored root, stored state). Confidence high when the caller picks the whole wide range.",
		Version:         "1.2.0",
		SWC:             []string{"SWC-101"},
		CWE:             []string{"CWE-197"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "arithmetic",
	},
	Run: runUnsafeDowncast,
}

func runUnsafeDowncast(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil || (fn.Contract != nil && fn.Contract.IsLibrary()) || fn.Contract == nil || !hasIntConversion(fn) {
			continue // the value flow and the ancestor walk only for functions converting to an integer
		}
		flow := newValueFlow(p, info)
		var ranges *sema.Ranges // asked for on the first conversion that needs them
		ancestors(fn, func(n ast.Node, stack []ast.Node) {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) != 1 {
				return
			}
			et, ok := call.Fun.(*ast.ElementaryType)
			if !ok || !isIntTypeName(et.Name) {
				return
			}
			to := &sema.Elementary{Name: canonicalIntName(et.Name)}
			arg := call.Args[0]
			from, ok := intType(info, arg)
			if !ok || from.Bits() <= to.Bits() || isConstExpr(info, arg) {
				return
			}
			src := flow.Of(arg)
			if !src.Has(callerInfluence) {
				return
			}
			sev := detect.Low
			// A state write of a truncated value is medium, unless only a trusted role can
			// choose the value: it could store any value of the narrow type directly, so the
			// truncation gives it nothing, and what remains is a configuration mistake. The
			// same holds when every caller of an internal function passes values no outsider
			// chooses (proven message fields, stored state: arith_trust.go).
			trusted := trustedParams(p, fn, info, src, arg)
			if writesStateAt(p, info, call, stack) && !p.HasAccessControl(fn) && !inTestCode(fn) && !trusted {
				sev = detect.Medium
			}
			// The guards that dominate the conversion first (cheap), then, for a finding of
			// medium, the whole function's value ranges (loops, copies, helpers).
			iv, _ := p.RangeByGuards(info, info.CFG.NodeHolding(call), arg)
			if !iv.Fits(to.Bits(), to.IsSigned()) && sev == detect.Medium {
				if ranges == nil {
					ranges = p.Ranges(info)
				}
				iv = ranges.At(ranges.NodeOf(call), arg)
			}
			if iv.Fits(to.Bits(), to.IsSigned()) {
				return
			}
			conf := detect.ConfidenceMedium
			if fn.IsEntryPoint() && !fn.Contract.UnresolvedBases && ownParam(info, arg) && iv.Equal(sema.TypeRange(from.Bits(), from.IsSigned())) {
				conf = detect.ConfidenceHigh // the caller picks any value of the wide type
			}
			ev := castEvidence(p, arg, iv, to)
			if inTestCode(fn) {
				conf = detect.ConfidenceLow
			}
			if trusted {
				conf = detect.ConfidenceLow
				ev += "; every caller of " + fnName(fn) + " passes values no outsider chooses (stored state, constants, trusted callers, parameters proven against stored state)"
			}
			reportAt(pass, call, fn, map[string]string{"expression": sourceText(p, call),
				"from_type": from.Name, "to_type": to.Name, "evidence": ev}, sev, conf)
		})
	}
}

// hasIntConversion reports whether fn's body converts a value to an integer type (uint8(x)),
// the calls runUnsafeDowncast judges.
func hasIntConversion(fn *sema.Function) bool {
	for n := range fn.BodyTree().Preorder(callKinds) {
		call := n.(*ast.CallExpr)
		if et, ok := call.Fun.(*ast.ElementaryType); ok && len(call.Args) == 1 && isIntTypeName(et.Name) {
			return true
		}
	}
	return false
}

func canonicalIntName(name string) string {
	switch name {
	case "uint":
		return "uint256"
	case "int":
		return "int256"
	}
	return name
}
