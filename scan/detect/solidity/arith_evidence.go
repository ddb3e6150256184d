package solidity

import (
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Evidence for the arithmetic family: what the value ranges showed, written into the
// finding's details ("evidence") so that a reviewer sees which bound is missing.

// wrapEvidence describes why op may wrap: its operands' ranges where it runs, the exact
// result's range against its type's, and the bound that would rule the wrap out.
func wrapEvidence(p *sema.Program, op arithOp, f sema.ArithFacts) string {
	var b strings.Builder
	b.WriteString("value ranges at the operation: ")
	b.WriteString(shortText(p, op.x) + " in " + f.X.String())
	if op.y != nil {
		b.WriteString(", " + shortText(p, op.y) + " in " + f.Y.String())
	}
	b.WriteString("; the exact result " + f.Exact.String() + " leaves " + intTypeName(f.Bits, f.Signed) + " " +
		sema.TypeRange(f.Bits, f.Signed).String())
	if m := missingBound(p, op, f); m != "" {
		b.WriteString("; missing: " + m)
	}
	return b.String()
}

// missingBound names the check that would bound op.
func missingBound(p *sema.Program, op arithOp, f sema.ArithFacts) string {
	max := sema.TypeRange(f.Bits, f.Signed).Hi
	switch op.op {
	case token.SUB:
		if op.y == nil {
			return "a check that " + shortText(p, op.x) + " is above zero"
		}
		return "a check that " + shortText(p, op.x) + " >= " + shortText(p, op.y)
	case token.ADD, token.MUL, token.EXP:
		var unbounded []string
		if f.X.Hi == nil || f.X.Hi.Cmp(max) >= 0 {
			unbounded = append(unbounded, shortText(p, op.x))
		}
		if op.y != nil && (f.Y.Hi == nil || f.Y.Hi.Cmp(max) >= 0) {
			unbounded = append(unbounded, shortText(p, op.y))
		}
		if len(unbounded) == 0 {
			return "an upper bound that keeps the result in its type"
		}
		return "an upper bound on " + strings.Join(unbounded, " and ")
	}
	return ""
}

// provenByCaller reports whether the ranges leave a caller-chosen operand of op wholly
// unbounded in a public function of resolved code: the caller can pick the value that wraps.
func provenByCaller(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, op arithOp, src sema.Source, f sema.ArithFacts) bool {
	if !fn.IsEntryPoint() || fn.Contract == nil || fn.Contract.UnresolvedBases || src.Has(sema.SrcCallRet|sema.SrcData) || f.Exact.Empty() {
		return false
	}
	free := func(x ast.Expr, iv sema.Interval) bool {
		if x == nil || !ownParam(info, x) {
			return false
		}
		t, ok := intType(info, x)
		return ok && iv.Equal(sema.TypeRange(t.Bits(), t.IsSigned()))
	}
	return free(op.x, f.X) || free(op.y, f.Y)
}

// ownParam reports whether x is a parameter of the function itself (through conversions).
func ownParam(info *sema.FuncInfo, x ast.Expr) bool {
	id, ok := ast.Unparen(withoutIntConversions(x)).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	return ok && v.Kind == sema.ParamVar && v.Func == info.Fn
}

// shortText is an expression's text, cut to a readable length.
func shortText(p *sema.Program, x ast.Expr) string {
	s := normText(p, x)
	if len(s) > 48 {
		s = s[:45] + "..."
	}
	return "`" + s + "`"
}

// intTypeName names an integer type of the given width.
func intTypeName(bits int, signed bool) string {
	name := "uint"
	if signed {
		name = "int"
	}
	return name + strconv.Itoa(bits)
}

// castEvidence describes why a conversion may truncate: the value's range where it is
// converted, against the range the narrow type holds.
func castEvidence(p *sema.Program, x ast.Expr, iv sema.Interval, to *sema.Elementary) string {
	tr := sema.TypeRange(to.Bits(), to.IsSigned())
	ev := "value range of " + shortText(p, x) + " at the conversion: " + iv.String() + "; " + to.Name + " holds " + tr.String()
	if iv.Hi == nil || iv.Hi.Cmp(tr.Hi) > 0 {
		ev += "; missing: an upper bound on " + shortText(p, x) + " (at most " + tr.Hi.String() + ")"
	} else if iv.Lo == nil || iv.Lo.Cmp(tr.Lo) < 0 {
		ev += "; missing: a lower bound on " + shortText(p, x)
	}
	return ev
}
