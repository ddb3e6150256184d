package validation

import (
	"slices"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// remaining names ctx.remaining_accounts among an Anchor instruction's accounts.
const remaining = "remaining_accounts"

// Instruction is one instruction of the program: an Anchor handler with its Accounts struct,
// or a native processor (one arm of the entrypoint's dispatch).
type Instruction struct {
	Name  string
	Entry *model.Function
	// Handler and Struct are set for Anchor instructions (Struct nil when the Accounts type is
	// not in the crate).
	Handler *model.Handler
	Struct  *model.AccountsStruct
	// Node is where the instruction starts: the handler, or the dispatch arm.
	Node ast.Node
	// Facts are what its code and constraints establish.
	Facts Facts
	// Accounts are its accounts: the Accounts struct's fields (nested ones as "outer.inner"),
	// remaining_accounts, or the native accounts its code takes from the list, in order.
	Accounts []*Account
	byName   map[string]*Account

	next  int            // the next native account's index
	slots map[int]string // native accounts by index
}

func newInstruction(name string, entry *model.Function, node ast.Node) *Instruction {
	return &Instruction{Name: name, Entry: entry, Node: node, byName: map[string]*Account{}, slots: map[int]string{},
		Facts: Facts{Code: map[*model.Function]bool{entry: true}}}
}

// Account returns the instruction's account named name, or nil.
func (in *Instruction) Account(name string) *Account { return in.byName[name] }

func (in *Instruction) addAccount(name string, field *model.AccountField, node ast.Node) *Account {
	if a := in.byName[name]; a != nil {
		return a
	}
	a := &Account{Name: name, Field: field, Node: node, in: in}
	in.Accounts = append(in.Accounts, a)
	in.byName[name] = a
	return a
}

// bindNative names a native account the code takes from the list (next_account_info, a slice
// pattern, accounts[i]) by the local it is bound to.
func (in *Instruction) bindNative(name string, v *Value, fn *model.Function) *Value {
	idx := v.Index
	if idx < 0 {
		idx = in.next
	}
	in.next = idx + 1
	if prev, ok := in.slots[idx]; ok && v.Index >= 0 {
		return &Value{Kind: AccountRef, Acc: prev, Node: v.Node}
	}
	id := name
	for n := 2; in.byName[id] != nil; n++ {
		id = name + "#" + strconv.Itoa(n)
	}
	in.slots[idx] = id
	a := in.addAccount(id, nil, v.Node)
	a.Index = idx
	a.Fn = fn
	return &Value{Kind: AccountRef, Acc: id, Node: v.Node}
}

// contextValue is the Context an Anchor handler receives.
func (m *Model) contextValue(as *model.AccountsStruct) *Value {
	ctx := &Value{Kind: Struct, Type: "Context", Fields: map[string]*Value{
		"remaining_accounts": {Kind: AccountList, Acc: remaining},
		"program_id":         {Kind: ProgramID},
		"bumps":              {Kind: Struct, Type: "bumps", Fields: map[string]*Value{}},
	}}
	if as != nil {
		ctx.Fields["accounts"] = m.accountsValue(as, "", 0)
	} else {
		ctx.Fields["accounts"] = &Value{Kind: Struct, Fields: map[string]*Value{}}
	}
	return ctx
}

// accountsValue is an Accounts struct whose fields are the instruction's accounts.
func (m *Model) accountsValue(as *model.AccountsStruct, prefix string, depth int) *Value {
	s := &Value{Kind: Struct, Type: as.Name, Fields: map[string]*Value{}}
	for _, f := range as.Fields {
		if f.Name == "" {
			continue
		}
		if nested := m.nestedAccounts(f); nested != nil && depth < 3 {
			s.Fields[f.Name] = m.accountsValue(nested, prefix+f.Name+".", depth+1)
			continue
		}
		s.Fields[f.Name] = &Value{Kind: AccountRef, Acc: prefix + f.Name, Type: f.Type.Inner, Deref: derefs(f), Wrapper: f.Type.Name}
	}
	return s
}

// nestedAccounts is the Accounts struct a composite field holds, or nil.
func (m *Model) nestedAccounts(f *model.AccountField) *model.AccountsStruct {
	if f.Type.Kind != model.KindOther {
		return nil
	}
	return m.prog.AccountsStruct(f.Type.Name)
}

// anchorInstructions walks every handler of the #[program] modules; without any, the
// functions taking a Context are the instructions (legacy dispatchers).
func (m *Model) anchorInstructions() {
	var handlers []*model.Handler
	for _, ap := range m.prog.Anchor {
		handlers = append(handlers, ap.Handlers...)
	}
	if len(handlers) == 0 && len(m.prog.Entrypoints) == 0 {
		for _, fn := range m.prog.Functions {
			if as := m.prog.ContextAccounts(fn); as != nil && fn.SelfType == "" && !inTests(fn) {
				h := &model.Handler{Name: fn.Name, Func: fn, AccountsType: as.Name, Accounts: as}
				if ip, ok := fn.Decl.Params[0].Pat.(*ast.IdentPat); ok {
					h.Ctx = ip.Name.Name
				}
				handlers = append(handlers, h)
			}
		}
	}
	for _, h := range handlers {
		in := newInstruction(h.Name, h.Func, h.Func.Decl)
		in.Handler, in.Struct = h, h.Accounts
		env := map[string]*Value{}
		for i, prm := range h.Func.Decl.Params {
			ip, ok := prm.Pat.(*ast.IdentPat)
			if !ok {
				continue
			}
			if i == 0 {
				env[ip.Name.Name] = m.contextValue(h.Accounts)
			} else {
				env[ip.Name.Name] = &Value{Kind: Arg, Path: ip.Name.Name}
			}
		}
		if h.Accounts != nil {
			m.declareAccounts(in, h.Accounts, "", 0)
			in.addAccount(remaining, nil, h.Func.Decl)
			m.constraintFacts(in, h.Accounts, "", 0)
		}
		w := &walker{m: m, fn: h.Func, file: h.Func.File, env: env, facts: &in.Facts, inst: in, self: h.Func.SelfType}
		w.accessControl(h.Func)
		w.block(h.Func.Decl.Body)
		m.Instructions = append(m.Instructions, in)
	}
}

// declareAccounts lists an Accounts struct's fields as the instruction's accounts.
func (m *Model) declareAccounts(in *Instruction, as *model.AccountsStruct, prefix string, depth int) {
	for _, f := range as.Fields {
		if f.Name == "" {
			continue
		}
		if nested := m.nestedAccounts(f); nested != nil && depth < 3 {
			m.declareAccounts(in, nested, prefix+f.Name+".", depth+1)
			continue
		}
		in.addAccount(prefix+f.Name, f, f.Field)
	}
}

// accessControl walks the checks of fn's #[access_control(...)] attributes in w's
// environment (they run before the function's body, with its arguments).
func (w *walker) accessControl(fn *model.Function) {
	for _, a := range fn.Decl.Attrs {
		if a.Doc || a.Path == nil || a.Path.Last() == nil || a.Path.Last().Name.Name != "access_control" || a.Args == nil {
			continue
		}
		for _, toks := range splitTopLevel(a.Args.Tokens) {
			if x, err := parser.ParseTokens(w.m.prog.Fset, toks); err == nil {
				w.cond++
				w.expr(x)
				w.cond--
			}
		}
	}
}

// splitTopLevel splits tokens at commas outside brackets (and at the other separators given).
func splitTopLevel(toks []token.Token, seps ...token.Kind) [][]token.Token {
	var out [][]token.Token
	depth, start := 0, 0
	for i, t := range toks {
		switch t.Kind {
		case token.LPAREN, token.LBRACK, token.LBRACE:
			depth++
		case token.RPAREN, token.RBRACK, token.RBRACE:
			depth--
		}
		if depth == 0 && (t.Kind == token.COMMA || slices.Contains(seps, t.Kind)) {
			if i > start {
				out = append(out, toks[start:i])
			}
			start = i + 1
		}
	}
	if start < len(toks) {
		out = append(out, toks[start:])
	}
	return out
}

// nativeInstructions walks the native entrypoints' processors; a dispatching match (arms that
// hand the account list to different code) makes one instruction per arm. A crate without an
// entrypoint or a #[program] has its top-level processors (functions taking the account list
// that no function of the crate calls) as entries.
func (m *Model) nativeInstructions() {
	var roots []*model.Function
	for _, e := range m.prog.Entrypoints {
		if e.Func != nil {
			roots = append(roots, e.Func)
		}
	}
	if len(roots) == 0 && len(m.prog.Anchor) == 0 {
		called := map[string]bool{}
		for _, fn := range m.prog.Functions {
			for _, c := range fn.Calls() {
				if !c.Macro {
					called[c.Name()] = true
				}
			}
		}
		for _, fn := range m.prog.Functions {
			if inTests(fn) || m.prog.ContextAccounts(fn) != nil {
				continue
			}
			if (fn.IsNativeProcessor() || len(fn.AccountInfoParams()) > 0) && !called[fn.Name] {
				roots = append(roots, fn)
			}
		}
	}
	for _, fn := range roots {
		m.walkNative(fn)
	}
}

func (m *Model) walkNative(fn *model.Function) {
	in := newInstruction(fn.Name, fn, fn.Decl)
	env := map[string]*Value{}
	programID := false
	for _, prm := range fn.Decl.Params {
		ip, ok := prm.Pat.(*ast.IdentPat)
		if !ok {
			continue
		}
		name := ip.Name.Name
		switch {
		case isAccountList(prm.Type):
			env[name] = &Value{Kind: AccountList, Acc: name}
		case isRefTo(prm.Type, "AccountInfo"):
			env[name] = in.bindNative(name, &Value{Kind: AccountRef, Index: -1}, fn)
		case !programID && isRefTo(prm.Type, "Pubkey"):
			env[name] = &Value{Kind: ProgramID}
			programID = true
		default:
			env[name] = &Value{Kind: Arg, Path: name}
		}
	}
	d := &dispatch{m: m, root: in}
	w := &walker{m: m, fn: fn, file: fn.File, env: env, facts: &in.Facts, inst: in, self: fn.SelfType, split: d.split}
	w.accessControl(fn)
	w.block(fn.Decl.Body)
	if len(d.arms) > 0 {
		m.Instructions = append(m.Instructions, d.finish(&in.Facts, in.Accounts)...)
		return
	}
	m.Instructions = append(m.Instructions, in)
}

// dispatch splits a native entry's dispatching match into instructions.
type dispatch struct {
	m    *Model
	root *Instruction
	arms []*arm
}

// arm is one instruction of a dispatch, and the dispatch of its own it may hold.
type arm struct {
	in  *Instruction
	sub *dispatch
}

// split is called at each match the root walk meets (in the entry or code it follows): when
// the arms hand the accounts to code of their own (two at least; besides arms that only fail),
// each arm is walked as an instruction of its own. What the code around the match
// establishes, before or after it, is added to every arm when the walk is over (finish).
func (d *dispatch) split(w *walker, arms []*ast.MatchArm, x *Value) bool {
	if len(d.arms) > 0 || x.Kind != Arg {
		return false // a dispatch matches on instruction data
	}
	var holders []string
	for name, v := range w.env {
		if v.IsAccountish() {
			holders = append(holders, name)
		}
	}
	handsOn, other := 0, 0
	names := map[string]bool{}
	for _, arm := range arms {
		switch {
		case mentionsAny(arm.Body, holders) || mentionsAny(arm.Pat, holders):
			handsOn++
			_, callee := armCall(arm, holders)
			if callee == "" {
				callee = armName(arm, holders)
			}
			names[callee] = true
		case callsCode(arm.Body):
			other++
		}
	}
	// A dispatch: the arms hand accounts to code of their own, different functions (besides
	// arms that only fail or do nothing, and a few that work on what the code took before).
	if handsOn < 2 || other > 1 && other*4 > handsOn || len(names) < 2 {
		return false
	}
	// Arms that hand the accounts to functions of one name (X::parse, Y::parse) are named
	// after their variants.
	count := map[string]int{}
	for _, ma := range arms {
		count[armName(ma, holders)]++
	}
	for _, ma := range arms {
		if !mentionsAny(ma.Body, holders) && !callsCode(ma.Body) {
			continue
		}
		name := armName(ma, holders)
		if count[name] > 1 {
			if v := variantName(ma); v != "" {
				name = v
			}
		}
		in := newInstruction(name, d.root.Entry, ma)
		env := make(map[string]*Value, len(w.env))
		for k, v := range w.env {
			env[k] = v
		}
		for _, a := range d.root.Accounts {
			// Accounts bound before the match belong to every arm.
			na := in.addAccount(a.Name, a.Field, a.Node)
			na.Index, na.Fn = a.Index, a.Fn
			in.slots[a.Index] = a.Name
		}
		in.next = d.root.next
		// An arm may dispatch again (a match on the instruction's kind, then on its
		// variant): its own arms then replace it.
		sub := &dispatch{m: d.m, root: in}
		aw := &walker{m: d.m, fn: w.fn, file: w.file, env: env, facts: &in.Facts, inst: in, depth: w.depth, self: w.self, split: sub.split}
		aw.bind(ma.Pat, x)
		if ma.Guard != nil {
			aw.cond++
			aw.expr(ma.Guard)
			aw.cond--
		}
		aw.expr(ma.Body)
		d.arms = append(d.arms, &arm{in: in, sub: sub})
	}
	return true
}

// finish gives every arm what the code around its dispatch established (outer, with the
// accounts it took) and returns the instructions.
func (d *dispatch) finish(outer *Facts, accounts []*Account) []*Instruction {
	var out []*Instruction
	for _, a := range d.arms {
		for _, acc := range accounts {
			if a.in.byName[acc.Name] == nil {
				na := a.in.addAccount(acc.Name, acc.Field, acc.Node)
				na.Index, na.Fn = acc.Index, acc.Fn
			}
		}
		if len(a.sub.arms) > 0 {
			merged := &Facts{}
			merged.add(outer)
			merged.add(&a.in.Facts)
			out = append(out, a.sub.finish(merged, a.in.Accounts)...)
			continue
		}
		a.in.Facts.add(outer)
		out = append(out, a.in)
	}
	return out
}

// armName names a dispatch arm's instruction after the function it hands the accounts to, or
// after the variant it matches.
func armName(arm *ast.MatchArm, lists []string) string {
	if name, _ := armCall(arm, lists); name != "" {
		return name
	}
	if v := variantName(arm); v != "" {
		return v
	}
	return "arm@" + strconv.Itoa(int(arm.Pos()))
}

// armCall returns the name and the written path of the function an arm hands the accounts
// to ("parse", "OpenArgs::parse"), or "".
func armCall(arm *ast.MatchArm, lists []string) (name, path string) {
	ast.Inspect(arm.Body, func(n ast.Node) bool {
		if name != "" {
			return false
		}
		var fun, full string
		var args []ast.Expr
		switch c := n.(type) {
		case *ast.CallExpr:
			if pe, ok := c.Fun.(*ast.PathExpr); ok {
				fun, full, args = pe.Path.Last().Name.Name, pe.Path.String(), c.Args
			}
		case *ast.MethodCallExpr:
			fun, full, args = c.Name.Name, c.Name.Name, c.Args
		}
		if fun == "next_account_info" || fun == "next_account_infos" {
			return true
		}
		for _, a := range args {
			if mentionsAny(a, lists) {
				name, path = fun, full
			}
		}
		return true
	})
	return name, path
}

// variantName is the name of the variant an arm matches, or "".
func variantName(arm *ast.MatchArm) string {
	var path *ast.Path
	switch p := arm.Pat.(type) {
	case *ast.PathPat:
		path = p.Path
	case *ast.StructPat:
		path = p.Path
	case *ast.TupleStructPat:
		path = p.Path
	}
	if l := path.Last(); l != nil {
		return l.Name.Name
	}
	return ""
}

// mentionsAny reports a path naming one of names under n.
func mentionsAny(n ast.Node, names []string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if pe, ok := n.(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 {
			for _, name := range names {
				if pe.Path.Segments[0].Name.Name == name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

func isAccountList(t ast.Type) bool {
	rt, ok := t.(*ast.RefType)
	if !ok {
		return false
	}
	st, ok := rt.Elem.(*ast.SliceType)
	return ok && typeLast(st.Elem) == "AccountInfo"
}

func isRefTo(t ast.Type, name string) bool {
	rt, ok := t.(*ast.RefType)
	return ok && typeLast(rt.Elem) == name
}

func typeLast(t ast.Type) string {
	if pt, ok := t.(*ast.PathType); ok {
		if l := pt.Path.Last(); l != nil {
			return l.Name.Name
		}
	}
	return ""
}

// inTests reports functions of test modules, #[test] functions and functions of test files.
func inTests(fn *model.Function) bool {
	if model.HasAttr(fn.Decl.Attrs, "test") {
		return true
	}
	for part := range strings.SplitSeq(fn.Module, "::") {
		if part == "tests" || part == "test" {
			return true
		}
	}
	if fn.File != nil {
		for part := range strings.SplitSeq(fn.File.Path, "/") {
			switch part {
			case "tests", "benches", "examples":
				return true
			}
		}
	}
	return false
}

// callsCode reports a call under n other than the failing and logging ones (Err(..),
// unimplemented!, panic!, msg!).
func callsCode(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		switch c := n.(type) {
		case *ast.CallExpr:
			if pe, ok := c.Fun.(*ast.PathExpr); ok {
				switch pe.Path.Last().Name.Name {
				case "Err", "Ok", "from", "into":
					return true
				}
			}
			found = true
		case *ast.MethodCallExpr:
			switch c.Name.Name {
			case "into", "map_err":
				return true
			}
			found = true
		}
		return !found
	})
	return found
}

// derefs reports an Accounts field whose type dereferences to its data (Account,
// InterfaceAccount): vault.owner is then a field of the data.
func derefs(f *model.AccountField) bool {
	return f.Type.Kind == model.KindAccount || f.Type.Kind == model.KindInterfaceAccount
}
