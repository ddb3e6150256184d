package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// UninitializedStoragePointer reports local struct, array and mapping variables declared
// without a data location and without a value before Solidity 0.5: they are storage pointers
// to slot 0, so writing through them overwrites the contract's first state variables (often
// the owner or a lottery's secret).
var UninitializedStoragePointer = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNINITIALIZED_STORAGE_POINTER",
		Name:       "Uninitialized storage pointer",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Local variable <code>${variable_name}</code> in function <code>${function_name}</code> of ` +
			`<code>${contract_name}</code> has a reference type, no data location and no value. Before Solidity 0.5 such ` +
			`a variable is a storage pointer to slot 0: writing to its fields overwrites the contract's first state variables ` +
			`(${slot_zero}).</p>`,
		Remediation: `<p>Declare the variable <code>memory</code> if it is a scratch value, or initialise it from the ` +
			`storage element it should point to (<code>Game storage g = games[id];</code>). Compile with Solidity 0.5 or ` +
			`later, which rejects uninitialized storage pointers.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "variable_name", "slot_zero"},
		DetectionLogic: "A local variable declaration of struct, array, bytes/string or mapping type with no initial value and no " +
			"location (or `storage`) in a file whose pragma admits a compiler below 0.5. High when the function writes through " +
			"the variable, medium when it only reads it.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-109"},
		CWE:       []string{"CWE-824"},
		Languages: []string{"solidity"},
		Slither:   "uninitialized-storage",
		Class:     "uninitialized-storage",
	},
	Run: runUninitializedStoragePointer,
}

func runUninitializedStoragePointer(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if !fn.File.Version.MayBeBelow(hygV0_5_0) {
			continue
		}
		info := p.Info(fn)
		if info == nil {
			continue
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			s, ok := n.(*ast.VarDeclStmt)
			if !ok || s.Value != nil {
				return true
			}
			for _, d := range s.Vars {
				if d == nil || d.Name == nil || (d.Location != token.ILLEGAL && d.Location != token.STORAGE) {
					continue
				}
				v := hygLocalOf(fn, d)
				if v == nil || !hygLocalIsReference(p, fn, v) || hygAssignedWhole(info, fn, v) {
					continue
				}
				f := detect.Finding{Pos: s.Pos(), End: s.End(), Function: fn.Name, Details: map[string]string{
					"variable_name": v.Name, "function_name": fnName(fn), "slot_zero": hygSlotZero(fn.Contract)}}
				if !hygWritesThrough(info, fn, v) {
					f.Severity = detect.Medium
				}
				pass.Report(f)
			}
			return true
		})
	}
}

// hygLocalOf returns the local variable declared by d.
func hygLocalOf(fn *sema.Function, d *ast.VarDecl) *sema.Var {
	for _, v := range fn.Locals {
		if v.Decl == d {
			return v
		}
	}
	return nil
}

// hygLocalIsReference reports whether a local has a reference type, resolving struct names the
// model could not type (structs of unresolved bases are still structs).
func hygLocalIsReference(p *sema.Program, fn *sema.Function, v *sema.Var) bool {
	if v.Type != nil {
		return hygIsReferenceType(v.Type)
	}
	switch t := v.Decl.Type.(type) {
	case *ast.ArrayType, *ast.MappingType:
		return true
	case *ast.IdentPath:
		name := t.Names[len(t.Names)-1].Name
		for _, c := range p.Contracts {
			for _, s := range c.Structs {
				if s.Name.Name == name {
					return true
				}
			}
		}
	}
	return false
}

// hygWritesThrough reports whether fn assigns to a field or element of v, or pushes to it.
func hygWritesThrough(info *sema.FuncInfo, fn *sema.Function, v *sema.Var) bool {
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		var target ast.Expr
		switch e := n.(type) {
		case *ast.AssignExpr:
			target = e.Lhs
		case *ast.UnaryExpr:
			if e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE {
				target = e.X
			}
		case *ast.CallExpr:
			if m, ok := e.Fun.(*ast.MemberExpr); ok && (m.Name.Name == "push" || m.Name.Name == "pop") {
				target = m.X
			}
		}
		if target != nil {
			if _, direct := ast.Unparen(target).(*ast.Ident); !direct || hygIsPushTarget(n) {
				if hygSameVar(info.RootVar(target), v) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// hygAssignedWhole reports whether fn assigns v itself (p = games[i]), pointing it somewhere.
func hygAssignedWhole(info *sema.FuncInfo, fn *sema.Function, v *sema.Var) bool {
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignExpr); ok && a.Op == token.ASSIGN {
			if id, ok := ast.Unparen(a.Lhs).(*ast.Ident); ok && hygUsesVar(info, id, v) {
				found = true
			}
		}
		return !found
	})
	return found
}

func hygIsPushTarget(n ast.Node) bool {
	_, ok := n.(*ast.CallExpr)
	return ok
}

// hygSlotZero names the state variables a storage pointer to slot 0 overlays.
func hygSlotZero(c *sema.Contract) string {
	if c == nil {
		return "slot 0"
	}
	vars := c.AllStateVars()
	for _, v := range vars {
		if !v.IsConstant() {
			return "slot 0 holds " + v.Name
		}
	}
	return "slot 0"
}
