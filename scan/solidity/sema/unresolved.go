package sema

// What the model could not read. A fact about code that calls into an unresolved import, an
// unresolved base contract or a modifier the model cannot find rests on an assumption about
// that code: detectors lower their confidence (an unresolved modifier named onlyOwner may or
// may not check the caller; a base that is missing may override a hook).

type unresolvedKey struct{}

// RestsOnUnresolved reports whether what fn does depends on code the model could not read: its
// contract has an unresolved base, or fn, a modifier it uses or a function it reaches calls an
// internal function or modifier that could not be resolved.
func (p *Program) RestsOnUnresolved(fn *Function) bool {
	info := p.Info(fn)
	if info == nil {
		return true
	}
	return Memo(info, unresolvedKey{}, func() bool {
		if fn.Contract != nil && fn.Contract.UnresolvedBases {
			return true
		}
		for _, g := range p.reached(fn) {
			for i, m := range g.Modifiers {
				if m == nil && !baseConstructorCall(g, i) {
					return true
				}
			}
			if gi := p.Info(g); gi != nil {
				for _, c := range gi.Calls {
					if (c.Kind == CallInternal || c.Kind == CallLibrary) && len(c.Callees) == 0 {
						return true
					}
					if c.Kind == CallUnknown {
						return true
					}
				}
			}
		}
		return false
	})
}

// baseConstructorCall reports whether fn's modifier invocation i names a base contract (a
// constructor passing arguments to a base's constructor), not a modifier.
func baseConstructorCall(fn *Function, i int) bool {
	if i >= len(fn.Invocations) || fn.Contract == nil {
		return false
	}
	names := fn.Invocations[i].Name.Names
	return fn.Contract.Inherits(names[len(names)-1].Name)
}
