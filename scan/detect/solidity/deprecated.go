package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// DeprecatedConstruct reports language constructs that were deprecated and later removed:
// their presence marks code written for old compilers, and several of them behave in ways
// that surprise (throw consumes all gas, callcode keeps the caller's msg.sender wrongly, var
// infers the smallest integer type).
var DeprecatedConstruct = &detect.Analyzer{
	Template: detect.Template{
		ID:         "DEPRECATED_CONSTRUCT",
		Name:       "Use of deprecated Solidity construct",
		Severity:   detect.Informational,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>${construct} in <code>${function_name}</code> of <code>${contract_name}</code> is deprecated: ` +
			`${replacement}</p>`,
		Remediation: `<p>Replace deprecated constructs: <code>suicide</code> with <code>selfdestruct</code>, <code>sha3</code> ` +
			`with <code>keccak256</code>, <code>throw</code> with <code>revert()</code>, <code>callcode</code> with ` +
			`<code>delegatecall</code>, <code>block.blockhash</code> with <code>blockhash</code>, <code>msg.gas</code> with ` +
			`<code>gasleft()</code>, <code>var</code> with explicit types, <code>years</code> with days, <code>constant</code> ` +
			`functions with <code>view</code>, and <code>.value()</code>/<code>.gas()</code> with <code>{value: ..., gas: ...}</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "construct", "replacement"},
		DetectionLogic: "suicide, sha3, throw, callcode, block.blockhash, msg.gas, var declarations, the years unit and constant " +
			"functions anywhere; .value()/.gas() call options in files whose pragma admits 0.6.2 or later.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-111"},
		CWE:       []string{"CWE-477"},
		Languages: []string{"solidity"},
		Slither:   "deprecated-standards",
		Class:     "deprecated",
	},
	Run: runDeprecatedConstruct,
}

func runDeprecatedConstruct(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range pass.Functions() {
		report := func(n ast.Node, construct, replacement string) {
			pass.ReportNode(n, fn, map[string]string{"construct": construct, "replacement": replacement})
		}
		if fn.Decl != nil && fn.Decl.Mutability == token.CONSTANT {
			f := detect.Finding{Pos: fn.Decl.Pos(), End: hygHeaderEnd(fn), Function: fn.Name, Details: map[string]string{
				"function_name": fnName(fn), "construct": "A constant function",
				"replacement": "declare it view (or pure); constant on functions was removed in 0.5."}}
			pass.Report(f)
		}
		if fn.Body == nil {
			continue
		}
		info := p.Info(fn)
		if info == nil {
			continue
		}
		callOptions := hygAcceptsAtLeast(fn.File.Version, hygV0_6_2)
		visitKinds(fn.BodyTree(), deprecatedKinds, func(n ast.Node) bool {
			switch e := n.(type) {
			case *ast.ThrowStmt:
				report(e, "throw", "use revert() or require; throw consumed all remaining gas and was removed in 0.5.")
			case *ast.VarDeclStmt:
				for _, d := range e.Vars {
					if d != nil && hygIsVarKeyword(d.Type) {
						report(e, "A var declaration", "write the type; var infers the smallest type that fits the value (uint8 for a loop counter starting at 0, which then overflows) and was removed in 0.5.")
						break
					}
				}
			case *ast.BasicLit:
				if e.Unit != nil && e.Unit.Name == "years" {
					report(e, "The years unit", "years are not all 365 days long; the unit was removed in 0.5. Use days.")
				}
			case *ast.MemberExpr:
				switch {
				case isGlobal(info, e, "block", "blockhash"):
					report(e, "block.blockhash", "use blockhash(n); the member was removed in 0.5.")
				case isGlobal(info, e, "msg", "gas"):
					report(e, "msg.gas", "use gasleft(); the member was removed in 0.5.")
				}
			case *ast.CallExpr:
				if id, ok := e.Fun.(*ast.Ident); ok {
					if _, builtin := info.Uses[id].(*sema.Builtin); builtin || info.Uses[id] == nil {
						switch id.Name {
						case "suicide":
							report(e, "suicide", "use selfdestruct.")
						case "sha3":
							report(e, "sha3", "use keccak256.")
						}
					}
				}
				if c := info.CallOf[e]; c != nil && c.IsLowLevel("callcode") {
					report(e, "callcode", "use delegatecall; callcode does not preserve msg.sender and msg.value and was removed in 0.5.")
				}
				if m, ok := e.Fun.(*ast.MemberExpr); ok && callOptions && (m.Name.Name == "value" || m.Name.Name == "gas") && hygIsCallOption(info, m) {
					report(e, "The ."+m.Name.Name+"() call option", "use {"+m.Name.Name+": ...}; the member form was deprecated in 0.6.2 and removed in 0.7.")
				}
			}
			return true
		})
	}
}

// hygIsCallOption reports whether x.value / x.gas applies to a function (an external or
// low-level call), not to a struct field named value.
func hygIsCallOption(info *sema.FuncInfo, m *ast.MemberExpr) bool {
	switch t := info.Types[m.X].(type) {
	case *sema.FuncType:
		return true
	case nil:
		if inner, ok := m.X.(*ast.MemberExpr); ok {
			switch inner.Name.Name {
			case "call", "delegatecall", "callcode", "staticcall":
				return true
			}
			return info.Types[inner.X] != nil && sema.AsContract(info.Types[inner.X]) != nil
		}
		return false
	default:
		_ = t
		return false
	}
}

// hygIsVarKeyword reports whether a declaration's type is the pre-0.5 `var` (the parser keeps it
// as an elementary type named var).
func hygIsVarKeyword(t ast.Expr) bool {
	if t == nil {
		return true
	}
	e, ok := t.(*ast.ElementaryType)
	return ok && e.Name == "var"
}
