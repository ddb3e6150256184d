package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/semver"
)

// ArbitraryCPI reports cross-program invocations whose target program is
// an account the caller chooses.
var ArbitraryCPI = analyzer(detect.Template{
	ID:         "SOLANA_ARBITRARY_CPI",
	Name:       "Arbitrary CPI",
	Severity:   detect.Critical,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> invokes the program in account " +
		"<code>${account_name}</code> without checking its address, so a caller can substitute a " +
		"malicious program that receives the instruction's accounts and signatures.</p>",
	Remediation: "<p>Anchor: type the account as <code>Program&lt;'info, T&gt;</code> or pin it with " +
		"<code>address = ...</code>. Native: compare <code>program.key</code> with the expected id " +
		"before invoking.</p>",
	DescriptionKeys: []string{"function_name", "account_name"},
	DetectionLogic:  "invoke/invoke_signed whose instruction (followed through locals) takes its program id from an account, and CpiContext::new/new_with_signer whose program argument is an account, when that account is an AccountInfo/UncheckedAccount field without an address constraint or a native binding, and its key is never compared. Builders that fix or check the program id are trusted: spl-token's from 3.1.1 (the version Cargo.lock pins, else the Cargo.toml requirement), spl-token-2022's, the system program's. Helpers taking the program as an AccountInfo are followed to their callers.",
	CWE:             []string{"CWE-829"},
	Class:           "cpi",
},
	func(p *Pass) {
		trust := builderTrust{tokenChecks: semver.AtLeast(p.Crate.DependencyVersion("spl-token"), "3.1.1")}
		for _, u := range p.units() {
			body := u.Func.Decl.Body
			env := lets(body)
			for _, c := range model.CPICalls(body) {
				if len(c.Args) == 0 {
					continue
				}
				var target ast.Expr
				switch c.Kind {
				case model.CallCpiContextNew, model.CallCpiContextNewWithSigner:
					target = c.Args[0]
				default:
					target = programIDOf(c.Args[0], env, u.Func.File, trust)
				}
				if target == nil {
					continue
				}
				for _, acc := range accountsIn(target, u, env) {
					if acc == remainingAccounts {
						// Anchor checks nothing about remaining accounts.
					} else if u.Ctx != "" {
						f := fieldOf(u.Accounts, acc)
						if !isUnchecked(f) || f.Constraints.Address != nil {
							continue
						}
					} else if !u.Bindings[acc] || p.programParam(u.Func, acc, 0) {
						continue
					}
					if p.accountChecked(u, acc, PropKey) {
						continue
					}
					p.Report(c.Node, u.Func, map[string]string{"account_name": acc})
					break
				}
			}
		}
	})

// programParam reports a parameter that can only hold a checked program:
// typed Program<'info, T> or Interface<'info, T>, or an AccountInfo that
// every caller in the crate passes a checked program for (the helpers
// that wrap a token CPI: transfer(token_program: &AccountInfo, ..)).
func (p *Pass) programParam(fn *model.Function, name string, depth int) bool {
	idx := -1
	for i, prm := range fn.Decl.Params {
		if ip, ok := prm.Pat.(*ast.IdentPat); ok && ip.Name.Name == name {
			idx = i
			switch model.ClassifyType(prm.Type).Kind {
			case model.KindProgram, model.KindInterface:
				return true
			}
		}
	}
	if idx < 0 || depth > helperDepth {
		return false
	}
	return p.everyCallerPasses(fn, idx, nil, func(caller *model.Function, arg ast.Expr) bool {
		return p.passesProgram(caller, arg, depth)
	})
}

// inCrate reports a call that may reach a function of the crate: a
// method, a bare name, or a path that starts in the crate (crate::,
// self::, super::, one of its modules, or an import from it), not
// token_2022::burn when the crate has its own burn.
func (p *Pass) inCrate(caller *model.Function, c *model.Call) bool {
	if c.Method != "" || !strings.Contains(c.Path, "::") {
		return true
	}
	path := caller.File.Resolve(c.Path)
	first, _, _ := strings.Cut(path, "::")
	switch first {
	case "crate", "self", "super", "Self":
		return true
	}
	return p.isModule(first)
}

