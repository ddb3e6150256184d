package validation

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// maxDepth bounds how deep calls are followed from an instruction's entry.
const maxDepth = 10

// walker walks one function body (or a constraint expression) for one binding of its
// parameters, recording facts and computing the function's return value.
type walker struct {
	m     *Model
	fn    *model.Function // nil for constraint expressions
	file  *model.File
	env   map[string]*Value
	facts *Facts
	ret   *Value
	depth int
	cond  int // > 0 while evaluating a condition
	// inst is the instruction being built (native account bindings are registered there);
	// nil inside memoized walks, which must not bind accounts.
	inst *Instruction
	// split, at an instruction's root, makes a dispatching match one instruction per arm.
	split func(w *walker, arms []*ast.MatchArm, x *Value) bool
	// self is the SelfType of fn, for Self:: paths.
	self string
	// parent is the walker whose call this walk follows.
	parent *walker
	// constraint: walking a constraint expression or what it calls.
	constraint bool
	// scopes hold, per block being walked, what the names it binds stood for before (nil:
	// unbound), restored when the block ends: let ctx = .. in an inner block shadows ctx there
	// only.
	scopes []map[string]*Value
}

func (w *walker) child(fn *model.Function, env map[string]*Value) *walker {
	return &walker{m: w.m, fn: fn, file: fn.File, env: env, facts: &Facts{Code: map[*model.Function]bool{fn: true}},
		depth: w.depth + 1, inst: w.inst, self: fn.SelfType, split: w.split, parent: w, constraint: w.constraint}
}

func (w *walker) site(n ast.Node, what string) Site {
	return Site{Fn: w.fn, Node: n, What: what, Constraint: w.constraint}
}

// block walks a block's statements and returns its value.
func (w *walker) block(b *ast.BlockExpr) *Value {
	if b == nil {
		return unknown
	}
	w.scopes = append(w.scopes, nil)
	defer w.popScope()
	v := unknown
	for i, st := range b.Stmts {
		v = w.stmt(st)
		if i < len(b.Stmts)-1 {
			v = unknown
		} else if es, ok := st.(*ast.ExprStmt); ok && es.Semi.IsValid() {
			v = unknown
		}
	}
	return v
}

func (w *walker) stmt(st ast.Stmt) *Value {
	switch s := st.(type) {
	case *ast.LetStmt:
		if !w.m.built(s.Attrs) {
			return unknown
		}
		if s.Init == nil {
			w.bind(s.Pat, unknown)
			return unknown
		}
		v := w.expr(s.Init)
		if s.Type != nil && v.Kind == AccountRef {
			// let loader: AccountLoader<T> = AccountLoader::try_from(ai)?
			if at := model.ClassifyType(s.Type); at.Inner != "" && v.Type == "" {
				v = &Value{Kind: AccountRef, Acc: v.Acc, Type: at.Inner, Node: v.Node}
			}
		}
		w.bind(s.Pat, v)
		if s.Else != nil {
			w.block(s.Else)
		}
		return unknown
	case *ast.ExprStmt:
		if !w.m.built(s.Attrs) {
			return unknown
		}
		return w.expr(s.X)
	}
	return unknown
}

