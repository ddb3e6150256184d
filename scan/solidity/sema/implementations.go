package sema

import (
	"strings"
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Contracts of the program that implement what an external call names. A call through an
// interface (IOracle(oracle).read(i)) runs whatever the address holds; when the program ships
// the contract it deploys there, that contract's code is what runs. A contract implements an
// interface when it has a public function with the signature of every function the interface
// declares, whether or not it names the interface among its bases (many projects declare
// interfaces apart from their contracts); a call typed by a contract runs that contract's
// function or an override of a contract derived from it.

// CallTargets returns the functions with a body that external call c may run among the
// program's contracts, or nil when there is none, or more than max.
func (p *Program) CallTargets(c *Call, max int) []*Function {
	callee := c.Callee
	if callee == nil || callee.Contract == nil || c.Kind != CallExternal {
		return nil
	}
	sig := callee.Signature()
	var impls []*Contract
	if callee.Contract.IsInterface() {
		impls = p.implementers(callee.Contract)
	} else {
		impls = p.derived(callee.Contract)
	}
	var out []*Function
	for _, k := range impls {
		if k.IsInterface() || k.IsLibrary() {
			continue
		}
		f := implementationIn(k, sig)
		if f == nil || f.Body == nil || !f.IsPublic() {
			continue
		}
		if !containsFunc(out, f) {
			out = append(out, f)
		}
		if len(out) > max {
			return nil
		}
	}
	return out
}

type implementersKey struct{}

type implementersIndex struct {
	mu sync.Mutex
	m  map[*Contract][]*Contract
}

// implementers returns the contracts (not interfaces) with a public function of every
// signature interface iface declares (its own and its bases').
func (p *Program) implementers(iface *Contract) []*Contract {
	idx := Memo(p, implementersKey{}, func() *implementersIndex { return &implementersIndex{m: map[*Contract][]*Contract{}} })
	idx.mu.Lock()
	got, ok := idx.m[iface]
	idx.mu.Unlock()
	if ok {
		return got
	}
	var fns []*Function
	for _, b := range iface.Linearization {
		for _, f := range b.Functions {
			// __constructor__ and the like are tooling's, not the contract's.
			if f.Name != "" && !f.IsConstructor() && !strings.HasPrefix(f.Name, "__") {
				fns = append(fns, f)
			}
		}
	}
	var out []*Contract
	if len(fns) > 0 {
	next:
		for _, k := range p.Contracts {
			if k.IsInterface() || k.IsLibrary() {
				continue
			}
			for _, f := range fns {
				if g := implementationIn(k, f.Signature()); g != nil && g.IsPublic() {
					continue
				}
				if hasPublicGetter(k, f.Name) {
					continue // a public state variable's getter
				}
				continue next
			}
			out = append(out, k)
		}
	}
	idx.mu.Lock()
	idx.m[iface] = out
	idx.mu.Unlock()
	return out
}

// hasPublicGetter reports whether contract k (with its bases) has a public state variable of
// that name, whose getter the compiler writes.
func hasPublicGetter(k *Contract, name string) bool {
	for _, v := range k.AllStateVars() {
		if v.Name == name && v.Decl != nil && v.Decl.Visibility == token.PUBLIC {
			return true
		}
	}
	return false
}
