package solidity

import (
	"math/big"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Tautology reports comparisons whose result is decided before they run: by the operand's
// type (an unsigned value is always >= 0 and never < 0, a uint8 is always <= 255), or by the
// value ranges the guards before them leave (require(a > 10) then a > 5). In a require or if
// they check nothing, and the classic case is the useless underflow check
// require(balance - amount >= 0), which passes for every amount because the subtraction has
// already wrapped.
var Tautology = &detect.Analyzer{
	Template: detect.Template{
		ID:         "TAUTOLOGICAL_COMPARISON",
		Name:       "Tautology or contradiction",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In function <code>${function_name}</code> of <code>${contract_name}</code>, the comparison ` +
			`<code>${expression}</code> is always ${outcome}: ${reason}. A check written ` +
			`this way protects nothing: <code>require(a - b >= 0)</code> passes even when <code>b &gt; a</code>, because the ` +
			`unsigned subtraction wraps to a huge number.</p>`,
		Remediation:     `<p>Compare the operands themselves (<code>require(a >= b)</code> before <code>a - b</code>), or remove the dead comparison.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "outcome", "reason"},
		DetectionLogic: "A comparison of an unsigned integer with 0 (>= 0, < 0, 0 <= x, 0 > x) or of an integer with the bounds of its type (uint8 <= 255, < 256): medium inside require/assert/if/loop conditions, low elsewhere; " +
			"a loop condition is informational under 0.8 (the counter's overflow reverts) or beside another condition that ends the loop, and the always-true condition of a loop whose body leaves with if (v == 0) break/return is a deliberate loop-forever and is not reported. " +
			"A condition the guards that dominate it settle, over values the function never changes (a guard repeated or contradicted by an earlier one), is low.",
		Version:   "1.1.0",
		SWC:       []string{"SWC-123", "SWC-101"},
		CWE:       []string{"CWE-570", "CWE-571"},
		Languages: []string{"solidity"},
		Slither:   "tautology",
		Class:     "arithmetic",
	},
	Run: runTautology,
}

func runTautology(pass *detect.Pass) {
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
		var settled map[*ast.BinaryExpr]bool // made on the first comparison that needs it
		exits := loopsLeftAtZero(p, fn)
		ending := loopEndsElsewhere(p, info)
		visitKinds(fn.BodyTree(), binaryKinds, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || !isRelational(b.Op) || b.Op == token.EQL || b.Op == token.NEQ {
				return true
			}
			outcome, typ, byType := decidedByType(info, b)
			if byType && outcome == "true" && exits[b] {
				return true
			}
			reason := "its operand is a " + typ + ", whose range settles it"
			sev, conf := detect.Low, detect.ConfidenceHigh
			if byType && inCond[b] {
				sev = detect.Medium
			}
			if !byType {
				// Only a comparison an earlier guard may settle is asked of the guards.
				if !inCond[b] || exits[b] {
					return true
				}
				if settled == nil {
					settled = settledCandidates(p, info, fn)
				}
				if !settled[b] {
					return true
				}
				value, decided, guards := p.DecideByGuards(info, info.CFG.NodeHolding(b), b)
				if !decided {
					return true
				}
				outcome, conf = "false", detect.ConfidenceMedium
				if value {
					outcome = "true"
				}
				reason = guardReason(p, guards)
			}
			if ending[b] {
				// Dead code in a loop that ends all the same (tautology_loop.go).
				sev = detect.Informational
				reason += "; the loop ends all the same (another part of its condition, or a counter step whose 0.8 overflow reverts)"
			}
			reportAt(pass, b, fn, map[string]string{"expression": sourceText(p, b), "outcome": outcome, "reason": reason}, sev, conf)
			return true
		})
	}
}

// guardReason names the guards that settle a comparison.
func guardReason(p *sema.Program, guards []ast.Expr) string {
	var texts []string
	for _, g := range guards {
		texts = append(texts, shortText(p, g))
		if len(texts) == 3 {
			break
		}
	}
	return "the guards before it (" + strings.Join(texts, ", ") + ") already settle it"
}

// settledCandidates returns the comparisons of fn's conditions that an earlier condition may
// settle: a value compared with a constant that an earlier comparison also bounds, or two
// values an earlier comparison also compares. The others cannot be decided by the guards
// before them, and are not asked about.
func settledCandidates(p *sema.Program, info *sema.FuncInfo, fn *sema.Function) map[*ast.BinaryExpr]bool {
	out := map[*ast.BinaryExpr]bool{}
	seen := map[operandKey]bool{}     // operands of the conditions so far, by position
	pairs := map[[2]operandKey]bool{} // and pairs of operands
	for _, c := range conditionsOf(p, fn) {
		for _, cmp := range comparisonsIn(c.expr) {
			cx, cy := isConstExpr(info, cmp.X), isConstExpr(info, cmp.Y)
			if cx && cy {
				continue
			}
			var x, y operandKey
			if !cx {
				x = keyOf(p, info, cmp.X)
			}
			if !cy {
				y = keyOf(p, info, cmp.Y)
			}
			switch {
			case cx:
				out[cmp] = seen[y]
			case cy:
				out[cmp] = seen[x]
			default:
				out[cmp] = pairs[[2]operandKey{x, y}] || pairs[[2]operandKey{y, x}]
			}
			seen[x], seen[y], pairs[[2]operandKey{x, y}] = true, true, true
		}
	}
	return out
}

