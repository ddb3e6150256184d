package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// UninitializedStateVariable reports state variables that code reads but nothing ever writes:
// they hold zero forever. An owner that is never set locks the owner functions; a fee
// recipient or vault address that is never set sends funds to the zero address; a mapping or
// struct that is only read (an allow-list nobody fills, a config nobody sets) answers the
// default to every lookup.
var UninitializedStateVariable = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNINITIALIZED_STATE_VARIABLE",
		Name:       "State variable read but never written",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>State variable <code>${variable_name}</code> of <code>${contract_name}</code> is read (in ` +
			`<code>${function_name}</code>) but no code ever assigns it, so it is always zero${usage}.</p>`,
		Remediation: `<p>Initialise the variable (in its declaration, the constructor or an initializer), or declare it ` +
			`<code>constant</code> if zero is meant.</p>`,
		DescriptionKeys: []string{"contract_name", "variable_name", "function_name", "usage"},
		DetectionLogic: "A non-constant state variable without an initial value that no function, modifier or inline " +
			"assembly of the program writes, and that some function reads (internal and public variables of abstract " +
			"contracts excepted): value types, and mappings, structs, arrays, strings and bytes, which must in addition " +
			"never be handed to a call (as an argument, or as the receiver of a library function bound with using-for), " +
			"themselves or through a storage pointer, since the callee may write them through a storage parameter. Medium " +
			"when it is an address that receives ether or tokens, is called, or is compared with msg.sender. Low " +
			"confidence when a base of the contract is not in the sources (its assembly could reach the slot).",
		Version:   "1.1.0",
		SWC:       []string{},
		CWE:       []string{"CWE-457"},
		Languages: []string{"solidity"},
		Slither:   "uninitialized-state",
		Class:     "uninitialized-state",
	},
	Run: runUninitializedStateVariable,
}

func runUninitializedStateVariable(pass *detect.Pass) {
	c := pass.Contract
	p := pass.Program
	// An unresolved base cannot write the contract's own variables (a base cannot name a
	// derived contract's state), so they are still judged; only inline assembly in the unknown
	// base could reach their slots, which lowers the confidence.
	if c == nil || c.IsInterface() || c.IsLibrary() || hygIsTest(c) {
		return
	}
	var writers map[*sema.Var][]*sema.Function
	var asm map[string]bool
	for _, v := range c.StateVars {
		d := v.Decl
		if d.Constant || d.Immutable || d.Value != nil {
			continue
		}
		reference := !hygValueType(v, false)
		if reference && !hygReferenceType(v) {
			continue
		}
		if c.IsAbstract() && d.Visibility != token.PRIVATE {
			continue
		}
		if writers == nil {
			writers, asm = hygStateWriters(p)
		}
		if len(writers[v]) > 0 || asm[v.Name] || reference && handedToCalls(p)[v] {
			continue
		}
		reader := hygFirstReader(p, c, v)
		if reader == nil {
			continue
		}
		f := detect.Finding{Pos: d.Pos(), End: d.End(), Details: map[string]string{
			"variable_name": v.Name, "function_name": fnName(reader), "usage": ""}}
		if usage := hygSensitiveUse(p, c, v); usage != "" {
			f.Severity = detect.Medium
			f.Details["usage"] = ": " + usage
		}
		if c.UnresolvedBases {
			f.Confidence = detect.ConfidenceLow
		}
		pass.Report(f)
	}
}

// hygFirstReader returns a function or modifier of c or a contract deriving from it that
// reads v.
func hygFirstReader(p *sema.Program, c *sema.Contract, v *sema.Var) *sema.Function {
	for _, d := range hygDerivedContracts(p, c) {
		for _, b := range d.Linearization {
			for _, fn := range append(append([]*sema.Function(nil), b.Functions...), b.Modifiers...) {
				if info := p.Info(fn); info != nil && len(info.StateReads[v]) > 0 {
					return fn
				}
			}
		}
	}
	return nil
}

// hygSensitiveUse says how an address variable is used where zero does harm: as the receiver
// of ether or of a call, or as the account an access check compares msg.sender with.
func hygSensitiveUse(p *sema.Program, c *sema.Contract, v *sema.Var) string {
	if !sema.IsAddress(v.Type) && sema.AsContract(v.Type) == nil {
		return ""
	}
	for _, d := range hygDerivedContracts(p, c) {
		for _, b := range d.Linearization {
			for _, fn := range append(append([]*sema.Function(nil), b.Functions...), b.Modifiers...) {
				info := p.Info(fn)
				if info == nil || len(info.StateReads[v]) == 0 {
					continue
				}
				for _, call := range info.Calls {
					if call.Target != nil && hygMentions(info, call.Target, v) && (call.IsExternal()) {
						return "calls and transfers to it go to the zero address"
					}
					for _, a := range call.Args {
						if call.SendsValue() || call.Kind == sema.CallExternal {
							if id, ok := ast.Unparen(a).(*ast.Ident); ok && hygUsesVar(info, id, v) {
								return "value sent to it goes to the zero address"
							}
						}
					}
				}
				if fn.Body != nil && hygAuthorityIn(info, fn.Body, v) {
					return "access checks against it can never pass"
				}
			}
		}
	}
	return ""
}

// hygMentions reports whether x refers to v.
func hygMentions(info *sema.FuncInfo, x ast.Node, v *sema.Var) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && hygUsesVar(info, id, v) {
			found = true
		}
		return !found
	})
	return found
}

// hygAuthorityIn reports whether n compares msg.sender with v.
func hygAuthorityIn(info *sema.FuncInfo, n ast.Node, v *sema.Var) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		b, ok := x.(*ast.BinaryExpr)
		if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
			return !found
		}
		if (isGlobal(info, ast.Unparen(b.X), "msg", "sender") && hygMentions(info, b.Y, v)) ||
			(isGlobal(info, ast.Unparen(b.Y), "msg", "sender") && hygMentions(info, b.X, v)) {
			found = true
		}
		return !found
	})
	return found
}

// hygReferenceType reports whether a state variable holds a mapping, struct, array, string
// or bytes: storage that the code fills entry by entry.
func hygReferenceType(v *sema.Var) bool {
	switch t := v.Type.(type) {
	case *sema.MappingType, *sema.StructType, *sema.ArrayType:
		return true
	case *sema.Elementary:
		return t.Name == "string" || t.Name == "bytes"
	}
	return false
}

type handedToCallsKey struct{}

// handedToCalls returns the state variables of reference type that some function of the
// program hands to a call: as an argument (set.add(x) through a library, _fill(list)), or as
// the receiver of a bound library function, directly, through members and indexes, or
// through a storage pointer. A callee taking a storage parameter may write them, which sema's
// writes do not follow (a storage parameter is not resolved to what the caller passed); once
// sema records writes through storage parameters at the call site, this can go.
func handedToCalls(p *sema.Program) map[*sema.Var]bool {
	return sema.Memo(p, handedToCallsKey{}, func() map[*sema.Var]bool {
		out := map[*sema.Var]bool{}
		for _, fn := range p.Functions() {
			info := p.Info(fn)
			if info == nil {
				continue
			}
			for _, c := range info.Calls {
				switch c.Kind {
				case sema.CallEvent, sema.CallError, sema.CallStruct, sema.CallConversion:
					continue
				}
				// The receiver of any member call: a bound library function (resolved or not,
				// which sema may classify as a builtin), or push and pop through a storage
				// pointer, which sema's writes do not follow either.
				args := c.Args
				if c.Kind == sema.CallBuiltin {
					args = nil // require(x), keccak256(x), abi.encode(x) only read their arguments
				}
				if m, ok := stripOptions(c.Expr.Fun).(*ast.MemberExpr); ok {
					args = append([]ast.Expr{m.X}, args...)
				}
				for _, a := range args {
					if sv := p.StateVarOf(info, ast.Unparen(a)); sv != nil {
						out[sv] = true
					}
				}
			}
		}
		return out
	})
}
