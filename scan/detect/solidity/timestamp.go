package solidity

import (
	"math/big"
	"slices"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// TimestampDependence reports logic that depends on block.timestamp (now) or on block.number
// used as a clock. A block producer chooses the timestamp within a tolerance of seconds and
// decides which block a transaction lands in, so exact comparisons (== a time, now % 15 == 0)
// and outcomes decided at the boundary (who wins, who gets paid) can be steered. Deadlines
// that only refuse a transaction (require(block.timestamp <= deadline)) are benign and not
// reported; other time comparisons that steer control flow are low; equality, modulo and
// time checks that decide a payment or a winner are medium. State variables initialised from
// the timestamp at deployment are reported low: their value is the miner's choice too.
var TimestampDependence = &detect.Analyzer{
	Template: detect.Template{
		ID:         "TIMESTAMP_DEPENDENCE",
		Name:       "Block timestamp dependence",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> depends on ` +
			`${block_value}. ${reason} Block producers choose the timestamp within some seconds and which block a transaction ` +
			`is included in, so they can tip such a decision their way.</p>`,
		Remediation: `<p>Do not use block values for equality checks, modulo tricks or to pick winners. Use timestamps only ` +
			`for coarse deadlines whose outcome cannot be profitably shifted by a few seconds, and block numbers not as a clock.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "block_value", "reason"},
		DetectionLogic: "Comparisons and modulo whose operands derive (directly or through locals assigned before them, in assembly too: t := timestamp()) from block.timestamp/now or block.number; " +
			"medium for == / != and modulo, or when the condition guards an ether transfer or stores msg.sender; state variables initialised from block.timestamp. " +
			"Comparisons of amounts computed from elapsed time (not the clock itself, its copy, offset or day index) are left out, and so is " +
			"equality with a stamp the contract only sets to the current time (lastUpdate == block.timestamp: already done in this block?) unless a payment or winner follows, " +
			"and deadlines that only refuse a transaction (require(block.timestamp <= deadline), if (block.timestamp > expiry) revert). " +
			"Same-instant questions are left out too: an elapsed time (the clock minus a recorded time, under checked arithmetic, " +
			"through locals and periods) compared with zero, an equality with a time the function also requires to be past " +
			"(the empty window), a stamp compared through a local copy. An exact comparison in a view function that neither " +
			"refuses the call nor decides a payment is low.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-116"},
		CWE:       []string{"CWE-829"},
		Languages: []string{"solidity"},
		Slither:   "timestamp",
		Class:     "timestamp",
	},
	Run: runTimestamp,
}

