package detectors

import (
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// Two zero-copy (AccountLoader) accounts that may be one account are not
// the classic duplicate-mutable bug by themselves. An Account<'info, T>
// holds a deserialized copy that Anchor writes back on exit, so the second
// copy written back erases the first account's update. A zero-copy account
// has no such copy: every load_mut() borrows the account's bytes and a write
// through it lands in the shared data at once. An update is lost only when a
// write through one account stores, over data the other account's write
// changed, a value computed from a copy read before that write. The tracer
// below lists, in program order and through the crate's helper functions and
// the data type's methods, every write through a mutable borrow of either
// account: what it writes (a top-level field, an element of it at an index,
// or all of it when it cannot tell) and whether the value may carry such a
// copy. The pair is safe when no write carrying a copy overlaps an earlier
// write through the other account.

// zcWrite is one write through a mutable borrow of an account of the pair.
type zcWrite struct {
	acc   string
	seq   int
	loops []ast.Node // loops (and closures) around the write: it may run again after later writes
	field string     // top-level field of the account data written; "" when unknown (all of it)
	key   *sym       // the element of field written, when the write is keyed by an index
	stale bool       // the value may carry data of either account read before the write
}

// frame is one function the tracer walks: the unit itself or a helper or
// method it reached with the pair's accounts or borrows as arguments.
type frame struct {
	fn   *model.Function
	id   int
	env  map[string]ast.Expr
	args map[string]sym // parameter (and "self") -> the caller's argument
	top  *unit          // set in the unit's own frame: how it names its accounts
	up   *frame
}

// sym is an expression in the frame it is evaluated in.
type sym struct {
	x  ast.Expr
	fr *frame
}

type zcTracer struct {
	p      *Pass
	types  map[string]string // account of the pair -> its data type
	writes []zcWrite
	seq    int
	loops  []ast.Node
	frames int
	memo   map[taintKey]bool
}

// zeroCopyLostUpdate reports whether the units of an Accounts struct can
// lose an update when a and b (both AccountLoader fields) are one account.
func (p *Pass) zeroCopyLostUpdate(as *model.AccountsStruct, a, b *model.AccountField) bool {
	t := &zcTracer{p: p, types: map[string]string{a.Name: a.Type.Inner, b.Name: b.Type.Inner}, memo: map[taintKey]bool{}}
	// Each unit is its own instruction: writes of different units never
	// meet in one transaction step.
	for _, u := range p.units() {
		if u.Accounts != as {
			continue
		}
		u := u
		t.writes = t.writes[:0]
		t.walk(t.newFrame(u.Func, nil, map[string]sym{}, &u), u.Func.Decl.Body)
		if t.lostUpdate() {
			return true
		}
	}
	return false
}

// lostUpdate reports a write carrying an earlier copy over bytes the other
// account's write changed before it.
func (t *zcTracer) lostUpdate() bool {
	for _, w2 := range t.writes {
		if !w2.stale {
			continue
		}
		for _, w1 := range t.writes {
			if w1.acc != w2.acc && (w1.seq < w2.seq || shareLoop(w1, w2)) && t.overlap(w1, w2) {
				return true
			}
		}
	}
	return false
}

func shareLoop(a, b zcWrite) bool {
	for _, x := range a.loops {
		for _, y := range b.loops {
			if x == y {
				return true
			}
		}
	}
	return false
}

// overlap reports whether two writes may touch the same bytes.
func (t *zcTracer) overlap(a, b zcWrite) bool {
	if a.field == "" || b.field == "" || a.field != b.field {
		return a.field == "" || b.field == "" || a.field == b.field
	}
	if a.key == nil || b.key == nil {
		return true
	}
	return !t.distinct(*a.key, *b.key, 0)
}

const zcMaxFrames = 64

func (t *zcTracer) newFrame(fn *model.Function, up *frame, args map[string]sym, top *unit) *frame {
	t.frames++
	return &frame{fn: fn, id: t.frames, env: fn.Lets(), args: args, top: top, up: up}
}

// onStack reports fn being walked already (recursion).
func (fr *frame) onStack(fn *model.Function) bool {
	for f := fr; f != nil; f = f.up {
		if f.fn == fn {
			return true
		}
	}
	return false
}

func (fr *frame) depth() int {
	n := 0
	for f := fr; f.up != nil; f = f.up {
		n++
	}
	return n
}

// binding is what a name stands for in fr: a let initializer of fr (one
// that does not read the name itself, as let x = x.load()? does) or the
// caller's argument for a parameter.
func (fr *frame) binding(name string) (sym, bool) {
	if init, ok := fr.env[name]; ok && !readsName(init, name) {
		return sym{init, fr}, true
	}
	if a, ok := fr.args[name]; ok {
		return a, true
	}
	return sym{}, false
}

// readsName reports an expression that reads the plain name.
func readsName(x ast.Node, name string) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if pe, ok := n.(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 && pe.Path.Segments[0].Name.Name == name {
			found = true
		}
		return !found
	})
	return found
}

