package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// Chain-bound state. A signed digest names its chain when it hashes the chain id (SrcChain:
// block.chainid, chainid() in assembly, through locals and helpers), or a stored value computed
// from it: an EIP-712 domain separator cached at construction or initialisation, a cached chain
// id. ChainBound tells which state variables hold such a value.

type chainVarsKey struct{}

// ChainBound reports whether state variable v may hold a value computed from the chain id:
// its initialiser, or a value some function writes there, comes from it.
func (p *Program) ChainBound(v *Var) bool {
	if v == nil || v.Kind != StateVar {
		return false
	}
	return Memo(p, chainVarsKey{}, p.chainVars)[v]
}

// chainVars finds the chain-bound variables once for the program: initialisers first, then the
// writes of functions that reach code naming the chain id (or read a variable already found),
// to a fixpoint (a separator computed from a cached chain id).
func (p *Program) chainVars() map[*Var]bool {
	bound := map[*Var]bool{}
	fns := p.Functions()
	chainFns := map[*Function]bool{}
	for _, fn := range fns {
		if fn.Body == nil {
			continue
		}
		if mentionsChainID(fn.Body) {
			chainFns[fn] = true
		} else if info := p.Info(fn); info != nil && p.encodesDomainWithChainID(info, fn.Body) {
			chainFns[fn] = true
		}
	}
	for _, c := range p.Contracts {
		for _, v := range c.StateVars {
			if v.Decl == nil || v.Decl.Value == nil || !chainCandidate(v) {
				continue
			}
			if mentionsChainID(v.Decl.Value) || p.initCallsChain(c, v.Decl.Value, chainFns) {
				bound[v] = true
			}
		}
	}
	if len(chainFns) == 0 && len(bound) == 0 {
		return bound
	}
	for round := 0; round < 4; round++ {
		changed := false
		for _, fn := range fns {
			info := p.Info(fn)
			if info == nil || fn.Body == nil || !p.nearChain(fn, info, chainFns, bound) {
				continue
			}
			var d *Deps
			for _, a := range stateAssigns(info) {
				if bound[a.v] || !chainCandidate(a.v) {
					continue
				}
				if d == nil {
					d = p.DepsOf(info)
				}
				if pv := d.Of(a.rhs); pv.Has(SrcChain) || anyIn(pv.Vars, bound) || p.encodesDomainWithChainID(info, a.rhs) {
					bound[a.v], changed = true, true
				}
			}
		}
		if !changed {
			break
		}
	}
	return bound
}

type stateAssign struct {
	v   *Var
	rhs ast.Expr
}

// stateAssigns lists the assignments of a function to state variables, immutables set by a
// constructor included (the write facts leave them out: nothing can write them later).
func stateAssigns(info *FuncInfo) []stateAssign {
	var out []stateAssign
	for v, ats := range info.StateWrites {
		for _, at := range ats {
			if a, ok := at.(*ast.AssignExpr); ok {
				out = append(out, stateAssign{v, a.Rhs})
			}
		}
	}
	if !info.Fn.IsConstructor() {
		return out
	}
	for n := range info.Fn.BodyTree().Preorder(depsKinds) {
		if a, ok := n.(*ast.AssignExpr); ok {
			if id, ok := ast.Unparen(a.Lhs).(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*Var); ok && v.Kind == StateVar && v.Decl != nil && v.Decl.Immutable {
					out = append(out, stateAssign{v, a.Rhs})
				}
			}
		}
	}
	return out
}

// nearChain reports whether fn reaches code naming the chain id or reads a chain-bound variable:
// only then can what it writes be chain-bound.
func (p *Program) nearChain(fn *Function, info *FuncInfo, chainFns map[*Function]bool, bound map[*Var]bool) bool {
	for _, g := range p.reached(fn) {
		if chainFns[g] {
			return true
		}
	}
	for v := range info.StateReads {
		if bound[v] {
			return true
		}
	}
	return false
}

// initCallsChain reports whether a state variable's initialiser calls a function of its
// contract that reaches code naming the chain id.
func (p *Program) initCallsChain(c *Contract, x ast.Expr, chainFns map[*Function]bool) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return !found
		}
		if id, ok := call.Fun.(*ast.Ident); ok {
			for _, fn := range c.LookupFunction(id.Name) {
				for _, g := range p.reached(fn) {
					if chainFns[g] {
						found = true
					}
				}
			}
		}
		return !found
	})
	return found
}

// chainCandidate reports whether v's type can hold a chain id or a hash of one.
func chainCandidate(v *Var) bool {
	switch t := v.Type.(type) {
	case *Elementary:
		return t.Name == "bytes32" || t.IsInteger()
	case *StructType:
		return true // a configuration struct holding a digest of the chain's settings
	}
	return false
}

// mentionsChainID reports whether code names the chain id.
func mentionsChainID(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		switch e := x.(type) {
		case *ast.MemberExpr:
			if id, ok := e.X.(*ast.Ident); ok && id.Name == "block" && e.Name.Name == "chainid" {
				found = true
			}
		case *ast.YulCall:
			if e.Name.Name == "chainid" {
				found = true
			}
		case *ast.YulIdent:
			if e.Name == "chainid" { // the instruction without parentheses (before 0.5)
				found = true
			}
		}
		return !found
	})
	return found
}

// encodesDomainWithChainID reports whether x encodes an EIP-712 domain whose type declares a
// chain id (abi.encode(EIP712_DOMAIN_TYPEHASH, ..., chainId, ...)): a separator built for one
// chain, whether the id comes from block.chainid or from the deployer (older tokens took it as a
// constructor argument).
func (p *Program) encodesDomainWithChainID(info *FuncInfo, x ast.Node) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && len(c.Args) > 1 {
			if call := info.CallOf[c]; call != nil && call.Kind == CallBuiltin && call.Name == "abi.encode" && domainTypeWithChainID(info, c.Args[0], 0) {
				found = true
			}
		}
		return !found
	})
	return found
}

// domainTypeWithChainID reports whether x is (or is a constant holding) the hash of an
// EIP712Domain type string with a uint256 chainId member.
func domainTypeWithChainID(info *FuncInfo, x ast.Expr, depth int) bool {
	if depth > 3 {
		return false
	}
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*Var); ok && v.Decl != nil && v.Decl.Value != nil && (v.Decl.Constant || v.Decl.Immutable) {
			x = v.Decl.Value
		}
	}
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if l, ok := n.(*ast.BasicLit); ok && strings.Contains(l.Value, "EIP712Domain(") && strings.Contains(l.Value, "uint256 chainId") {
			found = true
		}
		return !found
	})
	return found
}

func anyIn(vars []*Var, set map[*Var]bool) bool {
	for _, v := range vars {
		if set[v] {
			return true
		}
	}
	return false
}