func runTimestamp(pass *detect.Pass) {
	p := pass.Program
	if pass.Contract != nil {
		for _, v := range pass.Contract.StateVars {
			if v.Decl != nil && v.Decl.Value != nil && blockIn(nil, v.Decl.Value)&blockTime != 0 {
				reportAt(pass, v.Decl, nil, map[string]string{"function_name": "(state variable " + v.Name + ")",
					"expression": sourceText(p, v.Decl), "block_value": "block.timestamp",
					"reason": "The variable is fixed to the deployment block's timestamp."}, detect.Low, "")
			}
		}
	}
	predicates := timePredicates(p, pass.Contract)
	stamps := contractStamps(p, pass.Contract)
	compared := comparedStateVars(p, pass.Contract, stamps)
	quiet := len(predicates) == 0 && len(stamps.vars) == 0 && len(stamps.fields) == 0
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil || quiet && !reaches(p, fn, readsClock) {
			continue // no clock read, no stamp kept, no time helper: nothing to weigh
		}
		taint := newOrderedTaint(info)
		timeLike := func(x ast.Expr) blockKind { return taint.of(x) & (blockTime | blockNumber) }
		reported := map[int]bool{}
		guards := decidingConditions(p, info, fn)
		deadlines := deadlineChecks(fn)
		report := func(n ast.Expr, k blockKind, sev detect.Severity, reason string) {
			line := lineOf(p, n.Pos())
			if reported[line] {
				return
			}
			reported[line] = true
			value := "block.timestamp"
			if k&blockTime == 0 {
				value = "block.number"
			}
			reportAt(pass, n, fn, map[string]string{"expression": sourceText(p, n), "block_value": value, "reason": reason}, sev, "")
		}
		// Conditions that call a helper answering a time question (isSaleFinished()).
		for _, c := range conditionsOf(p, fn) {
			for _, call := range callsIn(info, c.expr) {
				if call.Kind == sema.CallInternal && predicates[call.Callee] {
					report(c.expr, blockTime, detect.Low, "The condition calls "+fnName(call.Callee)+", which compares the block timestamp.")
				}
			}
		}
		visitKinds(fn.BodyTree(), returnAssignBinaryKinds, func(n ast.Node) bool {
			if r, ok := n.(*ast.ReturnStmt); ok && r.Result != nil && randomishName(fn.Name) {
				if k := timeLike(r.Result); k != 0 {
					report(r.Result, k, detect.Medium, "The function hands out the block value as a random number.")
				}
			}
			// lastInvestment = block.timestamp, where lastInvestment decides a later comparison.
			if a, ok := n.(*ast.AssignExpr); ok && a.Op == token.ASSIGN {
				if v := p.StateVarOf(info, a.Lhs); v != nil && compared[v] {
					if k := blockIn(info, a.Rhs) & (blockTime | blockNumber); k != 0 {
						report(a, k, detect.Low, "The stored value decides a later time comparison.")
					}
				}
			}
			b, ok := n.(*ast.BinaryExpr)
			if !ok {
				return true
			}
			switch {
			case (b.Op == token.ADD || b.Op == token.SUB) && blockNumberAsClock(info, b):
				report(b, blockNumber, detect.Low, "A duration in seconds is converted to a block count: block times vary, so block numbers are a poor clock.")
			case isRelational(b.Op):
				kx, ky := timeLike(b.X), timeLike(b.Y)
				k := kx | ky
				if k == 0 {
					return true
				}
				// block.number compared alone (a block-height schedule) is not a clock use unless
				// mixed with time arithmetic; keep it low.
				sev := detect.Low
				reason := "The comparison decides the control flow."
				exact := b.Op == token.EQL || b.Op == token.NEQ
				clockX, clockY := taint.isClock(b.X), taint.isClock(b.Y)
				switch {
				case !guards[b] && sameBlockCheck(p, info, taint, stamps, b):
					return true // already done in this block? The producer gains nothing by it.
				case !guards[b] && !hasModulo(b) && (elapsedZeroCheck(taint, b) || emptyIntervalCheck(p, taint, b)):
					return true // has no time passed since a recorded time? The same question.
				case !clockX && !clockY && !guards[b] && !hasModulo(b):
					return true // an amount computed from elapsed time (interest over dt) compared: arithmetic
				case !exact && deadlines[b] && !guards[b] && !hasModulo(b):
					// require(block.timestamp <= deadline): a producer's few seconds only move
					// when a late or early transaction is refused
					return true
				case exact && fn.IsView() && !deadlines[b] && !guards[b] && !hasModulo(b):
					// A view function's branch picks between two computations of a value; it
					// neither refuses the call nor pays anyone.
					reason = "An exact comparison of a block value picks how a view function computes its result."
				case exact:
					sev = detect.Medium
					reason = "An exact comparison of a block value can be hit or missed at will."
				case hasModulo(b):
					sev = detect.Medium
					reason = "The condition uses the block value modulo a number, a pseudo-random choice."
				case guards[b]:
					sev = detect.Medium
					reason = "The condition decides an ether payment or who is recorded as the winner."
				}
				report(b, k, sev, reason)
			case b.Op == token.REM:
				k := timeLike(b.X)
				if k == 0 || truncation(b.Y) {
					return true
				}
				report(b, k, detect.Medium, "The block value modulo a number is used as a pseudo-random choice.")
			}
			return true
		})
	}
}

