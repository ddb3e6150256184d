package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// EcrecoverZeroAddress reports raw ecrecover whose result is trusted without ruling out
// address(0): ecrecover returns 0 for an invalid signature, which then "matches" any signer
// variable that was never set (an unset owner, a missing mapping entry).
var EcrecoverZeroAddress = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ECRECOVER_ZERO_ADDRESS",
		Name:       "ecrecover result not checked against address(0)",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> uses the result of ` +
			`<code>ecrecover</code> without checking that it is not <code>address(0)</code>. For a malformed signature ` +
			`ecrecover returns zero instead of failing, and zero equals every address variable that is unset: garbage ` +
			`signatures then pass as signed by an uninitialized signer or owner.</p>`,
		Remediation:     `<p>Require <code>signer != address(0)</code>, or use OpenZeppelin's <code>ECDSA.recover</code>, which reverts on invalid signatures.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A call to the ecrecover builtin whose result (the local it is stored in, or, when returned, the values " +
			"callers store it in) is never compared with address(0) or 0 in that function or its callers, and is used in a way " +
			"a zero address can pass: compared with something other than msg.sender or a value the function checks is not zero, " +
			"or looked up in a mapping some write may store under the zero key.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-122"},
		CWE:       []string{"CWE-347"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "signature",
	},
	Run: runEcrecoverZero,
}

func runEcrecoverZero(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if isTestContract(fn.Contract) {
			continue
		}
		info := p.Info(fn)
		for _, c := range info.Calls {
			if c.Kind != sema.CallBuiltin || c.Name != "ecrecover" {
				continue
			}
			if recoveredChecked(p, fn, c.Expr, 0) || recoveredNonZero(p, fn, c.Expr) {
				continue
			}
			f := detect.Finding{Pos: c.Expr.Pos(), End: c.Expr.End(), Function: fn.Name, Details: map[string]string{"function_name": fnName(fn)}}
			if !comparedWithState(info, fn, c.Expr) {
				// Only compared with what the caller passes: a zero "signer" then authorises
				// actions for address(0) alone, which rarely holds anything.
				f.Severity = detect.Low
			}
			pass.Report(f)
		}
	}
}

// recoveredChecked reports whether the value of call x in fn is compared with zero, in fn or,
// when fn returns it, in every caller (to a bounded depth).
func recoveredChecked(p *sema.Program, fn *sema.Function, x *ast.CallExpr, depth int) bool {
	if depth > 3 {
		return true // too far to tell: stay silent
	}
	info := p.Info(fn)
	holders := holdersOf(info, fn, x)
	if zeroCompared(info, fn, x, holders) || safeUses(p, info, fn, x, holders) {
		return true
	}
	if !returned(info, fn, x, holders) {
		return false
	}
	callers := 0
	for _, g := range p.Functions() {
		gi := p.Info(g)
		if gi == nil || g.Body == nil {
			continue
		}
		for _, c := range gi.Calls {
			if c.Callee != fn {
				continue
			}
			callers++
			if !recoveredChecked(p, g, c.Expr, depth+1) {
				return false
			}
		}
	}
	return callers > 0
}

// holdersOf returns the locals (and named returns) the value of x is stored in.
func holdersOf(info *sema.FuncInfo, fn *sema.Function, x *ast.CallExpr) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			if unwrapCall(s.Value) == x && len(s.Vars) == 1 && s.Vars[0] != nil {
				for _, v := range fn.Locals {
					if v.Decl == s.Vars[0] {
						out[v] = true
					}
				}
			}
		case *ast.AssignExpr:
			if unwrapCall(s.Rhs) == x {
				if v := info.RootVar(s.Lhs); v != nil && v.Kind != sema.StateVar {
					out[v] = true
				}
			}
		}
		return true
	})
	return out
}

func refersTo(info *sema.FuncInfo, e ast.Expr, x *ast.CallExpr, holders map[*sema.Var]bool) bool {
	e = unwrapConversion(info, e)
	if unwrapCall(e) == x {
		return true
	}
	if id, ok := e.(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*sema.Var); ok {
			if holders[v] {
				return true
			}
			for h := range holders {
				if h.Decl == v.Decl {
					return true
				}
			}
		}
	}
	return false
}

