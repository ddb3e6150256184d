package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// yulCallData reads an assembly call(gas, target, value, in, size, out, outSize) made by entry
// point fn itself whose input is a parameter's bytes copied from calldata in the same assembly
// block (calldatacopy(in, data.offset, ...)) and not overwritten before the call (an mstore at
// in writes a selector of the code's own choosing). Memory filled any other way is not followed:
// no finding.
func yulCallData(p *sema.Program, fn *sema.Function, a sema.Action) (lowCall, bool) {
	yc, ok := a.At.(*ast.YulCall)
	if !ok || a.In != fn || yc.Name.Name != "call" || len(yc.Args) != 7 {
		return lowCall{}, false
	}
	info := p.Info(fn)
	block := assemblyHolding(fn, yc)
	if info == nil || block == nil {
		return lowCall{}, false
	}
	in := yulText(p, yc.Args[3])
	var copied *ast.YulCall
	overwritten := false
	ast.Inspect(block, func(x ast.Node) bool {
		c, ok := x.(*ast.YulCall)
		if !ok || c.Pos() >= yc.Pos() || len(c.Args) == 0 || yulText(p, c.Args[0]) != in {
			return true
		}
		switch c.Name.Name {
		case "calldatacopy":
			if len(c.Args) == 3 {
				copied, overwritten = c, false
			}
		case "mstore", "mstore8":
			if copied != nil {
				overwritten = true
			}
		}
		return true
	})
	if copied == nil || overwritten {
		return lowCall{}, false
	}
	src, ok := copied.Args[1].(*ast.YulIdent)
	if !ok || !strings.HasSuffix(src.Name, ".offset") {
		return lowCall{}, false
	}
	data := info.YulUses[src]
	if data == nil || data.Kind != sema.ParamVar {
		return lowCall{}, false
	}
	cs := lowCall{info: info, prov: p.DepsOf(info).Var(data), shownTarget: yc.Args[1], shownData: src}
	if data.Decl != nil && data.Decl.Name != nil {
		cs.shownData = data.Decl.Name // the parameter, not its offset
	}
	if id, ok := yc.Args[1].(*ast.YulIdent); ok {
		if v := info.YulUses[id]; v != nil && v.Kind == sema.ParamVar && v.Decl != nil && v.Decl.Name != nil {
			cs.target = v.Decl.Name // require(allowed[target]) binds it as it binds the parameter
		}
	}
	return cs, true
}

// assemblyHolding returns the body of the assembly statement of fn that holds x, or nil.
func assemblyHolding(fn *sema.Function, x ast.Node) *ast.YulBlock {
	for n := range fn.BodyTree().Preorder(assemblyKinds) {
		if b := n.(*ast.AssemblyStmt).Body; b != nil && b.Pos() <= x.Pos() && x.End() <= b.End() {
			return b
		}
	}
	return nil
}

// yulText is an assembly expression's source without spaces, to compare two writings of one
// memory offset.
func yulText(p *sema.Program, x ast.YulExpr) string {
	return blankless(sourceText(p, x))
}
