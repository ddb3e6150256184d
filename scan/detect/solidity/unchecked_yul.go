package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// reportUncheckedYulCalls reports the assembly calls of fn (call, callcode, delegatecall) whose
// success flag is dropped: popped (pop(call(...))), or put in a variable nothing reads (a named
// result is not dropped: the caller gets it). A
// popped flag is written so on purpose, though the call's failure still goes unnoticed: its
// confidence is medium. staticcall is left out: its outcome is usually judged by the output
// it writes.
func reportUncheckedYulCalls(pass *detect.Pass, info *sema.FuncInfo, fn *sema.Function) {
	for n := range fn.BodyTree().Preorder(assemblyKinds) {
		body := n.(*ast.AssemblyStmt).Body
		if body == nil {
			continue
		}
		ast.Inspect(body, func(x ast.Node) bool {
			switch s := x.(type) {
			case *ast.YulExprStmt:
				if pop, ok := s.X.(*ast.YulCall); ok && pop.Name.Name == "pop" && len(pop.Args) == 1 {
					if c := yulLowLevelCall(pop.Args[0]); c != nil {
						reportYulCall(pass, fn, c, detect.ConfidenceMedium, "its success flag is popped")
					}
				}
			case *ast.YulLet:
				if c := yulLowLevelCall(s.Value); c != nil && len(s.Names) == 1 && !yulNameRead(body, s.Names[0].Name) {
					reportYulCall(pass, fn, c, "", "its success flag "+s.Names[0].Name+" is never read")
				}
			case *ast.YulAssign:
				if c := yulLowLevelCall(s.Value); c != nil && len(s.Names) == 1 {
					id := s.Names[0]
					// A named result (success_ := call(...)) is handed back: the caller's to check.
					if v := info.YulUses[id]; v != nil && v.Kind != sema.ReturnVar && !varRead(info, fn, v) || v == nil && !yulNameRead(body, id.Name) {
						reportYulCall(pass, fn, c, "", "its success flag "+id.Name+" is never read")
					}
				}
			}
			return true
		})
	}
}

var assemblyKinds = inspect.Of((*ast.AssemblyStmt)(nil))

// yulLowLevelCall returns x when it is an assembly call, callcode or delegatecall.
func yulLowLevelCall(x ast.YulExpr) *ast.YulCall {
	c, ok := x.(*ast.YulCall)
	if !ok {
		return nil
	}
	switch c.Name.Name {
	case "call", "callcode", "delegatecall":
		return c
	}
	return nil
}

// yulNameRead reports whether the assembly local name is read anywhere in body: named in an
// expression, not only assigned. Any block's local of that name counts (shadowing is rare, and
// counting it only keeps a flag that may be checked).
func yulNameRead(body *ast.YulBlock, name string) bool {
	targets := map[*ast.YulIdent]bool{}
	ast.Inspect(body, func(x ast.Node) bool {
		switch s := x.(type) {
		case *ast.YulLet:
			for _, id := range s.Names {
				targets[id] = true
			}
		case *ast.YulAssign:
			for _, id := range s.Names {
				targets[id] = true
			}
		case *ast.YulFuncDef:
			targets[s.Name] = true
			for _, id := range append(append([]*ast.YulIdent(nil), s.Params...), s.Returns...) {
				targets[id] = true
			}
		case *ast.YulCall:
			targets[s.Name] = true // the function called, not a variable
		}
		return true
	})
	read := false
	ast.Inspect(body, func(x ast.Node) bool {
		if id, ok := x.(*ast.YulIdent); ok && id.Name == name && !targets[id] {
			read = true
		}
		return !read
	})
	return read
}

// reportYulCall reports one assembly call whose flag is dropped.
func reportYulCall(pass *detect.Pass, fn *sema.Function, c *ast.YulCall, conf detect.Confidence, why string) {
	f := detect.Finding{Pos: c.Pos(), End: c.End(), Function: fn.Name, Confidence: conf,
		Details: map[string]string{"function_name": fnName(fn), "call_kind": c.Name.Name + " in assembly"}}
	f.Evidence = &detect.Evidence{}
	f.Evidence.Add("the assembly " + c.Name.Name + " returns 0 when the callee fails, and " + why)
	pass.Report(f)
}
