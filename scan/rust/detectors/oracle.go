package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// uncheckedPriceReads are the oracle SDK calls that return a price
// whatever its age: Pyth's get_price_unchecked (pyth-sdk and the
// solana receiver SDK) and the old get_current_price, which only checks
// the trading status.
var uncheckedPriceReads = map[string]bool{
	"get_price_unchecked": true, "get_ema_price_unchecked": true,
	"get_current_price": true, "get_current_ema_price": true,
}

// freshnessFields are the oracle fields that say how old a price is.
var freshnessFields = map[string]bool{
	"publish_time": true, "prev_publish_time": true, "timestamp": true, "prev_timestamp": true,
	"pub_slot": true, "valid_slot": true, "prev_slot": true, "posted_slot": true,
	"round_open_slot": true, "round_open_timestamp": true, "last_update_slot": true,
	"last_updated_slot": true, "last_update_timestamp": true, "result_timestamp": true,
}

// stalenessChecks are the SDK calls that reject an old price.
var stalenessChecks = map[string]bool{
	"get_price_no_older_than": true, "get_ema_price_no_older_than": true, "no_older_than": true,
	"check_staleness": true, "is_stale": true, "check_price_age": true,
}

// UncheckedOraclePrice reports oracle prices read without a check of
// their age: a feed that stopped updating (or a stale account a caller
// chose) still yields its last price, and the program values collateral,
// swaps or liquidations at it.
var UncheckedOraclePrice = analyzer(detect.Template{
	ID:         "SOLANA_UNCHECKED_ORACLE_PRICE",
	Name:       "Oracle price used without a staleness check",
	Severity:   detect.Medium,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> reads an oracle price with <code>${call}</code> and " +
		"never looks at when it was published. A feed that stopped updating still returns its last " +
		"price, so the program can value collateral, swaps or liquidations at a price that is hours old.</p>",
	Remediation: "<p>Pyth: use <code>get_price_no_older_than(&amp;clock, MAX_AGE, &amp;feed_id)</code> (or compare " +
		"<code>publish_time</code> with <code>Clock::get()?.unix_timestamp</code>) and bound " +
		"<code>conf</code> relative to the price. Switchboard: call <code>check_staleness</code> and " +
		"<code>check_confidence_interval</code> on the aggregator before <code>get_result</code>.</p>",
	DescriptionKeys: []string{"function_name", "call"},
	DetectionLogic: "Non-test functions calling get_price_unchecked, get_ema_price_unchecked, get_current_price or " +
		"get_current_ema_price, reading a raw Pyth aggregate (x.agg.price), or (in crates that depend on " +
		"Switchboard) get_result/latest_confirmed_round.result, when neither the function nor any of its " +
		"callers in the crate calls a staleness check (get_price_no_older_than, check_staleness, ...) or reads " +
		"a freshness field (publish_time, timestamp, pub_slot, round_open_slot, ...), which a function that " +
		"hands the price on for its callers to judge also does.",
	CWE:   []string{"CWE-672", "CWE-20"},
	Class: "oracle",
},
	func(p *Pass) {
		switchboard := dependsOn(p.Crate, "switchboard")
		for _, fn := range p.Program.Functions {
			if inTests(fn) {
				continue
			}
			body := fn.Decl.Body
			read, call := oracleRead(body, switchboard)
			if read == nil || p.judgedByFnOrCallers(fn, judgesFreshness, 0) {
				continue
			}
			p.Report(read, fn, map[string]string{"call": call})
		}
	})

// oracleRead returns the first price read in body that carries no
// staleness check of its own, and how it reads.
func oracleRead(body ast.Node, switchboard bool) (ast.Node, string) {
	var node ast.Node
	call := ""
	ast.Inspect(body, func(n ast.Node) bool {
		if node != nil {
			return false
		}
		switch x := n.(type) {
		case *ast.MethodCallExpr:
			switch {
			case uncheckedPriceReads[x.Name.Name]:
				node, call = x, x.Name.Name+"()"
			case switchboard && x.Name.Name == "get_result" && len(x.Args) == 0:
				node, call = x, "get_result()"
			}
		case *ast.FieldExpr:
			path := model.ExprPath(x)
			switch {
			case strings.HasSuffix(path, ".agg.price"):
				node, call = x, "agg.price"
			case switchboard && strings.HasSuffix(path, ".latest_confirmed_round.result"):
				node, call = x, "latest_confirmed_round.result"
			}
		}
		return node == nil
	})
	return node, call
}