// bind binds the names of a pattern to the parts of v.
func (w *walker) bind(p ast.Pat, v *Value) {
	if v.Kind == Arg {
		// Every part of instruction data is instruction data.
		ast.Inspect(p, func(n ast.Node) bool {
			if ip, ok := n.(*ast.IdentPat); ok {
				w.set(ip.Name.Name, &Value{Kind: Arg, Path: ip.Name.Name})
			}
			return true
		})
		return
	}
	switch p := p.(type) {
	case *ast.IdentPat:
		if v.Kind == Arg {
			v = &Value{Kind: Arg, Path: p.Name.Name}
		}
		if v.Kind == AccountRef && v.Acc == "" {
			// A native account taken from the list: it is known by the name it is bound to.
			v = w.nameAccount(p.Name.Name, v)
		}
		w.set(p.Name.Name, v)
		if p.Sub != nil {
			w.bind(p.Sub, v)
		}
	case *ast.RefPat:
		w.bind(p.Pat, v)
	case *ast.ParenPat:
		w.bind(p.Pat, v)
	case *ast.BoxPat:
		w.bind(p.Pat, v)
	case *ast.TuplePat:
		for i, e := range p.Elems {
			part := v.field(strconv.Itoa(i))
			if v.Kind == Data || v.Kind == RawData {
				part = v // (header, rest) = split(data): views of the same data
			}
			w.bind(e, part)
		}
	case *ast.TupleStructPat:
		if v.Kind == Arg {
			for _, e := range p.Elems {
				w.bind(e, v)
			}
			return
		}
		name := ""
		if l := p.Path.Last(); l != nil {
			name = l.Name.Name
		}
		switch name {
		case "Ok", "Some":
			if len(p.Elems) == 1 {
				w.bind(p.Elems[0], v)
				return
			}
		}
		for i, e := range p.Elems {
			w.bind(e, v.field(strconv.Itoa(i)))
		}
	case *ast.StructPat:
		for _, f := range p.Fields {
			sub := fieldOfStruct(v, f.Name.Name)
			if f.Pat != nil {
				w.bind(f.Pat, sub)
			} else {
				w.set(f.Name.Name, sub)
			}
		}
	case *ast.SlicePat:
		if v.Kind == AccountList {
			for i, e := range p.Elems {
				if _, rest := e.(*ast.RestPat); rest {
					break
				}
				w.bind(e, w.listItem(v, i, e))
			}
			return
		}
		for _, e := range p.Elems {
			w.bind(e, unknown)
		}
	case *ast.OrPat:
		for _, a := range p.Alts {
			w.bind(a, v)
		}
	}
}

// popScope ends the innermost scope: the names it bound stand again for what they did.
func (w *walker) popScope() {
	for name, prev := range w.scopes[len(w.scopes)-1] {
		if prev == nil {
			delete(w.env, name)
		} else {
			w.env[name] = prev
		}
	}
	w.scopes = w.scopes[:len(w.scopes)-1]
}

// set binds a name in the innermost block being walked, remembering what it shadows.
func (w *walker) set(name string, v *Value) {
	if n := len(w.scopes); n > 0 {
		frame := w.scopes[n-1]
		if frame == nil {
			frame = map[string]*Value{}
			w.scopes[n-1] = frame
		}
		if _, saved := frame[name]; !saved {
			frame[name] = w.env[name] // nil when unbound
		}
	}
	w.env[name] = v
}

// fieldOfStruct is a named part of a value: a Struct's field, or a field of account data.
func fieldOfStruct(v *Value, name string) *Value {
	switch v.Kind {
	case Struct, CpiContext, InstructionValue:
		return v.field(name)
	case Data, Field:
		return fieldOf(v, name)
	case AccountRef:
		return field(v.Acc, name)
	case Arg:
		return v
	}
	return unknown
}

// nameAccount names a native account taken from a list.
func (w *walker) nameAccount(name string, v *Value) *Value {
	if w.inst == nil {
		return &Value{Kind: AccountRef, Acc: "?" + name, Node: v.Node}
	}
	return w.inst.bindNative(name, v, w.fn)
}

// listItem is the account at index i of a list (a slice pattern or accounts[i]): the one
// already bound at that index, or one to be named by the local it is bound to.
func (w *walker) listItem(list *Value, i int, n ast.Node) *Value {
	if list.Index < 0 {
		return w.element(list, n) // a list whose start is not known
	}
	i += list.Index
	if list.Acc == remaining {
		return account(fmt.Sprintf("%s[%d]", remaining, i))
	}
	if w.inst != nil {
		if name, ok := w.inst.slots[i]; ok {
			return &Value{Kind: AccountRef, Acc: name, Node: n}
		}
	}
	return &Value{Kind: AccountRef, Node: n, Index: i}
}

