package solidity

import (
	"regexp"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// The oracle detectors read how a contract consumes a Chainlink-style price feed. A feed's
// answer is only as good as its checks: latestRoundData returns the time of the last update
// (a feed that stopped updating keeps returning its last price) and a signed answer (zero or
// negative when the aggregator misbehaves). On rollups, the feed also keeps its last price while
// the sequencer is down. latestAnswer is the deprecated API that returns neither time nor round.

var OracleStalePrice = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ORACLE_STALE_PRICE",
		Name:       "Oracle answer used without staleness or validity check",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> reads a price with ` +
			`<code>latestRoundData()</code> but does not check ${missing}. A feed that stopped updating (a halted aggregator, ` +
			`a heartbeat missed in a volatile market) keeps returning its last answer, and a misbehaving aggregator can return ` +
			`zero or a negative number; the contract then lends, liquidates or swaps at the wrong price.</p>`,
		Remediation: `<p>Check the round: <code>require(answer > 0)</code> and ` +
			`<code>require(block.timestamp - updatedAt &lt;= HEARTBEAT)</code> with the feed's own heartbeat, and revert ` +
			`(or fall back to another source) when either fails.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "missing"},
		DetectionLogic: "A call to latestRoundData() whose updatedAt result is discarded or never compared (nor returned to " +
			"the caller, directly or in the fields of a returned struct), or whose answer is never compared (answer > 0) nor " +
			"returned unchanged with updatedAt. Low when only the answer's sign is unchecked, or when a comment in the function " +
			"says the age is left unchecked on purpose (low confidence).",
		Version:   "1.0.0",
		CWE:       []string{"CWE-20", "CWE-672"},
		Languages: []string{"solidity"},
		Class:     "oracle",
	},
	Run: runOracleStalePrice,
}

var OracleDeprecatedAPI = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ORACLE_DEPRECATED_API",
		Name:       "Deprecated Chainlink latestAnswer()",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> reads a price with the ` +
			`deprecated <code>latestAnswer()</code>, which returns neither the time of the update nor the round, so the ` +
			`contract cannot tell a stale price from a fresh one. Chainlink no longer documents it.</p>`,
		Remediation:     `<p>Use <code>latestRoundData()</code> and check <code>answer &gt; 0</code> and <code>updatedAt</code> against the feed's heartbeat.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic:  "An external call to latestAnswer() with no arguments.",
		Version:         "1.0.0",
		CWE:             []string{"CWE-477"},
		Languages:       []string{"solidity"},
		Class:           "oracle",
	},
	Run: runOracleDeprecatedAPI,
}

var OracleL2Sequencer = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ORACLE_L2_SEQUENCER_UNCHECKED",
		Name:       "L2 price feed used without sequencer uptime check",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceLow,
		Description: `<p>Contract <code>${contract_name}</code> targets a rollup (its source names ${l2}) and reads ` +
			`<code>latestRoundData()</code> in <code>${function_name}</code>, but never consults the sequencer uptime feed. ` +
			`While the sequencer is down the price feed is not updated; when it comes back, positions can be liquidated or ` +
			`opened at prices nobody could act on.</p>`,
		Remediation: `<p>Read Chainlink's L2 sequencer uptime feed first: revert while it reports the sequencer down, and ` +
			`for a grace period after it comes back up.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "l2"},
		DetectionLogic: "A contract whose file names a rollup (Arbitrum, Optimism, ArbSys, L2, ...) calls latestRoundData() " +
			"and no identifier of the contract mentions a sequencer (a name decides: low confidence). Low when no read of the " +
			"feed checks its age: the stale price (ORACLE_STALE_PRICE) is the root.",
		Version:   "1.0.0",
		CWE:       []string{"CWE-754"},
		Languages: []string{"solidity"},
		Class:     "oracle",
	},
	Run: runOracleL2Sequencer,
}

// feedCalls returns the latestRoundData calls of the pass's functions, skipping test code.
func feedCalls(pass *detect.Pass, name string) (out []feedCall) {
	for _, fn := range bodies(pass.Functions()) {
		if isTestContract(fn.Contract) || fn.Contract != nil && fn.Contract.IsInterface() {
			continue
		}
		info := pass.Program.Info(fn)
		if info == nil {
			continue
		}
		for _, c := range info.Calls {
			if c.Name == name && len(c.Args) == 0 && (c.Kind == sema.CallExternal || c.Kind == sema.CallUnknown) {
				out = append(out, feedCall{fn: fn, info: info, call: c})
			}
		}
	}
	return out
}

type feedCall struct {
	fn   *sema.Function
	info *sema.FuncInfo
	call *sema.Call
}

func runOracleStalePrice(pass *detect.Pass) {
	for _, fc := range feedCalls(pass, "latestRoundData") {
		if fc.call.Target != nil && strings.Contains(strings.ToLower(sourceText(pass.Program, fc.call.Target)), "sequencer") {
			continue // the sequencer uptime feed: its check is on startedAt, not updatedAt
		}
		results, ok := roundResults(fc.info, fc.call.Expr)
		if !ok {
			continue // returned or passed on whole: the caller checks it
		}
		answerOK := resultChecked(pass.Program, fc.info, results, 1)
		ageOK := resultChecked(pass.Program, fc.info, results, 3)
		var missing []string
		if !answerOK {
			missing = append(missing, "that the answer is positive")
		}
		if !ageOK {
			missing = append(missing, "when the answer was last updated (updatedAt)")
		}
		if len(missing) == 0 {
			continue
		}
		ev := &detect.Evidence{}
		f := detect.Finding{Pos: fc.call.Expr.Pos(), End: fc.call.Expr.End(), Function: fc.fn.Name, Evidence: ev,
			Details: map[string]string{"function_name": fnName(fc.fn), "missing": strings.Join(missing, " nor ")}}
		switch {
		case ageOK:
			// The age is checked: only an aggregator misbehaving (a zero or negative answer
			// within its heartbeat) gets through.
			f.Severity = detect.Low
			ev.Add("updatedAt is checked; only the sign of the answer is not")
		case stalenessDocumented(pass.Program, fc):
			f.Severity = detect.Low
			ev.Guess("a comment in " + fnName(fc.fn) + " says the feed's age is left unchecked on purpose")
		default:
			ev.Add("updatedAt is discarded or never compared, in " + fnName(fc.fn) + " and the helpers it is passed to")
		}
		pass.Report(f)
	}
}

// stalenessWords are what a comment says when it explains a missing staleness check.
var stalenessWords = []string{"stale", "heartbeat", "updatedat", "freshness"}

// stalenessDocumented reports whether the function reading the feed says, in a comment inside
// it or on it, that the feed's age is left unchecked on purpose (documented.go).
func stalenessDocumented(p *sema.Program, fc feedCall) bool {
	return commentsMention(p, fc.fn, fc.fn.Body.Pos(), fc.fn.Body.End(), stalenessWords, onPurpose)
}

// roundResults returns the variables the five results of a latestRoundData call land in (nil
// for a discarded one). ok is false when the results are not taken apart here: the call is
// returned, or its tuple handed to another function.
func roundResults(info *sema.FuncInfo, call *ast.CallExpr) (out [5]*sema.Var, ok bool) {
	found := false
	declared := func(ds []*ast.VarDecl) {
		for i, d := range ds {
			if i < 5 && d != nil {
				out[i] = varOfDecl(info, d)
			}
		}
		found = true
	}
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			if ast.Unparen(s.Value) == call {
				declared(s.Vars)
			}
		case *ast.TryStmt:
			if ast.Unparen(s.Call) == call && s.Returns != nil {
				declared(s.Returns.List)
			}
		case *ast.AssignExpr:
			if ast.Unparen(s.Rhs) == call {
				if t, isTuple := ast.Unparen(s.Lhs).(*ast.TupleExpr); isTuple {
					for i, e := range t.Elems {
						if i < 5 && e != nil {
							out[i] = info.RootVar(e)
						}
					}
					found = true
				}
			}
		}
		return !found
	})
	return out, found
}

// varOfDecl returns the variable a declaration introduces, found through its uses.
func varOfDecl(info *sema.FuncInfo, d *ast.VarDecl) *sema.Var {
	for _, v := range info.Fn.Locals {
		if v.Decl == d {
			return v
		}
	}
	for _, v := range info.Fn.Returns {
		if v.Decl == d {
			return v
		}
	}
	var out *sema.Var
	for id, o := range info.Uses {
		if v, ok := o.(*sema.Var); ok && v.Decl == d && id != nil {
			out = v
		}
	}
	return out
}

// resultChecked reports whether result i of a round (1: answer, 3: updatedAt) is compared, or
// handed on to the caller: the variable or a local computed from it appears in a comparison,
// is returned, or is passed to a helper that compares its parameter.
func resultChecked(p *sema.Program, info *sema.FuncInfo, results [5]*sema.Var, i int) bool {
	v := results[i]
	if v == nil {
		return false
	}
	if v.Kind == sema.ReturnVar {
		return true // a named return: the caller receives it
	}
	derived := derivedLocals(info, v)
	return usedInCheck(p, info, derived, 0)
}

// derivedLocals returns v with the locals computed from it (price = uint256(answer) * 1e10),
// and the named returns a field or element of which is set from it (response.answer = answer
// hands the value to the caller).
func derivedLocals(info *sema.FuncInfo, v *sema.Var) map[*sema.Var]bool {
	set := map[*sema.Var]bool{v: true}
	fields := fieldStores(info)
	for changed := true; changed; {
		changed = false
		for _, l := range append(append([]*sema.Var{}, info.Fn.Locals...), info.Fn.Returns...) {
			if set[l] {
				continue
			}
			values, _ := assignedValues(info, l)
			for _, e := range append(values, fields[l]...) {
				if mentionsVars(info, e, set) {
					set[l] = true
					changed = true
					break
				}
			}
		}
	}
	return set
}

type fieldStoresKey struct{}

// fieldStores maps each named return to the values stored into its fields or elements
// (r.answer = x, a[i] = x), listed once per function. Locals are left out: a local struct is
// not followed field by field, and one field returned is not the other.
func fieldStores(info *sema.FuncInfo) map[*sema.Var][]ast.Expr {
	return sema.Memo(info, fieldStoresKey{}, func() map[*sema.Var][]ast.Expr {
		out := map[*sema.Var][]ast.Expr{}
		if info.Fn.Body == nil {
			return out
		}
		for n := range info.Fn.BodyTree().Preorder(assignKinds) {
			a, ok := n.(*ast.AssignExpr)
			if !ok {
				continue
			}
			switch ast.Unparen(a.Lhs).(type) {
			case *ast.MemberExpr, *ast.IndexExpr:
				if root := info.RootVar(a.Lhs); root != nil && root.Kind == sema.ReturnVar {
					out[root] = append(out[root], a.Rhs)
				}
			}
		}
		return out
	})
}

// mentionsVars reports whether x reads one of the variables of set.
func mentionsVars(info *sema.FuncInfo, x ast.Node, set map[*sema.Var]bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*sema.Var); ok && set[v] {
				found = true
			}
		}
		return !found
	})
	return found
}

// usedInCheck reports whether a variable of set is compared, returned, or passed to an internal
// helper that checks it.
func usedInCheck(p *sema.Program, info *sema.FuncInfo, set map[*sema.Var]bool, depth int) bool {
	if info.Fn.Body == nil || depth > 2 {
		return false
	}
	for v := range set {
		if v.Kind == sema.ReturnVar {
			return true
		}
	}
	found := false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.BinaryExpr:
			if isRelational(e.Op) && mentionsVars(info, e, set) {
				found = true
			}
		case *ast.ReturnStmt:
			if e.Result != nil && mentionsVars(info, e.Result, set) {
				found = true
			}
		case *ast.CallExpr:
			c := info.CallOf[e]
			if c == nil || (c.Kind != sema.CallInternal && c.Kind != sema.CallLibrary) || c.Callee == nil {
				break
			}
			ci := p.Info(c.Callee)
			if ci == nil {
				break
			}
			for j, a := range e.Args {
				if j < len(c.Callee.Params) && mentionsVars(info, a, set) {
					if usedInCheck(p, ci, derivedLocals(ci, c.Callee.Params[j]), depth+1) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

func runOracleDeprecatedAPI(pass *detect.Pass) {
	for _, fc := range feedCalls(pass, "latestAnswer") {
		pass.Report(detect.Finding{Pos: fc.call.Expr.Pos(), End: fc.call.Expr.End(), Function: fc.fn.Name,
			Details: map[string]string{"function_name": fnName(fc.fn)}})
	}
}

// l2Words name rollups, or say that the code is written for one.
var l2Words = regexp.MustCompile(`(?i)\b(arbitrum|optimism|arbsys|l2|layer ?2|rollup|zksync|linea|scroll|blast|mantle)\b`)

func runOracleL2Sequencer(pass *detect.Pass) {
	if pass.Contract == nil || pass.File == nil {
		return
	}
	calls := feedCalls(pass, "latestRoundData")
	if len(calls) == 0 {
		return
	}
	l2 := l2Words.FindString(string(pass.File.Src))
	if l2 == "" {
		l2 = l2Words.FindString(strings.NewReplacer("/", " ", "_", " ", "-", " ", ".", " ").Replace(pass.File.Path))
	}
	if l2 == "" || mentionsSequencer(pass.Contract) {
		return
	}
	// The sequencer matters to code that checks the feed's age: while the sequencer is down the
	// age looks fresh. Where no call checks the age at all, ORACLE_STALE_PRICE reports the root
	// of the same problem and this finding is the lesser half of it.
	fc, ageChecked := calls[0], false
	for _, c := range calls {
		if results, ok := roundResults(c.info, c.call.Expr); !ok || resultChecked(pass.Program, c.info, results, 3) {
			fc, ageChecked = c, true
			break
		}
	}
	ev := &detect.Evidence{}
	ev.Guess("the contract's source names a rollup (" + l2 + ") and no identifier of it names a sequencer")
	f := detect.Finding{Pos: fc.call.Expr.Pos(), End: fc.call.Expr.End(), Function: fc.fn.Name, Evidence: ev,
		Details: map[string]string{"function_name": fnName(fc.fn), "l2": l2}}
	if !ageChecked {
		f.Severity = detect.Low
		ev.Add("no read of the feed checks its age: the stale price is the root, reported by ORACLE_STALE_PRICE")
	}
	pass.Report(f)
}

// mentionsSequencer reports whether an identifier of the contract or its bases names a
// sequencer (an uptime feed variable, a check function, an error).
func mentionsSequencer(c *sema.Contract) bool {
	found := false
	for _, b := range c.Linearization {
		if b.Decl == nil {
			continue
		}
		ast.Inspect(b.Decl, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && strings.Contains(strings.ToLower(id.Name), "sequencer") {
				found = true
			}
			return !found
		})
	}
	return found
}
