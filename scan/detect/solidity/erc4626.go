package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// The vault detectors read how a share-issuing contract (an ERC-4626 vault, a staking or lending
// pool) converts between assets and shares. Two classes recur in audits: the share price taken
// from the token balance the contract holds, which the first depositor can inflate by donating
// to the vault (the next depositor's shares round down to zero), and conversions that round in
// the user's favour where the standard says they must round in the vault's.

var VaultShareInflation = &detect.Analyzer{
	Template: detect.Template{
		ID:         "VAULT_SHARE_INFLATION",
		Name:       "First-depositor share inflation (share price from the vault's balance)",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p><code>${function_name}</code> of <code>${contract_name}</code> prices shares as ` +
			`<code>${expr}</code>, with the vault's own token balance as the divisor, and the vault has no virtual shares or ` +
			`assets (an offset added on both sides) and mints no dead shares on the first deposit. The first depositor ` +
			`can mint one share, then transfer a large amount of the asset directly to the vault: the balance grows, the ` +
			`supply does not, and the next depositor's shares round down to zero while their assets go to the first.</p>`,
		Remediation: `<p>Add a virtual offset to both sides of the conversion (OpenZeppelin ERC4626's ` +
			`<code>_decimalsOffset</code>: <code>assets * (supply + 10**offset) / (totalAssets + 1)</code>), or mint a ` +
			`minimum amount of dead shares to an unowned address on the first deposit, or track deposited assets in ` +
			`storage instead of reading the balance.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expr"},
		DetectionLogic: "A division (or mulDiv) whose dividend reads the share supply and whose divisor is computed from " +
			"balanceOf(address(this)) (directly, through a helper such as totalAssets(), or through a parameter that call " +
			"sites fill from it), reached from a public state-changing function, in a contract whose conversions add no " +
			"constant offset and which never mints shares to a dead address.",
		Version:   "1.0.0",
		CWE:       []string{"CWE-682", "CWE-1339"},
		Languages: []string{"solidity"},
		Class:     "vault-accounting",
	},
	Run: runVaultShareInflation,
}

var VaultRoundingDirection = &detect.Analyzer{
	Template: detect.Template{
		ID:         "VAULT_ROUNDING_DIRECTION",
		Name:       "Share/asset conversion rounds in the user's favour",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p><code>${function_name}</code> of <code>${contract_name}</code> rounds ${got} but must round ${want}. ` +
			`ERC-4626 requires conversions to round against the user: the shares burned for a withdrawal and the assets ` +
			`paid for a mint round up, the shares given for a deposit and the assets given for a redemption round down. ` +
			`Rounding the other way lets a user take a little more than they paid on every call (withdrawing dust for ` +
			`zero shares, minting shares for one wei less), which repeated or done at low share prices drains the vault, ` +
			`and breaks integrators that rely on the standard.</p>`,
		Remediation: `<p>Round ${want}: <code>mulDivUp</code> / <code>Math.Rounding.Ceil</code> for previewMint, ` +
			`previewWithdraw, mint and withdraw; <code>mulDivDown</code> / <code>Math.Rounding.Floor</code> for ` +
			`previewDeposit, previewRedeem, convertToShares and convertToAssets.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "got", "want"},
		DetectionLogic: "In a function named like an ERC-4626 conversion, the rounding it applies (mulDivUp/mulDivDown, " +
			"divUp, a Rounding argument, plain division, or, when it has none, the rounding of the conversion helpers it " +
			"calls) is only the direction the standard forbids for that function.",
		Version:   "1.0.0",
		CWE:       []string{"CWE-682"},
		Languages: []string{"solidity"},
		Class:     "rounding",
	},
	Run: runVaultRoundingDirection,
}

func runVaultShareInflation(pass *detect.Pass) {
	p := pass.Program
	c := pass.Contract
	if c == nil || isTestContract(c) || c.IsInterface() || c.IsLibrary() || mintsDeadShares(p, c) {
		return
	}
	reached := map[*sema.Function]bool{}
	for _, fn := range entryFunctions(c.AllFunctions()) {
		for _, g := range withCallees(p, fn) {
			reached[g] = true
		}
	}
	for _, g := range c.AllFunctions() {
		info := p.Info(g)
		if !reached[g] || info == nil || g.Body == nil || !p.Analysed(g) {
			continue
		}
		hit := findDivision(info, func(num []ast.Expr, den ast.Expr) bool {
			return readsSupply(p, c, info, num) && balanceDerived(p, c, info, den, 0) && !hasOffset(info, append(num, den)...)
		})
		if hit != nil {
			pass.Report(detect.Finding{Pos: hit.Pos(), End: hit.End(), Function: g.Name,
				Details: map[string]string{"function_name": fnName(g), "expr": sourceText(p, hit)}})
			return
		}
	}
}

// findDivision returns the first division in the function's body whose dividend factors and
// divisor pred accepts, or nil.
func findDivision(info *sema.FuncInfo, pred func(num []ast.Expr, den ast.Expr) bool) ast.Node {
	for _, d := range divisionsOf(info) {
		if pred(d.num, d.den) {
			return d.node
		}
	}
	return nil
}

// division is a division in a body, split by divisionParts.
type division struct {
	node ast.Node
	num  []ast.Expr
	den  ast.Expr
}

type divisionsKey struct{}

// divisionsOf lists the divisions of a function's body in tree order, found once per function
// (sema.Memo): detectors ask for them again for every contract that inherits the function.
func divisionsOf(info *sema.FuncInfo) []division {
	return sema.Memo(info, divisionsKey{}, func() []division {
		var out []division
		visitKinds(info.Fn.BodyTree(), divisionKinds, func(n ast.Node) bool {
			if num, den := divisionParts(info, n); den != nil {
				out = append(out, division{n, num, den})
			}
			return true
		})
		return out
	})
}

// divisionParts returns the dividend factors and the divisor of a division: a / b, mulDiv(a, b, d),
// a.mulDivDown(b, d), fullMulDiv(a, b, d). Nils when n is none.
func divisionParts(info *sema.FuncInfo, n ast.Node) (num []ast.Expr, den ast.Expr) {
	switch e := n.(type) {
	case *ast.BinaryExpr:
		if e.Op == token.QUO {
			return []ast.Expr{e.X}, e.Y
		}
	case *ast.CallExpr:
		name := strings.ToLower(sema.CalleeName(e))
		if !strings.HasPrefix(name, "muldiv") && !strings.HasPrefix(name, "fullmuldiv") {
			return nil, nil
		}
		args := e.Args
		if c := info.CallOf[e]; c != nil && c.Kind == sema.CallLibrary && methodReceiver(c) != nil {
			args = append([]ast.Expr{methodReceiver(c)}, args...)
		} else if m, ok := ast.Unparen(e.Fun).(*ast.MemberExpr); ok && len(args) == 2 {
			args = append([]ast.Expr{m.X}, args...) // x.mulDiv(y, d) through an unresolved library
		}
		if len(args) >= 3 {
			return args[:2], args[2]
		}
	}
	return nil, nil
}

// readsSupply reports whether one of the expressions reads the share supply: totalSupply, a
// state variable named like total shares, or a parameter that call sites fill with one.
func readsSupply(p *sema.Program, c *sema.Contract, info *sema.FuncInfo, xs []ast.Expr) bool {
	for _, x := range xs {
		if someValueHas(info, x, func(n ast.Node) bool {
			if namesSupply(info, n) {
				return true
			}
			v := paramAmount(info, asExpr(n))
			return v != nil && anyCallSiteArg(p, c, info.Fn, v.Index, func(ci *sema.FuncInfo, a ast.Expr) bool {
				return someValueHas(ci, a, func(k ast.Node) bool { return namesSupply(ci, k) })
			})
		}) {
			return true
		}
	}
	return false
}

// asExpr returns n as an expression, or nil.
func asExpr(n ast.Node) ast.Expr {
	x, _ := n.(ast.Expr)
	return x
}

func namesSupply(info *sema.FuncInfo, n ast.Node) bool {
	switch e := n.(type) {
	case *ast.CallExpr:
		return hasWord(sema.CalleeName(e), "supply")
	case *ast.Ident:
		if v, ok := info.Uses[e].(*sema.Var); ok && v.Kind == sema.StateVar {
			return hasWord(v.Name, "supply") || hasWord(v.Name, "shares") && hasWord(v.Name, "total")
		}
	}
	return false
}

// balanceDerived reports whether x is computed from this contract's token balance: directly,
// through an internal helper that returns it (totalAssets()), or through a parameter that the
// call sites fill from it.
func balanceDerived(p *sema.Program, c *sema.Contract, info *sema.FuncInfo, x ast.Expr, depth int) bool {
	if depth > 2 {
		return false
	}
	if someValueHas(info, x, func(n ast.Node) bool { return readsSelfBalance(p, info, n) }) {
		return true
	}
	if v := paramAmount(info, x); v != nil {
		return anyCallSiteArg(p, c, info.Fn, v.Index, func(ci *sema.FuncInfo, a ast.Expr) bool {
			return balanceDerived(p, c, ci, a, depth+1)
		})
	}
	return false
}

// readsSelfBalance reports whether n is balanceOf(address(this)), address(this).balance, or a
// call to an internal view that returns one of them.
func readsSelfBalance(p *sema.Program, info *sema.FuncInfo, n ast.Node) bool {
	if isSelfBalance(info, n) {
		return true
	}
	if m, ok := n.(*ast.MemberExpr); ok && m.Name.Name == "balance" && isThisAddress(info, m.X) {
		return true
	}
	call, ok := n.(*ast.CallExpr)
	if !ok {
		return false
	}
	c := info.CallOf[call]
	if c == nil || c.Kind != sema.CallInternal || c.Callee == nil || !c.Callee.IsView() || len(c.Callee.Params) > 0 {
		return false
	}
	return inFuncOrCallees(p, c.Callee, func(gi *sema.FuncInfo, m ast.Node) bool {
		r, ok := m.(*ast.ReturnStmt)
		return ok && r.Result != nil && someValueHas(gi, r.Result, func(k ast.Node) bool { return isSelfBalance(gi, k) })
	})
}

// anyCallSiteArg reports whether some call to fn in the contract passes, at position i, an
// argument pred accepts.
func anyCallSiteArg(p *sema.Program, c *sema.Contract, fn *sema.Function, i int, pred func(*sema.FuncInfo, ast.Expr) bool) bool {
	for _, g := range c.AllFunctions() {
		gi := p.Info(g)
		if gi == nil {
			continue
		}
		for _, call := range gi.Calls {
			if call.Callee == fn && i < len(call.Args) && pred(gi, call.Args[i]) {
				return true
			}
		}
	}
	return false
}

// hasOffset reports whether a side of a conversion adds a constant (a virtual share or asset
// offset: supply + 10 ** decimalsOffset, totalAssets() + 1).
func hasOffset(info *sema.FuncInfo, xs ...ast.Expr) bool {
	for _, e := range xs {
		if someValueHas(info, e, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			return ok && b.Op == token.ADD && (isOffsetTerm(info, b.X) || isOffsetTerm(info, b.Y))
		}) {
			return true
		}
	}
	return false
}

func isOffsetTerm(info *sema.FuncInfo, x ast.Expr) bool {
	if isConstExpr(info, x) {
		return true
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[e].(*sema.Var); ok && v.IsConstant() {
			return true
		}
		return hasWord(e.Name, "offset", "virtual")
	case *ast.CallExpr:
		return hasWord(sema.CalleeName(e), "offset", "virtual")
	case *ast.BinaryExpr:
		return e.Op == token.EXP
	}
	return false
}

// mintsDeadShares reports whether the contract locks shares nobody owns on the first deposit:
// a mint to address(0), 0xdead or address(1), or a minimum-liquidity constant it burns.
func mintsDeadShares(p *sema.Program, c *sema.Contract) bool {
	for _, g := range c.AllFunctions() {
		gi := p.Info(g)
		if gi == nil {
			continue
		}
		for _, call := range gi.Calls {
			if !hasWord(call.Name, "mint") || len(call.Args) == 0 {
				continue
			}
			if deadAddress(gi, call.Args[0]) {
				return true
			}
		}
	}
	for _, v := range c.AllStateVars() {
		if v.IsConstant() && (hasWord(v.Name, "dead") || hasWord(v.Name, "minimum") && hasWord(v.Name, "liquidity", "shares")) {
			return true
		}
	}
	return false
}

func deadAddress(info *sema.FuncInfo, x ast.Expr) bool {
	if isZeroAddress(info, x) {
		return true
	}
	x = unwrapConversion(info, x)
	if lit, ok := x.(*ast.BasicLit); ok {
		v := strings.ToLower(lit.Value)
		return v == "1" || v == "0x1" || strings.Contains(v, "dead")
	}
	if id, ok := x.(*ast.Ident); ok {
		return hasWord(id.Name, "dead", "burn")
	}
	return false
}

// roundingRule says which way each ERC-4626 conversion must round.
var roundingRule = map[string]bool{ // true: up
	"previewmint": true, "previewwithdraw": true,
	"previewdeposit": false, "previewredeem": false, "converttoshares": false, "converttoassets": false,
}

// entryRounding says which way an ERC-4626 entry point rounds what it computes, told by its
// signature: mint(shares, receiver) and withdraw(assets, receiver, owner) charge the user and
// round up; deposit(assets, receiver) and redeem(shares, receiver, owner) pay the user and
// round down.
func entryRounding(fn *sema.Function) (up, ok bool) {
	switch n := len(fn.Params); {
	case fn.Name == "mint" && n == 2, fn.Name == "withdraw" && n == 3:
		return true, true
	case fn.Name == "deposit" && n == 2, fn.Name == "redeem" && n == 3:
		return false, true
	}
	return false, false
}

func runVaultRoundingDirection(pass *detect.Pass) {
	p := pass.Program
	c := pass.Contract
	if c == nil || isTestContract(c) || c.IsInterface() || c.IsLibrary() {
		return
	}
	vault := len(c.LookupFunction("convertToShares")) > 0 || len(c.LookupFunction("previewDeposit")) > 0
	for _, fn := range c.Functions {
		up, ok := roundingRule[strings.ToLower(fn.Name)]
		if !ok && vault {
			up, ok = entryRounding(fn)
		}
		if !ok || fn.Body == nil {
			continue
		}
		ups, downs := roundingOf(p, fn, 0)
		var at ast.Node
		got, want := "down", "up"
		switch {
		case up && len(downs) > 0 && len(ups) == 0:
			at = downs[0]
		case !up && len(ups) > 0 && len(downs) == 0:
			at, got, want = ups[0], "up", "down"
		}
		if at == nil {
			continue
		}
		pass.Report(detect.Finding{Pos: at.Pos(), End: at.End(), Function: fn.Name,
			Details: map[string]string{"function_name": fnName(fn), "got": got, "want": want}})
	}
}

// roundingOf returns the places where fn rounds up and down: its own rounding calls, Rounding
// arguments and divisions, or, when it has none, those of the internal functions it calls.
func roundingOf(p *sema.Program, fn *sema.Function, depth int) (ups, downs []ast.Node) {
	info := p.Info(fn)
	if info == nil || fn.Body == nil || depth > 3 {
		return nil, nil
	}
	var callees []*sema.Call
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.MemberExpr:
			if !strings.Contains(strings.ToLower(sourceText(p, e.X)), "rounding") {
				break
			}
			switch e.Name.Name {
			case "Up", "Ceil", "Expand":
				ups = append(ups, e)
			case "Down", "Floor", "Trunc", "Zero":
				downs = append(downs, e)
			}
		case *ast.BinaryExpr:
			if e.Op == token.QUO {
				if roundsUpByHand(e) {
					ups = append(ups, e)
				} else {
					downs = append(downs, e)
				}
			}
		case *ast.CallExpr:
			name := strings.ToLower(sema.CalleeName(e))
			// conversion helpers name their direction: mulDivUp, divWadDown, toSharesUp, toAssetsDown
			converts := strings.Contains(name, "div") || strings.Contains(name, "mul") ||
				strings.Contains(name, "shares") || strings.Contains(name, "assets")
			switch {
			case strings.HasSuffix(name, "up") && converts,
				strings.Contains(name, "ceil"), strings.Contains(name, "roundingup"), strings.Contains(name, "roundup"):
				ups = append(ups, e)
				return false
			case strings.HasSuffix(name, "down") && converts:
				downs = append(downs, e)
				return false
			case name == "muldiv" || name == "fullmuldiv":
				if !hasRoundingArg(p, e) {
					downs = append(downs, e)
				}
			}
			if c := info.CallOf[e]; c != nil && (c.Kind == sema.CallInternal || c.Kind == sema.CallLibrary) && c.Callee != nil && c.Callee != fn {
				callees = append(callees, c)
			}
		}
		return true
	})
	if len(ups) > 0 || len(downs) > 0 {
		return ups, downs
	}
	// The rounding is the helpers': point at the call that brings it in.
	for _, c := range callees {
		u, d := roundingOf(p, c.Callee, depth+1)
		if len(u) > 0 {
			ups = append(ups, c.Expr)
		}
		if len(d) > 0 {
			downs = append(downs, c.Expr)
		}
	}
	return ups, downs
}

// hasRoundingArg reports whether a mulDiv call takes a rounding direction argument.
func hasRoundingArg(p *sema.Program, c *ast.CallExpr) bool {
	for _, a := range c.Args {
		if strings.Contains(strings.ToLower(sourceText(p, a)), "rounding") {
			return true
		}
	}
	return false
}

// roundsUpByHand recognises (a + b - 1) / b, the hand-written ceiling division.
func roundsUpByHand(e *ast.BinaryExpr) bool {
	found := false
	ast.Inspect(e.X, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && b.Op == token.SUB {
			if lit, ok := ast.Unparen(b.Y).(*ast.BasicLit); ok && lit.Value == "1" {
				found = true
			}
		}
		return !found
	})
	return found
}
