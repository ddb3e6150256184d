package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// FeeOnTransferAccounting reports deposits credited by the amount requested rather than the
// amount received. A token that takes a fee on transfer (or a rebasing token whose balances
// shrink) delivers less than `amount`; crediting `amount` lets every depositor withdraw more
// than the contract holds, and the last ones to leave find it empty.
var FeeOnTransferAccounting = &detect.Analyzer{
	Template: detect.Template{
		ID:         "FEE_ON_TRANSFER_ACCOUNTING",
		Name:       "Deposit credited by the requested amount, not the amount received",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> pulls <code>${amount}</code> ` +
			`tokens with <code>transferFrom</code> and credits the same <code>${amount}</code> to its records ` +
			`(<code>${credited}</code>) without measuring what arrived. With a fee-on-transfer or deflationary token the ` +
			`contract receives less than it credits; with a rebasing token the balance changes after the fact. The ` +
			`difference is paid by the depositors who withdraw last.</p>`,
		Remediation: `<p>Credit the balance delta: read <code>token.balanceOf(address(this))</code> before and after the ` +
			`transfer and credit the difference, or refuse tokens whose received amount differs from the requested one.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "amount", "credited"},
		DetectionLogic: "A public function that calls transferFrom/safeTransferFrom into address(this) with an amount held " +
			"in a variable, then writes state from that same variable (directly, or through an internal function such as " +
			"_mint that stores the parameter it is handed; a helper that only sends it on credits nothing), and never reads " +
			"balanceOf(address(this)). Medium when the token is chosen by the caller or taken from a list; low for the one " +
			"token the contract was configured with, or when the code documents that fee-on-transfer tokens are not supported.",
		Version:   "1.0.0",
		CWE:       []string{"CWE-682"},
		Languages: []string{"solidity"},
		Class:     "fee-on-transfer",
	},
	Run: runFeeOnTransfer,
}

func runFeeOnTransfer(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		info := p.Info(fn)
		if info == nil || fn.Body == nil || !pullsTokens(info) || measuresBalance(p, fn) {
			continue // the walk of the function and its callees only for functions taking tokens in
		}
		for _, c := range info.Calls {
			tok, amount := pullIntoSelf(info, c)
			if amount == nil {
				continue
			}
			v := paramOrLocal(info, amount)
			if v == nil {
				continue
			}
			credited := creditedFrom(p, info, c.Expr, derivedLocals(info, v))
			if credited == "" {
				continue
			}
			f := detect.Finding{Pos: c.Expr.Pos(), End: c.Expr.End(), Function: fn.Name,
				Details: map[string]string{"function_name": fnName(fn), "amount": v.Name, "credited": credited}}
			ev := &detect.Evidence{}
			f.Evidence = ev
			ev.Add(v.Name + " is pulled with transferFrom and credited to " + credited + " without measuring what arrived")
			ev.Assume("the token may take a fee on transfer")
			switch {
			case !arbitraryToken(info, tok):
				f.Severity = detect.Low
				ev.Add("the token is the one the contract was set up with")
			case feeTokensDocumented(p, fn):
				f.Severity = detect.Low
				ev.Guess("the code documents that tokens taking a fee on transfer are not supported")
			}
			pass.Report(f)
			break
		}
	}
}

// pullsTokens reports whether a call of the function pulls tokens into this contract.
func pullsTokens(info *sema.FuncInfo) bool {
	for _, c := range info.Calls {
		if _, amount := pullIntoSelf(info, c); amount != nil {
			return true
		}
	}
	return false
}

// pullIntoSelf returns the token and amount of a transferFrom into this contract, or nils.
func pullIntoSelf(info *sema.FuncInfo, c *sema.Call) (tok, amount ast.Expr) {
	if transferFromSource(c) == nil {
		return nil, nil
	}
	var to ast.Expr
	switch {
	case c.Kind == sema.CallLibrary && methodReceiver(c) == nil && len(c.Args) == 4:
		tok, to, amount = c.Args[0], c.Args[2], c.Args[3] // TransferHelper.safeTransferFrom(token, from, to, value)
	case len(c.Args) == 3:
		to, amount = c.Args[1], c.Args[2]
		tok = c.Target
		if tok == nil {
			tok = methodReceiver(c)
		}
	default:
		return nil, nil
	}
	if !isThisAddress(info, to) {
		return nil, nil
	}
	return tok, amount
}

// paramOrLocal returns the parameter or local an amount expression names, or nil.
func paramOrLocal(info *sema.FuncInfo, x ast.Expr) *sema.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	if v, ok := info.Uses[id].(*sema.Var); ok && (v.Kind == sema.ParamVar || v.Kind == sema.LocalVar) {
		return v
	}
	return nil
}

