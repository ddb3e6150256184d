package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// MisnamedConstructor reports functions meant as constructors that are ordinary public
// functions before Solidity 0.5: the name differs from the contract's only by case, the
// function is called constructor/Constructor, or the contract was renamed and its old
// constructor (an initialiser taking ownership from msg.sender) stayed behind.
var MisnamedConstructor = &detect.Analyzer{
	Template: detect.Template{
		ID:         "MISNAMED_CONSTRUCTOR",
		Name:       "Incorrect constructor name",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> looks like the contract's ` +
			`constructor (${reason}), but it is not one: before Solidity 0.5 a constructor is a function named exactly like ` +
			`the contract. It stays callable by anyone after deployment, and calling it re-runs the initialisation, for example ` +
			`making the caller the owner.</p>`,
		Remediation: `<p>Use the <code>constructor</code> keyword (Solidity 0.4.22 and later), or rename the function to ` +
			`exactly the contract's name.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "reason"},
		DetectionLogic: "In a contract without a constructor, in a file that admits a compiler below 0.5, a function returning " +
			"nothing and not view that is named like the contract but for case, is named constructor/Constructor, or (public, " +
			"CapitalCase, no access check) assigns msg.sender to a state variable the contract checks callers against, as a " +
			"renamed contract's old constructor does. High when it stores msg.sender in a state variable, medium when it only re-initialises " +
			"state, low when it writes nothing or is not public. In files without a pragma only ownership grabs are reported.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-118"},
		CWE:       []string{"CWE-665"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "access-control",
	},
	Run: runMisnamedConstructor,
}

func runMisnamedConstructor(pass *detect.Pass) {
	c := pass.Contract
	p := pass.Program
	if c == nil || c.IsInterface() || c.IsLibrary() || !c.File.Version.MayBeBelow(hygV0_5_0) {
		return
	}
	for _, fn := range c.Functions {
		if fn.IsConstructor() {
			return
		}
	}
	for _, fn := range c.Functions {
		if fn.Kind != ast.FuncFunction || fn.Body == nil || fn.Name == "" {
			continue
		}
		reason := ""
		// Without a pragma the file may be for 0.5 or later, where a name like the contract's means
		// nothing (contract Test { function test() }): require the constructor-like ownership grab.
		if !c.File.Version.Known && !hygTakesOwnership(p, fn) {
			continue
		}
		switch {
		case strings.EqualFold(fn.Name, c.Name):
			reason = "its name differs from the contract's only by case"
		case fn.Name == "constructor" || fn.Name == "Constructor":
			reason = "it is a function named " + fn.Name + ", not the constructor keyword"
		case fn.IsPublic() && hygIsCapitalised(fn.Name) && len(fn.Returns) == 0 && !fn.IsView() &&
			!p.HasAccessControl(fn) && hygTakesOwnership(p, fn) && p.LookupContract(fn.Name, c.File) == nil && !hygNamesEvent(c, fn.Name):
			reason = "it is named like a contract and sets an owner from msg.sender, as a renamed contract's old constructor does"
		}
		// A constructor returns nothing; a function returning values or marked view was not
		// meant as one, whatever its name.
		if reason == "" || len(fn.Returns) > 0 || fn.IsView() {
			continue
		}
		f := detect.Finding{Pos: fn.Decl.Pos(), End: hygHeaderEnd(fn), Function: fn.Name,
			Details: map[string]string{"function_name": fn.Name, "reason": reason}}
		owns := hygAssignsSender(p, fn, false)
		switch {
		case !fn.IsPublic():
			f.Severity = detect.Low
		case !owns && len(p.TransitiveWrites(fn)) == 0:
			// Initialises nothing: a name clash more than a lost constructor.
			f.Severity, f.Confidence = detect.Low, detect.ConfidenceLow
		case !owns:
			// Re-runs initialisation, but does not hand over ownership.
			f.Severity = detect.Medium
		case !c.File.Version.Known:
			// Without a pragma the compiler may be 0.5 or later, where the name means nothing.
			f.Severity, f.Confidence = detect.Medium, detect.ConfidenceLow
		}
		pass.Report(f)
	}
}

// hygHeaderEnd returns the end of a function's header (its parameter list), so that a finding
// covers the declaration line rather than the whole body.
func hygHeaderEnd(fn *sema.Function) token.Pos {
	if fn.Decl != nil && fn.Decl.Params != nil {
		return fn.Decl.Params.End()
	}
	return fn.Node().End()
}

func hygIsCapitalised(name string) bool {
	return name != "" && name[0] >= 'A' && name[0] <= 'Z' && strings.ToUpper(name) != name
}

func hygNamesEvent(c *sema.Contract, name string) bool {
	for _, b := range c.Linearization {
		for _, e := range b.Events {
			if e.Name.Name == name {
				return true
			}
		}
	}
	return false
}

// hygTakesOwnership reports whether fn stores msg.sender unconditionally in a state variable
// that the contract compares msg.sender with elsewhere (owner = msg.sender, where owner is
// what onlyOwner checks).
func hygTakesOwnership(p *sema.Program, fn *sema.Function) bool {
	return hygAssignsSender(p, fn, true)
}

// hygAssignsSender reports whether a top-level statement of fn stores msg.sender in a state
// variable; with checked, only in one the contract compares msg.sender with.
func hygAssignsSender(p *sema.Program, fn *sema.Function, checked bool) bool {
	info := p.Info(fn)
	if info == nil || fn.Body == nil {
		return false
	}
	authority := hygAuthorityVars(p, fn.Contract)
	for _, s := range fn.Body.List {
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			continue
		}
		a, ok := es.X.(*ast.AssignExpr)
		if !ok || a.Op != token.ASSIGN {
			continue
		}
		id, ok := ast.Unparen(a.Lhs).(*ast.Ident)
		if !ok {
			continue
		}
		if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.StateVar && (authority[v] || !checked) && isGlobal(info, ast.Unparen(a.Rhs), "msg", "sender") {
			return true
		}
	}
	return false
}

// hygAuthorityVars returns the state variables the contract compares msg.sender with (owner in
// msg.sender == owner) in its functions and modifiers.
func hygAuthorityVars(p *sema.Program, c *sema.Contract) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	var fns []*sema.Function
	for _, b := range c.Linearization {
		fns = append(fns, b.Functions...)
		fns = append(fns, b.Modifiers...)
	}
	for _, g := range bodies(fns) {
		info := p.Info(g)
		if info == nil {
			continue
		}
		g.BodyTree().Inspect(func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
				return true
			}
			for _, pair := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				if isGlobal(info, ast.Unparen(pair[0]), "msg", "sender") {
					if id, ok := ast.Unparen(pair[1]).(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.StateVar {
							out[v] = true
						}
					}
				}
			}
			return true
		})
	}
	return out
}
