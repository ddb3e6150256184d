package sema

import "github.com/vigil-sec/vigil/scan/solidity/token"

// The project's surface. A project contract that inherits dependency code (a base in lib/,
// node_modules/ or a vendored folder) exposes that code's public functions as its own: the
// contract deployed is the project's, and so is the bug. Findings in such a function belong
// on the project contract.

// FunctionAt returns the function (or modifier) of the program whose declaration holds pos.
func (p *Program) FunctionAt(pos token.Pos) *Function {
	f := p.FileOf(pos)
	if f == nil {
		return nil
	}
	for _, c := range f.Contracts {
		if c.Decl.Pos() > pos || pos >= c.Decl.End() {
			continue
		}
		for _, fn := range c.Functions {
			if n := fn.Node(); n != nil && n.Pos() <= pos && pos < n.End() {
				return fn
			}
		}
		for _, m := range c.Modifiers {
			if n := m.Node(); n != nil && n.Pos() <= pos && pos < n.End() {
				return m
			}
		}
	}
	for _, fn := range p.idx.freeByFile[f] {
		if n := fn.Node(); n != nil && n.Pos() <= pos && pos < n.End() {
			return fn
		}
	}
	return nil
}

type exposedKey struct{}

// ExposedBy lists the project contracts (not in dependency files) that expose fn, a public
// function of dependency code, as their own: they inherit it without overriding it, and no
// other project contract inherits them (the contracts a project deploys). Modifiers, internal
// functions and constructors are not exposed by themselves.
func (p *Program) ExposedBy(fn *Function) []*Contract {
	if fn == nil || fn.Contract == nil || fn.File == nil || !fn.File.Dependency || !fn.IsEntryPoint() {
		return nil
	}
	index := Memo(p, exposedKey{}, p.exposedIndex)
	return index[fn]
}

// exposedIndex maps each dependency entry point to the project leaf contracts exposing it.
func (p *Program) exposedIndex() map[*Function][]*Contract {
	inheritedByProject := map[*Contract]bool{}
	for _, c := range p.Contracts {
		if c.File.Dependency {
			continue
		}
		for _, b := range c.Linearization[1:] {
			if !b.File.Dependency {
				inheritedByProject[b] = true
			}
		}
	}
	out := map[*Function][]*Contract{}
	for _, c := range p.Contracts {
		if c.File.Dependency || inheritedByProject[c] || c.IsInterface() || c.IsLibrary() {
			continue
		}
		for _, fn := range c.AllFunctions() {
			if fn.Contract != c && fn.File != nil && fn.File.Dependency && fn.IsEntryPoint() {
				out[fn] = append(out[fn], c)
			}
		}
	}
	return out
}
