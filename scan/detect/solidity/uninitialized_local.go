package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// UninitializedLocalVariable reports local variables of value type that are read but never
// assigned: they are always zero. An address local that is never set sends ether and calls to
// the zero address; a counter or flag that is never set makes a check meaningless.
var UninitializedLocalVariable = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNINITIALIZED_LOCAL_VARIABLE",
		Name:       "Local variable read but never assigned",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Local variable <code>${variable_name}</code> in <code>${function_name}</code> of ` +
			`<code>${contract_name}</code> is read but never assigned, so it is always zero${usage}.</p>`,
		Remediation:     `<p>Assign the intended value, or use the literal zero if that is what is meant.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "variable_name", "usage"},
		DetectionLogic: "A local of value type (address, contract, integer, bool, fixed bytes) declared without a value that " +
			"no statement, tuple assignment or inline assembly assigns, and that is read. Medium when it is an address that " +
			"receives ether or is called.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-457"},
		Languages: []string{"solidity"},
		Slither:   "uninitialized-local",
		Class:     "uninitialized-local",
	},
	Run: runUninitializedLocalVariable,
}

func runUninitializedLocalVariable(pass *detect.Pass) {
	p := pass.Program
	if hygPassIsTest(pass) {
		return
	}
	for _, fn := range hygBodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		assigned := map[*ast.VarDecl]bool{}
		for id := range hygBodyWriteTargets(fn, false, true) {
			if v, ok := info.Uses[id].(*sema.Var); ok && v.Decl != nil {
				assigned[v.Decl] = true
			}
		}
		for _, v := range info.YulUses {
			if v != nil && v.Decl != nil {
				assigned[v.Decl] = true // assembly may assign it
			}
		}
		seen := map[*ast.VarDecl]bool{}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			s, ok := n.(*ast.VarDeclStmt)
			if !ok || s.Value != nil {
				return true
			}
			for _, d := range s.Vars {
				if d == nil || d.Name == nil || assigned[d] || seen[d] || hygIsVarKeyword(d.Type) {
					continue
				}
				seen[d] = true
				v := hygLocalOf(fn, d)
				if v == nil || !hygPlainValueType(v.Type) {
					continue
				}
				if !hygLocalRead(info, fn.Body, d) {
					continue // unused altogether: UNUSED_LOCAL_VARIABLE's business
				}
				f := detect.Finding{Pos: s.Pos(), End: s.End(), Function: fn.Name,
					Details: map[string]string{"function_name": fnName(fn), "variable_name": d.Name.Name, "usage": ""}}
				if usage := hygLocalPaymentUse(info, d); usage != "" {
					f.Severity = detect.Medium
					f.Details["usage"] = ": " + usage
				}
				pass.Report(f)
			}
			return true
		})
	}
}

// hygPlainValueType reports whether t is a value type whose zero is a meaningful mistake:
// addresses, contracts, integers, bools and fixed-size bytes (not structs, arrays, strings).
func hygPlainValueType(t sema.Type) bool {
	switch e := t.(type) {
	case *sema.Elementary:
		return e.Name != "string" && e.Name != "bytes"
	case *sema.ContractType:
		return true
	}
	return false
}

// hygLocalRead reports whether the local declared by d is read in n.
func hygLocalRead(info *sema.FuncInfo, n ast.Node, d *ast.VarDecl) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if id, ok := x.(*ast.Ident); ok && id != d.Name {
			if v, ok := info.Uses[id].(*sema.Var); ok && v.Decl == d {
				found = true
			}
		}
		return !found
	})
	return found
}

// hygLocalPaymentUse says how an address local is used where zero does harm.
func hygLocalPaymentUse(info *sema.FuncInfo, d *ast.VarDecl) string {
	isLocal := func(x ast.Expr) bool {
		found := false
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*sema.Var); ok && v.Decl == d {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for _, c := range info.Calls {
		if c.Target != nil && c.IsExternal() && isLocal(c.Target) {
			if c.SendsValue() {
				return "ether sent to it goes to the zero address"
			}
			return "calls to it go to the zero address"
		}
	}
	return ""
}
