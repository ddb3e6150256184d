package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// lamportsArg gives the position of the lamports argument of the system
// program's account-creating calls, by name and number of arguments:
// system_instruction::create_account(from, to, lamports, space, owner),
// system_program::create_account(ctx, lamports, space, owner), and the
// _with_seed forms with base and seed before lamports.
var lamportsArg = map[string]map[int]int{
	"create_account":           {5: 2, 4: 1},
	"create_account_with_seed": {7: 4, 6: 3},
}

// MissingRentExemption reports accounts created with a lamport amount that
// does not come from the rent sysvar's minimum balance.
var MissingRentExemption = analyzer(detect.Template{
	ID:         "SOLANA_MISSING_RENT_EXEMPTION",
	Name:       "Account created without a rent-exempt balance",
	Severity:   detect.Low,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> creates an account (<code>${how}</code>) funded with " +
		"<code>${lamports}</code>, which is not derived from or compared with <code>Rent::minimum_balance</code> " +
		"for the account's size. The runtime " +
		"refuses to create an account below the rent-exempt minimum, so the instruction fails whenever the " +
		"amount falls short (a larger account, a changed rent rate); on older runtimes the account could be " +
		"collected and its state lost.</p>",
	Remediation: "<p>Fund the account with <code>Rent::get()?.minimum_balance(space)</code> (or " +
		"<code>rent.minimum_balance(space)</code> from the rent sysvar), or let Anchor create it with " +
		"<code>init</code>.</p>",
	DescriptionKeys: []string{"function_name", "how", "lamports"},
	DetectionLogic: "system_instruction::create_account / create_account_with_seed and Anchor's " +
		"system_program::create_account / create_account_with_seed (told apart by their number of arguments; not " +
		"the crate's own functions of those names) in non-test functions, " +
		"when the lamports expression, followed through locals, neither calls minimum_balance nor calls a crate " +
		"function that does, and is not a parameter that every caller in the crate fills with such a value. " +
		"Accounts funded by a system transfer and then given space with system allocate: the transfer's lamports " +
		"judged the same way; with no transfer, the function (or a crate helper it calls) must call is_exempt or " +
		"minimum_balance on the balance the account already holds. Native code that sets is_initialized = true, and " +
		"stores it (serialize, pack), on an account it neither creates nor allocates (a client-created account passed in) is reported unless it, a " +
		"crate helper it calls, or every caller asks the rent sysvar (is_exempt, minimum_balance). Anchor: a zero " +
		"account with rent_exempt = skip (Anchor's own rent check turned off).",
	CWE:   []string{"CWE-665"},
	Class: "account-lifecycle",
},
	func(p *Pass) {
		for _, fn := range p.Program.Functions {
			if inTests(fn) {
				continue
			}
			env := fn.Lets()
			for _, c := range fn.Calls() {
				idx, ok := lamportsArg[c.Name()][len(c.Args)]
				if c.Macro || !ok || c.Method != "" {
					continue
				}
				if p.inCrate(fn, c) && len(p.Program.FunctionsNamed(c.Name())) > 0 {
					continue // the crate's own create_account helper, judged where it creates
				}
				if p.rentFunded(fn, c.Args[idx], env, 0) {
					continue
				}
				p.Report(c.Node, fn, map[string]string{"lamports": p.Program.Source(c.Args[idx]), "how": c.Name()})
			}
			p.reportUnfundedAllocations(fn)
			p.reportUnexemptInitializations(fn)
		}
		p.reportRentCheckSkipped()
	})

// rentFunded reports a lamports expression computed from the rent
// sysvar's minimum balance.
func (p *Pass) rentFunded(fn *model.Function, x ast.Expr, env map[string]ast.Expr, depth int) bool {
	if depth > helperDepth {
		return false
	}
	found := false
	seen := map[string]bool{}
	var visit func(n ast.Node, d int)
	visit = func(n ast.Node, d int) {
		ast.Inspect(n, func(m ast.Node) bool {
			if found {
				return false
			}
			switch e := m.(type) {
			case *ast.MethodCallExpr:
				if e.Name.Name == "minimum_balance" {
					found = true
				}
			case *ast.CallExpr:
				c := &model.Call{Node: e, Args: e.Args}
				if pe, ok := e.Fun.(*ast.PathExpr); ok {
					c.Path = pe.Path.String()
					if c.Name() == "minimum_balance" {
						found = true
						return false
					}
				}
				if p.inCrate(fn, c) {
					for _, callee := range p.Program.FunctionsNamed(c.Name()) {
						if callee != fn && mentionsMinimumBalance(callee) {
							found = true
						}
					}
				}
			case *ast.PathExpr:
				if len(e.Path.Segments) != 1 || d > 6 {
					return true
				}
				name := e.Path.Segments[0].Name.Name
				if init, ok := env[name]; ok && !seen[name] {
					seen[name] = true
					visit(init, d+1)
				} else if fnParams(fn)[name] && !seen[name] {
					seen[name] = true
					found = p.paramRentFunded(fn, name, depth)
				}
			}
			return !found
		})
	}
	visit(x, 0)
	return found
}

// paramRentFunded reports a parameter that every caller in the crate fills
// with a rent-derived amount.
func (p *Pass) paramRentFunded(fn *model.Function, param string, depth int) bool {
	idx := -1
	for i := range fn.Decl.Params {
		if paramName(fn, i) == param {
			idx = i
		}
	}
	if idx < 0 {
		return false
	}
	return p.everyCallerPasses(fn, idx, nil, func(caller *model.Function, arg ast.Expr) bool {
		return p.rentFunded(caller, arg, caller.Lets(), depth+1)
	})
}

// mentionsMinimumBalance reports a function whose body calls
// minimum_balance.
func mentionsMinimumBalance(fn *model.Function) bool {
	for _, c := range fn.Calls() {
		if c.Name() == "minimum_balance" {
			return true
		}
	}
	return false
}
