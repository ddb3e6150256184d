package solidity

import (
	"math/big"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// DivisionRoundsToZero reports an integer division whose numerator can never reach its constant
// divisor: the quotient is always zero. It is the "rounding down to zero" form of precision
// loss: a reward accrued per second divided by a year and a 1e18 scale the numerator never
// carried, a fee in basis points of an amount the types keep small. The numerator's largest
// value comes from the program's facts: constants, state variables only ever set to constants,
// locals through their assignments, the widths of integer types, and the clock (block.timestamp
// and block.number stay below 1e10 for centuries: an assumption, stated in the evidence).
var DivisionRoundsToZero = &detect.Analyzer{
	Template: detect.Template{
		ID:         "DIVISION_ROUNDS_TO_ZERO",
		Name:       "Division that always rounds to zero",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> divides by ` +
			`${divisor}, but the numerator is at most ${bound}: integer division truncates, so the result is always zero. ` +
			`The amount it computes (a reward, a fee, a share) is lost.</p>`,
		Remediation: `<p>Scale the numerator before dividing (multiply by the precision the divisor removes), keep the ` +
			`amount in a finer unit, or check that the result is not zero.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "divisor", "bound"},
		DetectionLogic: "An integer division by a constant (literals with units, named constants and their arithmetic) whose " +
			"numerator has a largest value below the divisor: constants, state variables only ever assigned constants, locals " +
			"through every value assigned, integer widths of parameters, calls and conversions, sums, products and " +
			"differences of these. block.timestamp and block.number count as below 1e10 (medium confidence).",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-682", "CWE-1339"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "precision",
	},
	Run: runDivisionRoundsToZero,
}

// clockBound is the largest block.timestamp or block.number a realistic chain reaches (1e10:
// the year 2286 in seconds).
var clockBound = big.NewInt(1e10)

func runDivisionRoundsToZero(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil || pass.Stopped(fn) {
			continue
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || b.Op != token.QUO {
				return true
			}
			if t, ok := intType(info, b.X); ok && t.IsSigned() {
				return true // a signed numerator's bound would need its lower end too
			}
			div := constInt(info, b.Y, 0)
			if div == nil || div.Cmp(big.NewInt(1)) <= 0 || constInt(info, b.X, 0) != nil {
				return true
			}
			m := &magnitude{p: p, info: info}
			top := m.upper(b.X, 0)
			if top == nil || top.Sign() == 0 || top.Cmp(div) >= 0 {
				return true
			}
			ev := &detect.Evidence{}
			ev.Add("the numerator is at most " + top.String() + " and the divisor is " + div.String())
			if m.clock {
				ev.Assume("block.timestamp and block.number stay below 1e10")
			}
			pass.Report(detect.Finding{Pos: b.Pos(), End: b.End(), Function: fn.Name, Evidence: ev,
				Details: map[string]string{"function_name": fnName(fn), "expression": sourceText(p, b),
					"divisor": div.String(), "bound": top.String()}})
			return true
		})
	}
}

// magnitude finds the largest value an unsigned integer expression of one function can take.
type magnitude struct {
	p     *sema.Program
	info  *sema.FuncInfo
	clock bool // the bound rests on the clock's
}

// upper returns the largest value x can take, or nil when nothing bounds it below 2^256.
func (m *magnitude) upper(x ast.Expr, depth int) *big.Int {
	if depth > 6 || x == nil {
		return nil
	}
	info := m.info
	if c := constInt(info, x, 0); c != nil {
		return c
	}
	width := widthBound(info.Types[x])
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		v, ok := info.Uses[e].(*sema.Var)
		if !ok {
			return width
		}
		switch v.Kind {
		case sema.LocalVar:
			values, known := assignedValues(info, v)
			if !known || len(values) == 0 {
				return width
			}
			var top *big.Int
			for _, val := range values {
				u := m.upper(val, depth+1)
				if u == nil {
					return width
				}
				if top == nil || u.Cmp(top) > 0 {
					top = u
				}
			}
			return minBound(top, width)
		case sema.StateVar:
			if top := constWritten(m.p, v); top != nil {
				return top
			}
		}
		return width
	case *ast.MemberExpr:
		if id, ok := e.X.(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*sema.Builtin); ok && b.Name == "block" && (e.Name.Name == "timestamp" || e.Name.Name == "number") {
				m.clock = true
				return clockBound
			}
		}
		return width
	case *ast.BinaryExpr:
		a := m.upper(e.X, depth+1)
		switch e.Op {
		case token.SUB, token.QUO, token.SHR:
			if a == nil {
				return width
			}
			return minBound(a, width) // unsigned: never above the first operand
		case token.ADD, token.MUL:
			c := m.upper(e.Y, depth+1)
			if a == nil || c == nil {
				return width
			}
			r := new(big.Int)
			if e.Op == token.ADD {
				r.Add(a, c)
			} else {
				r.Mul(a, c)
			}
			return minBound(r, width)
		case token.REM:
			if c := m.upper(e.Y, depth+1); c != nil && c.Sign() > 0 {
				return minBound(new(big.Int).Sub(c, big.NewInt(1)), width)
			}
		}
		return width
	case *ast.CallExpr:
		if _, conv := e.Fun.(*ast.ElementaryType); conv && len(e.Args) == 1 {
			return minBound(m.upper(e.Args[0], depth+1), width)
		}
	}
	return width
}

