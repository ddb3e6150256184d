package detectors

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// intTypes are the primitive integer types; dividing one by zero panics
// in every build profile.
var intTypes = map[string]bool{
	"u8": true, "u16": true, "u32": true, "u64": true, "u128": true, "usize": true,
	"i8": true, "i16": true, "i32": true, "i64": true, "i128": true, "isize": true,
}

// DivisionByZero reports integer division or remainder by a value the
// caller controls (an instruction argument, a function parameter, or an
// integer field of account data) that nothing checks against zero first.
var DivisionByZero = analyzer(detect.Template{
	ID:         "SOLANA_DIVISION_BY_ZERO",
	Name:       "Division by a value that can be zero",
	Severity:   detect.Medium,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> divides by <code>${divisor}</code>, which comes from " +
		"${source} and is never checked against zero. Integer division by zero panics in every build, so " +
		"the instruction aborts: a caller can make it fail at will, and an account whose field reaches zero " +
		"(an emptied pool, a zero supply) blocks every instruction that divides by it, withdrawals included.</p>",
	Remediation: "<p>Check the divisor first (<code>require!(divisor &gt; 0, ErrorCode::Zero)</code>) or use " +
		"<code>checked_div</code>/<code>checked_rem</code> and return an error on <code>None</code>.</p>",
	DescriptionKeys: []string{"function_name", "divisor", "source"},
	DetectionLogic: "/, %, /= and %= in non-test functions whose divisor (through parentheses, casts, and locals " +
		"whose initializer is built from it by +, - or *) is an integer field of one of the crate's account types read " +
		"through an Accounts field, an integer argument of an Anchor instruction, or an integer parameter that a caller " +
		"in the crate fills with such a value left unchecked there (followed up to three calls), when no condition of the function (if, " +
		"require!/assert!, match guard) and no constraint of the Accounts struct reads the divisor or the " +
		"values it is built from.",
	CWE:   []string{"CWE-369"},
	Class: "arithmetic",
},
	func(p *Pass) {
		for _, fn := range p.Program.Functions {
			if inTests(fn) {
				continue
			}
			p.divisionsByZero(fn)
		}
	})

// divisionsByZero reports the unchecked divisions of one function.
func (p *Pass) divisionsByZero(fn *model.Function) {
	body := fn.Decl.Body
	env := fn.Lets()
	params := intParams(fn)
	as := p.Program.ContextAccounts(fn)
	if as == nil && fn.SelfType != "" {
		as = p.Program.AccountsStruct(fn.SelfType) // self.pool.total in an Accounts method
	}
	var conds []ast.Node // the function's conditions, listed at its first division
	for _, op := range model.Arithmetic(body) {
		switch op.Op {
		case token.SLASH, token.PERCENT, token.SLASH_EQ, token.PERC_EQ:
		default:
			continue
		}
		if op.Constant || op.Float {
			continue
		}
		srcs, kind := p.divisorSources(op.Y, env, params, as, 0)
		if len(srcs) == 0 {
			continue
		}
		if conds == nil {
			conds = conditions(body)
		}
		if p.readInChecks(conds, as, srcs) {
			continue
		}
		if kind == "a parameter" {
			if !p.controlledParams(fn, srcs, 0) {
				continue
			}
			if p.isHandlerEntry(fn) {
				kind = "an instruction argument"
			} else {
				kind = "a parameter that callers fill with unchecked input"
			}
		}
		p.ReportRange(op.Pos(), op.Node.End(), fn, map[string]string{
			"divisor": p.Program.Source(op.Y), "source": kind,
		})
	}
}

// controlledParams reports whether a caller chooses one of the named
// parameters of fn freely: fn is an Anchor instruction (its parameters are
// instruction data), or a caller in the crate passes an argument that is
// itself caller-controlled and unchecked there. A helper whose callers
// pass only checked or fixed values (a stored tick spacing, a constant)
// is not reported for its own lack of a check.
func (p *Pass) controlledParams(fn *model.Function, names []string, depth int) bool {
	if p.isHandlerEntry(fn) {
		return true
	}
	if depth >= helperDepth {
		return false
	}
	idx := map[int]bool{}
	for i, prm := range fn.Decl.Params {
		if ip, ok := prm.Pat.(*ast.IdentPat); ok && slices.Contains(names, ip.Name.Name) {
			idx[i] = true
		}
	}
	for _, site := range p.callSites(fn.Name) {
		caller, c := site.caller, site.call
		if caller == fn || inTests(caller) || !p.inCrate(caller, c) {
			continue
		}
		shift := 0
		if c.Method != "" && hasSelf(fn) {
			shift = 1
		}
		for i := range idx {
			if i-shift < 0 || i-shift >= len(c.Args) {
				continue
			}
			env := caller.Lets()
			as := p.Program.ContextAccounts(caller)
			srcs, kind := p.divisorSources(c.Args[i-shift], env, intParams(caller), as, 0)
			if len(srcs) == 0 || p.readInChecks(conditions(caller.Decl.Body), as, srcs) {
				continue
			}
			if kind != "a parameter" || p.controlledParams(caller, srcs, depth+1) {
				return true
			}
		}
	}
	return false
}

// isHandlerEntry reports a function of the #[program] module.
func (p *Pass) isHandlerEntry(fn *model.Function) bool {
	for _, ap := range p.Program.Anchor {
		for _, h := range ap.Handlers {
			if h.Func == fn {
				return true
			}
		}
	}
	return false
}

