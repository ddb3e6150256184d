package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// SpotPriceManipulation reports prices computed as the ratio of two pool balances read in the
// same transaction: two tokens' balanceOf, or a pair's reserves. A flash loan moves either side
// by any amount for the length of one transaction, so whoever reads that price (this contract,
// or a lender that takes it as an oracle) can be made to pay or lend at the attacker's price.
var SpotPriceManipulation = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SPOT_PRICE_MANIPULATION",
		Name:       "Price from spot balances or reserves (flash-loan manipulable)",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p><code>${function_name}</code> of <code>${contract_name}</code> computes a price as ` +
			`<code>${expr}</code>, the ratio of two balances (or reserves) read now. Anyone can move them for the ` +
			`length of a transaction: borrow one token with a flash loan, swap or donate it into the pool, read the ` +
			`price, and undo it before the transaction ends. ${use}</p>`,
		Remediation: `<p>Price from a source a single transaction cannot move: a time-weighted average (Uniswap v3 ` +
			`observe, a v2 cumulative price over a window), or a decentralised oracle with staleness checks; and ` +
			`never from this contract's own token balances.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expr", "use"},
		DetectionLogic: "A division (or mulDiv) whose dividend and divisor are each computed (through locals) from a " +
			"different balanceOf(...) read or getReserves() result. High when a state-changing function of the contract " +
			"uses the price; medium when it is only exposed as a view for other contracts to read.",
		Version:   "1.0.0",
		CWE:       []string{"CWE-682", "CWE-1339"},
		Languages: []string{"solidity"},
		Class:     "oracle",
	},
	Run: runSpotPrice,
}

func runSpotPrice(pass *detect.Pass) {
	p := pass.Program
	c := pass.Contract
	if c == nil || isTestContract(c) || c.IsInterface() || c.IsLibrary() {
		return
	}
	for _, g := range c.Functions {
		info := p.Info(g)
		if info == nil || g.Body == nil || !p.Analysed(g) {
			continue
		}
		hit := findDivision(info, func(num []ast.Expr, den ast.Expr) bool {
			top := map[string]bool{}
			for _, x := range num {
				for k := range reserveReads(p, info, x) {
					top[k] = true
				}
			}
			bottom := reserveReads(p, info, den)
			if len(top) == 0 || len(bottom) == 0 {
				return false
			}
			for k := range bottom {
				if top[k] {
					return false // the same balance on both sides: a share of it, not a price
				}
			}
			return true
		})
		if hit == nil {
			continue
		}
		f := detect.Finding{Pos: hit.Pos(), End: hit.End(), Function: g.Name,
			Details: map[string]string{"function_name": fnName(g), "expr": sourceText(p, hit),
				"use": "The contract itself trades or pays at that price."}}
		if !usedInStateChange(p, c, g) {
			f.Severity = detect.Medium
			f.Details["use"] = "The contract exposes it for other contracts to price with."
		}
		pass.Report(f)
	}
}

// reserveReads returns keys (the source text of each read) for the pool balances x is computed
// from: balanceOf(...) calls and getReserves() results, followed through locals.
func reserveReads(p *sema.Program, info *sema.FuncInfo, x ast.Expr) map[string]bool {
	out := map[string]bool{}
	someValueHas(info, x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			// a component of (r0, r1, ) = pair.getReserves(): the variable names the side
			if v := localVarOf(info, id); v != nil {
				if values, _ := assignedValues(info, v); len(values) == 1 && callNamed(values[0], "getReserves") {
					out[v.Name] = true
				}
			}
		}
		if callNamed(n, "balanceOf") {
			out[sourceText(p, n)] = true
		}
		return false // collect every read, do not stop at the first
	})
	return out
}

// usedInStateChange reports whether g is a public state-changing function or is called by one.
func usedInStateChange(p *sema.Program, c *sema.Contract, g *sema.Function) bool {
	for _, fn := range entryFunctions(c.AllFunctions()) {
		for _, h := range withCallees(p, fn) {
			if h == g {
				return true
			}
		}
	}
	return false
}