// subList is the part of list that starts at its element start (known false: at a position
// the model does not know).
func subList(list *Value, start int, known bool) *Value {
	sub := *list
	if !known || list.Index < 0 {
		sub.Index = -1
	} else {
		sub.Index += start
	}
	return &sub
}

// intLit returns the value of an integer literal.
func intLit(x ast.Expr) (int, bool) {
	lit, ok := x.(*ast.LitExpr)
	if !ok || lit.Kind != token.INT {
		return 0, false
	}
	v := strings.ReplaceAll(lit.Value, "_", "")
	for _, suffix := range []string{"usize", "u8", "u16", "u32", "u64", "i32", "i64"} {
		v = strings.TrimSuffix(v, suffix)
	}
	i, err := strconv.Atoi(v)
	return i, err == nil
}

// named gives a native account used before being bound to a local a name of its own
// ("accounts[2]", or "account#3" from an iterator).
func (w *walker) named(v *Value) *Value {
	if v.Kind != AccountRef || v.Acc != "" {
		return v
	}
	name := "account"
	if v.Index >= 0 {
		name = "accounts[" + strconv.Itoa(v.Index) + "]"
	}
	return w.nameAccount(name, v)
}

// expr evaluates an expression.
func (w *walker) expr(x ast.Expr) *Value {
	if x == nil {
		return unknown
	}
	switch e := x.(type) {
	case *ast.PathExpr:
		return w.path(e)
	case *ast.LitExpr:
		return &Value{Kind: Const, Path: e.Value, Node: e}
	case *ast.ParenExpr:
		return w.expr(e.X)
	case *ast.RefExpr:
		return w.expr(e.X)
	case *ast.TryExpr:
		return w.expr(e.X)
	case *ast.AwaitExpr:
		return w.expr(e.X)
	case *ast.CastExpr:
		return w.expr(e.X)
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			w.cond++
			v := w.expr(e.X)
			w.cond--
			return v
		}
		return w.expr(e.X)
	case *ast.FieldExpr:
		return w.fieldExpr(e)
	case *ast.IndexExpr:
		return w.index(e)
	case *ast.MethodCallExpr:
		return w.methodCall(e)
	case *ast.CallExpr:
		return w.call(e)
	case *ast.MacroExpr:
		return w.macro(e.Mac)
	case *ast.BinaryExpr:
		return w.binary(e)
	case *ast.AssignExpr:
		return w.assign(e)
	case *ast.BlockExpr:
		return w.block(e)
	case *ast.IfExpr:
		w.cond++
		w.expr(e.Cond)
		w.cond--
		a := w.block(e.Then)
		var b *Value = unknown
		if e.Else != nil {
			b = w.expr(e.Else)
		}
		return join(a, b)
	case *ast.LetExpr:
		v := w.expr(e.X)
		w.bind(e.Pat, v)
		return unknown
	case *ast.MatchExpr:
		w.cond++
		v := w.expr(e.X)
		w.cond--
		if w.split != nil && w.split(w, e.Arms, v) {
			return unknown
		}
		var out *Value
		for _, arm := range e.Arms {
			if !w.m.built(arm.Attrs) {
				continue
			}
			w.bind(arm.Pat, v)
			if arm.Guard != nil {
				w.cond++
				w.expr(arm.Guard)
				w.cond--
			}
			r := w.expr(arm.Body)
			if out == nil {
				out = r
			} else {
				out = join(out, r)
			}
		}
		if out == nil {
			return unknown
		}
		return out
	case *ast.WhileExpr:
		w.cond++
		w.expr(e.Cond)
		w.cond--
		w.block(e.Body)
		return unknown
	case *ast.LoopExpr:
		w.block(e.Body)
		return unknown
	case *ast.ForExpr:
		it := w.expr(e.Iter)
		w.bind(e.Pat, w.element(it, e))
		w.block(e.Body)
		return unknown
	case *ast.ClosureExpr:
		// A closure's body runs where it is called; walked here with unknown parameters
		// (iterator adapters bind their element, see methodCall).
		return w.closure(e, unknown)
	case *ast.ReturnExpr:
		v := w.expr(e.X)
		if e.X != nil {
			w.returns(v)
		}
		return unknown
	case *ast.BreakExpr:
		return w.expr(e.X)
	case *ast.TupleExpr:
		s := &Value{Kind: Struct, Fields: map[string]*Value{}, Node: e}
		for i, el := range e.Elems {
			s.Fields[strconv.Itoa(i)] = w.expr(el)
		}
		return s
	case *ast.ArrayExpr:
		s := &Value{Kind: Struct, Type: "[]", Fields: map[string]*Value{}, Node: e}
		for i, el := range e.Elems {
			s.Fields[strconv.Itoa(i)] = w.expr(el)
		}
		if e.Len != nil {
			w.expr(e.Len)
		}
		return s
	case *ast.StructExpr:
		return w.structExpr(e)
	case *ast.RangeExpr:
		w.expr(e.Lo)
		w.expr(e.Hi)
		return unknown
	}
	return unknown
}