// judgedByFnOrCallers reports a function whose body passes judged, or
// whose every caller in the crate (followed helperDepth calls up) does: a
// helper that hands a price on leaves its checks to its callers.
func (p *Pass) judgedByFnOrCallers(fn *model.Function, judged func(ast.Node) bool, depth int) bool {
	if judged(fn.Decl.Body) {
		return true
	}
	if depth >= helperDepth {
		return false
	}
	callers := 0
	for _, s := range p.callSites(fn.Name) {
		if s.caller == fn || inTests(s.caller) || !p.inCrate(s.caller, s.call) {
			continue
		}
		callers++
		if !p.judgedByFnOrCallers(s.caller, judged, depth+1) {
			return false
		}
	}
	return callers > 0
}

// judgesFreshness reports a staleness check call or any read of a
// freshness field in body.
func judgesFreshness(body ast.Node) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.MethodCallExpr:
			found = found || stalenessChecks[x.Name.Name]
		case *ast.CallExpr:
			if pe, ok := x.Fun.(*ast.PathExpr); ok && pe.Path.Last() != nil {
				found = found || stalenessChecks[pe.Path.Last().Name.Name]
			}
		case *ast.FieldExpr:
			found = found || freshnessFields[x.Name.Name]
		}
		return !found
	})
	return found
}

// dependsOn reports a crate dependency whose name contains part.
func dependsOn(c *model.Crate, part string) bool {
	if c.Manifest == nil {
		return false
	}
	for name := range c.Manifest.Dependencies {
		if strings.Contains(name, part) {
			return true
		}
	}
	return false
}

// pythPriceReads are the Pyth SDK calls that return a price with its
// confidence interval.
var pythPriceReads = map[string]bool{
	"get_price_unchecked": true, "get_ema_price_unchecked": true, "get_current_price": true,
	"get_current_ema_price": true, "get_price_no_older_than": true, "get_ema_price_no_older_than": true,
}

// OracleConfidenceIgnored reports Pyth prices used without a look at their
// confidence interval: in a volatile or thin market the publishers
// disagree and the aggregate can be far from any tradable price.
var OracleConfidenceIgnored = analyzer(detect.Template{
	ID:         "SOLANA_ORACLE_CONFIDENCE_IGNORED",
	Name:       "Oracle price used without its confidence interval",
	Severity:   detect.Low,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> reads a Pyth price with <code>${call}</code> and never looks " +
		"at its confidence interval (<code>conf</code>). When publishers disagree the interval widens, and a " +
		"price taken at face value can be far from what the asset trades at.</p>",
	Remediation: "<p>Reject prices whose <code>conf</code> is too large relative to <code>price</code> " +
		"(for example <code>require!(price.conf * 100 &lt;= price.price.unsigned_abs() * MAX_CONF_PCT)</code>), " +
		"or value positions conservatively at <code>price - conf</code> / <code>price + conf</code>.</p>",
	DescriptionKeys: []string{"function_name", "call"},
	DetectionLogic: "Non-test functions calling a Pyth price getter (get_price_no_older_than, get_price_unchecked, " +
		"get_current_price and their EMA forms) when neither the function nor every caller in the crate reads a " +
		"conf field.",
	CWE:   []string{"CWE-20"},
	Class: "oracle",
},
	func(p *Pass) {
		for _, fn := range p.Program.Functions {
			if inTests(fn) {
				continue
			}
			for _, c := range fn.Calls() {
				if c.Macro || c.Method == "" || !pythPriceReads[c.Method] {
					continue
				}
				if !p.judgedByFnOrCallers(fn, readsConfidence, 0) {
					p.Report(c.Node, fn, map[string]string{"call": c.Method + "()"})
				}
				break
			}
		}
	})

// readsConfidence reports a read of a conf field (price.conf, agg.conf).
func readsConfidence(body ast.Node) bool {
	return len(model.FieldAccesses(body, "conf", "ema_conf", "confidence")) > 0
}