func (t *zcTracer) write(acc, field string, key *sym, stale bool) {
	t.seq++
	t.writes = append(t.writes, zcWrite{acc: acc, seq: t.seq, loops: append([]ast.Node(nil), t.loops...), field: field, key: key, stale: stale})
}

// walk visits a function body in program order, recording writes and
// following calls that hand the pair's accounts or borrows on.
func (t *zcTracer) walk(fr *frame, n ast.Node) {
	if n == nil {
		return
	}
	ast.Inspect(n, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.WhileExpr:
			t.inLoop(x, func() { t.walk(fr, x.Cond); t.walk(fr, x.Body) })
			return false
		case *ast.LoopExpr:
			t.inLoop(x, func() { t.walk(fr, x.Body) })
			return false
		case *ast.ForExpr:
			t.walk(fr, x.Iter)
			t.inLoop(x, func() {
				if pl := t.guardBase(fr, x.Iter); pl.acc != "" && mutPlace(x.Iter) {
					// for e in borrow.items.iter_mut(): what the body writes
					// through e is not traced; take it for any write.
					t.write(pl.acc, "", nil, true)
				}
				t.walk(fr, x.Body)
			})
			return false
		case *ast.ClosureExpr:
			t.inLoop(x, func() { t.walk(fr, x.Body) })
			return false
		case *ast.AssignExpr:
			t.walk(fr, x.Y)
			t.assign(fr, x)
			return false
		case *ast.MethodCallExpr:
			t.methodCall(fr, x)
			return false
		case *ast.CallExpr:
			t.walkAll(fr, x.Args)
			t.call(fr, x)
			return false
		case *ast.StructExpr:
			t.aggregate(fr, x)
		}
		return true
	})
}

// aggregate: a borrow or an account handle stored in a struct literal goes
// where the tracer does not follow; take it for any write with anything.
// (Two borrows held at once in one aggregate never get here: the detector
// treats those as safe first, since the second borrow of one account
// fails.)
func (t *zcTracer) aggregate(fr *frame, x *ast.StructExpr) {
	var vals []ast.Expr
	for _, f := range x.Fields {
		v := f.Value
		if v == nil {
			v = &ast.PathExpr{Path: &ast.Path{Segments: []*ast.PathSegment{{Name: f.Name}}}}
		}
		vals = append(vals, v)
	}
	t.escape(fr, vals)
}

func (t *zcTracer) walkAll(fr *frame, xs []ast.Expr) {
	for _, x := range xs {
		t.walk(fr, x)
	}
}

func (t *zcTracer) inLoop(n ast.Node, f func()) {
	t.loops = append(t.loops, n)
	f()
	t.loops = t.loops[:len(t.loops)-1]
}

