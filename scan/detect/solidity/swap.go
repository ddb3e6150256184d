package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// The swap detectors read the calls a contract makes to AMM routers and pools (Uniswap v2/v3
// routers, Curve pools, the Balancer vault) and check the two bounds that protect a trade
// from the mempool: the slowest-acceptable output (amountOutMin, min_dy, limit) and the
// deadline. A zero minimum, or one computed from the pool's own spot quote in the same
// transaction, lets a sandwich bot move the price before the trade and take the difference; a
// deadline of block.timestamp is always met, so a transaction held back by a validator still
// executes, at whatever price holds when it does.

var SwapNoSlippage = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SWAP_NO_SLIPPAGE",
		Name:       "Swap without slippage protection",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> calls <code>${call}</code> ` +
			`with ${bound}. A searcher who sees the transaction in the mempool can move the pool's price before it ` +
			`(buying what it buys), let it trade at the worse price, and sell back after: a sandwich that takes the ` +
			`difference out of the trade.</p>`,
		Remediation: `<p>Take the minimum output (or maximum input) from the caller, computed off-chain from a quote the ` +
			`user accepted, or from a manipulation-resistant on-chain price (a TWAP, an oracle) with a bounded tolerance. ` +
			`A quote read from the same pool in the same transaction moves with the sandwich and bounds nothing.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call", "bound"},
		DetectionLogic: "A call to a router or pool swap/liquidity function (Uniswap v2/v3 routers, Curve exchange and " +
			"liquidity functions, the Balancer vault's swap) whose minimum-output argument (or struct field) is always 0, " +
			"whose maximum-input argument is the largest uint, or whose bound is computed from a spot quote " +
			"(getAmountsOut, quote, get_dy, slot0, getReserves, a Quoter) in the same function. Not reported when the " +
			"yield (the call's result, or a balance read after it) is refused below a bound that is not a spot quote, in the " +
			"function or by every internal caller; low when the yield is handed back to internal callers that do not all check it.",
		Version:   "1.0.0",
		CWE:       []string{"CWE-682", "CWE-1339"},
		Languages: []string{"solidity"},
		Class:     "slippage",
	},
	Run: func(pass *detect.Pass) { runSwapBounds(pass, false) },
}

var SwapNoDeadline = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SWAP_NO_DEADLINE",
		Name:       "Swap without an effective deadline",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> calls <code>${call}</code> ` +
			`with the deadline ${bound}, which every block meets. A transaction left pending (low fee, a validator ` +
			`holding it back) executes whenever it is finally included, at the price of that moment.</p>`,
		Remediation: `<p>Let the caller pass the deadline (a timestamp chosen when the transaction is signed) and forward it ` +
			`to the router.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call", "bound"},
		DetectionLogic: "A call to a router swap/liquidity function whose deadline argument (or struct field) is always " +
			"block.timestamp (plus a constant) or the largest uint. Informational in a building block that hands the yield " +
			"back to the code calling it (an aggregator's adapter): the transaction's deadline is the caller's; and in a " +
			"flash-loan or swap callback (named by the protocols that call it: low confidence).",
		Version:   "1.0.0",
		CWE:       []string{"CWE-672"},
		Languages: []string{"solidity"},
		Class:     "slippage",
	},
	Run: func(pass *detect.Pass) { runSwapBounds(pass, true) },
}

// swapShape says where a router function takes its bounds: the positions of its minimum-output
// arguments (all must be zero to report), of its maximum-input argument, and of its deadline
// (-1: none). Functions taking a parameter struct name its fields instead.
type swapShape struct {
	args     int // the number of arguments the shape applies to
	mins     []int
	max      int
	deadline int
	// struct-taking functions (Uniswap v3): the fields of the single argument
	minField, maxField string
}

var swapShapes = map[string][]swapShape{
	// Uniswap v2 router (and its forks)
	"swapexacttokensfortokens":                              {{args: 5, mins: []int{1}, max: -1, deadline: 4}},
	"swapexacttokensforeth":                                 {{args: 5, mins: []int{1}, max: -1, deadline: 4}},
	"swapexactethfortokens":                                 {{args: 4, mins: []int{0}, max: -1, deadline: 3}},
	"swapexacttokensfortokenssupportingfeeontransfertokens": {{args: 5, mins: []int{1}, max: -1, deadline: 4}},
	"swapexacttokensforethsupportingfeeontransfertokens":    {{args: 5, mins: []int{1}, max: -1, deadline: 4}},
	"swapexactethfortokenssupportingfeeontransfertokens":    {{args: 4, mins: []int{0}, max: -1, deadline: 3}},
	"swaptokensforexacttokens":                              {{args: 5, max: 1, deadline: 4}},
	"swaptokensforexacteth":                                 {{args: 5, max: 1, deadline: 4}},
	"swapethforexacttokens":                                 {{args: 4, max: -1, deadline: 3}},
	"addliquidity":                                          {{args: 8, mins: []int{4, 5}, max: -1, deadline: 7}, {args: 2, mins: []int{1}, max: -1, deadline: -1}},
	"addliquidityeth":                                       {{args: 6, mins: []int{2, 3}, max: -1, deadline: 5}},
	"removeliquidity":                                       {{args: 7, mins: []int{3, 4}, max: -1, deadline: 6}, {args: 2, mins: []int{1}, max: -1, deadline: -1}},
	"removeliquidityeth":                                    {{args: 6, mins: []int{2, 3}, max: -1, deadline: 5}},
	// Uniswap v3 SwapRouter: one parameter struct
	"exactinputsingle":  {{args: 1, max: -1, deadline: -1, minField: "amountOutMinimum"}},
	"exactinput":        {{args: 1, max: -1, deadline: -1, minField: "amountOutMinimum"}},
	"exactoutputsingle": {{args: 1, max: -1, deadline: -1, maxField: "amountInMaximum"}},
	"exactoutput":       {{args: 1, max: -1, deadline: -1, maxField: "amountInMaximum"}},
	// Curve pools
	"exchange":                  {{args: 4, mins: []int{3}, max: -1, deadline: -1}, {args: 5, mins: []int{3}, max: -1, deadline: -1}},
	"exchange_underlying":       {{args: 4, mins: []int{3}, max: -1, deadline: -1}, {args: 5, mins: []int{3}, max: -1, deadline: -1}},
	"remove_liquidity_one_coin": {{args: 3, mins: []int{2}, max: -1, deadline: -1}},
	"add_liquidity":             {{args: 2, mins: []int{1}, max: -1, deadline: -1}},
	// Balancer vault: swap(singleSwap, funds, limit, deadline)
	"swap": {{args: 4, mins: []int{2}, max: -1, deadline: 3}},
}

// spotQuotes name calls that read a pool's current price or a quote computed from it.
var spotQuotes = []string{"getAmountsOut", "getAmountOut", "getAmountsIn", "getAmountIn", "quote", "get_dy",
	"get_dy_underlying", "quoteExactInputSingle", "quoteExactInput", "quoteExactOutputSingle", "quoteExactOutput",
	"getReserves", "slot0", "querySwap", "queryBatchSwap", "previewSwap", "calc_withdraw_one_coin", "calc_token_amount"}

func runSwapBounds(pass *detect.Pass, deadline bool) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if isTestContract(fn.Contract) || fn.Contract != nil && fn.Contract.IsInterface() {
			continue
		}
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for _, c := range info.Calls {
			if c.Kind != sema.CallExternal || isThis(c.Target) {
				continue
			}
			shape, ok := shapeOf(c)
			if !ok {
				continue
			}
			var bound string
			if deadline {
				bound = weakDeadline(info, c, shape)
			} else {
				bound = weakSlippage(info, c, shape)
			}
			if bound == "" {
				continue
			}
			ev := &detect.Evidence{}
			f := detect.Finding{Pos: c.Expr.Pos(), End: c.Expr.End(), Function: fn.Name, Evidence: ev,
				Details: map[string]string{"function_name": fnName(fn), "call": c.Name, "bound": bound}}
			ev.Assume("the called contract behaves as the router its function signature names")
			yield := swapYield(p, fn, info, c)
			switch {
			case !deadline && yield == yieldChecked:
				continue // the yield is refused below a bound: slippage enforced on the result
			case !deadline && yield == yieldReturned:
				f.Severity = detect.Low
				ev.Assume("the yield is returned to callers in the code, which may refuse it below a bound")
			case deadline && yield != yieldFree && len(internalCallers(p)[fn]) > 0:
				// A building block (an aggregator's adapter): it runs inside its caller's
				// transaction and hands the yield back, and the transaction's deadline and bound
				// are the calling code's to set.
				f.Severity = detect.Informational
				ev.Add(fnName(fn) + " hands the yield back to the code calling it, which owns the transaction's bounds")
			case deadline && inFlashCallback(p, fn):
				// The pool or lender calls this back inside the transaction that borrowed:
				// that transaction's own deadline is the one that counts.
				f.Severity = detect.Informational
				f.Evidence.Guess(fnName(fn) + " runs inside a flash-loan or swap callback, as its name says")
			case fn.IsEntryPoint() && p.HasAccessControl(fn):
				// Only a trusted caller trades: still sandwichable, but not by the caller's choice.
				f.Severity = lower(pass.Analyzer.Severity)
			}
			pass.Report(f)
		}
	}
}

func shapeOf(c *sema.Call) (swapShape, bool) {
	for _, s := range swapShapes[strings.ToLower(c.Name)] {
		if s.args == len(c.Args) {
			return s, true
		}
	}
	return swapShape{}, false
}

// weakSlippage describes why the call's price bound protects nothing, or returns "".
func weakSlippage(info *sema.FuncInfo, c *sema.Call, s swapShape) string {
	if s.minField != "" || s.maxField != "" {
		lit := paramsStruct(info, c.Args[0])
		if lit == nil {
			return ""
		}
		if s.minField != "" {
			if x := namedArg(lit, s.minField); x != nil {
				return weakMin(info, x, s.minField)
			}
		}
		if s.maxField != "" {
			if x := namedArg(lit, s.maxField); x != nil && everyValue(info, x, isMaxUint) {
				return s.maxField + " set to the largest uint (no maximum input)"
			}
		}
		return ""
	}
	for _, i := range s.mins {
		if sema.IsAddress(info.Types[c.Args[i]]) {
			return "" // not the shape named: a pair's swap(amount0Out, amount1Out, to, data)
		}
	}
	if len(s.mins) > 0 {
		zero := true
		for _, i := range s.mins {
			if !everyValue(info, c.Args[i], func(x ast.Expr) bool { return isConstantZero(info, x) }) {
				zero = false
			}
		}
		if zero {
			return "a minimum output of 0"
		}
		for _, i := range s.mins {
			if spotQuoted(info, c.Args[i]) {
				return "a minimum output computed from a spot quote read in the same transaction"
			}
		}
	}
	if s.max >= 0 && everyValue(info, c.Args[s.max], isMaxUint) {
		return "the largest uint as the maximum input"
	}
	return ""
}

// weakMin describes a minimum that is zero or taken from a spot quote, or returns "".
func weakMin(info *sema.FuncInfo, x ast.Expr, field string) string {
	name := "a minimum output"
	if field != "" {
		name = field
	}
	if everyValue(info, x, func(e ast.Expr) bool { return isConstantZero(info, e) }) {
		return name + " of 0"
	}
	if spotQuoted(info, x) {
		return name + " computed from a spot quote read in the same transaction"
	}
	return ""
}

// weakDeadline describes a deadline every block meets, or returns "".
func weakDeadline(info *sema.FuncInfo, c *sema.Call, s swapShape) string {
	var x ast.Expr
	switch {
	case s.deadline >= 0:
		x = c.Args[s.deadline]
	case s.minField != "" || s.maxField != "":
		if lit := paramsStruct(info, c.Args[0]); lit != nil {
			x = namedArg(lit, "deadline")
		}
	}
	if x == nil {
		return ""
	}
	if everyValue(info, x, func(e ast.Expr) bool { return isNow(info, e) }) {
		return "block.timestamp"
	}
	if everyValue(info, x, isMaxUint) {
		return "set to the largest uint"
	}
	return ""
}

// paramsStruct returns the struct literal with named fields a parameter struct is built from:
// the argument itself (ISwapRouter.ExactInputSingleParams({...})), or the local it was assigned.
func paramsStruct(info *sema.FuncInfo, x ast.Expr) *ast.CallExpr {
	var out *ast.CallExpr
	everyValue(info, x, func(e ast.Expr) bool {
		if c, ok := e.(*ast.CallExpr); ok && len(c.Names) > 0 {
			out = c
			return true
		}
		return false
	})
	return out
}

// spotQuoted reports whether x is computed from a spot quote read in the same function.
func spotQuoted(info *sema.FuncInfo, x ast.Expr) bool {
	return someValueHas(info, x, func(n ast.Node) bool { return callNamed(n, spotQuotes...) })
}

// flashCallbacks name the functions other protocols call back in the middle of their own call
// (flash loans, flash swaps, swap callbacks): what they do is part of the transaction that
// started the loan. The protocols' code is not shipped with the project, so their names fill
// the gap.
var flashCallbacks = map[string]bool{
	"uniswapv3swapcallback": true, "uniswapv3flashcallback": true, "uniswapv2call": true, "pancakecall": true,
	"pancakev3swapcallback": true, "executeoperation": true, "onflashloan": true, "receiveflashloan": true,
	"algebraswapcallback": true, "algebraflashcallback": true, "onmorphoflashloan": true,
}

// inFlashCallback reports whether fn is such a callback, or an internal function only such
// callbacks call.
func inFlashCallback(p *sema.Program, fn *sema.Function) bool {
	if flashCallbacks[strings.ToLower(fn.Name)] {
		return true
	}
	if fn.IsEntryPoint() {
		return false
	}
	sites := internalCallers(p)[fn]
	for _, s := range sites {
		if !flashCallbacks[strings.ToLower(s.caller.Name)] {
			return false
		}
	}
	return len(sites) > 0
}