// creditedFrom names the state the function credits from the amount: a state variable
// assigned from it, or an internal function that writes state (_mint) given it. The transfer
// call itself is not a credit.
func creditedFrom(p *sema.Program, info *sema.FuncInfo, transfer *ast.CallExpr, amount map[*sema.Var]bool) string {
	out := ""
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if out != "" || n == transfer {
			return false
		}
		switch e := n.(type) {
		case *ast.AssignExpr:
			if e.Op == token.SUB_ASSIGN {
				return true
			}
			target := info.RootVar(e.Lhs)
			if target != nil && target.IsStorageRef() {
				target = p.StateVarOf(info, e.Lhs)
			}
			if target != nil && target.Kind == sema.StateVar && mentionsVars(info, e.Rhs, amount) && !subtracts(info, e.Rhs, amount) {
				out = sourceText(p, e.Lhs)
			}
		case *ast.CallExpr:
			// A helper that stores what it is handed (_mint(to, amount) adding to a balance);
			// one that only sends it on (bridges it, transfers it out) credits nothing.
			c := info.CallOf[e]
			if c == nil || c.Kind != sema.CallInternal && c.Kind != sema.CallLibrary || c.Callee == nil || c.Callee.IsView() {
				return true
			}
			stored := storedParams(p, c.Callee, 0)
			for j := range c.Callee.Params {
				if stored&(1<<uint(min(j, 63))) != 0 && mentionsVars(info, sema.ArgFor(c, c.Callee, j), amount) {
					out = c.Name + "(...)"
				}
			}
		}
		return true
	})
	return out
}

// subtracts reports whether x subtracts the amount (balance = balance - amount is a debit).
func subtracts(info *sema.FuncInfo, x ast.Expr, amount map[*sema.Var]bool) bool {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	return ok && b.Op == token.SUB && mentionsVars(info, b.Y, amount)
}

// measuresBalance reports whether fn or a helper reads this contract's token balance: the
// balance-delta pattern (or a check of what arrived).
func measuresBalance(p *sema.Program, fn *sema.Function) bool {
	return inFuncOrCallees(p, fn, isSelfBalance)
}

// arbitraryToken reports whether the token is the caller's choice (a parameter) or one of a
// list (an element of a mapping or array), rather than the one token the contract was set up with.
func arbitraryToken(info *sema.FuncInfo, tok ast.Expr) bool {
	if tok == nil {
		return false
	}
	tok = unwrapConversion(info, tok)
	if flowOf(info, tok).Has(sema.SrcParam) {
		return true
	}
	indexed := false
	ast.Inspect(tok, func(n ast.Node) bool {
		if _, ok := n.(*ast.IndexExpr); ok {
			indexed = true
		}
		return !indexed
	})
	return indexed
}

// storedParams returns the Params bits of fn's parameters whose value reaches a state write:
// assigned (or added) to a state variable, pushed onto one, or handed to an internal function
// that stores it, a few calls deep.
func storedParams(p *sema.Program, fn *sema.Function, depth int) uint64 {
	info := p.Info(fn)
	if info == nil || fn.Body == nil || depth > 3 {
		return 0
	}
	d := p.DepsOf(info)
	var bits uint64
	for n := range fn.BodyTree().Preorder(assignKinds) {
		a := n.(*ast.AssignExpr)
		if a.Op != token.SUB_ASSIGN && p.StateVarOf(info, a.Lhs) != nil {
			bits |= d.Of(a.Rhs).Params
		}
	}
	for n := range fn.BodyTree().Preorder(callKinds) {
		call := n.(*ast.CallExpr)
		if m, ok := call.Fun.(*ast.MemberExpr); ok && m.Name.Name == "push" && p.StateVarOf(info, m.X) != nil {
			for _, a := range call.Args {
				bits |= d.Of(a).Params
			}
		}
	}
	for _, c := range info.Calls {
		switch {
		case (c.Kind == sema.CallInternal || c.Kind == sema.CallLibrary) && c.Callee != nil && c.Callee != fn:
			sub := storedParams(p, c.Callee, depth+1)
			for j := range c.Callee.Params {
				if sub&(1<<uint(min(j, 63))) != 0 {
					if arg := sema.ArgFor(c, c.Callee, j); arg != nil {
						bits |= d.Of(arg).Params
					}
				}
			}
		}
	}
	return bits
}

// feeTokenWords name the tokens whose received amount differs from the requested one, and
// unsupportedWords say that they are not supported.
var (
	feeTokenWords    = []string{"fee-on-transfer", "fee on transfer", "transfer fee", "rebasing", "deflationary"}
	unsupportedWords = []string{"not ", "n't", "unsupported", "assume", "never"}
)

// feeTokensDocumented reports whether fn, its contract or what the contract inherits says in a
// comment that fee-on-transfer or rebasing tokens are not supported (documented.go): a design
// choice a reviewer still reads, at low severity.
func feeTokensDocumented(p *sema.Program, fn *sema.Function) bool {
	if fn.Body != nil && commentsMention(p, fn, fn.Body.Pos(), fn.Body.End(), feeTokenWords, unsupportedWords) {
		return true
	}
	return contractDocMentions(fn.Contract, feeTokenWords, unsupportedWords)
}
