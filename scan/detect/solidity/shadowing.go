package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// StateVariableShadowing reports a derived contract declaring a state variable with the name of
// one of its bases' (allowed before Solidity 0.6): the two are separate slots, so the base's
// functions keep using the base's variable and the derived assignment has no effect on them.
var StateVariableShadowing = &detect.Analyzer{
	Template: detect.Template{
		ID:         "STATE_VARIABLE_SHADOWING",
		Name:       "State variable shadows a base contract's",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>State variable <code>${variable_name}</code> of <code>${contract_name}</code> shadows the state variable ` +
			`of the same name in base contract <code>${base_name}</code>. They are different storage slots: functions of ` +
			`<code>${base_name}</code> read and write the base's variable, and the value set in the derived contract is ignored ` +
			`by them (a cap, an owner, a fee that is silently not applied).</p>`,
		Remediation: `<p>Remove the redeclaration and assign the base's variable in the derived constructor, or rename one of ` +
			`the variables.</p>`,
		DescriptionKeys: []string{"contract_name", "variable_name", "base_name"},
		DetectionLogic:  "A state variable whose name is also a state variable's in a contract of the linearization. Low when the base's variable is private or one of them is constant, informational when both are constants.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-119"},
		CWE:             []string{"CWE-710"},
		Languages:       []string{"solidity"},
		Slither:         "shadowing-state",
		Class:           "shadowing",
	},
	Run: runStateVariableShadowing,
}

// LocalShadowsState reports parameters, return variables and locals named like a state variable
// of the contract: inside the function the name means the local, which is easy to misread (a
// function returning the uninitialised local instead of the state value).
var LocalShadowsState = &detect.Analyzer{
	Template: detect.Template{
		ID:         "LOCAL_SHADOWS_STATE_VARIABLE",
		Name:       "Local variable shadows a state variable",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In function <code>${function_name}</code> of <code>${contract_name}</code>, ${kind} ` +
			`<code>${variable_name}</code> has the name of a state variable of <code>${owner_name}</code>. Inside the ` +
			`function the name refers to the local, not to the state.</p>`,
		Remediation:     `<p>Rename the local (for example with a leading or trailing underscore).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "kind", "variable_name", "owner_name"},
		DetectionLogic:  "A parameter, named return variable or local of an implemented function whose name is a state variable's of the contract or its bases (private variables of bases excluded).",
		Version:         "1.0.0",
		SWC:             []string{"SWC-119"},
		CWE:             []string{"CWE-710"},
		Languages:       []string{"solidity"},
		Slither:         "shadowing-local",
		Class:           "shadowing",
	},
	Run: runLocalShadowsState,
}

func runStateVariableShadowing(pass *detect.Pass) {
	c := pass.Contract
	if c == nil || len(c.Linearization) < 2 {
		return
	}
	for _, v := range c.StateVars {
		for _, base := range c.Linearization[1:] {
			var shadowed *sema.Var
			for _, bv := range base.StateVars {
				if bv.Name == v.Name {
					shadowed = bv
				}
			}
			if shadowed == nil {
				continue
			}
			f := detect.Finding{Pos: v.Decl.Pos(), End: v.Decl.End(),
				Details: map[string]string{"variable_name": v.Name, "base_name": base.Name}}
			switch {
			case shadowed.Decl.Constant && v.Decl.Constant:
				// Two constants: no storage is involved, only the value base code sees differs.
				f.Severity = detect.Informational
			case shadowed.Decl.Visibility == token.PRIVATE || shadowed.Decl.Constant || v.Decl.Constant:
				f.Severity = detect.Low
			}
			pass.Report(f)
			break
		}
	}
}

func runLocalShadowsState(pass *detect.Pass) {
	c := pass.Contract
	if c == nil || c.IsInterface() {
		return
	}
	state := map[string]*sema.Var{}
	for i := len(c.Linearization) - 1; i >= 0; i-- {
		for _, v := range c.Linearization[i].StateVars {
			if i > 0 && v.Decl.Visibility == token.PRIVATE {
				continue
			}
			state[v.Name] = v
		}
	}
	for _, fn := range bodies(pass.Functions()) {
		seen := map[string]bool{}
		check := func(vars []*sema.Var, kind string) {
			for _, v := range vars {
				sv := state[v.Name]
				if v.Name == "" || sv == nil || v.Decl == nil || seen[v.Name] {
					continue
				}
				seen[v.Name] = true
				pass.ReportNode(v.Decl, fn, map[string]string{"kind": kind, "variable_name": v.Name, "owner_name": sv.Contract.Name})
			}
		}
		check(fn.Params, "parameter")
		check(fn.Returns, "return variable")
		check(fn.Locals, "local variable")
	}
}
