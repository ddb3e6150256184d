package sema

// Deployment configuration: state only the deployment or its administrators set. A signed
// message that must carry such a value (a configuration digest the owner installs per chain, a
// domain the deployer chose) is bound to that deployment as surely as by its address.

type openWritesKey struct{}

// AdminSet reports whether state variable v is written, in contract c, only by its constructor,
// by run-once initializers, or by entry points whose write is guarded by a check of the caller.
func (p *Program) AdminSet(c *Contract, v *Var) bool {
	if c == nil || v == nil || v.Kind != StateVar {
		return false
	}
	open := Memo(c, openWritesKey{}, func() map[*Var]bool {
		out := map[*Var]bool{}
		for _, fn := range c.AllFunctions() {
			if !fn.IsEntryPoint() || fn.IsView() || fn.IsConstructor() || p.RunsOnce(fn) {
				continue
			}
			for _, w := range p.StateWrites(fn) {
				if !out[w.Var] && !p.IsGuarded(fn, w.Node) {
					out[w.Var] = true
				}
			}
		}
		return out
	})
	return !open[v]
}
