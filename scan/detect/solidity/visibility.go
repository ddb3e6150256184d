package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// DefaultFunctionVisibility reports functions written without a visibility before Solidity 0.5,
// where they default to public: a helper meant to be internal becomes callable by anyone.
var DefaultFunctionVisibility = &detect.Analyzer{
	Template: detect.Template{
		ID:         "DEFAULT_FUNCTION_VISIBILITY",
		Name:       "Function visibility not set",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> has no visibility, so it is ` +
			`<code>public</code>: anyone can call it.${extra}</p>`,
		Remediation:     `<p>Write the visibility of every function; make helpers <code>internal</code> or <code>private</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "extra"},
		DetectionLogic: "A function (not a constructor or fallback) with no visibility keyword, in a file whose pragma admits a " +
			"compiler below 0.5. Medium when its name marks it as a helper (leading underscore) and it changes state or sends " +
			"ether without an access check.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-100"},
		CWE:       []string{"CWE-710"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "visibility",
	},
	Run: runDefaultFunctionVisibility,
}

// StateVariableDefaultVisibility reports state variables written without a visibility: they
// are internal, which is safe but hides whether the author meant them to be read from outside.
var StateVariableDefaultVisibility = &detect.Analyzer{
	Template: detect.Template{
		ID:         "STATE_VARIABLE_DEFAULT_VISIBILITY",
		Name:       "State variable visibility not set",
		Severity:   detect.Informational,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>State variable <code>${variable_name}</code> of <code>${contract_name}</code> has no visibility and ` +
			`is therefore <code>internal</code>. Readers cannot tell whether that was meant.</p>`,
		Remediation:     `<p>Write <code>public</code>, <code>internal</code> or <code>private</code> on every state variable.</p>`,
		DescriptionKeys: []string{"contract_name", "variable_name"},
		DetectionLogic:  "A state variable (not constant) with no visibility keyword.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-108"},
		CWE:             []string{"CWE-710"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "visibility",
	},
	Run: runStateVariableDefaultVisibility,
}

func runDefaultFunctionVisibility(pass *detect.Pass) {
	c := pass.Contract
	p := pass.Program
	if c == nil || c.IsInterface() || !c.File.Version.MayBeBelow(hygV0_5_0) {
		return
	}
	for _, fn := range c.Functions {
		if fn.Decl == nil || fn.Decl.Visibility != token.ILLEGAL || fn.Kind != ast.FuncFunction {
			continue
		}
		f := detect.Finding{Pos: fn.Decl.Pos(), End: hygHeaderEnd(fn), Function: fn.Name,
			Details: map[string]string{"function_name": fnName(fn), "extra": ""}}
		if strings.HasPrefix(fn.Name, "_") && fn.Body != nil && !fn.IsView() && !p.HasAccessControl(fn) && hygChangesState(p, fn) {
			f.Severity = detect.Medium
			f.Details["extra"] = " Its name marks it as a helper, and it changes state or sends ether without an access check."
		}
		pass.Report(f)
	}
}

// hygChangesState reports whether fn (or what it calls) writes state, sends ether or destroys the
// contract.
func hygChangesState(p *sema.Program, fn *sema.Function) bool {
	if len(p.TransitiveWrites(fn)) > 0 {
		return true
	}
	for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
		if info := p.Info(g); info != nil {
			for _, c := range info.Calls {
				if c.SendsValue() || (c.Kind == sema.CallBuiltin && (c.Name == "selfdestruct" || c.Name == "suicide")) {
					return true
				}
			}
		}
	}
	return false
}

func runStateVariableDefaultVisibility(pass *detect.Pass) {
	c := pass.Contract
	if c == nil || hygIsTest(c) {
		return
	}
	for _, v := range c.StateVars {
		d := v.Decl
		if d.Visibility != token.ILLEGAL || d.Constant {
			continue
		}
		pass.Report(detect.Finding{Pos: d.Pos(), End: d.End(), Details: map[string]string{"variable_name": v.Name}})
	}
}
