package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// FunctionPointerOverwrite reports inline assembly that writes a variable holding an internal
// function pointer (a function-type variable, or a struct with a function-type field). Calling
// the pointer afterwards jumps to whatever code offset was written: with a caller-chosen
// value, anywhere in the contract, past access checks.
var FunctionPointerOverwrite = &detect.Analyzer{
	Template: detect.Template{
		ID:         "FUNCTION_POINTER_OVERWRITE",
		Name:       "Arbitrary jump through a function-type variable",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Inline assembly in <code>${function_name}</code> of <code>${contract_name}</code> writes ` +
			`<code>${variable_name}</code>, which holds an internal function pointer. Calling it then jumps to the written ` +
			`code offset${caller}.</p>`,
		Remediation: `<p>Never modify function-type variables in assembly; select functions with explicit branches ` +
			`(an if or a mapping to an enum).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "variable_name", "caller"},
		DetectionLogic: "An assembly mstore/sstore to, or assignment of, a local or state variable of internal function type or " +
			"of a struct type with such a field (copies from another function pointer excepted). High when the written value depends on callvalue, calldata, caller or a " +
			"parameter; medium otherwise.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-127"},
		CWE:       []string{"CWE-695"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "arbitrary-storage",
	},
	Run: runFunctionPointerOverwrite,
}

// hygHoldsFunctionPointer reports whether a variable is of function type or a struct with a
// function-type field.
func hygHoldsFunctionPointer(v *sema.Var) bool {
	if v == nil || v.Decl == nil {
		return false
	}
	if hygInternalFuncType(v.Decl.Type) {
		return true
	}
	if st, ok := v.Type.(*sema.StructType); ok && st.Decl != nil {
		for _, f := range st.Decl.Fields {
			if hygInternalFuncType(f.Type) {
				return true
			}
		}
	}
	return false
}

// hygInternalFuncType reports whether t is an internal function type: its value is a code
// offset to jump to (an external one is an address and selector, called like any external call).
func hygInternalFuncType(t ast.Expr) bool {
	ft, ok := t.(*ast.FuncType)
	return ok && ft.Visibility != token.EXTERNAL
}

func runFunctionPointerOverwrite(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range hygBodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			a, ok := n.(*ast.AssemblyStmt)
			if !ok {
				return true
			}
			ast.Inspect(a.Body, func(y ast.Node) bool {
				var target ast.Node
				var value ast.Node
				var name string
				switch s := y.(type) {
				case *ast.YulCall:
					if (s.Name.Name == "mstore" || s.Name.Name == "sstore") && len(s.Args) == 2 {
						if v := hygYulVar(info, s.Args[0]); hygHoldsFunctionPointer(v) {
							target, value, name = s, s.Args[1], v.Name
						}
					}
				case *ast.YulAssign:
					for _, id := range s.Names {
						if v := info.YulUses[id]; hygHoldsFunctionPointer(v) {
							target, value, name = s, s.Value, v.Name
						}
					}
				}
				if target == nil {
					return true
				}
				if id, ok := value.(*ast.YulIdent); ok && hygHoldsFunctionPointer(info.YulUses[id]) {
					return true // copying one function pointer into another
				}
				f := detect.Finding{Pos: target.Pos(), End: target.End(), Function: fn.Name, Severity: detect.Medium,
					Details: map[string]string{"function_name": fnName(fn), "variable_name": name, "caller": ""}}
				if hygYulCallerControlled(info, value) {
					f.Severity = ""
					f.Details["caller"] = ", which the caller controls"
				}
				pass.Report(f)
				return true
			})
			return false
		})
	}
}

// hygYulVar returns the Solidity variable a Yul expression names (x, or x in mload(x)/add(x, k)).
func hygYulVar(info *sema.FuncInfo, x ast.Node) *sema.Var {
	var out *sema.Var
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.YulIdent); ok && out == nil {
			out = info.YulUses[id]
		}
		return out == nil
	})
	return out
}

// hygYulCallerControlled reports whether a Yul expression depends on callvalue, calldata,
// caller or a function parameter.
func hygYulCallerControlled(info *sema.FuncInfo, x ast.Node) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.YulCall:
			switch e.Name.Name {
			case "callvalue", "calldataload", "caller", "calldatacopy", "origin":
				found = true
			}
		case *ast.YulIdent:
			if v := info.YulUses[e]; v != nil && v.Kind == sema.ParamVar {
				found = true
			}
			// Pre-0.5 instructional style names opcodes without parentheses.
			switch e.Name {
			case "callvalue", "caller", "origin":
				found = true
			}
		}
		return !found
	})
	return found
}