// hasModulo reports whether x contains a % operation.
func hasModulo(x ast.Expr) bool { return hasOp(x, token.REM) }

// truncation reports whether a modulo divisor is a large power of two (x % 2**32 keeps the low
// bits: a truncation, not a pseudo-random choice).
func truncation(div ast.Expr) bool {
	div = ast.Unparen(div)
	if b, ok := div.(*ast.BinaryExpr); ok && b.Op == token.EXP {
		if base, exp := litValue(b.X), litValue(b.Y); base != nil && exp != nil && base.IsInt64() && base.Int64() == 2 && (!exp.IsInt64() || exp.Int64() >= 16) {
			return true
		}
	}
	if v := litValue(div); v != nil {
		return wideTruncation(v) // 0x100000000 and friends
	}
	return false
}

// wideTruncation reports whether modulus v keeps the low bits of a value: a power of two of 17
// bits or more.
func wideTruncation(v *big.Int) bool {
	if v.BitLen() <= 16 {
		return false
	}
	w := new(big.Int).Sub(v, big.NewInt(1))
	return w.And(w, v).Sign() == 0
}

// decidingConditions returns the comparisons in if conditions whose branches send ether or
// record msg.sender in state: the ones that decide who gets value. (A require before a
// withdrawal is a deadline on the caller's own funds, which stays low.)
func decidingConditions(p *sema.Program, info *sema.FuncInfo, fn *sema.Function) map[*ast.BinaryExpr]bool {
	out := map[*ast.BinaryExpr]bool{}
	decides := func(body ast.Node) bool { return decidesValue(p, info, body, 0) }
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.IfStmt:
			if decides(s.Then) || (s.Else != nil && decides(s.Else)) {
				for _, c := range comparisonsIn(s.Cond) {
					out[c] = true
				}
			}
		}
		return true
	})
	return out
}

// deadlineChecks returns the comparisons that only refuse a transaction: conditions of
// require/assert and of ifs that always revert, alone or joined by && and ||.
func deadlineChecks(fn *sema.Function) map[*ast.BinaryExpr]bool {
	out := map[*ast.BinaryExpr]bool{}
	var add func(x ast.Expr)
	add = func(x ast.Expr) {
		switch e := ast.Unparen(x).(type) {
		case *ast.BinaryExpr:
			if e.Op == token.LAND || e.Op == token.LOR {
				add(e.X)
				add(e.Y)
			} else if isRelational(e.Op) {
				out[e] = true
			}
		case *ast.UnaryExpr:
			if e.Op == token.NOT {
				add(e.X)
			}
		}
	}
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.CallExpr:
			if isRequire(s) {
				add(s.Args[0])
			}
		case *ast.IfStmt:
			if s.Else == nil && sema.AlwaysReverts(s.Then) {
				add(s.Cond)
			}
		}
		return true
	})
	return out
}

// decidesValue reports whether code in body (after position from) sends ether or records
// msg.sender in state: it decides who gets value.
func decidesValue(p *sema.Program, info *sema.FuncInfo, body ast.Node, from token.Pos) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil || n.End() <= from {
			return !found
		}
		switch e := n.(type) {
		case *ast.CallExpr:
			if c := info.CallOf[e]; c != nil && sendsEther(c) && e.Pos() >= from {
				found = true
			}
		case *ast.AssignExpr:
			// winner = msg.sender; crediting the caller's own entry (pie[msg.sender] += wad) is not
			if e.Pos() >= from && p.StateVarOf(info, e.Lhs) != nil && isSender(info, e.Rhs) {
				found = true
			}
		}
		return !found
	})
	return found
}

