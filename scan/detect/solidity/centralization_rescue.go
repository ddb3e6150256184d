package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// A rescue that can take the users' token. Contracts that hold a token for their users (a
// staking token, a rewards token, a vault's asset) often let an owner send out tokens sent to
// them by mistake: rescue(token, amount). Unless the function tells the contract's own tokens
// apart, the owner can take those too. The facts: the token sent is one the caller names (a
// parameter of the entry point); the contract keeps a token in a state variable (its own code
// moves it, or it is declared with the very type the rescue sends through); and no condition
// of the rescue (or of a helper handed the token) compares the named token with the contract's
// state (require(token != stakingToken), or a lookup keyed by it in a registry mapping, which
// tells every listed token apart).

// heldRescue is a token the contract keeps that a rescue may send out.
type heldRescue struct {
	v       *sema.Var
	movedIn string // a function of the contract moving v's tokens, "" when only its type ties it
}

// rescuedHeldTokens returns the tokens fn's contract keeps that fn, an access-controlled entry
// point, may send out because it sends a token its caller names and never compares that token
// with the contract's state.
func rescuedHeldTokens(p *sema.Program, fn *sema.Function) ([]heldRescue, *detect.Evidence) {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || fn.Contract == nil {
		return nil, nil
	}
	d := p.DepsOf(info)
	var params uint64
	types := map[string]bool{}
	note := func(in *sema.Function, tok ast.Expr, tp sema.Prov) {
		if tp.Params == 0 || tp.Has(sema.SrcStorage|sema.SrcImmutable|sema.SrcConst|sema.SrcThis) {
			return
		}
		params |= tp.Params
		if ii := p.Info(in); ii != nil {
			if t := convertedType(p, ii, tok); t != "" {
				types[t] = true
			}
		}
	}
	// Transfers on a token contract, in fn or in the helpers it reaches, with the token's
	// provenance in fn's parameters; transfers through a library, in fn itself.
	for _, a := range p.Actions(fn) {
		if a.Kind == sema.ActCall && a.Call != nil && a.Call.Kind == sema.CallExternal && a.Guarded {
			if to, _ := tokenTransfer(a.Call); to != nil {
				note(a.In, a.Call.Target, a.Target)
			}
		}
	}
	for _, n := range info.CFG.Nodes {
		if n.Fn != fn {
			continue // modifier code: its own dependencies
		}
		for _, c := range nodeCalls(p, n) {
			if to, _ := tokenTransfer(c); to != nil && c.Kind == sema.CallLibrary && callerRestrictedAt(p, fn, n) {
				if tok := tokenOf(c); tok != nil {
					note(fn, tok, d.Of(tok))
				}
			}
		}
	}
	if params == 0 {
		return nil, nil
	}
	compared, all := tokenComparedWithState(p, info, d, params)
	if all {
		return nil, nil
	}
	var out []heldRescue
	ev := &detect.Evidence{}
	ev.Add("the token " + fnName(fn) + " sends is one its caller names")
	for _, h := range heldTokens(p, fn.Contract) {
		if compared[h.v] {
			continue
		}
		switch {
		case h.movedIn != "":
			ev.Add("the contract moves " + h.v.Name + "'s tokens in " + h.movedIn)
		case types[declaredType(p, h.v)]:
			t := declaredType(p, h.v)
			if h.v.Type == nil {
				ev.Assume(h.v.Name + " has the type the rescue sends through (" + t + ", whose code is not in the project)")
			} else {
				ev.Add(h.v.Name + " has the type the rescue sends through (" + t + ")")
			}
		default:
			continue
		}
		out = append(out, h)
	}
	if len(out) == 0 {
		return nil, nil
	}
	ev.Add("no condition of " + fnName(fn) + " compares the token with the contract's state")
	return out, ev
}

// tokenComparedWithState returns the state variables that a condition of the function (or of
// an internal function it hands the token to, two calls deep) compares with the token
// parameters params; all is set when the token is looked up in a mapping there (the contract's
// own list of tokens tells every listed one apart) or a condition reads state the provenance
// does not list.
func tokenComparedWithState(p *sema.Program, info *sema.FuncInfo, d *sema.Deps, params uint64) (map[*sema.Var]bool, bool) {
	out := map[*sema.Var]bool{}
	var visit func(fi *sema.FuncInfo, fd *sema.Deps, bits uint64, depth int) bool
	visit = func(fi *sema.FuncInfo, fd *sema.Deps, bits uint64, depth int) bool {
		for _, c := range conditionsOf(p, fi.Fn) {
			cp := fd.Of(c.expr)
			if cp.Params&bits == 0 || !cp.Has(sema.SrcStorage|sema.SrcImmutable) {
				continue
			}
			if len(cp.Vars) == 0 {
				return true
			}
			for _, v := range cp.Vars {
				out[v] = true
			}
		}
		if looksUpToken(fi, fd, bits) {
			return true
		}
		if depth == 2 {
			return false
		}
		for _, c := range fi.Calls {
			if c.Kind != sema.CallInternal && c.Kind != sema.CallLibrary {
				continue
			}
			for _, g := range c.Callees {
				gi := p.Info(g)
				if gi == nil || g.Body == nil {
					continue
				}
				var gbits uint64
				for i := range g.Params {
					if a := sema.ArgFor(c, g, i); a != nil && fd.Of(a).Params&bits != 0 && i < 63 {
						gbits |= 1 << uint(i)
					}
				}
				if gbits != 0 && visit(gi, p.DepsOf(gi), gbits, depth+1) {
					return true
				}
			}
		}
		return false
	}
	return out, visit(info, d, params, 0)
}