// operandKey names an operand of a comparison: the variable a name denotes, else its text.
type operandKey struct {
	v    *sema.Var
	text string
}

func keyOf(p *sema.Program, info *sema.FuncInfo, x ast.Expr) operandKey {
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*sema.Var); ok {
			return operandKey{v: v}
		}
	}
	return operandKey{text: normText(p, x)}
}

// decidedByType tells whether comparison b is always true or false for its operand's type.
func decidedByType(info *sema.FuncInfo, b *ast.BinaryExpr) (string, string, bool) {
	// Normalise to "v op c" with the constant on the right.
	v, c, op := b.X, b.Y, b.Op
	if litValue(v) != nil && litValue(c) == nil {
		v, c = c, v
		switch op {
		case token.LSS:
			op = token.GTR
		case token.GTR:
			op = token.LSS
		case token.LEQ:
			op = token.GEQ
		case token.GEQ:
			op = token.LEQ
		}
	}
	k := litValue(c)
	if k == nil || litValue(v) != nil {
		return "", "", false
	}
	t, ok := intType(info, v)
	if !ok {
		// An untyped subtraction of unsigned state (balances[a] - v) is still unsigned when
		// one side is known unsigned.
		if be, isBin := ast.Unparen(v).(*ast.BinaryExpr); isBin && be.Op == token.SUB {
			if isUnsigned(info, be.X) || isUnsigned(info, be.Y) {
				t, ok = &sema.Elementary{Name: "uint256"}, true
			}
		}
		if !ok {
			return "", "", false
		}
	}
	var lo, hi *big.Int
	bits := uint(t.Bits())
	if t.IsSigned() {
		lo = new(big.Int).Neg(new(big.Int).Lsh(big.NewInt(1), bits-1))
		hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits-1), big.NewInt(1))
	} else {
		lo = big.NewInt(0)
		hi = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), bits), big.NewInt(1))
	}
	switch op {
	case token.GEQ: // v >= k
		if k.Cmp(lo) <= 0 {
			return "true", t.Name, true
		}
		if k.Cmp(hi) > 0 {
			return "false", t.Name, true
		}
	case token.LSS: // v < k
		if k.Cmp(lo) <= 0 {
			return "false", t.Name, true
		}
		if k.Cmp(hi) > 0 {
			return "true", t.Name, true
		}
	case token.LEQ: // v <= k
		if k.Cmp(hi) >= 0 {
			return "true", t.Name, true
		}
		if k.Cmp(lo) < 0 {
			return "false", t.Name, true
		}
	case token.GTR: // v > k
		if k.Cmp(hi) >= 0 {
			return "false", t.Name, true
		}
		if k.Cmp(lo) < 0 {
			return "true", t.Name, true
		}
	}
	return "", "", false
}

// loopsLeftAtZero finds the always-true conditions of count-down loops that leave through
// their body instead: for (uint i = n - 1; i >= 0; i--) { ...; if (i == 0) break; }. The
// condition is a deliberate "loop forever" (like while (true)); the exit at zero, before the
// decrement could wrap, is the real bound, so the comparison is not a check that fails to
// protect anything. It returns the comparisons of such loop conditions that test a counter the
// body compares with zero to break or return.
func loopsLeftAtZero(p *sema.Program, fn *sema.Function) map[*ast.BinaryExpr]bool {
	out := map[*ast.BinaryExpr]bool{}
	visitKinds(fn.BodyTree(), loopStmtKinds, func(n ast.Node) bool {
		var cond ast.Expr
		var body ast.Stmt
		switch l := n.(type) {
		case *ast.ForStmt:
			cond, body = l.Cond, l.Body
		case *ast.WhileStmt:
			cond, body = l.Cond, l.Body
		}
		if cond == nil || body == nil {
			return true
		}
		for _, cmp := range comparisonsIn(cond) {
			for _, side := range []ast.Expr{cmp.X, cmp.Y} {
				if litValue(side) == nil && exitsAtZero(p, body, normText(p, side)) {
					out[cmp] = true
				}
			}
		}
		return true
	})
	return out
}

// exitsAtZero reports whether body holds if (v == 0) break/return (or 0 == v) at its own
// level, not inside a nested loop, whose break would leave only that loop.
func exitsAtZero(p *sema.Program, body ast.Stmt, v string) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.ForStmt, *ast.WhileStmt, *ast.DoWhileStmt:
			return false
		case *ast.IfStmt:
			c, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
			if ok && c.Op == token.EQL && ((normText(p, c.X) == v && isZero(c.Y)) || (normText(p, c.Y) == v && isZero(c.X))) && leaves(s.Then) {
				found = true
			}
		}
		return !found
	})
	return found
}

// leaves reports whether a branch is, or starts with, break or return.
func leaves(s ast.Stmt) bool {
	if b, ok := s.(*ast.BlockStmt); ok && len(b.List) > 0 {
		s = b.List[0]
	}
	switch s := s.(type) {
	case *ast.BranchStmt:
		return s.Tok == token.BREAK
	case *ast.ReturnStmt:
		return true
	}
	return false
}