// passesProgram reports an argument that is a checked program: a field
// typed Program/Interface or pinned by address of an Accounts struct the
// caller holds (ctx.accounts.x, self.x, or accs.x for a parameter typed
// as the struct), a local bound to one, or a parameter of the caller that
// is one in turn.
func (p *Pass) passesProgram(caller *model.Function, arg ast.Expr, depth int) bool {
	path := accountPath(arg)
	if path == "" || depth > helperDepth {
		return false
	}
	base, field := path, ""
	if i := strings.LastIndexByte(path, '.'); i >= 0 {
		base, field = path[:i], path[i+1:]
	}
	if field == "" {
		if init, ok := lets(caller.Decl.Body)[path]; ok {
			return p.passesProgram(caller, init, depth+1)
		}
		return p.programParam(caller, path, depth+1)
	}
	structName := ""
	switch {
	case base == "self":
		structName = caller.SelfType
	case strings.HasSuffix(base, ".accounts"):
		structName = paramStruct(caller, strings.TrimSuffix(base, ".accounts"))
	case !strings.Contains(base, "."):
		structName = paramStruct(caller, base)
	}
	t, c, ok := p.Program.FieldType(structName, field)
	return ok && (t.Kind == model.KindProgram || t.Kind == model.KindInterface || c.Address != nil)
}

// paramStruct names the Accounts struct a parameter holds: T of
// Context<T>, or the struct itself (accs: &mut Swap<'info>).
func paramStruct(fn *model.Function, name string) string {
	for _, prm := range fn.Decl.Params {
		if ip, ok := prm.Pat.(*ast.IdentPat); !ok || ip.Name.Name != name {
			continue
		}
		at := model.ClassifyType(prm.Type)
		if at.Name == "Context" {
			return at.Inner
		}
		return at.Name
	}
	return ""
}

// builderTrust says which instruction builders check or fix the program
// id they are given.
type builderTrust struct {
	// tokenChecks: spl-token 3.1.1 and later make its instruction builders
	// return IncorrectProgramId for any id but the token program's; earlier
	// versions put the given id in the instruction unchecked.
	tokenChecks bool
}

// trusted reports a builder path (resolved through imports) that fixes or
// checks the program id.
func (t builderTrust) trusted(path string) bool {
	switch {
	case strings.HasPrefix(path, "spl_token::") || strings.Contains(path, "::spl_token::"):
		return t.tokenChecks
	case strings.HasPrefix(path, "spl_token_2022::") || strings.Contains(path, "::spl_token_2022::"),
		strings.HasPrefix(path, "spl_associated_token_account::"),
		strings.HasPrefix(path, "system_instruction::") || strings.Contains(path, "::system_instruction::"):
		return true
	}
	return false
}

// programIDOf finds the program id expression of an instruction value:
// Instruction { program_id, .. }, Instruction::new_with_*(id, ..), or the
// first argument of an instruction builder.
func programIDOf(x ast.Expr, env map[string]ast.Expr, file *model.File, trust builderTrust) ast.Expr {
	for depth := 0; depth < 8 && x != nil; depth++ {
		switch e := x.(type) {
		case *ast.RefExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		case *ast.TryExpr:
			x = e.X
		case *ast.PathExpr:
			if len(e.Path.Segments) != 1 {
				return nil
			}
			x = env[e.Path.Segments[0].Name.Name]
		case *ast.StructExpr:
			for _, f := range e.Fields {
				if f.Name.Name == "program_id" {
					if f.Value == nil {
						return &ast.PathExpr{Path: &ast.Path{Segments: []*ast.PathSegment{{Name: f.Name}}, From: f.Name.Pos(), To: f.Name.End()}}
					}
					return f.Value
				}
			}
			return nil
		case *ast.CallExpr:
			pe, ok := e.Fun.(*ast.PathExpr)
			if !ok || len(e.Args) == 0 {
				return nil
			}
			path := file.Resolve(pe.Path.String())
			if trust.trusted(path) {
				return nil // these builders fix or check the program id
			}
			if last := pe.Path.Last().Name.Name; strings.HasPrefix(last, "new_with_") || last == "new" {
				return e.Args[0] // Instruction::new_with_bytes(program_id, ..)
			}
			// Other builders (stake::instruction::delegate_stake(stake, ..))
			// fix their program's id; one that takes the id first is given a
			// program: the first argument then names one.
			if strings.Contains(strings.ToLower(model.ExprPath(e.Args[0])), "program") {
				return e.Args[0]
			}
			return nil
		case *ast.MethodCallExpr:
			if e.Name.Name == "unwrap" || e.Name.Name == "expect" {
				x = e.Recv
				continue
			}
			return nil
		default:
			return nil
		}
	}
	return nil
}