// assign records X = Y (or X op= Y) whose place lies in a borrowed account.
func (t *zcTracer) assign(fr *frame, x *ast.AssignExpr) {
	pl := t.guardBase(fr, x.X)
	for _, s := range pl.steps {
		if ix, ok := s.(*ast.IndexExpr); ok {
			t.walk(fr, ix.Index)
		}
	}
	if pl.acc == "" {
		t.walk(fr, x.X)
		return
	}
	field, key := pl.at(fr, len(pl.steps))
	t.write(pl.acc, field, key, t.tainted(fr, x.Y, pl.root, 0))
}

// methodCall handles recv.m(args): a call on a borrowed account (a method
// of its data type, followed; or a method of one of its fields, a write to
// that field unless the name only reads), or a crate method that is handed
// the pair's accounts.
func (t *zcTracer) methodCall(fr *frame, x *ast.MethodCallExpr) {
	pl := t.guardBase(fr, x)
	acc, root, steps := pl.acc, pl.root, pl.steps
	if acc == "" {
		t.walk(fr, x.Recv)
		t.walkAll(fr, x.Args)
		t.followMethod(fr, x, "")
		return
	}
	if len(steps) == 0 {
		return // taking the borrow itself (load_mut())
	}
	for _, s := range steps {
		switch s := s.(type) {
		case *ast.MethodCallExpr:
			t.walkAll(fr, s.Args)
		case *ast.IndexExpr:
			t.walk(fr, s.Index)
		}
	}
	if len(steps) == 1 && !pl.alias {
		// A method of the account's data type, on the borrow itself.
		t.followMethod(fr, x, acc)
		return
	}
	if readOnlyMethod(x.Name.Name) {
		return
	}
	field, key := pl.at(fr, len(steps)-1)
	stale := false
	for _, a := range x.Args {
		stale = stale || t.tainted(fr, a, root, 0)
	}
	t.write(acc, field, key, stale)
}

// followMethod walks the crate's methods named like x on the receiver's
// type. acc is set when the receiver is a borrow of that account: a method
// taking &mut self is followed with self bound to the borrow, one taking
// &self or self only reads. Without a borrowed receiver, a method is
// followed only when an argument is one of the pair's accounts or borrows.
func (t *zcTracer) followMethod(fr *frame, x *ast.MethodCallExpr, acc string) {
	var cands []*model.Function
	for _, fn := range t.p.Program.FunctionsNamed(x.Name.Name) {
		if hasSelf(fn) && len(fn.Decl.Params) == len(x.Args)+1 {
			cands = append(cands, fn)
		}
	}
	if acc != "" {
		typed := cands[:0:0]
		for _, fn := range cands {
			if fn.SelfType == t.types[acc] {
				typed = append(typed, fn)
			}
		}
		if len(typed) > 0 {
			cands = typed
		}
		if len(cands) == 0 {
			if !readOnlyMethod(x.Name.Name) {
				stale := false
				for _, a := range x.Args {
					stale = stale || t.tainted(fr, a, "", 0)
				}
				t.write(acc, "", nil, stale)
			}
			return
		}
	} else if !t.handsOn(fr, x.Args) {
		return
	} else if len(cands) == 0 {
		t.escape(fr, x.Args)
		return
	}
	for _, fn := range cands {
		if acc != "" && !mutSelf(fn) {
			continue
		}
		t.enter(fr, fn, append([]ast.Expr{x.Recv}, x.Args...))
	}
}

// call follows a call of the crate's functions that is handed one of the
// pair's accounts or borrows; handed to code outside the crate, a borrow
// may be written anywhere with anything.
func (t *zcTracer) call(fr *frame, x *ast.CallExpr) {
	if !t.handsOn(fr, x.Args) || isWrapper(x) || calleeName(x.Fun) == "drop" {
		return // drop(guard) ends a borrow and writes nothing
	}
	c := &model.Call{Node: x, Path: model.ExprPath(x.Fun), Args: x.Args}
	var cands []*model.Function
	if t.p.inCrate(fr.fn, c) {
		for _, fn := range t.p.Program.FunctionsNamed(c.Name()) {
			if !hasSelf(fn) && len(fn.Decl.Params) == len(x.Args) {
				cands = append(cands, fn)
			}
		}
	}
	if len(cands) == 0 {
		t.escape(fr, x.Args)
		return
	}
	for _, fn := range cands {
		t.enter(fr, fn, x.Args)
	}
}

