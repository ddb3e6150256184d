package detectors

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// nativeFeeCredits reports native functions that deposit with
// spl_token_2022's transfer_checked (the builder serves both token
// programs, so a fee-bearing mint can come in) and credit the amount
// sent, with no fee computation or balance measurement.
func (p *Pass) nativeFeeCredits(deposits depositMemo) {
	for _, fn := range p.Program.Functions {
		if inTests(fn) {
			continue
		}
		amounts := map[string]bool{}
		for _, n := range p.depositAmounts(fn, 0, deposits) {
			amounts[n] = true
		}
		if len(amounts) == 0 || p.feeAware(fn) || readsBalanceAfterInvoke(fn) {
			continue
		}
		if c, name := p.creditOf(fn.Decl.Body, amounts); c != nil {
			p.Report(c, fn, map[string]string{"amount": name})
		}
	}
}

// readsBalanceAfterInvoke reports native code that unpacks a token
// account after an invoke and reads its amount: the vault's balance is
// measured once the tokens arrived (native code's reload()).
func readsBalanceAfterInvoke(fn *model.Function) bool {
	first := token.NoPos
	for _, c := range fn.Calls() {
		if c.Kind == model.CallInvoke && (first == token.NoPos || c.Pos() < first) {
			first = c.Pos()
		}
	}
	if first == token.NoPos {
		return false
	}
	env := fn.Lets()
	unpacked := func(x ast.Expr) bool {
		if pe, ok := x.(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 {
			if init, ok := env[pe.Path.Segments[0].Name.Name]; ok {
				x = init
			}
		}
		for _, c := range model.Calls(x) {
			switch c.Name() {
			case "unpack", "unpack_from_slice", "unpack_unchecked":
				return true
			}
		}
		return false
	}
	found := false
	ast.Inspect(fn.Decl.Body, func(n ast.Node) bool {
		if f, ok := n.(*ast.FieldExpr); ok && f.Name.Name == "amount" && f.Pos() > first && unpacked(f.X) {
			found = true
		}
		return !found
	})
	return found
}

// invokedSigned reports a native instruction builder call passed to
// invoke_signed, directly or through a local: the program's own PDA
// moves the tokens, so nothing comes in.
func invokedSigned(fn *model.Function, builder *model.Call) bool {
	local := ""
	for name, init := range fn.Lets() {
		if init.Pos() <= builder.Pos() && builder.Node.End() <= init.End() {
			local = name
		}
	}
	for _, k := range fn.Calls() {
		if k.Kind != model.CallInvokeSigned {
			continue
		}
		if k.Pos() <= builder.Pos() && builder.Node.End() <= k.Node.End() {
			return true
		}
		for _, a := range k.Args {
			if local != "" && containsName(a, local) {
				return true
			}
		}
	}
	return false
}