// element is the value of one element of an iterated value, taken at node n: a remaining
// account taken by a computed index is named after where it is taken (remaining_accounts@L12),
// so that a check of one taken elsewhere does not count for it.
func (w *walker) element(v *Value, n ast.Node) *Value {
	switch v.Kind {
	case AccountList, AccountIter:
		if v.Acc == remaining {
			line := 0
			if n != nil {
				line = w.m.prog.Fset.Position(n.Pos()).Line
			}
			return account(fmt.Sprintf("%s@L%d", remaining, line))
		}
		return &Value{Kind: AccountRef, Acc: v.Acc + "[]"}
	case Data, Field:
		return fieldOf(v, "[]")
	case Key, Arg:
		return v // the bytes of a key, of instruction data
	}
	return unknown
}

func (w *walker) closure(e *ast.ClosureExpr, param *Value) *Value {
	w.scopes = append(w.scopes, nil)
	defer w.popScope()
	for _, p := range e.Params {
		w.bind(p.Pat, param)
	}
	// A return in the closure's body returns from the closure, not from the function.
	outer := w.ret
	w.ret = nil
	v := w.expr(e.Body)
	if w.ret != nil {
		v = join(v, w.ret)
	}
	w.ret = outer
	return v
}

func (w *walker) returns(v *Value) {
	if w.ret == nil {
		w.ret = v
	} else {
		w.ret = join(w.ret, v)
	}
}

// join is the value of one of two branches: the same value; for structs and tuples, their
// parts joined; for two different accounts (or values of them), either of them (a Struct of
// type "|" listing both, so that what the code then does with it counts for both); else
// unknown.
func join(a, b *Value) *Value {
	return joinDepth(a, b, 0)
}

func joinDepth(a, b *Value, depth int) *Value {
	switch {
	case a.Kind == Unknown:
		return b
	case b.Kind == Unknown:
		return a
	case a.String() == b.String():
		return a
	case depth > 3:
		return unknown
	case a.Kind == Struct && b.Kind == Struct && a.Type == b.Type && a.Type != "|":
		out := &Value{Kind: Struct, Type: a.Type, Fields: map[string]*Value{}, Node: a.Node}
		for k, v := range a.Fields {
			out.Fields[k] = joinDepth(v, b.field(k), depth+1)
		}
		for k, v := range b.Fields {
			if _, ok := out.Fields[k]; !ok {
				out.Fields[k] = v
			}
		}
		return out
	case either(a) && either(b):
		return &Value{Kind: Struct, Type: "|", Fields: map[string]*Value{"0": a, "1": b}}
	}
	return unknown
}