// widthBound returns the largest value of an unsigned integer type narrower than 256 bits.
func widthBound(t sema.Type) *big.Int {
	el, ok := sema.IsInteger(t)
	if !ok || el.IsSigned() || el.Bits() >= 256 {
		return nil
	}
	return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(el.Bits())), big.NewInt(1))
}

// minBound returns the smaller of two bounds (nil is no bound).
func minBound(a, b *big.Int) *big.Int {
	switch {
	case a == nil:
		return b
	case b == nil || a.Cmp(b) <= 0:
		return a
	}
	return b
}

// units are the factors of Solidity's number units.
var units = map[string]int64{
	"wei": 1, "gwei": 1e9, "szabo": 1e12, "finney": 1e15, "ether": 1e18,
	"seconds": 1, "minutes": 60, "hours": 3600, "days": 86400, "weeks": 604800, "years": 31536000,
}

// constInt evaluates an integer constant expression: number literals (with units, scientific
// notation and fractional mantissas), named constants, conversions and + - * / ** of these;
// nil when x is not one or is negative.
func constInt(info *sema.FuncInfo, x ast.Expr, depth int) *big.Int {
	if depth > 8 || x == nil {
		return nil
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		if e.Kind != token.NUMBER {
			return nil
		}
		r, ok := new(big.Rat).SetString(stripUnderscores(e.Value))
		if !ok {
			n, ok := new(big.Int).SetString(stripUnderscores(e.Value), 0)
			if !ok {
				return nil
			}
			r = new(big.Rat).SetInt(n)
		}
		if e.Unit != nil {
			f, ok := units[e.Unit.Name]
			if !ok {
				return nil
			}
			r.Mul(r, new(big.Rat).SetInt64(f))
		}
		if !r.IsInt() || r.Sign() < 0 {
			return nil
		}
		return new(big.Int).Set(r.Num())
	case *ast.Ident:
		if info == nil {
			return nil // a state variable's initializer: only literals are read
		}
		if v, ok := info.Uses[e].(*sema.Var); ok && v.Decl != nil && v.Decl.Constant && v.Decl.Value != nil {
			return constInt(info, v.Decl.Value, depth+1)
		}
	case *ast.CallExpr:
		if _, conv := e.Fun.(*ast.ElementaryType); conv && len(e.Args) == 1 {
			return constInt(info, e.Args[0], depth+1)
		}
	case *ast.BinaryExpr:
		a, b := constInt(info, e.X, depth+1), constInt(info, e.Y, depth+1)
		if a == nil || b == nil {
			return nil
		}
		r := new(big.Int)
		switch e.Op {
		case token.ADD:
			return r.Add(a, b)
		case token.SUB:
			if r.Sub(a, b).Sign() < 0 {
				return nil
			}
			return r
		case token.MUL:
			return r.Mul(a, b)
		case token.QUO:
			if b.Sign() == 0 {
				return nil
			}
			return r.Quo(a, b)
		case token.EXP:
			if !b.IsInt64() || b.Int64() > 256 {
				return nil
			}
			return r.Exp(a, b, nil)
		}
	}
	return nil
}

func stripUnderscores(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '_' {
			out = append(out, s[i])
		}
	}
	return string(out)
}

type constWrittenKey struct{}

// constWritten returns the largest value a state variable ever holds when its initial value and
// every write of the program store constants (or delete it), else nil. Computed for every state
// variable at once, when first asked.
func constWritten(p *sema.Program, v *sema.Var) *big.Int {
	return sema.Memo(p, constWrittenKey{}, func() map[*sema.Var]*big.Int {
		out := map[*sema.Var]*big.Int{}
		bad := map[*sema.Var]bool{}
		note := func(v *sema.Var, val *big.Int) {
			if val == nil {
				bad[v] = true
				return
			}
			if old := out[v]; old == nil || val.Cmp(old) > 0 {
				out[v] = val
			}
		}
		for _, c := range p.Contracts {
			for _, sv := range c.StateVars {
				if sv.Decl == nil || sv.Decl.Constant {
					continue
				}
				if sv.Decl.Value == nil {
					note(sv, new(big.Int))
				} else {
					note(sv, constInt(nil, sv.Decl.Value, 0))
				}
			}
		}
		for _, fn := range p.Functions() {
			info := p.Info(fn)
			if info == nil {
				continue
			}
			for sv, ats := range info.StateWrites {
				for _, at := range ats {
					switch w := at.(type) {
					case *ast.AssignExpr:
						if w.Op == token.ASSIGN {
							note(sv, constInt(info, w.Rhs, 0))
						} else {
							bad[sv] = true
						}
					case *ast.UnaryExpr:
						if w.Op == token.DELETE {
							note(sv, new(big.Int))
						} else {
							bad[sv] = true
						}
					default:
						bad[sv] = true
					}
				}
			}
		}
		for sv := range bad {
			delete(out, sv)
		}
		return out
	})[v]
}
