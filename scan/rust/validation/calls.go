package validation

import (
	"slices"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// passThrough are methods whose result stands for their receiver: conversions, borrows,
// clones, unwrapping.
var passThrough = map[string]bool{
	"to_account_info": true, "clone": true, "as_ref": true, "as_mut": true, "deref": true, "deref_mut": true,
	"to_owned": true, "as_deref": true, "info": true, "unwrap": true, "expect": true, "unwrap_or_default": true,
	"into": true, "to_bytes": true, "as_array": true, "to_le_bytes": true, "to_be_bytes": true, "as_bytes": true,
	"as_slice": true, "borrow": true, "try_borrow": true, "map_err": true, "ok_or": true, "ok_or_else": true,
	"copied": true, "cloned": true, "to_vec": true, "as_key": true, "as_account_info": true, "get": true,
	"unwrap_or": true, "context": true, "with_context": true, "as_ptr": true, "or": true, "or_else": true,
	"unwrap_or_else": true, "inspect_err": true, "ok": true, "as_deref_mut": true, "to_account_infos": true,
}

// builtinKind reports values of Solana's own types (keys, lamports, data bytes, account lists,
// CPI contexts, addresses): the crate's methods are not theirs.
func builtinKind(k Kind) bool {
	switch k {
	case Key, Owner, Lamports, RawData, AccountList, AccountIter, CpiContext, Const, ProgramID, Derived, Bool:
		return true
	}
	return false
}

// accountMethods are the methods of Anchor's and Solana's account types.
var accountMethods = map[string]bool{
	"key": true, "pubkey": true, "owner": true, "lamports": true, "get_lamports": true, "try_borrow_data": true,
	"try_borrow_mut_data": true, "try_borrow_lamports": true, "try_borrow_mut_lamports": true, "load": true,
	"load_mut": true, "load_init": true, "reload": true, "exit": true, "set_inner": true, "realloc": true,
	"resize": true, "assign": true, "is_owned_by": true, "sub_lamports": true, "add_lamports": true,
	"to_account_info": true, "clone": true, "as_ref": true, "data_is_empty": true, "data_len": true,
	"is_signer": true, "is_writable": true, "executable": true,
}

// iterAdapters pass their receiver's elements to a closure argument.
var iterAdapters = map[string]bool{
	"find": true, "filter": true, "map": true, "any": true, "all": true, "position": true, "for_each": true,
	"find_map": true, "filter_map": true, "take_while": true, "skip_while": true, "flat_map": true,
}

func (w *walker) methodCall(e *ast.MethodCallExpr) *Value {
	recv := w.named(w.expr(e.Recv))
	name := e.Name.Name
	args := make([]*Value, len(e.Args))
	for i, a := range e.Args {
		if c, ok := a.(*ast.ClosureExpr); ok && iterAdapters[name] {
			args[i] = w.closure(c, w.element(recv, c))
			continue
		}
		args[i] = w.expr(a)
	}
	arg := func(i int) *Value {
		if i < len(args) {
			return args[i]
		}
		return unknown
	}
	// The crate's own methods, unless the receiver is an account and the method one of the
	// account types' own (AccountLoader::load, key, to_account_info, ...).
	if !(recv.Kind == AccountRef && accountMethods[name]) && !builtinKind(recv.Kind) {
		if fns := w.resolveMethod(name, recv, len(args)); len(fns) > 0 {
			if v, ok := w.inline(fns, recv, args, e); ok {
				return v
			}
		}
	}
	switch recv.Kind {
	case Struct:
		if recv.Type == "[]" {
			switch name {
			case "iter", "into_iter", "map", "collect", "chunks", "to_vec", "concat", "as_slice", "cloned", "copied":
				return recv // the same elements, as far as seeds go
			}
		}
	case AccountRef:
		switch name {
		case "key", "pubkey":
			return &Value{Kind: Key, Acc: recv.Acc, Node: e}
		case "owner":
			return &Value{Kind: Owner, Acc: recv.Acc, Node: e}
		case "lamports", "get_lamports":
			return &Value{Kind: Lamports, Acc: recv.Acc, Node: e}
		case "try_borrow_data", "data_as_slice":
			w.read(recv.Acc, "", ReadRaw, false, e, "data borrowed")
			return &Value{Kind: RawData, Acc: recv.Acc, Node: e}
		case "try_borrow_mut_data", "data_as_mut_slice":
			w.write(recv.Acc, e, "data borrowed mutably")
			return &Value{Kind: RawData, Acc: recv.Acc, Node: e}
		case "try_borrow_mut_lamports", "try_borrow_lamports":
			return &Value{Kind: Lamports, Acc: recv.Acc, Node: e}
		case "load", "load_mut", "load_init":
			w.read(recv.Acc, recv.Type, ReadTyped, true, e, "AccountLoader::"+name)
			if name != "load" {
				w.write(recv.Acc, e, "AccountLoader::"+name)
			}
			return &Value{Kind: Data, Acc: recv.Acc, Type: recv.Type, Node: e}
		case "reload":
			w.read(recv.Acc, recv.Type, ReadTyped, true, e, "reload")
			return unknown
		case "exit", "set_inner", "realloc", "resize", "assign":
			w.write(recv.Acc, e, name)
			return unknown
		case "is_owned_by", "owned_by":
			w.relate(&Value{Kind: Owner, Acc: recv.Acc, Node: e}, arg(0), true, e, name)
			return unknown
		case "sub_lamports":
			w.lamports(recv.Acc, false, e)
			return unknown
		case "add_lamports":
			w.lamports(recv.Acc, true, e)
			return unknown
		case "is_signer":
			if w.cond > 0 {
				w.facts.Signers = append(w.facts.Signers, &SignerCheck{Acc: recv.Acc, Site: w.site(e, "is_signer tested")})
			}
			return unknown
		case "data_is_empty", "data_len", "is_writable", "executable":
			return unknown
		}
	case RawData:
		switch name {
		case "borrow_mut", "try_borrow_mut":
			w.write(recv.Acc, e, "data borrowed mutably")
			return recv
		case "borrow", "try_borrow":
			w.read(recv.Acc, "", ReadRaw, false, e, "data borrowed")
			return recv
		case "len", "is_empty":
			return unknown
		}
	case Lamports:
		switch name {
		case "borrow_mut", "try_borrow_mut":
			return recv
		}
	case AccountList:
		switch name {
		case "split_at", "split_at_mut":
			n, known := 0, false
			if len(e.Args) == 1 {
				n, known = intLit(e.Args[0])
			}
			return &Value{Kind: Struct, Fields: map[string]*Value{"0": recv, "1": subList(recv, n, known)}, Node: e}
		case "split_first", "split_last":
			return &Value{Kind: Struct, Fields: map[string]*Value{"0": w.element(recv, e), "1": recv}, Node: e}
		case "iter", "into_iter", "iter_mut":
			return &Value{Kind: AccountIter, Acc: recv.Acc, Node: e}
		case "get", "first", "last":
			if name == "get" && len(e.Args) == 1 {
				if i, ok := intLit(e.Args[0]); ok {
					return w.listItem(recv, i, e)
				}
			}
			if name == "first" {
				return w.listItem(recv, 0, e)
			}
			return w.element(recv, e)
		case "len", "is_empty":
			return unknown
		}
	case AccountIter:
		switch name {
		case "next":
			return w.nextAccount(recv, e)
		case "as_slice":
			return &Value{Kind: AccountList, Acc: recv.Acc, Node: e}
		}
		if iterAdapters[name] || name == "take" || name == "skip" || name == "enumerate" {
			return recv
		}
	case CpiContext:
		switch name {
		case "with_signer":
			c := *recv
			c.Signed, c.Seeds, c.SeedsNode = true, seedList(arg(0)), seedsNode(arg(0))
			return &c
		case "with_remaining_accounts":
			return recv
		}
	}
	switch name {
	case "contains", "binary_search":
		// members.contains(&key): a test of membership compares key with what the list holds.
		if recv.Kind == Field || recv.Kind == Data {
			r := w.relate(fieldOf(recv, "[]"), arg(0), true, e, "."+name+"()")
			return &Value{Kind: Bool, Rel: r}
		}
	case "push", "extend_from_slice", "extend", "append":
		// v.push(x) on a local vector: the vector now holds x too (seeds built step by step).
		if pe, ok := e.Recv.(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 {
			local := pe.Path.Segments[0].Name.Name
			if cur, ok := w.env[local]; ok {
				grown := &Value{Kind: Struct, Type: "[]", Fields: map[string]*Value{}, Node: e}
				n := 0
				switch {
				case cur.Kind == Struct && cur.Type == "[]":
					for ; cur.Fields[strconv.Itoa(n)] != nil; n++ {
						grown.Fields[strconv.Itoa(n)] = cur.Fields[strconv.Itoa(n)]
					}
				case cur.Kind != Unknown:
					grown.Fields["0"], n = cur, 1
				}
				if a := arg(0); n == 0 || grown.Fields[strconv.Itoa(n-1)].String() != a.String() {
					grown.Fields[strconv.Itoa(n)] = a // a key pushed byte by byte is one seed
				}
				w.env[local] = grown
			}
		}
		return unknown
	case "eq", "ne":
		r := w.relate(recv, arg(0), true, e, "."+name+"()")
		return &Value{Kind: Bool, Rel: r}
	case "serialize", "try_serialize", "pack_into_slice", "serialize_into", "write_all":
		if a := arg(0); a.Kind == RawData {
			w.facts.Writes = append(w.facts.Writes, &DataWrite{Acc: a.Acc, Type: recv.Type, Offset: a.Offset, Value: recv, Site: w.site(e, name)})
		}
		return unknown
	case "key":
		if recv.Kind == Key {
			return recv
		}
	}
	if passThrough[name] {
		return recv
	}
	w.unresolvedCall(append([]*Value{recv}, args...)...)
	if recv.Kind == Arg {
		return recv // a value computed from instruction data
	}
	return unknown
}

// nextAccount is the next account of an iterator: a native account of the instruction.
func (w *walker) nextAccount(it *Value, n ast.Node) *Value {
	if it.Acc == remaining {
		return w.element(it, n)
	}
	return &Value{Kind: AccountRef, Node: n, Index: -1}
}

func (w *walker) call(e *ast.CallExpr) *Value {
	pe, ok := e.Fun.(*ast.PathExpr)
	if f := w.funcValue(e.Fun, pe); f != nil {
		args := make([]*Value, len(e.Args))
		for i, a := range e.Args {
			args[i] = w.expr(a)
		}
		v, _ := w.inline(f.Fns, nil, args, e)
		return v
	}
	if !ok {
		w.expr(e.Fun)
		for _, a := range e.Args {
			w.expr(a)
		}
		return unknown
	}
	raw := pe.Path.String()
	path := w.file.Resolve(raw)
	last := raw[strings.LastIndex(raw, ":")+1:]
	args := make([]*Value, len(e.Args))
	for i, a := range e.Args {
		args[i] = w.expr(a)
	}
	arg := func(i int) *Value {
		if i < len(args) {
			return args[i]
		}
		return unknown
	}
	switch last {
	case "Ok", "Some", "Box", "Rc", "RefCell", "Cell":
		return arg(0)
	case "next_account_info", "next_account_infos":
		return w.nextAccount(arg(0), e)
	}
	if fns := w.resolveCall(raw, path, len(args)); len(fns) > 0 {
		var self *Value
		if hasSelfParam(fns[0]) && len(args) == arity(fns[0])+1 {
			self, args = args[0], args[1:] // Type::method(&x, ..)
		}
		if v, ok := w.inline(fns, self, args, e); ok {
			return v
		}
		return unknown
	}
	if v, ok := w.external(path, last, pe, args, e); ok {
		return v
	}
	w.unresolvedCall(args...)
	return dataView(args)
}

// dataView is what an unknown function given an account's data returns: a view of that data
// (RefMut::map(data, ..), a cast of its bytes).
func dataView(args []*Value) *Value {
	for _, a := range args {
		switch a.Kind {
		case RawData, Data:
			return &Value{Kind: Data, Acc: a.Acc, Type: a.Type}
		}
	}
	return unknown
}

// inline follows a call of the crate's functions (several when the call cannot be told
// apart: their facts are joined) with the parameters bound to the arguments. Calls that
// hand over nothing of an account are not followed, unless they take no argument at all
// (accessors of constants).
func (w *walker) inline(fns []*model.Function, self *Value, args []*Value, n ast.Node) (*Value, bool) {
	worth := len(args) == 0 && self == nil
	if self != nil && self.IsAccountish() {
		worth = true
	}
	for _, a := range args {
		worth = worth || a.IsAccountish()
	}
	if !worth {
		for _, a := range append(args, self) {
			if a != nil && a.Kind == Arg {
				return &Value{Kind: Arg, Node: n}, true // computed from instruction data
			}
		}
		return unknown, true
	}
	var out *Value
	for _, fn := range fns {
		v := w.invoke(fn, self, args)
		if out == nil {
			out = v
		} else {
			out = join(out, v)
		}
	}
	return out, true
}

// invoke walks fn for one binding of its parameters, through the model's memo.
func (w *walker) invoke(fn *model.Function, self *Value, args []*Value) *Value {
	if w.depth >= maxDepth || w.m.stack[fn] > 0 {
		w.unresolvedCall(append([]*Value{self}, args...)...)
		return unknown
	}
	params := fn.Decl.Params
	env := map[string]*Value{}
	i := 0
	binds := false
	for _, prm := range params {
		if prm.IsSelf {
			if self != nil {
				env["self"] = self
			}
			continue
		}
		v := unknown
		if i < len(args) {
			v = args[i]
		} else if self != nil && i == 0 && len(args) == 0 {
			v = unknown
		}
		if v.Kind == AccountIter || v.Kind == AccountList && v.Acc != remaining {
			binds = true
		}
		i++
		if prm.Pat != nil {
			c := &walker{env: env, inst: w.inst, fn: fn}
			c.bind(prm.Pat, v)
		}
	}
	// A function given a method receiver that does not take self (an associated
	// function called as x.f()) shifts nothing: its parameters are the arguments.
	var key memoKey
	if !binds {
		key = memoKey{fn: fn, sig: signature(self, args), constraint: w.constraint}
		if m, ok := w.m.memo[key]; ok {
			w.facts.add(m.facts)
			return m.ret
		}
	}
	c := w.child(fn, env)
	w.m.stack[fn]++
	c.accessControl(fn)
	v := c.block(fn.Decl.Body)
	w.m.stack[fn]--
	if c.ret != nil {
		v = join(v, c.ret)
	}
	if v.Kind == Unknown && self != nil && self.Kind == AccountRef {
		// A method that reads its account's data and returns what the walk cannot follow
		// returns a view of that data (a loader of the crate's own).
		for _, r := range c.facts.Reads {
			if r.Acc == self.Acc {
				v = &Value{Kind: Data, Acc: self.Acc, Type: self.Type}
				break
			}
		}
	}
	if !binds {
		w.m.memo[key] = &memoEntry{facts: c.facts, ret: v}
	}
	w.facts.add(c.facts)
	return v
}

type memoKey struct {
	fn         *model.Function
	sig        string
	constraint bool // facts of a constraint's walk are marked so
}

type memoEntry struct {
	facts *Facts
	ret   *Value
}

func signature(self *Value, args []*Value) string {
	var b strings.Builder
	if self != nil {
		b.WriteString(self.String())
	}
	for _, a := range args {
		b.WriteString("|")
		b.WriteString(a.String())
	}
	return b.String()
}

// resolveCall finds the crate's functions a path call may reach: Type::f (methods and
// associated functions of the crate's types), module::f, or a bare f, not a path into
// another crate.
func (w *walker) resolveCall(raw, resolved string, nargs int) []*model.Function {
	return w.builtOnly(w.resolveCallAny(raw, resolved, nargs))
}

// builtOnly drops the functions a #[cfg] leaves out of the default build.
func (w *walker) builtOnly(fns []*model.Function) []*model.Function {
	return slices.DeleteFunc(fns, func(fn *model.Function) bool { return !w.m.built(fn.Decl.Attrs) })
}

func (w *walker) resolveCallAny(raw, resolved string, nargs int) []*model.Function {
	segs := strings.Split(resolved, "::")
	name := segs[len(segs)-1]
	cands := w.m.prog.FunctionsNamed(name)
	if len(cands) == 0 {
		return nil
	}
	if len(segs) == 1 {
		var out []*model.Function
		for _, fn := range cands {
			if fn.SelfType == "" && arityOK(fn, nargs) {
				out = append(out, fn)
			}
		}
		return prefer(out, w.fn)
	}
	qual := segs[len(segs)-2]
	first := segs[0]
	if qual == "Self" {
		qual = w.self
	}
	if isTypeName(qual) {
		var out []*model.Function
		for _, fn := range cands {
			if fn.SelfType == qual && (arityOK(fn, nargs) || hasSelfParam(fn) && arity(fn) == nargs-1) {
				out = append(out, fn)
			}
		}
		if len(out) > 0 && !hasSelfParam(out[0]) {
			return out
		}
		// Type::method(&x, ..): self is the first argument.
		return out
	}
	switch first {
	case "crate", "self", "super":
	default:
		if !w.m.modules[first] {
			return nil // another crate's function
		}
	}
	var out []*model.Function
	for _, fn := range cands {
		if fn.SelfType == "" && arityOK(fn, nargs) && fn != w.fn && (inModule(fn.Module, qual) || qual == "crate" || qual == "super" || qual == "self") {
			out = append(out, fn)
		}
	}
	if len(out) == 0 {
		for _, fn := range cands {
			if fn.SelfType == "" && arityOK(fn, nargs) && fn != w.fn {
				out = append(out, fn)
			}
		}
	}
	return prefer(out, w.fn)
}

// inModule reports a module path with a segment named seg (a module re-exporting its
// submodules' items: instructions::f for crate::instructions::f_mod::f).
func inModule(module, seg string) bool {
	for s := range strings.SplitSeq(module, "::") {
		if s == seg {
			return true
		}
	}
	return false
}

// resolveMethod finds the crate's methods a method call may reach: those of the receiver's
// type when it is known, else every method of that name (at most a few).
func (w *walker) resolveMethod(name string, recv *Value, nargs int) []*model.Function {
	return w.builtOnly(w.resolveMethodAny(name, recv, nargs))
}

func (w *walker) resolveMethodAny(name string, recv *Value, nargs int) []*model.Function {
	cands := w.m.prog.FunctionsNamed(name)
	if len(cands) == 0 {
		return nil
	}
	var out []*model.Function
	for _, fn := range cands {
		if hasSelfParam(fn) && arity(fn) == nargs {
			out = append(out, fn)
		}
	}
	if t := recv.Type; t != "" || recv.Wrapper != "" {
		// A known type: its methods (or its Anchor wrapper's: impl for AccountLoader<T>), or
		// none of the crate's (the method is Anchor's or a trait's of another crate).
		var typed []*model.Function
		for _, fn := range out {
			if t != "" && fn.SelfType == t || recv.Wrapper != "" && fn.SelfType == recv.Wrapper {
				typed = append(typed, fn)
			}
		}
		return typed
	}
	if recv.Kind == AccountRef {
		// A native account: the crate's methods for AccountInfo (extension traits).
		var typed []*model.Function
		for _, fn := range out {
			if fn.SelfType == "AccountInfo" {
				typed = append(typed, fn)
			}
		}
		if len(typed) > 0 {
			return typed
		}
	}
	if len(out) > 3 {
		return nil
	}
	return out
}

// prefer keeps, of several candidates, those of the caller's module.
func prefer(fns []*model.Function, caller *model.Function) []*model.Function {

	if len(fns) <= 1 || caller == nil {
		return fns
	}
	var same []*model.Function
	for _, fn := range fns {
		if fn.Module == caller.Module {
			same = append(same, fn)
		}
	}
	if len(same) > 0 {
		return same
	}
	if len(fns) > 3 {
		return nil
	}
	return fns
}

// arityOK reports a function taking n arguments (n < 0: any).
func arityOK(fn *model.Function, n int) bool { return n < 0 || arity(fn) == n }

func arity(fn *model.Function) int {
	n := 0
	for _, p := range fn.Decl.Params {
		if !p.IsSelf {
			n++
		}
	}
	return n
}

func hasSelfParam(fn *model.Function) bool {
	return len(fn.Decl.Params) > 0 && fn.Decl.Params[0].IsSelf
}

func isTypeName(s string) bool { return s != "" && s[0] >= 'A' && s[0] <= 'Z' }

func (w *walker) read(acc, typ string, how ReadKind, ownerChecked bool, n ast.Node, what string) {
	if acc == "" {
		return
	}
	w.facts.Reads = append(w.facts.Reads, &DataRead{Acc: acc, Type: typ, How: how, OwnerChecked: ownerChecked, Site: w.site(n, what)})
}

func (w *walker) write(acc string, n ast.Node, what string) {
	if acc == "" {
		return
	}
	w.facts.Writes = append(w.facts.Writes, &DataWrite{Acc: acc, Site: w.site(n, what)})
}

// seedList flattens signer seeds (&[&[..]], &[seeds], a local holding them) into the seeds of
// the first signer.
func seedList(v *Value) []*Value {
	for depth := 0; depth < 4 && v.Kind == Struct && v.Type == "[]"; depth++ {
		if len(v.Fields) == 1 {
			if inner := v.Fields["0"]; inner.Kind == Struct && inner.Type == "[]" {
				v = inner
				continue
			}
		}
		break
	}
	if v.Kind != Struct {
		return nil
	}
	out := make([]*Value, 0, len(v.Fields))
	for i := 0; ; i++ {
		f, ok := v.Fields[strconv.Itoa(i)]
		if !ok {
			break
		}
		out = append(out, f)
	}
	return out
}

// funcValue returns the function value a call's callee is when it is a local or parameter
// holding one of the crate's functions (f(args) with f given by a dispatcher), or nil.
func (w *walker) funcValue(fun ast.Expr, pe *ast.PathExpr) *Value {
	if pe != nil && (len(pe.Path.Segments) != 1 || pe.Path.Global) {
		return nil
	}
	var v *Value
	if pe != nil {
		v = w.env[pe.Path.Segments[0].Name.Name]
	} else if _, isParen := fun.(*ast.ParenExpr); isParen {
		v = w.expr(fun)
	}
	if v == nil || v.Kind != FuncRef {
		return nil
	}
	return v
}

// seedsNode is the expression listing signer seeds (the innermost array), for findings to
// point at; the whole argument when the seeds were built elsewhere.
func seedsNode(v *Value) ast.Node {
	n := v.Node
	for depth := 0; depth < 4 && v.Kind == Struct && v.Type == "[]"; depth++ {
		n = v.Node
		if len(v.Fields) != 1 {
			break
		}
		inner := v.Fields["0"]
		if inner.Kind != Struct || inner.Type != "[]" {
			break
		}
		v = inner
	}
	if v.Kind == Struct && v.Node != nil {
		n = v.Node
	}
	return n
}
