package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// DeadCode reports private and internal functions that nothing calls: code that is deployed,
// audited and maintained for nothing, and often the sign of a check that was meant to run and
// does not.
var DeadCode = &detect.Analyzer{
	Template: detect.Template{
		ID:              "DEAD_CODE",
		Name:            "Function never used",
		Severity:        detect.Informational,
		Confidence:      detect.ConfidenceMedium,
		Description:     `<p>${visibility} function <code>${function_name}</code> of <code>${contract_name}</code> is never called or referenced.</p>`,
		Remediation:     `<p>Remove the function, or call it where it was meant to run.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "visibility"},
		DetectionLogic: "A private function, or an internal function of a concrete (non-abstract, non-library) contract, whose name " +
			"appears nowhere in the program but its own declaration.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-131"},
		CWE:       []string{"CWE-561"},
		Languages: []string{"solidity"},
		Slither:   "dead-code",
		Class:     "unused",
	},
	Run: runDeadCode,
}

// UnusedStateVariable reports non-public state variables that no code reads.
var UnusedStateVariable = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNUSED_STATE_VARIABLE",
		Name:       "State variable never read",
		Severity:   detect.Informational,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>State variable <code>${variable_name}</code> of <code>${contract_name}</code> is ${how}. It costs ` +
			`storage (and gas on every write) for nothing, or a value that should be used is not.</p>`,
		Remediation:     `<p>Remove the variable, or use it where it was meant to be used.</p>`,
		DescriptionKeys: []string{"contract_name", "variable_name", "how"},
		DetectionLogic: "A private or internal state variable (internal ones only in concrete contracts; storage gaps excepted) that no function, modifier, " +
			"state variable initialiser or inline assembly of the contract and the contracts deriving from it reads.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-131"},
		CWE:       []string{"CWE-563"},
		Languages: []string{"solidity"},
		Slither:   "unused-state",
		Class:     "unused",
	},
	Run: runUnusedStateVariable,
}

// UnusedLocalVariable reports parameters and local variables that are never read.
var UnusedLocalVariable = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNUSED_LOCAL_VARIABLE",
		Name:       "Parameter or local variable never read",
		Severity:   detect.Informational,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>${kind} <code>${variable_name}</code> of <code>${function_name}</code> in ` +
			`<code>${contract_name}</code> is never read.</p>`,
		Remediation: `<p>Remove it, or leave a parameter unnamed when the signature must keep it; check whether the value ` +
			`was meant to be used.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "kind", "variable_name"},
		DetectionLogic: "A named parameter of an implemented, non-empty, non-virtual, non-overriding function, or a local " +
			"variable, that is never read in the body, its modifiers' arguments or inline assembly.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-131"},
		CWE:       []string{"CWE-563"},
		Languages: []string{"solidity"},
		Slither:   "unused-variable",
		Class:     "unused",
	},
	Run: runUnusedLocalVariable,
}

// hygComputeNameUses counts the program's identifiers by name (see hygNameUses). It walks the
// files' trees rather than the flattened function bodies: it runs once for the whole program,
// and asking for the bodies of files the detectors are done with would flatten them again
// after ReleaseFacts dropped them.
func hygComputeNameUses(p *sema.Program) map[string]int {
	out := map[string]int{}
	for _, f := range p.Files {
		ast.Inspect(f.AST, func(n ast.Node) bool {
			switch e := n.(type) {
			case *ast.Ident:
				out[e.Name]++
			case *ast.YulIdent:
				name := e.Name
				if i := strings.IndexByte(name, '.'); i >= 0 {
					name = name[:i]
				}
				out[name]++
			}
			return true
		})
	}
	return out
}

func runDeadCode(pass *detect.Pass) {
	c := pass.Contract
	if c == nil || c.IsLibrary() || c.IsInterface() || hygIsTest(c) {
		return
	}
	var uses map[string]int
	for _, fn := range c.Functions {
		if fn.Body == nil || fn.Decl == nil || fn.Decl.Name == nil || fn.Kind != ast.FuncFunction {
			continue
		}
		vis := ""
		switch {
		case fn.Visibility == token.PRIVATE:
			vis = "Private"
		case fn.Visibility == token.INTERNAL && !c.IsAbstract() && !fn.Virtual:
			vis = "Internal"
		default:
			continue
		}
		if uses == nil {
			uses = hygNameUses(pass.Program)
		}
		// The declaration's own name is one use; an override elsewhere adds another.
		if uses[fn.Name] > 1 {
			continue
		}
		pass.Report(detect.Finding{Pos: fn.Decl.Pos(), End: hygHeaderEnd(fn), Function: fn.Name,
			Details: map[string]string{"function_name": fn.Name, "visibility": vis}})
	}
}

func runUnusedStateVariable(pass *detect.Pass) {
	c := pass.Contract
	p := pass.Program
	if c == nil || c.IsInterface() || c.IsLibrary() || hygIsTest(c) {
		return
	}
	var reads map[*sema.Var]bool
	var names map[string]int
	for _, v := range c.StateVars {
		d := v.Decl
		if d.Visibility == token.PUBLIC || (d.Visibility != token.PRIVATE && c.IsAbstract()) || v.Name == "" {
			continue
		}
		if reads == nil {
			reads, names = hygStateReads(p, c)
		}
		if reads[v] || names[v.Name] > 0 || hygIsStorageGap(v) {
			continue
		}
		how := "never used"
		if hygStateWritten(p, c, v) {
			how = "written but never read"
		}
		pass.Report(detect.Finding{Pos: d.Pos(), End: d.End(), Details: map[string]string{"variable_name": v.Name, "how": how}})
	}
}