// either reports a value that may stand as one alternative of a join.
func either(v *Value) bool {
	switch v.Kind {
	case AccountRef, Key, Data, Field, RawData:
		return true
	case Struct:
		return v.Type == "|"
	}
	return false
}

// path evaluates a path expression: a local, a parameter, or a constant.
func (w *walker) path(e *ast.PathExpr) *Value {
	if len(e.Path.Segments) == 1 && !e.Path.Global {
		name := e.Path.Segments[0].Name.Name
		if v, ok := w.env[name]; ok {
			return v
		}
		switch name {
		case "ID":
			return &Value{Kind: ProgramID, Node: e}
		}
	}
	full := w.file.Resolve(e.Path.String())
	switch full {
	case "crate::ID", "crate::id", "self::ID", "super::ID", "ID":
		return &Value{Kind: ProgramID, Node: e}
	}
	if isConstPath(full) {
		return &Value{Kind: Const, Path: full, Node: e}
	}
	// A function of the crate named as a value (handed to a dispatcher that calls it).
	if fns := w.resolveCall(e.Path.String(), full, -1); len(fns) > 0 && len(fns) <= 3 {
		return &Value{Kind: FuncRef, Fns: fns, Node: e}
	}
	return unknown
}

// isConstPath reports a path naming a constant: its last segment in upper case
// (spl_token::ID, ADMIN_KEY, system_program::ID).
func isConstPath(p string) bool {
	last := p[strings.LastIndex(p, ":")+1:]
	if last == "" {
		return false
	}
	hasUpper := false
	for _, r := range last {
		switch {
		case r >= 'a' && r <= 'z':
			return false
		case r >= 'A' && r <= 'Z':
			hasUpper = true
		}
	}
	return hasUpper
}

func (w *walker) fieldExpr(e *ast.FieldExpr) *Value {
	base := w.named(w.expr(e.X))
	name := e.Name.Name
	switch base.Kind {
	case Arg:
		return base
	case Struct, CpiContext, InstructionValue:
		if f, ok := base.Fields[name]; ok {
			return f
		}
		return unknown
	case AccountRef:
		if base.Deref {
			// Account<'info, T> dereferences to T: its fields are T's.
			w.facts.Fields = append(w.facts.Fields, &FieldRead{Acc: base.Acc, Path: name, InCond: w.cond > 0, Site: w.site(e, "field read")})
			return field(base.Acc, name)
		}
		switch name {
		case "key", "unsigned_key":
			return &Value{Kind: Key, Acc: base.Acc, Node: e}
		case "owner":
			return &Value{Kind: Owner, Acc: base.Acc, Node: e}
		case "lamports":
			return &Value{Kind: Lamports, Acc: base.Acc, Node: e}
		case "data":
			return &Value{Kind: RawData, Acc: base.Acc, Node: e}
		case "is_signer":
			if w.cond > 0 {
				w.facts.Signers = append(w.facts.Signers, &SignerCheck{Acc: base.Acc, Site: w.site(e, "is_signer tested")})
			}
			return unknown
		case "is_writable", "executable", "rent_epoch":
			return unknown
		}
		// Account<'info, T> dereferences to T.
		w.facts.Fields = append(w.facts.Fields, &FieldRead{Acc: base.Acc, Path: name, InCond: w.cond > 0, Site: w.site(e, "field read")})
		return field(base.Acc, name)
	case Data:
		w.facts.Fields = append(w.facts.Fields, &FieldRead{Acc: base.Acc, Path: name, InCond: w.cond > 0, Site: w.site(e, "field read")})
		return fieldOf(base, name)
	case Field:
		return fieldOf(base, name)
	}
	return unknown
}

