package solidity

import (
	"strconv"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// reachedHow describes how entry point fn reaches action a, for a finding's evidence: "" when
// a is in fn's own code, else the function holding it and the way there.
func reachedHow(p *sema.Program, fn *sema.Function, a sema.Action) string {
	if a.Depth == 0 && a.In == fn {
		return ""
	}
	how := ", reached from " + fnName(fn)
	if a.Depth > 1 {
		how += " through " + strconv.Itoa(a.Depth) + " calls"
	}
	if a.In.Contract != nil && a.In.Contract.IsLibrary() {
		how += " (library code)"
	}
	if _, yul := a.At.(*ast.YulCall); yul {
		how += " (inline assembly)"
	}
	return how
}
