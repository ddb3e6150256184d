package sema

// Code that is read-only in effect. A function declared view cannot change state; many that
// are not declared so cannot either: an interpreter step that computes on memory and returns a
// hash, a quote that reads other contracts through static calls. What such code computes is
// handed back to its caller, as a view's result is; it moves nothing and stores nothing here.

// maxReachers bounds the functions walked up from one function to its entry points.
const maxReachers = 64

type readOnlyKey struct{}

// ReadOnlyInEffect reports whether every run of fn's code stores nothing and moves nothing:
// each entry point that reaches fn (fn itself, when it is one) writes no state, sends no
// ether, creates or destroys no contract, delegates no call, and calls other contracts only
// where they cannot change state (static calls, view functions). A function no entry point of
// the program reaches is not read-only: code not shipped may call it.
func (p *Program) ReadOnlyInEffect(fn *Function) bool {
	info := p.Info(fn)
	if fn == nil || info == nil {
		return false
	}
	return Memo(info, readOnlyKey{}, func() bool {
		entries, ok := p.entriesReaching(fn)
		if !ok || len(entries) == 0 {
			return false
		}
		for _, e := range entries {
			if e.IsView() {
				continue
			}
			// A summary keeps every action that crosses into other code or ends the contract
			// (calls that may change state, ether sent, delegatecalls, creations, selfdestruct,
			// assembly stores to computed slots); writes of state variables are listed apart.
			s := p.Summary(e)
			if s == nil || len(s.Actions) > 0 || p.writesState(e) {
				return false
			}
		}
		return true
	})
}

// writesState reports whether fn, its modifiers or a function it may call internally (virtual
// dispatch included) writes a state variable; past the depth it walks, it answers yes.
func (p *Program) writesState(fn *Function) bool {
	seen := map[*Function]bool{}
	var walk func(g *Function, depth int) bool
	walk = func(g *Function, depth int) bool {
		if g == nil || seen[g] {
			return false
		}
		if depth > 16 {
			return true
		}
		seen[g] = true
		info := p.Info(g)
		if info == nil {
			return false
		}
		if len(info.StateWrites) > 0 {
			return true
		}
		for _, m := range g.Modifiers {
			if walk(m, depth+1) {
				return true
			}
		}
		for _, c := range info.Calls {
			if c.Kind == CallInternal || c.Kind == CallLibrary {
				for _, h := range p.PossibleCallees(c) {
					if walk(h, depth+1) {
						return true
					}
				}
			}
		}
		return false
	}
	return walk(fn, 0)
}

// entriesReaching lists the entry points whose code may run fn, walking its call sites up;
// ok is false when the walk meets a function with no caller that is no entry point (code not
// shipped may call it), a modifier, or more functions than it walks.
func (p *Program) entriesReaching(fn *Function) ([]*Function, bool) {
	seen := map[*Function]bool{fn: true}
	queue := []*Function{fn}
	var out []*Function
	for len(queue) > 0 {
		g := queue[0]
		queue = queue[1:]
		if g.IsModifier {
			return nil, false
		}
		if g.IsEntryPoint() {
			out = append(out, g)
		}
		sites := p.ParamCallers(g)
		if len(sites) == 0 && !g.IsEntryPoint() && !g.IsConstructor() {
			return nil, false
		}
		for _, s := range sites {
			if !seen[s.In] {
				if len(seen) >= maxReachers {
					return nil, false
				}
				seen[s.In] = true
				queue = append(queue, s.In)
			}
		}
	}
	return out, true
}