// zeroCompared reports whether the value is compared with address(0) or 0.
// An address strictly greater than anything is not zero either (signer > lastSigner, the
// ordering that keeps a multisig's signers distinct).
func zeroCompared(info *sema.FuncInfo, fn *sema.Function, x *ast.CallExpr, holders map[*sema.Var]bool) bool {
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		b, ok := n.(*ast.BinaryExpr)
		if !ok {
			return !found
		}
		switch b.Op {
		case token.EQL, token.NEQ:
			if refersTo(info, b.X, x, holders) && isZeroAddress(info, b.Y) || refersTo(info, b.Y, x, holders) && isZeroAddress(info, b.X) {
				found = true
			}
		case token.GTR:
			found = found || refersTo(info, b.X, x, holders)
		case token.LSS:
			found = found || refersTo(info, b.Y, x, holders)
		}
		return !found
	})
	return found
}

// safeUses reports whether every comparison and lookup of the value is one a zero address
// cannot pass: compared with msg.sender (never zero), or with a value the function rules out as
// zero (require(signer != address(0)) on the expected signer), or looked up in a mapping that
// never stores an entry under the zero key (a garbage signature finds no role).
func safeUses(p *sema.Program, info *sema.FuncInfo, fn *sema.Function, x *ast.CallExpr, holders map[*sema.Var]bool) bool {
	any, other := false, false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
			l, r := refersTo(info, b.X, x, holders), refersTo(info, b.Y, x, holders)
			if l || r {
				partner := b.Y
				if r {
					partner = b.X
				}
				if isSender(info, partner) || nonZeroChecked(info, fn, partner) {
					any = true
				} else {
					other = true
				}
			}
		}
		if ix, ok := n.(*ast.IndexExpr); ok && ix.Index != nil && refersTo(info, ix.Index, x, holders) {
			if root, level := mappingLevel(info, ix); root != nil && p.ZeroKeyUnset(root, level) {
				any = true
			} else {
				other = true
			}
		}
		return true
	})
	return any && !other
}

// nonZeroChecked reports whether fn compares variable x with zero somewhere (the expected
// signer it is handed, checked before use).
func nonZeroChecked(info *sema.FuncInfo, fn *sema.Function, x ast.Expr) bool {
	id, ok := unwrapConversion(info, x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok || v.Kind == sema.StateVar {
		return false
	}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (b.Op == token.EQL || b.Op == token.NEQ) {
			for _, pair := range [2][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				if side, ok := unwrapConversion(info, pair[0]).(*ast.Ident); ok && info.Uses[side] == v && isZeroAddress(info, pair[1]) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// mappingLevel returns the state mapping an index expression looks up and how deep the index
// is (0 for m[k], 1 for m[a][k]).
func mappingLevel(info *sema.FuncInfo, ix *ast.IndexExpr) (*sema.Var, int) {
	level := 0
	for x := ast.Unparen(ix.X); ; {
		switch e := x.(type) {
		case *ast.IndexExpr:
			level++
			x = ast.Unparen(e.X)
			continue
		case *ast.Ident:
			if v, ok := info.Uses[e].(*sema.Var); ok && v.Kind == sema.StateVar {
				return v, level
			}
		}
		return nil, 0
	}
}

// returned reports whether fn returns the value.
func returned(info *sema.FuncInfo, fn *sema.Function, x *ast.CallExpr, holders map[*sema.Var]bool) bool {
	for _, r := range fn.Returns {
		if holders[r] {
			return true
		}
	}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if r, ok := n.(*ast.ReturnStmt); ok && r.Result != nil && refersTo(info, r.Result, x, holders) {
			found = true
		}
		return !found
	})
	return found
}

// comparedWithState reports whether the recovered value (in fn, or returned to a caller) is
// compared with or used to look up stored state: an owner, a signer variable, a mapping.
func comparedWithState(info *sema.FuncInfo, fn *sema.Function, x *ast.CallExpr) bool {
	holders := holdersOf(info, fn, x)
	if returned(info, fn, x, holders) {
		return true // decided by the callers; keep the default severity
	}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.BinaryExpr:
			if e.Op == token.EQL || e.Op == token.NEQ {
				if refersTo(info, e.X, x, holders) && flowOf(info, e.Y).Has(sema.SrcStorage|sema.SrcCallRet) ||
					refersTo(info, e.Y, x, holders) && flowOf(info, e.X).Has(sema.SrcStorage|sema.SrcCallRet) {
					found = true
				}
			}
		case *ast.IndexExpr:
			if e.Index != nil && refersTo(info, e.Index, x, holders) {
				found = true
			}
		case *ast.CallExpr:
			if c := info.CallOf[e]; c != nil && c.Kind != sema.CallBuiltin && c.Kind != sema.CallConversion {
				for _, a := range e.Args {
					if refersTo(info, a, x, holders) {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}
