package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// MissingEventCriticalChange reports public functions that change who controls the contract or
// what it charges (owner, roles, fees, oracles, treasuries, implementation, pause) without
// emitting an event: users and monitors cannot see the change happen.
var MissingEventCriticalChange = &detect.Analyzer{
	Template: detect.Template{
		ID:         "MISSING_EVENT_CRITICAL_CHANGE",
		Name:       "Critical change without an event",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> changes <code>${state_var}</code> ` +
			`but emits no event. Changes of owners, roles, fees or addresses the contract trusts should be visible off-chain, ` +
			`so users and monitoring can react to them.</p>`,
		Remediation:     `<p>Emit an event with the old and new values whenever the variable changes.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_var"},
		DetectionLogic: "A public state-changing function (not an initializer) with an access check assigns a value from its " +
			"parameters or msg.sender to a role, fee, oracle, treasury, implementation or pause variable, itself or through " +
			"helpers, and neither it nor any helper emits an event.",
		Version:   "1.0.0",
		SWC:       nil, // no SWC entry covers missing events
		CWE:       []string{"CWE-778"},
		Languages: []string{"solidity"},
		Slither:   "events-access",
		Class:     "events",
	},
	Run: runMissingEvents,
}

func runMissingEvents(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		if isInitializerLike(fn) || emitsAny(p, fn) {
			continue
		}
		info := p.Info(fn)
		for _, w := range entryWrites(p, fn) {
			// Admin setters: unprotected writes get the UNPROTECTED_* findings instead, and
			// only values the caller supplies are settings (not accumulated fees).
			if !isCriticalSetting(w.v) || !callerRestrictedAt(p, fn, w.node) {
				continue
			}
			if a, ok := w.at.(*ast.AssignExpr); !ok || !entrySource(info, w, a.Rhs).Has(sema.SrcParam|sema.SrcSender) {
				continue
			}
			f := detect.Finding{Function: fn.Name, Details: map[string]string{"function_name": fnName(fn), "state_var": w.v.Name}}
			f.Pos, f.End = w.site.Pos(), w.site.End()
			pass.Report(f)
			break
		}
	}
}

// isCriticalSetting reports whether a state variable configures who controls the contract or
// what it charges.
func isCriticalSetting(v *sema.Var) bool {
	if v == nil || v.Kind != sema.StateVar || v.IsConstant() {
		return false
	}
	if isRoleVar(v) || isImplementationVar(v) || isPauseVar(v) {
		return true
	}
	if hasWord(v.Name, "fee", "fees", "tax", "taxes", "oracle", "treasury", "router", "vault", "feeto") {
		switch v.Type.(type) {
		case *sema.Elementary, *sema.ContractType:
			return true
		}
	}
	return false
}