// hygStateReads returns the state variables read by the functions and modifiers of c and the
// contracts deriving from it, and the names used in state variable initialisers and inline
// assembly there (counted as reads, since they are not resolved).
func hygStateReads(p *sema.Program, c *sema.Contract) (map[*sema.Var]bool, map[string]int) {
	reads := map[*sema.Var]bool{}
	names := map[string]int{}
	for _, d := range hygDerivedContracts(p, c) {
		for _, b := range d.Linearization {
			for _, sv := range b.StateVars {
				if sv.Decl.Value != nil {
					ast.Inspect(sv.Decl.Value, func(n ast.Node) bool {
						if id, ok := n.(*ast.Ident); ok {
							names[id.Name]++
						}
						return true
					})
				}
			}
			fns := append(append([]*sema.Function(nil), b.Functions...), b.Modifiers...)
			for _, fn := range hygBodies(fns) {
				info := p.Info(fn)
				if info == nil {
					continue
				}
				r := hygFunctionReads(info)
				for _, v := range r.vars {
					reads[v] = true
				}
				for _, name := range r.names {
					names[name]++
				}
			}
		}
	}
	return reads, names
}

// hygReads is what hygStateReads takes from one function or modifier: the state variables it
// reads, and the names it uses that may reach state unresolved (assembly, members, modifier
// arguments).
type hygReads struct {
	vars  []*sema.Var
	names []string
}

type hygReadsKey struct{}

// hygFunctionReads returns a function's hygReads, found once per function (sema.Memo): every
// contract asks for those of all the functions of every contract deriving from it.
func hygFunctionReads(info *sema.FuncInfo) hygReads {
	return sema.Memo(info, hygReadsKey{}, func() hygReads {
		var r hygReads
		fn := info.Fn
		seen := map[*sema.Var]bool{}
		written := hygBodyWriteTargets(fn, true, true)
		visitKinds(fn.BodyTree(), readNameKinds, func(n ast.Node) bool {
			switch e := n.(type) {
			case *ast.Ident:
				if v, ok := info.Uses[e].(*sema.Var); ok && v.Kind == sema.StateVar && !written[e] && !seen[v] {
					seen[v] = true
					r.vars = append(r.vars, v)
				}
			case *ast.YulIdent:
				name := e.Name
				if i := strings.IndexByte(name, '.'); i >= 0 {
					name = name[:i]
				}
				r.names = append(r.names, name)
			case *ast.MemberExpr:
				// C.X and this.x reach state by member name.
				r.names = append(r.names, e.Name.Name)
			}
			return true
		})
		for _, inv := range fn.Invocations {
			for _, a := range inv.Args {
				ast.Inspect(a, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok {
						r.names = append(r.names, id.Name)
					}
					return true
				})
			}
		}
		return r
	})
}

// hygBodies is bodies for the hygiene family (the shared helper, kept local to avoid a
// dependency on another family's choices).
func hygBodies(fns []*sema.Function) []*sema.Function { return bodies(fns) }

func hygStateWritten(p *sema.Program, c *sema.Contract, v *sema.Var) bool {
	for _, d := range hygDerivedContracts(p, c) {
		for _, b := range d.Linearization {
			for _, fn := range b.Functions {
				if info := p.Info(fn); info != nil && len(info.StateWrites[v]) > 0 {
					return true
				}
			}
		}
	}
	return false
}

func runUnusedLocalVariable(pass *detect.Pass) {
	p := pass.Program
	if pass.Contract != nil && pass.Contract.IsInterface() || hygPassIsTest(pass) {
		return
	}
	for _, fn := range hygBodies(pass.Functions()) {
		info := p.Info(fn)
		paramsCount := !fn.Virtual && (fn.Decl == nil || fn.Decl.Override == nil) && len(fn.Body.List) > 0 && !fn.IsModifier
		if paramsCount && fn.Contract != nil && fn.Contract.IsAbstract() {
			paramsCount = false
		}
		if info == nil || len(fn.Locals) == 0 && (!paramsCount || len(fn.Params) == 0) {
			continue // no variable to judge: the body need not be read
		}
		read := map[*ast.VarDecl]bool{}
		written := hygBodyWriteTargets(fn, true, false)
		markIdent := func(id *ast.Ident) {
			if !written[id] {
				if v, ok := info.Uses[id].(*sema.Var); ok && v.Decl != nil {
					read[v.Decl] = true
				}
			}
		}
		for x := range fn.BodyTree().Preorder(identKinds) {
			markIdent(x.(*ast.Ident))
		}
		for _, inv := range fn.Invocations {
			for _, a := range inv.Args {
				ast.Inspect(a, func(x ast.Node) bool {
					if id, ok := x.(*ast.Ident); ok {
						markIdent(id)
					}
					return true
				})
			}
		}
		for _, v := range info.YulUses {
			if v != nil && v.Decl != nil {
				read[v.Decl] = true
			}
		}
		check := func(v *sema.Var, kind string) {
			if v.Name == "" || v.Decl == nil || read[v.Decl] || v.Name == "_" {
				return
			}
			read[v.Decl] = true // report once
			pass.ReportNode(v.Decl, fn, map[string]string{"kind": kind, "variable_name": v.Name})
		}
		if paramsCount {
			for _, v := range fn.Params {
				check(v, "Parameter")
			}
		}
		for _, v := range fn.Locals {
			check(v, "Local variable")
		}
	}
}

var identKinds = inspect.Of((*ast.Ident)(nil))

// hygIsStorageGap reports whether v is an upgradeable contract's storage gap (uint256[50]
// private __gap), reserved on purpose and never used.
func hygIsStorageGap(v *sema.Var) bool {
	a, ok := v.Type.(*sema.ArrayType)
	return ok && !a.Dynamic && strings.Contains(strings.ToLower(v.Name), "gap")
}