func (w *walker) index(e *ast.IndexExpr) *Value {
	base := w.expr(e.X)
	switch base.Kind {
	case AccountList:
		if i, ok := intLit(e.Index); ok {
			return w.listItem(base, i, e)
		}
		if r, ok := e.Index.(*ast.RangeExpr); ok {
			// &accounts[4..], &accounts[..n]: the list from the range's start.
			start, known := 0, true
			if r.Lo != nil {
				start, known = intLit(r.Lo)
			}
			w.expr(r.Lo)
			w.expr(r.Hi)
			return subList(base, start, known)
		}
		w.expr(e.Index)
		return w.element(base, e)
	case Key:
		w.expr(e.Index)
		return base // bytes of the key (key.to_bytes()[..32])
	case RawData:
		r, ok := e.Index.(*ast.RangeExpr)
		if !ok {
			w.expr(e.Index)
			return unknown
		}
		w.expr(r.Lo)
		w.expr(r.Hi)
		off := AtStart
		if r.Hi == nil {
			off = Whole
		}
		if r.Lo != nil && !isZeroLit(r.Lo) {
			off = Elsewhere
		}
		if base.Offset == Elsewhere {
			off = Elsewhere
		}
		return &Value{Kind: RawData, Acc: base.Acc, Offset: off, Node: e}
	case Data, Field:
		w.expr(e.Index)
		return fieldOf(base, "[]")
	case Arg:
		w.expr(e.Index)
		return base
	case Struct:
		if lit, ok := e.Index.(*ast.LitExpr); ok && lit.Kind == token.INT {
			return base.field(lit.Value)
		}
		if r, ok := e.Index.(*ast.RangeExpr); ok && r.Lo == nil && r.Hi == nil {
			return base // &seeds[..]
		}
	}
	w.expr(e.Index)
	return unknown
}

func isZeroLit(x ast.Expr) bool {
	lit, ok := x.(*ast.LitExpr)
	return ok && lit.Kind == token.INT && strings.Trim(lit.Value, "0_") == "" || ok && strings.HasPrefix(lit.Value, "0u") || ok && strings.HasPrefix(lit.Value, "0i")
}

func (w *walker) binary(e *ast.BinaryExpr) *Value {
	switch e.Op {
	case token.EQEQ, token.NE:
		x, y := w.expr(e.X), w.expr(e.Y)
		r := w.relate(x, y, true, e, e.Op.String())
		return &Value{Kind: Bool, Rel: r}
	case token.ANDAND, token.OROR:
		w.expr(e.X)
		w.expr(e.Y)
		return unknown
	}
	w.expr(e.X)
	w.expr(e.Y)
	return unknown
}

// relate records a comparison of two values, when one of them says something of an account.
func (w *walker) relate(x, y *Value, equal bool, n ast.Node, what string) *Relation {
	if !relevant(x) && !relevant(y) {
		return nil
	}
	// sol_memcmp(a, b, 32) == 0 compares a and b.
	if x.Kind == Bool && x.Rel != nil {
		return x.Rel
	}
	r := &Relation{X: x, Y: y, Equal: equal, Site: w.site(n, what)}
	w.facts.Relations = append(w.facts.Relations, r)
	return r
}

// relevant reports a value a comparison of which can say something of an account.
func relevant(v *Value) bool {
	switch v.Kind {
	case Key, Owner, Field, Derived, AccountRef, Data:
		return true
	}
	return false
}

