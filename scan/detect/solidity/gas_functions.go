package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// The gas detectors of this file look at function signatures: parameters copied to memory for
// nothing.

// GasCalldataParameter reports memory parameters of external functions that are only read.
var GasCalldataParameter = &detect.Analyzer{
	Template: detect.Template{
		ID:         "GAS_CALLDATA_PARAMETER",
		Name:       "Read-only external parameter in memory",
		Severity:   detect.Gas,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Parameter <code>${variable_name}</code> of external function <code>${function_name}</code> in ` +
			`<code>${contract_name}</code> is declared <code>memory</code> but only read: the ABI decoder copies the whole ` +
			`value from calldata to memory for nothing.</p>`,
		Remediation:     `<p>Declare it <code>calldata</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "variable_name"},
		DetectionLogic: "A memory parameter of reference type of an external function, in a file whose pragma requires 0.5 or " +
			"later, that the body never assigns (whole or in part) and never passes to an internal, library or free function.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-1050"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "gas",
	},
	Run: runGasCalldataParameter,
}

// GasPublicCouldBeExternal reports public functions taking memory arguments that nothing calls
// internally.
var GasPublicCouldBeExternal = &detect.Analyzer{
	Template: detect.Template{
		ID:         "GAS_PUBLIC_COULD_BE_EXTERNAL",
		Name:       "Public function could be external",
		Severity:   detect.Gas,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Public function <code>${function_name}</code> of <code>${contract_name}</code> is never called ` +
			`from inside the contract. As <code>external</code> with <code>calldata</code> parameters it would not copy its ` +
			`arguments to memory.</p>`,
		Remediation:     `<p>Declare it <code>external</code> and its reference-type parameters <code>calldata</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A function written public, not virtual and not overriding, of a concrete contract, with at least one " +
			"memory parameter of reference type, whose name is used nowhere else in the program.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-1050"},
		Languages: []string{"solidity"},
		Slither:   "external-function",
		Class:     "gas",
	},
	Run: runGasPublicCouldBeExternal,
}

func runGasCalldataParameter(pass *detect.Pass) {
	p := pass.Program
	if hygPassIsTest(pass) {
		return
	}
	for _, fn := range hygBodies(pass.Functions()) {
		if fn.Decl == nil || fn.Decl.Visibility != token.EXTERNAL || !fn.File.Version.AtLeast(hygV0_5_0) {
			continue
		}
		info := p.Info(fn)
		if info == nil {
			continue
		}
		written := hygBodyWriteTargets(fn, false, true)
		passed := hygPassedToInternal(info, fn)
		for _, v := range fn.Params {
			if v.Decl == nil || v.Decl.Location != token.MEMORY || v.Name == "" {
				continue
			}
			mutated := false
			for id := range written {
				if hygUsesVar(info, id, v) {
					mutated = true
				}
			}
			if mutated || passed[v.Decl] {
				continue
			}
			pass.ReportNode(v.Decl, fn, map[string]string{"variable_name": v.Name})
		}
	}
}

// hygPassedToInternal returns the declarations of variables passed (as an argument or a
// using-for receiver) to internal, library or free functions in fn's body (its flattened
// tree: the calls are found without another walk of the body).
func hygPassedToInternal(info *sema.FuncInfo, fn *sema.Function) map[*ast.VarDecl]bool {
	out := map[*ast.VarDecl]bool{}
	mark := func(x ast.Expr) {
		ast.Inspect(x, func(y ast.Node) bool {
			if id, ok := y.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*sema.Var); ok && v.Decl != nil {
					out[v.Decl] = true
				}
			}
			return true
		})
	}
	for x := range fn.BodyTree().Preorder(callKinds) {
		c := x.(*ast.CallExpr)
		call := info.CallOf[c]
		if call == nil || (call.Kind != sema.CallInternal && call.Kind != sema.CallLibrary && call.Kind != sema.CallUnknown) {
			continue
		}
		for _, a := range c.Args {
			mark(a)
		}
		if m, ok := c.Fun.(*ast.MemberExpr); ok {
			mark(m.X)
		}
	}
	return out
}

func runGasPublicCouldBeExternal(pass *detect.Pass) {
	c := pass.Contract
	if c == nil || c.IsInterface() || c.IsLibrary() || c.IsAbstract() || hygIsTest(c) {
		return
	}
	var uses map[string]int
	for _, fn := range c.Functions {
		d := fn.Decl
		if d == nil || d.Visibility != token.PUBLIC || fn.Kind != ast.FuncFunction || fn.Body == nil || fn.Virtual || d.Override != nil {
			continue
		}
		if !fn.File.Version.AtLeast(hygV0_5_0) {
			continue
		}
		memory := false
		for _, v := range fn.Params {
			if v.Decl != nil && v.Decl.Location == token.MEMORY {
				memory = true
			}
		}
		if !memory {
			continue
		}
		if uses == nil {
			uses = hygNameUses(pass.Program)
		}
		if uses[fn.Name] > 1 {
			continue
		}
		pass.Report(detect.Finding{Pos: d.Pos(), End: hygHeaderEnd(fn), Function: fn.Name, Details: map[string]string{"function_name": fn.Name}})
	}
}
