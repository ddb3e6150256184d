package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// SecretInStorage reports a secret kept in contract storage: a password or key the contract
// checks callers against. `private` only hides a variable from other contracts; anyone can read
// its slot (eth_getStorageAt) and the transaction that set it, then pass the check.
var SecretInStorage = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SECRET_IN_STORAGE",
		Name:       "Secret stored in contract storage",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>State variable <code>${variable_name}</code> of <code>${contract_name}</code> holds a value meant to ` +
			`stay secret: ${use}. Every storage slot is public (eth_getStorageAt reads private variables), and so is ` +
			`the transaction that stored the value: anyone can learn it.</p>`,
		Remediation: `<p>Keep secrets off chain. To check that a caller knows something, store only a hash of it with a ` +
			`salt (commit-reveal) or, better, check a signature or the caller's address.</p>`,
		DescriptionKeys: []string{"contract_name", "variable_name", "use"},
		DetectionLogic: "A private or internal state variable of a number, fixed bytes, bytes or string type, whose every " +
			"write stores a parameter or a literal as given (not a value the contract computes, such as a counter), that no " +
			"function of the contract returns, and which a " +
			"condition compares (== or !=) with a value the caller passes, not hashed against a stored hash (a " +
			"commitment). Without such a comparison, a variable whose name says it is a secret (password, passphrase, " +
			"secret, pin) is reported at low confidence.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-136"},
		CWE:       []string{"CWE-312", "CWE-922"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "private-data",
	},
	Run: runSecretInStorage,
}

func runSecretInStorage(pass *detect.Pass) {
	c := pass.Contract
	p := pass.Program
	if c == nil || c.IsInterface() || c.IsLibrary() || isTestContract(c) {
		return
	}
	for _, v := range c.StateVars {
		if pass.Stopped(nil) {
			return
		}
		if !secretShaped(v) || !setFromInput(p, c, v) || exposed(p, c, v) {
			continue
		}
		ev := &detect.Evidence{}
		use := ""
		if g, cmp := comparedWithCallerInput(p, c, v); cmp != nil {
			use = "function " + fnName(g) + " compares it with a value the caller passes (" + sourceText(p, cmp) + ")"
			ev.Add("set from a parameter or a literal, never computed by the contract")
			ev.Add(use + ": knowing it is what the check asks")
		} else if hasWord(v.Name, secretWords...) && !hasWord(v.Name, notSecretWords...) {
			use = "its name says it is one, and it is set from a parameter or a literal"
			ev.Guess("the name " + v.Name + " says the value is a secret; no check against it was found")
		} else {
			continue
		}
		pass.Report(detect.Finding{Pos: v.Decl.Pos(), End: v.Decl.End(), Evidence: ev,
			Details: map[string]string{"variable_name": v.Name, "use": use}})
	}
}

// secretWords name a secret; notSecretWords a value derived from one (a hash or commitment is
// meant to be public).
var (
	secretWords    = []string{"password", "passwd", "passcode", "passphrase", "secret", "pin", "pincode"}
	notSecretWords = []string{"hash", "hashed", "commit", "commitment", "digest", "root"}
)

// secretShaped reports whether a state variable is hidden from other contracts (private or
// internal) and of a type a secret is kept in: a number, fixed bytes, bytes or a string.
func secretShaped(v *sema.Var) bool {
	if v.Decl == nil || v.Decl.Visibility == token.PUBLIC {
		return false
	}
	t, ok := v.Type.(*sema.Elementary)
	if !ok {
		return false
	}
	switch {
	case t.IsInteger(), t.Name == "string", t.Name == "bytes":
		return true
	}
	return len(t.Name) > 5 && t.Name[:5] == "bytes"
}

// setFromInput reports whether every write of v stores a parameter or a literal as given (a
// value handed to the contract, not one it computes: no arithmetic, no counter), and some code
// does store one (or the declaration initialises it).
func setFromInput(p *sema.Program, c *sema.Contract, v *sema.Var) bool {
	set := v.Decl.Value != nil
	if set && !isConstExpr(nil, v.Decl.Value) {
		return false
	}
	for _, g := range c.AllFunctions() {
		for _, w := range p.StateWrites(g) {
			if w.Var != v {
				continue
			}
			a, ok := w.At.(*ast.AssignExpr)
			if !ok || a.Op != token.ASSIGN || !givenValue(a.Rhs) ||
				!w.Value.Has(sema.SrcParam|sema.SrcConst) || w.Value.Has(sema.SrcStorage|sema.SrcBlock|sema.SrcCallRet|sema.SrcBalance|sema.SrcSender) {
				return false
			}
			set = true
		}
	}
	return set
}

// givenValue reports whether x passes a value on as it is: a name, a field or element of one,
// a literal, or a conversion of one of these (no arithmetic, no call).
func givenValue(x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.MemberExpr:
		return givenValue(e.X)
	case *ast.IndexExpr:
		return givenValue(e.X)
	case *ast.CallExpr:
		switch e.Fun.(type) {
		case *ast.ElementaryType:
			return len(e.Args) == 1 && givenValue(e.Args[0])
		}
	}
	return false
}

// exposed reports whether a function of c returns v's value: the contract publishes it itself.
func exposed(p *sema.Program, c *sema.Contract, v *sema.Var) bool {
	for _, g := range c.AllFunctions() {
		if s := p.Summary(g); s != nil && provReads(s.Returns, v) {
			return true
		}
	}
	return false
}

// comparedWithCallerInput returns a function of c and the comparison in one of its conditions
// that sets v against a value its caller passes, unless the caller's value is hashed and v is
// not (v then holds a commitment).
func comparedWithCallerInput(p *sema.Program, c *sema.Contract, v *sema.Var) (*sema.Function, *ast.BinaryExpr) {
	for _, g := range c.AllFunctions() {
		info := p.Info(g)
		if info == nil || g.Body == nil {
			continue
		}
		var d *sema.Deps
		for _, cond := range conditionsOf(p, g) {
			for _, b := range comparisonsIn(cond.expr) {
				if b.Op != token.EQL && b.Op != token.NEQ {
					continue
				}
				if d == nil {
					d = p.DepsOf(info)
				}
				for _, side := range [2][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
					mine, theirs := d.Of(side[0]), d.Of(side[1])
					if !provReads(mine, v) || mine.Params != 0 || mine.Has(sema.SrcData) {
						continue
					}
					if theirs.Params == 0 && !theirs.Has(sema.SrcData) || provReads(theirs, v) {
						continue
					}
					if hashes(info, side[1]) && !hashes(info, side[0]) {
						continue // keccak256(input) == commitment: the stored value is a hash
					}
					return g, b
				}
			}
		}
	}
	return nil, nil
}

// provReads reports whether a value's provenance lists state variable v.
func provReads(pv sema.Prov, v *sema.Var) bool {
	for _, w := range pv.Vars {
		if w == v {
			return true
		}
	}
	return false
}

// hashes reports whether an expression is a hash (keccak256, sha256, ripemd160), under
// conversions.
func hashes(info *sema.FuncInfo, x ast.Expr) bool {
	for {
		call, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok {
			return false
		}
		if id, ok := call.Fun.(*ast.Ident); ok && (id.Name == "keccak256" || id.Name == "sha256" || id.Name == "sha3" || id.Name == "ripemd160") {
			return true
		}
		if c := info.CallOf[call]; c == nil || c.Kind != sema.CallConversion || len(call.Args) != 1 {
			return false
		}
		x = call.Args[0]
	}
}
