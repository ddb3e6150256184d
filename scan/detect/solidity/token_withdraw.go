package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// UnprotectedTokenWithdraw reports functions anyone can call that hand the contract's tokens
// to an address and amount the caller picks, with nothing in between: no access check, no
// condition, no bookkeeping. It is the token twin of ARBITRARY_SEND_ETH (a rescue or withdraw
// function that lost its onlyOwner).
var UnprotectedTokenWithdraw = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNPROTECTED_TOKEN_WITHDRAW",
		Name:       "Anyone can withdraw the contract's tokens",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Anyone can call function <code>${function_name}</code> of <code>${contract_name}</code>, which transfers ` +
			`<code>${amount}</code> of the contract's tokens to <code>${recipient}</code>, both chosen by the caller, without any ` +
			`check or bookkeeping. Any account can empty the contract's token balances.</p>`,
		Remediation: `<p>Restrict the function to the owner or a treasury role, or pay out only amounts recorded as owed to ` +
			`the caller and debit them first.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "recipient", "amount"},
		DetectionLogic: "A public function with no access check, no require/if before the call and no state write, calls " +
			"transfer/safeTransfer on a token with a recipient that is msg.sender or a parameter and an amount derived from " +
			"parameters or the contract's balance (not from stored state or msg.value).",
		Version:   "1.0.0",
		SWC:       []string{"SWC-105"},
		CWE:       []string{"CWE-284", "CWE-862"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "arbitrary-send",
	},
	Run: runUnprotectedTokenWithdraw,
}

func runUnprotectedTokenWithdraw(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		// Code the project itself runs through delegatecall (a bridge adapter) moves the
		// delegating contract's tokens, under that contract's checks.
		if accessControlled(p, fn) || p.Delegated(fn) || len(entryWrites(p, fn)) > 0 || takesPayment(p, fn) {
			continue
		}
		info := p.Info(fn)
		for _, n := range info.CFG.Nodes {
			if n.Fn != fn {
				continue
			}
			for _, c := range nodeCalls(p, n) {
				to, amount := tokenTransfer(c)
				if to == nil || !callerChosen(info, to) {
					continue
				}
				src := flowOf(info, amount)
				if !src.Has(sema.SrcParam|sema.SrcCallRet|sema.SrcBalance) || src.Has(sema.SrcStorage|sema.SrcValue) {
					continue
				}
				if len(p.Gates(info.CFG, n)) > 0 || callerRestrictedAt(p, fn, n) {
					continue
				}
				f := detect.Finding{Function: fn.Name, Details: map[string]string{"function_name": fnName(fn),
					"recipient": sourceText(p, to), "amount": sourceText(p, amount)}}
				f.Pos, f.End = fnRange(fn, c.Expr)
				f.Evidence = outflowEvidence(p, pass.Contract, fn, "transfers the contract's tokens to "+sourceText(p, to))
				lowerForScript(&f, pass.Contract, fn)
				pass.Report(f)
			}
		}
	}
}

// tokenTransfer returns the recipient and amount of an ERC20 transfer out of the contract:
// token.transfer(to, a), token.safeTransfer(to, a), SafeERC20.safeTransfer(token, to, a).
func tokenTransfer(c *sema.Call) (to, amount ast.Expr) {
	if c.Kind != sema.CallExternal && c.Kind != sema.CallLibrary {
		return nil, nil
	}
	switch strings.ToLower(c.Name) {
	case "transfer", "safetransfer":
	default:
		return nil, nil
	}
	switch {
	case len(c.Args) == 2 && (c.Kind == sema.CallExternal || methodReceiver(c) != nil):
		return c.Args[0], c.Args[1]
	case len(c.Args) == 3 && c.Kind == sema.CallLibrary && methodReceiver(c) == nil:
		return c.Args[1], c.Args[2]
	}
	return nil, nil
}