// blockNumberAsClock reports whether b adds a duration converted to blocks to block.number
// (block.number + _time / 14, block.number + 1 days / 15).
func blockNumberAsClock(info *sema.FuncInfo, b *ast.BinaryExpr) bool {
	var other ast.Expr
	switch {
	case blockValueKind(info, b.X) == blockNumber:
		other = b.Y
	case blockValueKind(info, b.Y) == blockNumber:
		other = b.X
	default:
		return false
	}
	found := false
	ast.Inspect(other, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.BasicLit:
			if e.Unit != nil {
				switch e.Unit.Name {
				case "seconds", "minutes", "hours", "days", "weeks", "years":
					found = true
				}
			}
		case *ast.BinaryExpr:
			if e.Op == token.QUO {
				if v := litValue(e.Y); v != nil && v.IsInt64() && v.Int64() >= 2 && v.Int64() <= 20 {
					found = true // seconds per block
				}
			}
		}
		return !found
	})
	return found
}

// timePredicates returns the functions of c (and its bases) that return a comparison on the
// block timestamp: calling them in a condition is a timestamp dependence at the call.
func timePredicates(p *sema.Program, c *sema.Contract) map[*sema.Function]bool {
	out := map[*sema.Function]bool{}
	if c == nil {
		return out
	}
	for _, base := range c.Linearization {
		for _, fn := range base.Functions {
			info := p.Info(fn)
			if info == nil || fn.Body == nil {
				continue
			}
			if returnsTimeComparison(info) {
				out[fn] = true
			}
		}
	}
	return out
}

type timeComparisonKey struct{}

// returnsTimeComparison reports whether the function returns a comparison with the block
// timestamp; answered once per function (sema.Memo), not once per contract inheriting it.
func returnsTimeComparison(info *sema.FuncInfo) bool {
	return sema.Memo(info, timeComparisonKey{}, func() bool {
		found := false
		taint := newBlockTaint(info, nil)
		info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
			if r, ok := n.(*ast.ReturnStmt); ok && r.Result != nil {
				for _, cmp := range comparisonsIn(r.Result) {
					if (taint.of(cmp.X)|taint.of(cmp.Y))&blockTime != 0 {
						found = true
					}
				}
			}
			return true
		})
		return found
	})
}

// comparedStateVars returns the state variables of c that some function compares with a
// block value (now > lastInvestment + 1 minutes).
func comparedStateVars(p *sema.Program, c *sema.Contract, stamps *stampSet) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	if c == nil {
		return out
	}
	for _, base := range c.Linearization {
		for _, fn := range base.Functions {
			info := p.Info(fn)
			if info == nil || fn.Body == nil {
				continue
			}
			taint := newOrderedTaint(info)
			for _, cmp := range blockComparisons(info) {
				if sameBlockCheck(p, info, taint, stamps, cmp.b) {
					continue
				}
				for _, v := range cmp.vars {
					out[v] = true
				}
			}
		}
	}
	return out
}

// blockComparison is a comparison with a block value and the state variables it names.
type blockComparison struct {
	b    *ast.BinaryExpr
	vars []*sema.Var
}

type blockComparisonsKey struct{}

// blockComparisons lists the comparisons of a function with a block value that are more than
// a deadline check, with the state variables their sides name: found once per function
// (sema.Memo), not again for every contract inheriting it (whose stamps then decide which
// count).
func blockComparisons(info *sema.FuncInfo) []blockComparison {
	return sema.Memo(info, blockComparisonsKey{}, func() []blockComparison {
		var out []blockComparison
		taint := newOrderedTaint(info)
		deadlines := deadlineChecks(info.Fn)
		visitKinds(info.Fn.BodyTree(), binaryKinds, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || !isRelational(b.Op) || deadlines[b] && b.Op != token.EQL && b.Op != token.NEQ && !hasModulo(b) {
				return true
			}
			if (taint.of(b.X)|taint.of(b.Y))&(blockTime|blockNumber) == 0 {
				return true
			}
			cmp := blockComparison{b: b}
			for _, side := range []ast.Expr{b.X, b.Y} {
				ast.Inspect(side, func(m ast.Node) bool {
					if id, ok := m.(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.StateVar {
							cmp.vars = append(cmp.vars, v)
						}
					}
					return true
				})
			}
			out = append(out, cmp)
			return true
		})
		return slices.Clip(out)
	})
}