func (w *walker) assign(e *ast.AssignExpr) *Value {
	y := w.expr(e.Y)
	if pe, ok := e.X.(*ast.PathExpr); ok && e.Op == token.EQ && len(pe.Path.Segments) == 1 && !pe.Path.Global {
		// local = value: the local may hold either what it held or the new value (branches
		// are walked one after the other; a local declared without a value holds the new).
		name := pe.Path.Segments[0].Name.Name
		if old, bound := w.env[name]; bound {
			w.env[name] = join(old, y)
			return unknown
		}
	}
	x := w.expr(e.X)
	switch x.Kind {
	case Field, Data:
		w.facts.Writes = append(w.facts.Writes, &DataWrite{Acc: x.Acc, Path: x.Path, Value: y, Site: w.site(e, "assignment")})
	case RawData:
		w.facts.Writes = append(w.facts.Writes, &DataWrite{Acc: x.Acc, Site: w.site(e, "data assignment")})
	case Lamports:
		switch e.Op {
		case token.PLUS_EQ:
			w.lamports(x.Acc, true, e)
		case token.MINUS_EQ:
			w.lamports(x.Acc, false, e)
		case token.EQ:
			switch direction(e.Y) {
			case 1:
				w.lamports(x.Acc, true, e)
			case -1:
				w.lamports(x.Acc, false, e)
			}
		}
	}
	_ = y
	return unknown
}

// direction reads whether a new lamports value adds (1) or takes (-1): a + b, checked_add,
// a - b, checked_sub, 0.
func direction(x ast.Expr) int {
	for {
		switch e := x.(type) {
		case *ast.ParenExpr:
			x = e.X
			continue
		case *ast.TryExpr:
			x = e.X
			continue
		case *ast.LitExpr:
			if isZeroLit(e) {
				return -1
			}
		case *ast.BinaryExpr:
			switch e.Op {
			case token.PLUS:
				return 1
			case token.MINUS:
				return -1
			}
		case *ast.MethodCallExpr:
			switch e.Name.Name {
			case "checked_add", "saturating_add", "wrapping_add":
				return 1
			case "checked_sub", "saturating_sub", "wrapping_sub":
				return -1
			case "unwrap", "expect", "ok_or", "ok_or_else", "map_err":
				x = e.Recv
				continue
			}
		}
		return 0
	}
}

func (w *walker) lamports(acc string, credit bool, n ast.Node) {
	what := "lamports debited"
	if credit {
		what = "lamports credited"
	}
	w.facts.Lamports = append(w.facts.Lamports, &LamportsChange{Acc: acc, Credit: credit, Site: w.site(n, what)})
}

func (w *walker) structExpr(e *ast.StructExpr) *Value {
	name := ""
	if l := e.Path.Last(); l != nil {
		name = l.Name.Name
	}
	s := &Value{Kind: Struct, Type: name, Fields: map[string]*Value{}, Node: e}
	for _, f := range e.Fields {
		if f.Value == nil {
			s.Fields[f.Name.Name] = w.path(&ast.PathExpr{Path: &ast.Path{Segments: []*ast.PathSegment{{Name: f.Name}}, From: f.Name.Pos(), To: f.Name.End()}})
			continue
		}
		s.Fields[f.Name.Name] = w.expr(f.Value)
	}
	if e.Base != nil {
		w.expr(e.Base)
	}
	if name == "Instruction" {
		s.Kind = InstructionValue
		s.Builder = "Instruction"
	}
	return s
}

// accountsIn lists the accounts a value holds or reads.
func accountsIn(v *Value, out map[string]bool, depth int) {
	if v == nil || depth > 6 {
		return
	}
	switch v.Kind {
	case AccountRef, Key, Owner, Lamports, RawData, Data, Field:
		if v.Acc != "" {
			out[v.Acc] = true
		}
	case Struct, CpiContext, InstructionValue:
		for _, f := range v.Fields {
			accountsIn(f, out, depth+1)
		}
	case AccountList, AccountIter:
		if v.Acc == remaining {
			out[remaining] = true // the list itself, handed on whole
		}
	}
}

// unresolvedCall notes the accounts handed to code the walk does not follow.
func (w *walker) unresolvedCall(vals ...*Value) {
	accs := map[string]bool{}
	for _, v := range vals {
		if v != nil && (v.Kind == AccountRef || v.Kind == Struct || v.Kind == CpiContext) {
			accountsIn(v, accs, 0)
		}
	}
	for a := range accs {
		w.facts.unresolved(a)
	}
}