// looksUpToken reports whether the function indexes a mapping with a value of the parameters
// bits (tokens[token], $.infoOf[token]).
func looksUpToken(fi *sema.FuncInfo, fd *sema.Deps, bits uint64) bool {
	found := false
	fi.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if ix, ok := n.(*ast.IndexExpr); ok && ix.Index != nil && !found {
			if _, isMap := fi.Types[ast.Unparen(ix.X)].(*sema.MappingType); isMap && fd.Of(ix.Index).Params&bits != 0 {
				found = true
			}
		}
		return !found
	})
	return found
}

type heldTokensKey struct{}

// heldTokens lists the contract's state variables that hold a token: those its own code moves
// (transfer, transferFrom and their safe forms on the variable), and those declared with a
// contract type (the rescue's type decides whether they count). Found once per contract.
func heldTokens(p *sema.Program, c *sema.Contract) []heldRescue {
	return sema.Memo(c, heldTokensKey{}, func() []heldRescue {
		moved := map[*sema.Var]string{}
		other := map[*sema.Var]bool{} // called for something else than moving it or reading this's balance
		for _, g := range c.AllFunctions() {
			gi := p.Info(g)
			if gi == nil || g.Body == nil {
				continue
			}
			var gd *sema.Deps
			for _, call := range gi.Calls {
				tok := tokenOf(call)
				if tok == nil {
					continue
				}
				if gd == nil {
					gd = p.DepsOf(gi)
				}
				move := isTokenMove(call)
				own := strings.EqualFold(call.Name, "balanceOf") && len(call.Args) == 1 && gd.Of(call.Args[0]).Has(sema.SrcThis)
				for _, v := range gd.Of(tok).Vars {
					switch {
					case move:
						if _, ok := moved[v]; !ok {
							moved[v] = fnName(g)
						}
					case !own:
						other[v] = true
					}
				}
			}
		}
		var out []heldRescue
		for _, v := range c.AllStateVars() {
			if v.Decl != nil && v.Decl.Constant || !holdsAddress(v) {
				continue // an immutable token is still one the contract keeps
			}
			if in, ok := moved[v]; ok {
				out = append(out, heldRescue{v: v, movedIn: in})
			} else if !other[v] && !isAddressVar(v) {
				// Declared, and not used as another account's token (a credential whose
				// holders the contract checks): its type alone ties it to a rescue.
				out = append(out, heldRescue{v: v})
			}
		}
		return out
	})
}

// holdsAddress reports whether a state variable holds one address (one token, one contract): a
// contract type, an address, or a type the model could not resolve (an imported interface whose
// source is missing).
func holdsAddress(v *sema.Var) bool {
	switch t := v.Type.(type) {
	case *sema.ContractType:
		return true
	case *sema.Elementary:
		return t.IsAddress()
	case nil:
		return v.Decl != nil && v.Decl.Type != nil
	}
	return false
}

// isAddressVar reports whether a state variable is a plain address.
func isAddressVar(v *sema.Var) bool {
	t, ok := v.Type.(*sema.Elementary)
	return ok && t.IsAddress()
}

// isTokenMove reports whether a call moves ERC-20 tokens: transfer, transferFrom and their
// safe forms, on a token or through a library, with the ERC-20 arguments.
func isTokenMove(c *sema.Call) bool {
	if to, _ := tokenTransfer(c); to != nil {
		return true
	}
	return transferFromSource(c) != nil
}

// convertedType names the contract type a token expression is used as: the type it is
// converted to (IERC20(token)), or its own contract type; "" otherwise.
func convertedType(p *sema.Program, info *sema.FuncInfo, x ast.Expr) string {
	x = ast.Unparen(x)
	if c, ok := x.(*ast.CallExpr); ok && len(c.Args) == 1 {
		if call := info.CallOf[c]; call == nil || call.Kind == sema.CallConversion || call.Kind == sema.CallUnknown {
			switch c.Fun.(type) {
			case *ast.Ident, *ast.MemberExpr:
				if name := sourceText(p, c.Fun); name != "address" && name != "payable" {
					return name
				}
			}
		}
	}
	if t, ok := info.Types[x].(*sema.ContractType); ok {
		return t.Contract.Name
	}
	return ""
}

// declaredType names a state variable's declared type as written.
func declaredType(p *sema.Program, v *sema.Var) string {
	if t, ok := v.Type.(*sema.ContractType); ok {
		return t.Contract.Name
	}
	if v.Decl != nil && v.Decl.Type != nil {
		return sourceText(p, v.Decl.Type)
	}
	return ""
}