// intParams names a function's parameters of primitive integer type.
func intParams(fn *model.Function) map[string]bool {
	out := map[string]bool{}
	for _, prm := range fn.Decl.Params {
		ip, ok := prm.Pat.(*ast.IdentPat)
		if ok && intTypes[typeLast(prm.Type)] {
			out[ip.Name.Name] = true
		}
	}
	return out
}

// divisorSources returns the caller-controlled values a divisor is built
// from (parameter names, rendered account field paths, and the locals in
// between) and what they are, or nothing when the divisor cannot be zero
// by the caller's choice (a constant, x + 1, a value of unknown origin).
func (p *Pass) divisorSources(x ast.Expr, env map[string]ast.Expr, params map[string]bool, as *model.AccountsStruct, depth int) ([]string, string) {
	if depth > 6 {
		return nil, ""
	}
	switch e := x.(type) {
	case *ast.ParenExpr:
		return p.divisorSources(e.X, env, params, as, depth+1)
	case *ast.CastExpr:
		return p.divisorSources(e.X, env, params, as, depth+1)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.PLUS:
			if intLit(e.X) || intLit(e.Y) {
				return nil, "" // x + 1 is not zero
			}
		case token.MINUS, token.STAR:
		default:
			return nil, ""
		}
		a, ka := p.divisorSources(e.X, env, params, as, depth+1)
		b, kb := p.divisorSources(e.Y, env, params, as, depth+1)
		if ka == "" {
			ka = kb
		}
		return append(a, b...), ka
	case *ast.PathExpr:
		if len(e.Path.Segments) != 1 {
			return nil, ""
		}
		name := e.Path.Segments[0].Name.Name
		if params[name] {
			return []string{name}, "a parameter"
		}
		if init, ok := env[name]; ok {
			if srcs, kind := p.divisorSources(init, env, params, as, depth+1); len(srcs) > 0 {
				return append(srcs, name), kind
			}
		}
	case *ast.FieldExpr:
		if as == nil {
			return nil, ""
		}
		path := model.ExprPath(e)
		if acc, field, ok := p.accountIntField(path, env, as); ok {
			return []string{path, acc + "." + field}, "account data"
		}
	}
	return nil, ""
}

// accountIntField resolves a rendered path to an integer field of one of
// the crate's account types held by an Accounts field (ctx.accounts.pool.
// total, self.pool.total, or pool.total after let pool = &ctx.accounts.pool).
func (p *Pass) accountIntField(path string, env map[string]ast.Expr, as *model.AccountsStruct) (acc, field string, ok bool) {
	i := strings.LastIndexByte(path, '.')
	if i < 0 {
		return "", "", false
	}
	base, field := path[:i], path[i+1:]
	for _, m := range []string{".load()", ".load_mut()"} {
		base = strings.TrimSuffix(base, m)
	}
	switch {
	case strings.Contains(base, ".accounts."):
		acc = base[strings.LastIndex(base, ".accounts.")+len(".accounts."):]
	case strings.HasPrefix(base, "self."):
		acc = strings.TrimPrefix(base, "self.")
	case !strings.Contains(base, "."):
		init, ok := env[base]
		if !ok {
			return "", "", false
		}
		ip := accountPath(init)
		for _, m := range []string{".load()", ".load_mut()"} {
			ip = strings.TrimSuffix(ip, m)
		}
		if j := strings.LastIndex(ip, ".accounts."); j >= 0 {
			acc = ip[j+len(".accounts."):]
		}
	}
	f := as.Field(acc)
	if acc == "" || strings.Contains(acc, ".") || f == nil {
		return "", "", false
	}
	ds := p.Program.DataStruct(f.Type.Inner)
	if ds == nil {
		return "", "", false
	}
	for _, df := range ds.Item.Fields {
		if df.Name != nil && df.Name.Name == field && intTypes[typeLast(df.Type)] {
			return acc, field, true
		}
	}
	return "", "", false
}

// readInChecks reports a condition of the function, or a constraint of
// its Accounts struct, that reads one of the divisor's sources: the code
// then bounds it somehow, and the class is about divisors nobody looked at.
func (p *Pass) readInChecks(conds []ast.Node, as *model.AccountsStruct, srcs []string) bool {
	for _, c := range conds {
		if readsAny(c, srcs) {
			return true
		}
	}
	if as == nil {
		return false
	}
	for _, f := range as.Fields {
		for _, c := range f.Constraints.Custom {
			if readsAny(c.Value, srcs) {
				return true
			}
		}
	}
	return false
}

// readsAny reports an expression in n whose rendered path is one of srcs
// or ends with one of them after a dot (ctx.accounts.pool.total for
// pool.total).
func readsAny(n ast.Node, srcs []string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		x, ok := m.(ast.Expr)
		if !ok || found {
			return !found
		}
		path := model.ExprPath(x)
		for _, s := range srcs {
			if path == s || strings.HasSuffix(path, "."+s) {
				found = true
			}
		}
		return !found
	})
	return found
}

// intLit reports a non-zero integer literal.
func intLit(x ast.Expr) bool {
	lit, ok := x.(*ast.LitExpr)
	return ok && lit.Kind == token.INT && strings.Trim(lit.Value, "0_") != ""
}