// escape records the pair's borrows and account handles among args, given
// to code the tracer does not follow, as writes of anything anywhere.
func (t *zcTracer) escape(fr *frame, args []ast.Expr) {
	for _, a := range args {
		acc := t.guardOf(fr, a, 0)
		if acc == "" {
			switch ast.Unref(a).(type) {
			case *ast.FieldExpr, *ast.PathExpr:
				acc = t.accOf(fr, a, 0)
			}
		}
		if acc != "" {
			t.write(acc, "", nil, true)
		}
	}
}

// enter walks fn with its parameters bound to args (self first for methods).
func (t *zcTracer) enter(fr *frame, fn *model.Function, args []ast.Expr) {
	if inTests(fn) {
		return
	}
	if fr.onStack(fn) || fr.depth() >= helperDepth+2 || t.frames >= zcMaxFrames {
		t.escape(fr, args) // not followed further: assume the worst
		return
	}
	bound := map[string]sym{}
	for i, prm := range fn.Decl.Params {
		if i >= len(args) {
			break
		}
		name := paramName(fn, i)
		if prm.IsSelf {
			name = "self"
		}
		if name != "" {
			bound[name] = sym{args[i], fr}
		}
	}
	t.walk(t.newFrame(fn, fr, bound, nil), fn.Decl.Body)
}

// handsOn reports an argument that is one of the pair's accounts or borrows.
func (t *zcTracer) handsOn(fr *frame, args []ast.Expr) bool {
	for _, a := range args {
		if t.accOf(fr, a, 0) != "" || t.guardOf(fr, a, 0) != "" {
			return true
		}
	}
	return false
}

func mutSelf(fn *model.Function) bool {
	if !hasSelf(fn) {
		return false
	}
	prm := fn.Decl.Params[0]
	ip, ok := prm.Pat.(*ast.IdentPat)
	return prm.SelfRef && ok && ip.Mut
}

// isWrapper reports a conversion that only wraps an account in another
// handle (AccountLoad::try_from(&info), Box::new(x)): the handle is what
// the code goes on to use, and is traced where it is used.
func isWrapper(x *ast.CallExpr) bool {
	switch calleeName(x.Fun) {
	case "try_from", "try_from_unchecked", "new", "from":
		return len(x.Args) == 1
	}
	return false
}

// calleeName is the last path segment of a called function.
func calleeName(x ast.Expr) string {
	if pe, ok := x.(*ast.PathExpr); ok && pe.Path.Last() != nil {
		return pe.Path.Last().Name.Name
	}
	return ""
}

// readOnlyMethod names methods that read their receiver (std and Anchor).
func readOnlyMethod(name string) bool {
	switch name {
	case "get", "iter", "len", "is_empty", "contains", "clone", "copied", "cloned", "to_vec", "key",
		"eq", "ne", "cmp", "partial_cmp", "unwrap", "expect", "unwrap_or", "unwrap_or_default",
		"as_ref", "to_owned", "to_string", "first", "last", "is_some", "is_none", "ok_or", "map",
		"load", "to_account_info", "to_le_bytes", "to_be_bytes", "into", "try_into", "min", "max", "pow":
		return true
	}
	for _, prefix := range []string{"checked_", "saturating_", "wrapping_", "overflowing_", "is_", "to_", "as_"} {
		if len(name) > len(prefix) && name[:len(prefix)] == prefix && name != "as_mut" && name != "as_mut_slice" {
			return true
		}
	}
	return false
}
