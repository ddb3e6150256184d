package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// StrictBalanceEquality reports == and != on an ether balance. Anyone can add ether to any
// address without calling it (selfdestruct, a coinbase reward, a transfer to a precomputed
// address), so a contract that expects its balance to equal an amount it tracked can be
// pushed into a state where the check never holds again (Edgeware's Lockdrop "gridlock").
//
// Token balances (balanceOf) compared for equality are reported too: tokens can be
// transferred to any address without its cooperation.
var StrictBalanceEquality = &detect.Analyzer{
	Template: detect.Template{
		ID:         "STRICT_BALANCE_EQUALITY",
		Name:       "Strict equality on a balance",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium, // calibrated: its findings on audited code were mostly wrong before the membership and conservation cases
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> requires an ` +
			`exact balance. Ether can be forced onto any address (selfdestruct, precomputed addresses) and tokens transferred to it, so an attacker ` +
			`can make the equality fail forever and lock the logic behind it.</p>`,
		Remediation:     `<p>Compare with <code>&gt;=</code> or <code>&lt;=</code>, or track deposits in a state variable instead of reading the balance.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression"},
		DetectionLogic: "== or != with an address's .balance (not a struct field named balance) or a balanceOf(x) call on one side, " +
			"or a local whose one value is such a read (uint bal = address(this).balance; ... bal == goal); " +
			"medium in require/assert/if, low in a returned value. Not reported when the other side is built from an earlier " +
			"snapshot of the same balance in the same function (a check that a transfer moved the exact amount), nor for a " +
			"comparison with zero whose zero outcome only stops the code (reverts, returns, continues: a membership test a " +
			"donation can only open). Low when the other side is a snapshot of another balance (a conservation check across " +
			"a call) or when only checked callers and set-up reach the function.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-132"},
		CWE:       []string{"CWE-667"},
		Languages: []string{"solidity"},
		Slither:   "incorrect-equality",
		Class:     "strict-equality",
	},
	Run: runStrictBalance,
}

func runStrictBalance(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		inCond := map[*ast.BinaryExpr]bool{}
		for _, c := range conditionsOf(p, fn) {
			for _, cmp := range comparisonsIn(c.expr) {
				inCond[cmp] = true
			}
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
				return true
			}
			read, _ := balanceSides(info, b)
			if read == nil {
				return true
			}
			if balanceSnapshotCompare(p, info, b) || zeroMembership(p, info, b) {
				return true
			}
			ev := &detect.Evidence{}
			if read != b.X && read != b.Y {
				ev.Add("a local holds " + sourceText(p, read) + ", read in this function")
			}
			sev := detect.Low
			if inCond[b] {
				sev = detect.Medium
				ev.Add("the equality decides the control flow; anyone can send ether or tokens to the account")
			} else {
				ev.Add("the equality is computed, not checked, here")
			}
			switch {
			case inTestCode(fn):
				sev = detect.Low
			case sev == detect.Medium && conservationCheck(p, info, b):
				sev = detect.Low
				ev.Add("the other side is a balance read earlier in the call: the check asserts what the code in between moved, and a donation only refuses that call")
			case sev == detect.Medium && onlyTrustedReach(p, fn):
				sev = detect.Low
				ev.Add("only a caller the contract checks (or its set-up) runs " + fnName(fn) + ": a donation can only make that call fail")
			}
			f := detect.Finding{Pos: b.Pos(), End: b.End(), Function: fn.Name, Evidence: ev,
				Details: map[string]string{"function_name": fnName(fn), "expression": sourceText(p, b)}}
			if sev != pass.Analyzer.Severity {
				f.Severity = sev
			}
			pass.Report(f)
			return true
		})
	}
}

// accountBalance reports whether x reads the balance of an account: addr.balance of an address
// (or a contract, before 0.5) or a balanceOf(...) call; not a struct field named balance.
func accountBalance(info *sema.FuncInfo, x ast.Expr) bool {
	if !isBalance(x) {
		return false
	}
	if m, ok := ast.Unparen(x).(*ast.MemberExpr); ok {
		switch info.Types[ast.Unparen(m.X)].(type) {
		case *sema.StructType, *sema.MappingType, *sema.ArrayType:
			return false
		}
	}
	return true
}

// balanceSides returns the balance read a comparison's operand stands for (the operand itself,
// or the one value of a local copy: uint bal = address(this).balance; ... bal == target) and the
// other operand; nil when neither side is a balance.
func balanceSides(info *sema.FuncInfo, b *ast.BinaryExpr) (read, other ast.Expr) {
	for _, side := range [2][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if accountBalance(info, side[0]) {
			return side[0], side[1]
		}
	}
	for _, side := range [2][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if r := balanceCopy(info, side[0]); r != nil {
			return r, side[1]
		}
	}
	return nil, nil
}

// balanceCopy returns the balance read a local holds when its only value is one (a copy taken
// to compare it several times), else nil.
func balanceCopy(info *sema.FuncInfo, x ast.Expr) ast.Expr {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok || v.Kind != sema.LocalVar {
		return nil
	}
	values, known := assignedValues(info, v)
	if !known || len(values) != 1 || !accountBalance(info, values[0]) {
		return nil
	}
	return values[0]
}

// isBalance reports whether x is addr.balance (this.balance, address(this).balance, ...) or
// a token balance read with balanceOf(...): tokens, too, can be sent without asking.
func isBalance(x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.MemberExpr:
		return e.Name.Name == "balance"
	case *ast.CallExpr:
		if m, ok := e.Fun.(*ast.MemberExpr); ok && m.Name.Name == "balanceOf" && len(e.Args) == 1 {
			return true
		}
	}
	return false
}

// balanceSnapshotCompare reports whether a strict comparison sets a balance against an earlier
// snapshot of the same account's balance in the same call (uint before = token.balanceOf(this);
// ...; require(token.balanceOf(this) == before + amount)): it checks what a transfer in between
// moved, and nobody outside the call can change the balance between the two reads. Comparing a
// balance with the contract's own accounting stays reported: anyone can send to the account.
func balanceSnapshotCompare(p *sema.Program, info *sema.FuncInfo, b *ast.BinaryExpr) bool {
	bal, other := balanceSides(info, b)
	key := sourceText(p, ast.Unparen(bal))
	if key == "" {
		return false
	}
	found := false
	ast.Inspect(other, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		v, ok := info.Uses[id].(*sema.Var)
		if !ok || v.Kind != sema.LocalVar {
			return true
		}
		info.Fn.BodyTree().Inspect(func(m ast.Node) bool {
			if d, ok := m.(*ast.VarDeclStmt); ok && len(d.Vars) == 1 && d.Vars[0] == v.Decl && d.Value != nil {
				ast.Inspect(d.Value, func(y ast.Node) bool {
					if x, ok := y.(ast.Expr); ok && isBalance(x) && sourceText(p, ast.Unparen(x)) == key {
						found = true
					}
					return !found
				})
			}
			return !found
		})
		return !found
	})
	return found
}
