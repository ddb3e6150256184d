package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// Internal function pointers: `function () internal f = _boom; f();` runs _boom. Vigil does not
// track which function a pointer holds at each point; it takes, conservatively, every function
// the program names as a value (not in a call) that the pointer's type can hold, so that a
// sink behind a pointer is seen and a guard behind one is not trusted unless every target has it.

// recordTaken notes that fn is named as a value in the function being resolved.
func (r *resolver) recordTaken(fn *Function) {
	for _, t := range r.info.taken {
		if t == fn {
			return
		}
	}
	r.info.taken = append(r.info.taken, fn)
}

// indexTaken gathers the functions taken as values: by function bodies (resolution recorded
// them) and by state variable initializers (`function () internal f = _boom;` at contract level,
// which no function resolves).
func (p *Program) indexTaken(infos []*FuncInfo) {
	seen := map[*Function]bool{}
	add := func(fn *Function) {
		if fn != nil && !seen[fn] {
			seen[fn] = true
			p.idx.taken = append(p.idx.taken, fn)
		}
	}
	for _, info := range infos {
		for _, fn := range info.taken {
			add(fn)
		}
		info.taken = nil
	}
	for _, c := range p.Contracts {
		for _, v := range c.StateVars {
			if _, ok := v.Type.(*FuncType); !ok || v.Decl == nil || v.Decl.Value == nil {
				continue
			}
			ast.Inspect(v.Decl.Value, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					for _, fn := range c.LookupFunction(id.Name) {
						add(fn)
					}
				}
				return true
			})
		}
	}
}

// pointerTargets lists the functions an internal function pointer v may hold when fn calls it:
// those taken as values that fn's contract can see (its own and its bases', libraries', free
// functions) and whose parameter and result counts fit v's type.
func (p *Program) pointerTargets(fn *Function, v *Var) []*Function {
	ft, _ := v.Type.(*FuncType)
	var out []*Function
	for _, t := range p.idx.taken {
		if ft != nil && (ft.Params >= 0 && len(t.Params) != ft.Params || len(t.Returns) != ft.Returns) {
			continue
		}
		if t.Contract != nil && !t.Contract.IsLibrary() && (fn.Contract == nil || !fn.Contract.Inherits(t.Contract.Name)) {
			continue
		}
		out = append(out, t)
	}
	return out
}
