package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// Recovered signers. An address recovered from a signature (ecrecover, a library's recover or
// tryRecover, a helper returning either) and compared with a trusted address authorises the
// call as a check of msg.sender would: require(ECDSA.recover(digest, sig) == owner) guards what
// follows. (Whether the signature can be replayed is the signature detectors' question.)
//
// Like the other guard facts, these are read from the code and the resolved callees directly,
// never from summaries: summaries read guards.

// IsRecovered reports whether x is an address recovered from a signature: the result of
// ecrecover, of a helper or library function that returns one, a local holding one; for a
// helper the scan does not hold, its name (ECDSA.recover, tryRecover) decides.
func (p *Program) IsRecovered(info *FuncInfo, x ast.Expr) bool { return p.isRecovered(info, x, 0) }

// isRecovered reports whether x is an address recovered from a signature.
func (p *Program) isRecovered(info *FuncInfo, x ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.CallExpr:
		c := info.CallOf[e]
		if c == nil {
			return false
		}
		switch c.Kind {
		case CallBuiltin:
			// digest.recover(sig) through a using-for of a library the scan does not hold
			return c.Name == "ecrecover" || Unshipped(c) && recoverName(c.Name)
		case CallConversion:
			return len(e.Args) == 1 && p.isRecovered(info, e.Args[0], depth+1)
		case CallInternal, CallLibrary:
			if len(c.Callees) == 0 {
				return recoverName(c.Name) // not shipped (OpenZeppelin's ECDSA in an absent lib/)
			}
			for _, g := range c.Callees {
				if !p.returnsRecovered(g, depth+1) {
					return false
				}
			}
			return true
		case CallExternal:
			return c.Callee == nil && recoverName(c.Name)
		}
	case *ast.Ident:
		if v, ok := info.Uses[e].(*Var); ok && (v.Kind == LocalVar || v.Kind == ReturnVar) {
			return p.recoveredLocals(info, depth)[v]
		}
	}
	return false
}

// recoverName reports whether an unresolved function is named as a signer recovery.
func recoverName(name string) bool {
	switch name {
	case "recover", "tryRecover", "recoverCalldata", "tryRecoverCalldata", "recoverSigner", "_recoverSigner", "recoverAddress", "_recover":
		return true
	}
	return false
}

type returnsRecoveredKey struct{ depth int }

// returnsRecovered reports whether fn returns a recovered signer (its first result).
func (p *Program) returnsRecovered(fn *Function, depth int) bool {
	info := p.Info(fn)
	if info == nil || fn.Body == nil || len(fn.Returns) == 0 || !IsAddress(fn.Returns[0].Type) {
		return false
	}
	return Memo(info, returnsRecoveredKey{depth}, func() bool {
		if p.recoveredLocals(info, depth)[fn.Returns[0]] {
			return true
		}
		found := false
		for n := range fn.BodyTree().Preorder(returnKinds) {
			r := n.(*ast.ReturnStmt)
			x := r.Result
			if t, ok := ast.Unparen(x).(*ast.TupleExpr); ok && len(t.Elems) > 0 {
				x = t.Elems[0]
			}
			if x != nil && p.isRecovered(info, x, depth+1) {
				found = true
			}
		}
		return found
	})
}

type recoveredLocalsKey struct{ depth int }

// recoveredLocals lists the locals of a function assigned a recovered signer, by declaration
// (address signer = ecrecover(...); (address s, ) = ECDSA.tryRecover(...)) or assignment.
func (p *Program) recoveredLocals(info *FuncInfo, depth int) map[*Var]bool {
	return Memo(info, recoveredLocalsKey{depth}, func() map[*Var]bool {
		out := map[*Var]bool{}
		byDecl := varsByDecl(info.Fn)
		for n := range info.Fn.BodyTree().Preorder(depsKinds) {
			switch s := n.(type) {
			case *ast.VarDeclStmt:
				if s.Value == nil || len(s.Vars) == 0 || s.Vars[0] == nil {
					continue
				}
				val := s.Value
				if t, ok := ast.Unparen(val).(*ast.TupleExpr); ok && len(t.Elems) > 0 {
					val = t.Elems[0]
				}
				if p.isRecovered(info, val, depth+1) {
					if v := byDecl[s.Vars[0]]; v != nil {
						out[v] = true
					}
				}
			case *ast.AssignExpr:
				lhs := s.Lhs
				if t, ok := lhs.(*ast.TupleExpr); ok && len(t.Elems) > 0 {
					lhs = t.Elems[0]
				}
				if id, ok := ast.Unparen(lhs).(*ast.Ident); ok && p.isRecovered(info, s.Rhs, depth+1) {
					if v, ok := info.Uses[id].(*Var); ok {
						out[v] = true
					}
				}
			}
		}
		return out
	})
}

type signerCheckedKey struct{ v *Var }

// SignerChecked reports whether fn ends only after checking that address parameter v signed
// something: every path to its end passes a condition requiring a recovered signer equal to v
// (permit: require(recovered == owner)). What fn then does to v's records, v authorised.
func (p *Program) SignerChecked(fn *Function, v *Var) bool {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || v == nil || !IsAddress(v.Type) {
		return false
	}
	return Memo(info, signerCheckedKey{v}, func() bool {
		passed := info.CFG.PassedOnEveryPath(func(d *Node) bool {
			g, ok := p.GateOf(d)
			return ok && p.signerIs(g.Info, g.Cond, g.Holds, v)
		})
		return endsDominated(info.CFG, passed)
	})
}

// signerIs reports whether cond evaluating to want means a recovered signer equals v.
func (p *Program) signerIs(info *FuncInfo, cond ast.Expr, want bool, v *Var) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op.String() == "!" {
			return p.signerIs(info, e.X, !want, v)
		}
	case *ast.BinaryExpr:
		switch e.Op.String() {
		case "&&":
			return want && (p.signerIs(info, e.X, true, v) || p.signerIs(info, e.Y, true, v))
		case "||":
			return !want && (p.signerIs(info, e.X, false, v) || p.signerIs(info, e.Y, false, v))
		case "==", "!=":
			if want != (e.Op.String() == "==") {
				return false
			}
			is := func(x ast.Expr) bool {
				id, ok := ast.Unparen(x).(*ast.Ident)
				return ok && info.Uses[id] == v
			}
			return is(e.X) && p.isRecovered(info, e.Y, 0) || is(e.Y) && p.isRecovered(info, e.X, 0)
		}
	}
	return false
}
