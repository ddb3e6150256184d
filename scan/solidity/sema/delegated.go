package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// Delegated code: functions the program itself runs through delegatecall (a pool handing its
// bridge transfers to an adapter's relayTokens with delegatecall). Their code acts in the
// delegating contract's storage and balance, under that contract's checks; deployed on their
// own they hold nothing. A payout such a function makes is the delegating contract's, and it
// is there that who may trigger it is decided.

type delegatedKey struct{}

// delegatedNames returns the functions the program's delegatecalls name: by signature
// ("relayTokens(address,address,uint256,address)") when the calldata spells it
// (abi.encodeWithSignature), else as I#f for abi.encodeWithSelector(I.f.selector, ...) and
// abi.encodeCall(I.f, ...).
func (p *Program) delegatedNames() map[string]bool {
	return Memo(p, delegatedKey{}, func() map[string]bool {
		out := map[string]bool{}
		for _, f := range p.Files {
			ast.Inspect(f.AST, func(n ast.Node) bool {
				c, ok := n.(*ast.CallExpr)
				if !ok || len(c.Args) == 0 {
					return true
				}
				m, ok := stripCallDecorations(c.Fun).(*ast.MemberExpr)
				if !ok || m.Name.Name != "delegatecall" {
					return true
				}
				enc, ok := ast.Unparen(c.Args[0]).(*ast.CallExpr)
				if !ok || len(enc.Args) == 0 {
					return true
				}
				em, ok := enc.Fun.(*ast.MemberExpr)
				if !ok {
					return true
				}
				switch em.Name.Name {
				case "encodeWithSignature":
					if lit, ok := ast.Unparen(enc.Args[0]).(*ast.BasicLit); ok {
						out[strings.ReplaceAll(strings.Trim(lit.Value, `"'`), " ", "")] = true
					}
				case "encodeWithSelector", "encodeCall":
					sel := ast.Unparen(enc.Args[0])
					if s, ok := sel.(*ast.MemberExpr); ok && s.Name.Name == "selector" {
						sel = s.X
					}
					if s, ok := sel.(*ast.MemberExpr); ok {
						if id, ok := ast.Unparen(s.X).(*ast.Ident); ok {
							out[id.Name+"#"+s.Name.Name] = true // I.f: a function of I's implementations
						}
					}
				}
				return true
			})
		}
		return out
	})
}

// Delegated reports whether the program runs fn through a delegatecall of its own: by fn's
// signature, or (the calldata naming I.f) as the f of a contract that implements I.
func (p *Program) Delegated(fn *Function) bool {
	if fn == nil || fn.Name == "" || fn.Contract == nil {
		return false
	}
	names := p.delegatedNames()
	if len(names) == 0 {
		return false
	}
	if names[fn.canonicalSignature()] {
		return true
	}
	for _, b := range fn.Contract.Linearization {
		if names[b.Name+"#"+fn.Name] {
			return true
		}
	}
	return false
}

// canonicalSignature renders fn's signature with its parameters' canonical types, as
// abi.encodeWithSignature spells it: f(address,uint256).
func (fn *Function) canonicalSignature() string {
	var types []string
	for _, prm := range fn.Params {
		t := "?"
		if prm.Type != nil {
			t = prm.Type.String()
			if ct := AsContract(prm.Type); ct != nil {
				t = "address" // a contract or interface type is an address in the ABI
			}
		}
		types = append(types, strings.TrimSuffix(t, " payable"))
	}
	return fn.Name + "(" + strings.Join(types, ",") + ")"
}
