package solidity

import (
	"strconv"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// StorageArrayByValue reports a storage array (or struct) passed to a function whose
// parameter is declared memory: the callee works on a copy, so the updates it makes never
// reach storage. A helper written to update state (`function _reset(uint[] memory list)
// internal { list[0] = 0; }`, called as _reset(balances)) silently does nothing.
var StorageArrayByValue = &detect.Analyzer{
	Template: detect.Template{
		ID:         "STORAGE_ARRAY_BY_VALUE",
		Name:       "Storage array passed by value to a function that modifies it",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${argument}</code> (storage) ` +
			`is passed to <code>${callee}</code>, whose parameter <code>${parameter}</code> is declared <code>memory</code>: ` +
			`the callee modifies a copy (line ${write_line}), and the change never reaches <code>${argument}</code>.</p>`,
		Remediation: `<p>Declare the parameter <code>storage</code> so that the callee updates the caller's array, or return ` +
			`the modified copy and assign it back.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "argument", "callee", "parameter", "write_line"},
		DetectionLogic: "An internal or library call (bound receivers included) whose argument is a state array or struct " +
			"(directly, through members and indexes, or through a storage pointer) while the resolved callee's parameter " +
			"is memory, the callee writes into that parameter (an element or member assigned, deleted, incremented) and " +
			"returns nothing derived from it (a copy used as scratch space to compute a result is deliberate), and the " +
			"caller does not assign the call's result back to the same state.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-440"},
		Languages: []string{"solidity"},
		Slither:   "array-by-reference",
		Class:     "logic",
	},
	Run: runStorageArrayByValue,
}

func runStorageArrayByValue(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for _, c := range info.Calls {
			if (c.Kind != sema.CallInternal && c.Kind != sema.CallLibrary) || c.Callee == nil || c.Callee.Body == nil {
				continue
			}
			args := c.Args
			if recv := methodReceiver(c); recv != nil {
				args = append([]ast.Expr{recv}, args...)
			}
			for i, a := range args {
				if i >= len(c.Callee.Params) {
					break
				}
				param := c.Callee.Params[i]
				if param.Decl == nil || param.Decl.Location != token.MEMORY || !referenceValue(info.Types[ast.Unparen(a)]) {
					continue
				}
				sv := p.StateVarOf(info, ast.Unparen(a))
				if sv == nil {
					continue
				}
				write := paramWrite(p, c.Callee, param)
				if write == nil || returnsFromParam(p, c.Callee, param) || assignedBack(p, info, c.Expr, sv) {
					continue
				}
				reportAt(pass, a, fn, map[string]string{"argument": sourceText(p, a), "callee": fnName(c.Callee),
					"parameter": param.Name, "write_line": strconv.Itoa(lineOf(p, write.Pos()))}, "", "")
			}
		}
	}
}

// stripOptions removes call options ({value: ...}) from a callee expression.
func stripOptions(x ast.Expr) ast.Expr {
	for {
		o, ok := x.(*ast.CallOptions)
		if !ok {
			return x
		}
		x = o.X
	}
}

// referenceValue reports whether values of type t are copied when passed to a memory
// parameter: arrays (bytes and string included) and structs.
func referenceValue(t sema.Type) bool {
	switch x := t.(type) {
	case *sema.ArrayType, *sema.StructType:
		return true
	case *sema.Elementary:
		return x.Name == "bytes" || x.Name == "string"
	}
	return false
}

// paramWrite returns the first write into parameter v in fn's body (an element or member
// assigned, deleted, incremented or decremented), or nil. Rebinding the name itself (v = ...)
// is not a write into the caller's value.
func paramWrite(p *sema.Program, fn *sema.Function, v *sema.Var) ast.Node {
	info := p.Info(fn)
	if info == nil {
		return nil
	}
	var found ast.Node
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if found != nil {
			return false
		}
		target := sema.AssignTarget(n)
		if target == nil {
			return true
		}
		if _, bare := ast.Unparen(target).(*ast.Ident); bare {
			return true
		}
		if info.RootVar(target) == v {
			found = n
		}
		return true
	})
	return found
}

// returnsFromParam reports whether fn returns something read from parameter v: the copy is
// scratch space for a result (sort a copy, return its median), not an update gone astray.
func returnsFromParam(p *sema.Program, fn *sema.Function, v *sema.Var) bool {
	if len(fn.Returns) == 0 {
		return false
	}
	info := p.Info(fn)
	set := map[*sema.Var]bool{v: true}
	return returnsMatching(info, fn, func(x ast.Expr) bool { return mentionsVars(info, x, set) })
}

// assignedBack reports whether the result of call is assigned to state variable sv (x =
// f(x)): the modified copy is stored.
func assignedBack(p *sema.Program, info *sema.FuncInfo, call *ast.CallExpr, sv *sema.Var) bool {
	found := false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignExpr); ok && unwrapCall(a.Rhs) == call && p.StateVarOf(info, a.Lhs) == sv {
			found = true
		}
		return !found
	})
	return found
}
