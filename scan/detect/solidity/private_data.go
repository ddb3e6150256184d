package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// PrivateDataOnChain reports a private state variable that stores a caller's raw input which the
// contract later uses to decide an ether payout. `private` only hides the variable from other
// contracts: anyone can read the slot (and the transaction's calldata), so the next player sees
// the first player's "secret" choice and wins.
var PrivateDataOnChain = &detect.Analyzer{
	Template: detect.Template{
		ID:         "PRIVATE_DATA_ON_CHAIN",
		Name:       "Secret kept in private storage",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceLow,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> stores a caller's input in ` +
			`private state variable <code>${variable_name}</code>, and <code>${payout}</code> uses it to decide a payment. ` +
			`Private variables are readable by anyone from the chain (and the input from the transaction), so the value is ` +
			`not secret: other participants can read it before acting.</p>`,
		Remediation: `<p>Use a commit-reveal scheme: store <code>keccak256(abi.encodePacked(value, salt, msg.sender))</code>, ` +
			`and accept the value in a later reveal phase that checks it against the commitment.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "variable_name", "payout"},
		DetectionLogic: "A private state variable that a public function without access control and without any hashing " +
			"(no commit-reveal) assigns from an integer or bool parameter (entries keyed by msg.sender excepted), and on which " +
			"the receiver or amount of an ether payment depends.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-136"},
		CWE:       []string{"CWE-767"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "private-data",
	},
	Run: runPrivateDataOnChain,
}

func runPrivateDataOnChain(pass *detect.Pass) {
	c := pass.Contract
	p := pass.Program
	if c == nil || c.IsInterface() || c.IsLibrary() || hygIsTest(c) {
		return
	}
	private := map[*sema.Var]bool{}
	for _, v := range c.StateVars {
		if v.Decl.Visibility == token.PRIVATE && !v.IsConstant() {
			private[v] = true
		}
	}
	if len(private) == 0 {
		return
	}
	// Functions whose ether payments (receiver or amount) depend on a private variable, in
	// themselves or in the internal functions they call.
	payers := map[*sema.Var]*sema.Function{}
	for _, g := range hygBodies(c.Functions) {
		for _, h := range append([]*sema.Function{g}, p.Callees(g)...) {
			hi := p.Info(h)
			if hi == nil || h.Body == nil {
				continue
			}
			for v := range private {
				if payers[v] == nil && hygPaymentDependsOn(hi, h, v) {
					payers[v] = g
				}
			}
		}
	}
	for _, fn := range hygBodies(c.Functions) {
		if !fn.IsEntryPoint() {
			continue
		}
		info := p.Info(fn)
		if info == nil || hygHashes(fn.Body) {
			continue // a reveal checks the input against a commitment: the scheme is in place
		}
		reported := map[*sema.Var]bool{}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			a, ok := n.(*ast.AssignExpr)
			if !ok || a.Op != token.ASSIGN {
				return true
			}
			v := p.StateVarOf(info, a.Lhs)
			if hygKeyedBySender(info, a.Lhs) {
				return true // per-account bookkeeping, not a hidden move
			}
			payer := payers[v]
			if v == nil || payer == nil || reported[v] || !hygRawParam(info, a.Rhs) || hygGuardedAt(p, fn, a.Pos()) {
				return true
			}
			reported[v] = true
			// From the header to the store: the function is where the secret comes in.
			f := detect.Finding{Function: fn.Name, Details: map[string]string{"function_name": fnName(fn), "variable_name": v.Name, "payout": fnName(payer)}}
			f.Pos, f.End = fnRange(fn, a)
			pass.Report(f)
			return true
		})
	}
}

// hygHashes reports whether x hashes something (a commitment is not a secret in the clear).
func hygHashes(x ast.Node) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "keccak256" || id.Name == "sha256" || id.Name == "sha3" || id.Name == "ripemd160") {
				found = true
			}
		}
		return !found
	})
	return found
}

// hygRawParam reports whether x carries an integer or bool parameter as is: the parameter itself,
// or a struct construction or tuple with one among its fields.
func hygRawParam(info *sema.FuncInfo, x ast.Expr) bool {
	isParam := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := info.Uses[id].(*sema.Var)
		if !ok || v.Kind != sema.ParamVar {
			return false
		}
		// Small-domain values (numbers, choices) are guessable secrets; bytes32 values are
		// usually commitments already.
		if _, isInt := sema.IsInteger(v.Type); isInt {
			return true
		}
		el, ok := v.Type.(*sema.Elementary)
		return ok && el.Name == "bool"
	}
	if isParam(x) {
		return true
	}
	if c, ok := ast.Unparen(x).(*ast.CallExpr); ok {
		if call := info.CallOf[c]; call != nil && call.Kind == sema.CallStruct {
			for _, a := range c.Args {
				if isParam(a) {
					return true
				}
			}
		}
	}
	return false
}

// hygPaymentDependsOn reports whether a value-sending call of fn has a receiver or an amount
// that mentions v, directly or through a local assigned from an expression mentioning v.
func hygPaymentDependsOn(info *sema.FuncInfo, fn *sema.Function, v *sema.Var) bool {
	derived := map[*ast.VarDecl]bool{}
	mentions := func(x ast.Node) bool {
		found := false
		ast.Inspect(x, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if w, ok := info.Uses[id].(*sema.Var); ok && (w == v || (w.Decl != nil && derived[w.Decl])) {
					found = true
				}
			}
			return !found
		})
		return found
	}
	for round := 0; round < 3; round++ {
		for n := range fn.BodyTree().Preorder(derivationKinds) {
			switch s := n.(type) {
			case *ast.VarDeclStmt:
				if s.Value != nil && mentions(s.Value) {
					for _, d := range s.Vars {
						if d != nil {
							derived[d] = true
						}
					}
				}
			case *ast.AssignExpr:
				if id, ok := ast.Unparen(s.Lhs).(*ast.Ident); ok && mentions(s.Rhs) {
					if w, ok := info.Uses[id].(*sema.Var); ok && w.Kind != sema.StateVar && w.Decl != nil {
						derived[w.Decl] = true
					}
				}
			}
		}
	}
	for _, call := range info.Calls {
		if !call.SendsValue() {
			continue
		}
		if (call.Target != nil && mentions(call.Target)) || mentions(call.Value) {
			return true
		}
	}
	return false
}

// derivationKinds are the nodes through which hygPaymentDependsOn follows a value.
var derivationKinds = inspect.Of((*ast.VarDeclStmt)(nil), (*ast.AssignExpr)(nil))

// hygKeyedBySender reports whether an lvalue is an entry of a mapping keyed by msg.sender.
func hygKeyedBySender(info *sema.FuncInfo, x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && ix.Index != nil && isGlobal(info, ast.Unparen(ix.Index), "msg", "sender") {
			found = true
		}
		return !found
	})
	return found
}
