package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// PhantomPermit reports permit(owner, ...) followed by transferFrom(owner, ...) on the same
// token, for an owner the caller chooses, with nothing checking that the permit did anything.
// A token without permit but with a fallback that does not revert (WETH is the best known)
// accepts the permit call as a no-op; transferFrom then spends whatever allowance the owner
// had already given this contract, so anyone can move the tokens of every user who approved
// it, with a made-up signature.
var PhantomPermit = &detect.Analyzer{
	Template: detect.Template{
		ID:         "PHANTOM_PERMIT",
		Name:       "Unchecked permit before transferFrom (phantom permit)",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> calls <code>permit</code> on ` +
			`<code>${token}</code> for <code>${owner}</code>, which the caller chooses, and then pulls the tokens with ` +
			`<code>transferFrom</code>, without checking that the permit took effect. A token without <code>permit</code> ` +
			`whose fallback does not revert (WETH) accepts any signature as a no-op, and <code>transferFrom</code> then ` +
			`spends the allowance <code>${owner}</code> already gave this contract: anyone can take the tokens of users ` +
			`who approved it. ${token_note}</p>`,
		Remediation: `<p>Check the permit's effect before pulling: require <code>token.allowance(owner, address(this)) ` +
			`&gt;= amount</code> after it, or that <code>token.nonces(owner)</code> increased (OpenZeppelin's ` +
			`<code>SafeERC20.safePermit</code> does); or pull only from <code>msg.sender</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "token", "owner", "token_note"},
		DetectionLogic: "A call named permit with at least 5 arguments on a token (or a low-level call whose calldata encodes " +
			"permit), whose first argument (the owner) is not " +
			"msg.sender, from which a transferFrom or safeTransferFrom on the same token (same expression, or the same " +
			"variable) with the same owner as source is reachable on a path that calls neither allowance nor nonces on " +
			"that token (a check in a catch block leaves the success path unchecked). High when the token is chosen by the caller (a parameter), medium (low confidence) " +
			"when it is fixed by the contract (it may well implement permit).",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-252", "CWE-345"},
		Languages: []string{"solidity"},
		Class:     "permit",
	},
	Run: runPhantomPermit,
}

func runPhantomPermit(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if isTestContract(fn.Contract) {
			continue
		}
		info := p.Info(fn)
		if info == nil || info.CFG == nil {
			continue
		}
		g := info.CFG
		for _, n := range g.Nodes {
			if n.Fn != fn {
				continue
			}
			for _, c := range nodeCalls(p, n) {
				token, owner := permitParts(info, c)
				if token == nil || isSender(info, unwrapConversion(info, owner)) {
					continue
				}
				if !uncheckedPull(p, info, n, token, owner) {
					continue
				}
				f := detect.Finding{Pos: c.Expr.Pos(), End: c.Expr.End(), Function: fn.Name, Details: map[string]string{
					"function_name": fnName(fn), "token": sourceText(p, token), "owner": sourceText(p, owner),
					"token_note": "The token is chosen by the caller, who can pick such a token."}}
				if !flowOf(info, token).Has(sema.SrcParam) {
					f.Severity, f.Confidence = detect.Medium, detect.ConfidenceLow
					f.Details["token_note"] = "The token is fixed by the contract: this matters if it lacks permit."
				}
				pass.Report(f)
			}
		}
	}
}

// permitParts returns the token and the owner of an EIP-2612 (or DAI-style) permit call, or
// of a low-level call whose calldata encodes permit (abi.encodeWithSignature("permit(...)",
// owner, ...), encodeWithSelector, encodeCall).
func permitParts(info *sema.FuncInfo, c *sema.Call) (token, owner ast.Expr) {
	if c.IsLowLevel("call") && len(c.Args) == 1 && c.Target != nil && encodesPermit(c.Args[0]) {
		enc := unwrapCall(c.Args[0])
		if enc == nil || len(enc.Args) < 2 {
			return nil, nil
		}
		owner = enc.Args[1]
		if t, ok := ast.Unparen(owner).(*ast.TupleExpr); ok && len(t.Elems) > 0 { // encodeCall(f, (owner, ...))
			owner = t.Elems[0]
		}
		return unwrapTypeConversions(info, c.Target), owner
	}
	if strings.ToLower(c.Name) != "permit" || len(c.Args) < 5 {
		return nil, nil
	}
	switch c.Kind {
	case sema.CallExternal:
		return c.Target, c.Args[0]
	case sema.CallLibrary:
		if recv := methodReceiver(c); recv != nil {
			return recv, c.Args[0]
		}
	}
	return nil, nil
}

// tokenOf returns the token a transfer-like call acts on: its receiver, or the first argument
// of a static library call (TransferHelper.safeTransferFrom(token, from, to, value)).
func tokenOf(c *sema.Call) ast.Expr {
	switch c.Kind {
	case sema.CallExternal:
		return c.Target
	case sema.CallLibrary:
		if recv := methodReceiver(c); recv != nil {
			return recv
		}
		if len(c.Args) > 0 {
			return c.Args[0]
		}
	}
	return nil
}

// sameTokenExpr reports whether a and b name the same token: the same text, or the same
// variable under conversions (IERC20(t) and t).
func sameTokenExpr(p *sema.Program, info *sema.FuncInfo, a, b ast.Expr) bool {
	a, b = unwrapConversion(info, a), unwrapConversion(info, b)
	if normText(p, a) == normText(p, b) {
		return true
	}
	ra, rb := info.RootVar(a), info.RootVar(b)
	return ra != nil && ra == rb && normText(p, a) == normText(p, b)
}

// uncheckedPull reports whether a transferFrom of token from owner can run after the permit
// at node n on a path that never reads the permit's effect back (allowance or nonces called on
// the token). A try/catch whose catch checks the allowance still leaves the success path
// unchecked, and a no-op permit succeeds.
func uncheckedPull(p *sema.Program, info *sema.FuncInfo, n *sema.Node, token, owner ast.Expr) bool {
	return searchAfter(n, func(m *sema.Node) (bool, bool) {
		for _, c := range nodeCalls(p, m) {
			name := strings.ToLower(c.Name)
			if (name == "allowance" || name == "nonces") && tokenOf(c) != nil && sameTokenExpr(p, info, tokenOf(c), token) {
				return false, false // every path through here reads the effect back
			}
		}
		for _, c := range nodeCalls(p, m) {
			if from := transferFromSource(c); from != nil && sameTokenExpr(p, info, tokenOf(c), token) &&
				normText(p, unwrapConversion(info, from)) == normText(p, unwrapConversion(info, owner)) {
				return true, false
			}
		}
		return false, true
	}) != nil
}
