package solidity

import (
	"bytes"
	"iter"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// This file holds the queries the access family shares: what a name says a variable holds,
// who chose an address, which writes a public function makes (itself or through helpers), and
// whether a payout is bounded by the caller's own bookkeeping.

// nameWords splits an identifier into lower-case words: _pendingOwner -> pending, owner;
// MAX_FEE_BPS -> max, fee, bps; isAdmin -> is, admin.
func nameWords(name string) []string {
	var words []string
	for w := range wordsOf(name) {
		words = append(words, strings.ToLower(w))
	}
	return words
}

// leadWord returns the first word of name in lower case ("" when it has none) and whether it is
// the only one: most callers judge a name by its first word (is..., init...), and nameWords
// would lower-case and list them all.
func leadWord(name string) (word string, alone bool) {
	n := 0
	for w := range wordsOf(name) {
		if n == 1 {
			return word, false
		}
		word = strings.ToLower(w)
		n++
	}
	return word, n == 1
}

// wordsOf yields the words of an identifier as written (nameWords lowercases them).
func wordsOf(name string) iter.Seq[string] {
	return func(yield func(string) bool) {
		start := -1 // byte offset of the current word's first rune, -1 between words
		prev := rune(-1)
		for i, r := range name {
			end := -1 // where the current word ends, when it ends before r
			switch {
			case r == '_' || r == '$':
				end = i
			case unicode.IsUpper(r):
				// a new word starts at an upper-case letter after a lower-case one, or before a
				// lower-case one in an acronym run (ERC20Owner -> erc20, owner)
				if start >= 0 && (unicode.IsLower(prev) || unicode.IsDigit(prev) || unicode.IsLower(nextRune(name, i))) {
					end = i
				}
			}
			if end >= 0 && start >= 0 {
				if !yield(name[start:end]) {
					return
				}
				start = -1
			}
			if start < 0 && r != '_' && r != '$' {
				start = i
			}
			prev = r
		}
		if start >= 0 {
			yield(name[start:])
		}
	}
}

// nextRune returns the rune after the one at byte offset i of s, or -1 at the end.
func nextRune(s string, i int) rune {
	_, size := utf8.DecodeRuneInString(s[i:])
	if i+size >= len(s) {
		return -1
	}
	r, _ := utf8.DecodeRuneInString(s[i+size:])
	return r
}

// hasWord reports whether one of the words of name is among words (lower case). Detectors ask
// it of every name they judge: it compares in place, without nameWords' lower-case copies.
func hasWord(name string, words ...string) bool {
	for w := range wordsOf(name) {
		for _, x := range words {
			if lowerEquals(w, x) {
				return true
			}
		}
	}
	return false
}

// containsLower reports whether strings.ToLower(s) contains one of subs (lower case), without
// the lower-case copy when s is a short ASCII name: detectors ask it of the names of every call
// and function.
func containsLower(s string, subs ...string) bool {
	var buf [64]byte
	lower, ok := asciiLower(s, buf[:0])
	if !ok {
		l := strings.ToLower(s)
		for _, sub := range subs {
			if strings.Contains(l, sub) {
				return true
			}
		}
		return false
	}
	for _, sub := range subs {
		if bytes.Contains(lower, []byte(sub)) {
			return true
		}
	}
	return false
}

// asciiLower appends s in lower case to buf, or reports false when s is not ASCII or does not
// fit in buf's capacity (the caller's stack buffer).
func asciiLower(s string, buf []byte) ([]byte, bool) {
	if len(s) > cap(buf) {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= utf8.RuneSelf {
			return nil, false
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf = append(buf, c)
	}
	return buf, true
}

// lowerEquals reports whether strings.ToLower(w) == x, without the copy when w is ASCII.
func lowerEquals(w, x string) bool {
	for i := 0; i < len(w); i++ {
		if w[i] >= utf8.RuneSelf {
			return strings.ToLower(w) == x
		}
	}
	if len(w) != len(x) {
		return false
	}
	for i := 0; i < len(w); i++ {
		c := w[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != x[i] {
			return false
		}
	}
	return true
}

// roleWords name variables that hold a privileged party.
var roleWords = []string{"owner", "owners", "admin", "admins", "administrator", "governance", "governor", "gov",
	"minter", "minters", "pauser", "pausers", "guardian", "authority", "authorities", "creator", "controller",
	"manager", "managers", "operator", "operators", "superuser", "root", "role", "roles", "dev", "developer",
	"signer", "signers", "keeper", "keepers", "moderator", "moderators", "whitelister", "treasury", "beneficiary", "ceo", "cfo", "coo"}

// notRoleWords mark per-user delegation rather than privilege (isApprovedForAll, ownerOf).
var notRoleWords = []string{"approved", "approval", "approvals", "allowance", "allowances", "allowed", "of", "nonce", "nonces", "count", "index"}

// isRoleVar reports whether a state variable holds a privileged role: an address, or a mapping
// keyed by address (or a role mapping), named for an owner, admin, minter, ...
func isRoleVar(v *sema.Var) bool {
	if v == nil || v.Kind != sema.StateVar || v.IsConstant() {
		return false
	}
	if !hasWord(v.Name, roleWords...) || hasWord(v.Name, notRoleWords...) {
		return false
	}
	switch t := v.Type.(type) {
	case *sema.Elementary:
		return t.IsAddress()
	case *sema.ContractType:
		return !t.Contract.IsLibrary()
	case *sema.MappingType:
		if sema.IsAddress(t.Key) {
			return true
		}
		return hasWord(v.Name, "role", "roles")
	case *sema.ArrayType:
		return sema.IsAddress(t.Elem)
	}
	return false
}

// isTestContract reports whether c is test code: a Foundry or dapptools test (it derives from
// Test or DSTest, or lives in a .t.sol file), or a mock under test/ or mocks/ or named Mock...:
// it is run by a test harness, not deployed for users.
func isTestContract(c *sema.Contract) bool {
	if c == nil {
		return false
	}
	return sema.Memo(c, testContractKey{}, func() bool { return testContract(c) })
}

type testContractKey struct{}

// testContract is isTestContract's answer, computed once per contract.
func testContract(c *sema.Contract) bool {
	path := "/" + strings.ToLower(c.File.Path)
	if strings.HasSuffix(path, ".t.sol") || strings.HasSuffix(path, ".s.sol") || strings.Contains(path, "/test/") ||
		strings.Contains(path, "/tests/") || strings.Contains(path, "/mocks/") || strings.Contains(path, "/mock/") ||
		strings.HasPrefix(c.Name, "Mock") || strings.HasSuffix(c.Name, "Mock") {
		return true
	}
	return testHarness(c)
}

// testHarness reports whether c derives from a test framework's base (forge-std's Test or
// Script, DSTest) and is a harness: a script, an abstract base of harnesses, or a contract
// that declares what the framework runs (setUp, test..., invariant...). A contract that
// derives from Test only to log (console.log) and declares none of these is the production
// code it looks like, and is analysed as such, with its base resolved or not.
func testHarness(c *sema.Contract) bool {
	derives, script := false, false
	note := func(name string) {
		switch name {
		case "Test", "DSTest", "DSTestPlus", "TestBase":
			derives = true
		case "Script":
			derives, script = true, true
		}
	}
	for _, b := range c.Linearization {
		note(b.Name)
	}
	for _, b := range c.Decl.Bases {
		note(b.Name.String())
	}
	if !derives || script || c.IsAbstract() {
		return derives
	}
	for _, f := range c.Functions {
		name := f.Name
		if name == "setUp" || strings.HasPrefix(name, "test") || strings.HasPrefix(name, "invariant") {
			return true
		}
	}
	return false
}

// entryFunctions returns the functions of the pass anyone may call that can change state
// (test contracts left out).
func entryFunctions(pass []*sema.Function) []*sema.Function {
	var out []*sema.Function
	for _, fn := range pass {
		if isTestContract(fn.Contract) {
			continue
		}
		if fn.IsEntryPoint() && !fn.IsView() && (fn.Contract == nil || !fn.Contract.IsLibrary() && !fn.Contract.IsInterface()) {
			out = append(out, fn)
		}
	}
	return out
}

// unwrapConversion strips address(x), payable(x), address payable(x) and parentheses.
func unwrapConversion(info *sema.FuncInfo, x ast.Expr) ast.Expr {
	for {
		x = ast.Unparen(x)
		c, ok := x.(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return x
		}
		call := info.CallOf[c]
		if call == nil {
			return x
		}
		if call.Kind == sema.CallConversion && (call.Name == "address" || call.Name == "payable" || call.Name == "") ||
			call.Kind == sema.CallBuiltin && (call.Name == "payable" || call.Name == "address") {
			x = c.Args[0]
			continue
		}
		return x
	}
}

// isSender reports whether x is msg.sender, tx.origin or _msgSender().
func isSender(info *sema.FuncInfo, x ast.Expr) bool {
	x = unwrapConversion(info, x)
	if isGlobal(info, x, "msg", "sender") || isGlobal(info, x, "tx", "origin") {
		return true
	}
	if c, ok := x.(*ast.CallExpr); ok && sema.IsCallerAccessor(info, c) {
		return true
	}
	// address sender = _msgSender(); ... sender
	if id, ok := x.(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.LocalVar {
			src := varFlow(info, v)
			return src.Has(sema.SrcSender|sema.SrcOrigin) && src&^(sema.SrcSender|sema.SrcOrigin) == 0
		}
	}
	return false
}

// callerChosen reports whether an address is the caller or one the caller picked: msg.sender,
// a parameter, or a local computed from them and not looked up in storage.
func callerChosen(info *sema.FuncInfo, x ast.Expr) bool {
	x = unwrapConversion(info, x)
	if isSender(info, x) {
		return true
	}
	id, ok := x.(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok {
		return false
	}
	switch v.Kind {
	case sema.ParamVar:
		return true
	case sema.LocalVar, sema.ReturnVar:
		src := varFlow(info, v)
		return src.Has(sema.SrcParam|sema.SrcSender|sema.SrcOrigin) && !src.Has(sema.SrcStorage|sema.SrcCallRet)
	}
	return false
}

// paramChosen reports whether an address is a parameter (or derived from one) but not the
// caller itself.
func paramChosen(info *sema.FuncInfo, x ast.Expr) bool {
	x = unwrapConversion(info, x)
	if isSender(info, x) {
		return false
	}
	src := flowOf(info, x)
	return src.Has(sema.SrcParam) && !src.Has(sema.SrcSender|sema.SrcOrigin|sema.SrcStorage|sema.SrcCallRet)
}

// ethTransfer returns the recipient and amount of a call that sends ether: send, transfer,
// call{value:}, and the helpers everyone uses for it (Address.sendValue,
// SafeTransferLib.safeTransferETH, TransferHelper.safeTransferETH, _safeTransferETH).
func ethTransfer(c *sema.Call) (to, amount ast.Expr, ok bool) {
	switch {
	case c.IsLowLevel("send", "transfer"):
		return c.Target, c.Value, c.Target != nil && c.Value != nil
	case c.IsLowLevel("call", "callcode"):
		return c.Target, c.Value, c.Target != nil && c.SendsValue()
	case c.Kind == sema.CallInternal || c.Kind == sema.CallLibrary || c.Kind == sema.CallExternal || c.Kind == sema.CallBuiltin:
		name := strings.ToLower(strings.TrimLeft(c.Name, "_"))
		switch name {
		case "sendvalue", "safetransfereth", "transfereth", "sendeth", "safesendeth", "safetransfernative", "transfernative":
		default:
			return nil, nil, false
		}
		if recv := methodReceiver(c); recv != nil && len(c.Args) == 1 {
			return recv, c.Args[0], true // payable(x).sendValue(a) through using-for
		}
		if c.Kind == sema.CallBuiltin && c.Target != nil && len(c.Args) == 1 {
			return c.Target, c.Args[0], true // the same, with the library's import unresolved
		}
		if len(c.Args) == 2 {
			return c.Args[0], c.Args[1], true
		}
	}
	return nil, nil, false
}

// methodReceiver returns x of x.f(...) when f is bound with using-for (a library call whose
// receiver is a value, not the library's name).
func methodReceiver(c *sema.Call) ast.Expr {
	if c.Kind != sema.CallLibrary {
		return nil
	}
	fun := c.Expr.Fun
	if o, ok := fun.(*ast.CallOptions); ok {
		fun = o.X
	}
	m, ok := fun.(*ast.MemberExpr)
	if !ok {
		return nil
	}
	if c.Callee != nil && c.Callee.Contract != nil {
		if id, ok := m.X.(*ast.Ident); ok && id.Name == c.Callee.Contract.Name {
			return nil
		}
	}
	// L.f(...) with L a library name written in upper case first is the static form.
	if id, ok := m.X.(*ast.Ident); ok && len(id.Name) > 0 && unicode.IsUpper(rune(id.Name[0])) && c.Callee == nil {
		return nil
	}
	return m.X
}

// isZeroLit reports whether x is the literal 0.
func isZeroLit(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.BasicLit)
	return ok && lit.Kind == token.NUMBER && (lit.Value == "0" || lit.Value == "0x0") && lit.Unit == nil
}

// isZeroAddress reports whether x is address(0), address(0x0) or 0.
func isZeroAddress(info *sema.FuncInfo, x ast.Expr) bool {
	x = unwrapConversion(info, x)
	if isZeroLit(x) {
		return true
	}
	if id, ok := x.(*ast.Ident); ok && (strings.EqualFold(id.Name, "address_zero") || id.Name == "ZERO_ADDRESS") {
		return true
	}
	return false
}

// writeSite is one state write a public function makes, in its own body or modifiers, or in an
// internal function it calls.
type writeSite struct {
	v    *sema.Var
	at   ast.Node       // the assignment, ++/--, delete or push
	info *sema.FuncInfo // facts of the function holding the write
	node *sema.Node     // the node of the entry function's graph that makes it
	site ast.Node       // at, or the call in the entry function that leads to it
	via  *sema.Call     // the internal call leading to it, or nil
}

// entryWrites lists the state writes of fn, direct and through internal and library calls.
// A dozen detectors ask it of every public function: the list is made once per function
// (sema.Memo) and shared, read-only, its capacity its length so that a caller's append copies.
func entryWrites(p *sema.Program, fn *sema.Function) []writeSite {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return nil
	}
	return sema.Memo(info, entryWritesKey{}, func() []writeSite { return slices.Clip(listEntryWrites(p, info)) })
}

type entryWritesKey struct{}

// listEntryWrites makes entryWrites' list.
func listEntryWrites(p *sema.Program, info *sema.FuncInfo) []writeSite {
	var out []writeSite
	for _, n := range info.CFG.Nodes {
		if n.Kind != sema.NodeStmt && n.Kind != sema.NodeCond {
			continue
		}
		ninfo := p.Info(n.Fn)
		if ninfo == nil {
			continue
		}
		for _, x := range n.Exprs() {
			for v, ats := range p.Writes(ninfo, x) {
				for _, at := range ats {
					out = append(out, writeSite{v: v, at: at, info: ninfo, node: n, site: at})
				}
			}
		}
		for _, c := range nodeCalls(p, n) {
			if (c.Kind != sema.CallInternal && c.Kind != sema.CallLibrary) || c.Callee == nil || c.Callee.IsView() {
				continue
			}
			for _, g := range append([]*sema.Function{c.Callee}, p.Callees(c.Callee)...) {
				gi := p.Info(g)
				if gi == nil {
					continue
				}
				for v, ats := range gi.StateWrites {
					for _, at := range ats {
						out = append(out, writeSite{v: v, at: at, info: gi, node: n, site: c.Expr, via: c})
					}
				}
			}
		}
	}
	return out
}

// lvalueOf returns the expression a write node assigns to.
func lvalueOf(at ast.Node) ast.Expr {
	switch w := at.(type) {
	case *ast.AssignExpr:
		return w.Lhs
	case *ast.UnaryExpr:
		return w.X
	case *ast.CallExpr:
		if m, ok := w.Fun.(*ast.MemberExpr); ok {
			return m.X
		}
	}
	return nil
}

// indexesOf returns the index expressions along an lvalue, outermost first: for a[i][j].f it
// returns i, j.
func indexesOf(x ast.Expr) []ast.Expr {
	var out []ast.Expr
	for x != nil {
		switch e := x.(type) {
		case *ast.IndexExpr:
			if e.Index != nil {
				out = append([]ast.Expr{e.Index}, out...)
			}
			x = e.X
		case *ast.MemberExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		default:
			x = nil
		}
	}
	return out
}

// increaseOf returns the amount a write adds to its target (x += a; x = x + a; x = x.add(a)),
// or nil when the write is not an increase.
func increaseOf(info *sema.FuncInfo, at ast.Node) ast.Expr {
	return deltaOf(info, at, token.ADD_ASSIGN, token.ADD, "add")
}

// decreaseOf returns the amount a write takes from its target, or nil.
func decreaseOf(info *sema.FuncInfo, at ast.Node) ast.Expr {
	return deltaOf(info, at, token.SUB_ASSIGN, token.SUB, "sub")
}

func deltaOf(info *sema.FuncInfo, at ast.Node, compound, op token.Token, method string) ast.Expr {
	switch w := at.(type) {
	case *ast.AssignExpr:
		if w.Op == compound {
			return w.Rhs
		}
		if w.Op != token.ASSIGN {
			return nil
		}
		target := info.RootVar(w.Lhs)
		rhs := ast.Unparen(w.Rhs)
		if id, ok := rhs.(*ast.Ident); ok {
			// newTotal = total.sub(a); total = newTotal: the same move through a local copy
			if init := localInit(info, id); init != nil {
				rhs = ast.Unparen(init)
			}
		}
		switch r := rhs.(type) {
		case *ast.BinaryExpr:
			if r.Op == op && info.RootVar(r.X) == target {
				return r.Y
			}
			if r.Op == op && op == token.ADD && info.RootVar(r.Y) == target {
				return r.X
			}
		case *ast.CallExpr:
			if m, ok := r.Fun.(*ast.MemberExpr); ok && len(r.Args) >= 1 && strings.HasPrefix(strings.ToLower(m.Name.Name), method) &&
				info.RootVar(m.X) == target {
				return r.Args[0]
			}
			// x = add(x, a), x = _sub(x, a): the checked-math helpers of pre-0.8 code
			if id, ok := r.Fun.(*ast.Ident); ok && len(r.Args) == 2 && strings.HasPrefix(strings.ToLower(strings.TrimLeft(id.Name, "_")), method) {
				if info.RootVar(r.Args[0]) == target {
					return r.Args[1]
				}
				if op == token.ADD && info.RootVar(r.Args[1]) == target {
					return r.Args[0]
				}
			}
		}
	case *ast.UnaryExpr:
		if (op == token.ADD && w.Op == token.INC) || (op == token.SUB && w.Op == token.DEC) {
			return &ast.BasicLit{Kind: token.NUMBER, Value: "1", ValuePos: w.Pos(), EndPos: w.End()}
		}
	}
	return nil
}

// localInit returns the value a local named by id was declared with, when it is declared once
// with one and never assigned again; nil otherwise.
func localInit(info *sema.FuncInfo, id *ast.Ident) ast.Expr {
	v, ok := info.Uses[id].(*sema.Var)
	if !ok || v.Kind != sema.LocalVar || v.Decl == nil {
		return nil
	}
	var init ast.Expr
	assigned := false
	for n := range info.Fn.BodyTree().Preorder(localInitKinds) {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			if len(s.Vars) == 1 && s.Vars[0] == v.Decl {
				init = s.Value
			}
		case *ast.AssignExpr:
			if lid, ok := ast.Unparen(s.Lhs).(*ast.Ident); ok && info.Uses[lid] == v {
				assigned = true
			}
		}
	}
	if assigned {
		return nil
	}
	return init
}

var localInitKinds = inspect.Of((*ast.VarDeclStmt)(nil), (*ast.AssignExpr)(nil))

// isInitializerLike reports whether fn is meant to run once to set a contract up: it is named
// initialize/init..., or carries an initializer modifier.
func isInitializerLike(fn *sema.Function) bool {
	if hasInitializerModifier(fn) {
		return true
	}
	w, alone := leadWord(fn.Name)
	return w != "" && (w == "init" || w == "setup" && alone || w == "initialize" || w == "initialise" || w == "initialiser" || w == "initializer" || strings.HasPrefix(w, "initiali"))
}

// hasInitializerModifier reports whether fn uses OpenZeppelin's initializer or reinitializer
// (or onlyInitializing), or a modifier named like them.
func hasInitializerModifier(fn *sema.Function) bool {
	for _, inv := range fn.Invocations {
		names := inv.Name.Names
		name := names[len(names)-1].Name
		if lowerEquals(name, "onlyinitializing") || lowerEquals(name, "once") ||
			containsLower(name, "initializer", "uninitiali", "notinitiali", "onlyonce") {
			return true
		}
	}
	return false
}

// oneShot reports whether node n of fn only runs while some state it then overwrites still has
// its first value: a dominating check reads a variable that fn writes (require(!initialized);
// initialized = true; or if (owner != 0) throw; owner = x).
func oneShot(p *sema.Program, fn *sema.Function, n *sema.Node, writes []writeSite) bool {
	info := p.Info(fn)
	// A check of a variable the function then sets on every way on from the check: once set, the check fails
	// (require(owner == address(0)); owner = o). A variable set on one branch only (if (lock)
	// done = true) leaves the function open until that branch is taken.
	type key struct {
		v    *sema.Var
		gate *sema.Node
	}
	setAfter := map[key]bool{}
	var gate *sema.Node
	setOnEveryWay := func(v *sema.Var) bool {
		if done, ok := setAfter[key{v, gate}]; ok {
			return done
		}
		var at []*sema.Node
		for _, w := range writes {
			if w.v != v {
				continue
			}
			wn := w.node
			if wn == nil {
				wn = nodeHolding(info, w.at) // a helper's own write, listed without its node
			}
			if wn != nil {
				at = append(at, wn)
			}
		}
		done := len(at) > 0 && everyWayOutPasses(info.CFG, gate, at)
		setAfter[key{v, gate}] = done
		return done
	}
	for _, gt := range p.Gates(info.CFG, n) {
		gate = gt.Node // the variable must be set on every way on from the check
		for v := range stateVarsIn(gt.Info, gt.Cond) {
			if setOnEveryWay(v) {
				return true
			}
		}
		// a check through a view helper: require(!isInitialized())
		for _, c := range callsIn(gt.Info, gt.Cond) {
			if c.Callee != nil && c.Kind == sema.CallInternal {
				if ci := p.Info(c.Callee); ci != nil {
					for v := range ci.StateReads {
						if setOnEveryWay(v) {
							return true
						}
					}
				}
			}
		}
	}
	// if (initialized) return; -- an early exit also makes the rest one-shot; it shows up as a
	// branch dominating n, handled above.
	return false
}

// fnRange returns the range from fn's header to the end of node at, for findings about a
// function that lacks a check before a statement.
func fnRange(fn *sema.Function, at ast.Node) (token.Pos, token.Pos) {
	if fn.Decl != nil && fn.Decl.Pos() <= at.Pos() {
		return fn.Decl.Pos(), at.End()
	}
	return at.Pos(), at.End()
}

// emitsAny reports whether fn or a function it calls emits an event.
func emitsAny(p *sema.Program, fn *sema.Function) bool {
	for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
		if g.Body == nil {
			continue
		}
		found := false
		g.BodyTree().Inspect(func(n ast.Node) bool {
			if _, ok := n.(*ast.EmitStmt); ok {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// accessControlled extends sema's HasAccessControl with the forms it misses: a modifier named
// only... (onlyPauser, onlyMinter) whatever its body, and a leading check that passes the caller
// to a predicate (require(isPauser(msg.sender))).
func accessControlled(p *sema.Program, fn *sema.Function) bool {
	if info := p.Info(fn); info != nil {
		return sema.Memo(info, accessControlledKey{}, func() bool { return accessControlledBy(p, fn) })
	}
	return accessControlledBy(p, fn)
}

type accessControlledKey struct{}

func accessControlledBy(p *sema.Program, fn *sema.Function) bool {
	if p.HasAccessControl(fn) {
		return true
	}
	for i, inv := range fn.Invocations {
		if i < len(fn.Modifiers) && fn.Modifiers[i] != nil && fn.Modifiers[i].Body != nil {
			continue // the body is known: judged by what it checks, below
		}
		names := inv.Name.Names
		name := strings.ToLower(names[len(names)-1].Name)
		if (strings.HasPrefix(name, "only") || strings.HasSuffix(name, "only")) && !hasWord(names[len(names)-1].Name,
			"once", "payload", "size", "eoa", "human", "valid", "before", "after", "when", "during", "proxy", "delegated", "initializing") {
			return true
		}
	}
	if fn.Body != nil {
		info := p.Info(fn)
		for _, st := range fn.Body.List {
			if isCheckHelperStmt(p, info, st, 0) {
				return true
			}
		}
	}
	for _, m := range fn.Modifiers {
		if m != nil && m.Body != nil {
			info := p.Info(m)
			for _, st := range m.Body.List {
				if isCheckHelperStmt(p, info, st, 0) {
					return true
				}
			}
			found := false
			m.BodyTree().Inspect(func(n ast.Node) bool {
				if c, ok := n.(*ast.CallExpr); ok {
					if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(c.Args) > 0 && passesSender(info, c.Args[0]) {
						found = true
					}
				}
				if s, ok := n.(*ast.IfStmt); ok && passesSender(info, s.Cond) {
					found = true
				}
				return !found
			})
			if found {
				return true
			}
		}
	}
	return false
}

// callerRestrictedAt reports whether node n of fn runs only for some callers: sema's IsGuarded, the
// extra forms of accessControlled, or a dominating condition that passes the caller to a
// predicate.
func callerRestrictedAt(p *sema.Program, fn *sema.Function, n *sema.Node) bool {
	if p.IsGuarded(fn, n) || accessControlled(p, fn) {
		return true
	}
	info := p.Info(fn)
	if sema.Memo(info, helperCheckedKey{}, func() []bool { return info.CFG.DominatedBy(func(d *sema.Node) bool { return helperCheck(p, d) }) })[n.ID] {
		return true
	}
	return allPathsChecked(p, info.CFG, n)
}

type helperCheckedKey struct{}

// helperCheck reports whether passing node d means the caller was checked in a way sema's
// IsGuarded does not know: a condition handing the caller to a predicate, or a call to a check
// helper.
func helperCheck(p *sema.Program, d *sema.Node) bool {
	if gt, ok := p.GateOf(d); ok && passesSender(gt.Info, gt.Cond) {
		return true
	}
	if d.Kind == sema.NodeStmt && d.Stmt != nil {
		if di := p.Info(d.Fn); di != nil && isCheckHelperStmt(p, di, d.Stmt, 0) {
			return true
		}
	}
	return false
}

// checkWords name helpers that check who calls: _checkRole, _checkOwner, requireAuth,
// _onlyGovernance, ensureAdmin.
var checkPrefixes = []string{"check", "require", "only", "auth", "ensure", "assert", "verify", "validate"}
var checkSubjects = []string{"role", "roles", "owner", "auth", "authorized", "authorised", "admin", "sender", "caller",
	"governance", "governor", "guardian", "minter", "pauser", "operator", "manager", "keeper", "whitelisted", "allowed", "self"}

// isCheckHelperStmt reports whether statement st calls a helper that checks the caller: by its
// body, by its name when the body is not shipped (_checkRole(role), _checkOwner()), or because it
// is handed the caller and reverts on a condition about it (_checkRole(role, _msgSender()) { if (!hasRole(role, account)) revert ...}).
func isCheckHelperStmt(p *sema.Program, info *sema.FuncInfo, st ast.Stmt, depth int) bool {
	es, ok := st.(*ast.ExprStmt)
	if !ok || info == nil || depth > 3 {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok {
		return false
	}
	c := info.CallOf[call]
	if c == nil || c.Kind != sema.CallInternal && c.Kind != sema.CallLibrary {
		return false
	}
	g := c.Callee
	if g == nil || g.Body == nil {
		// Code the scan cannot read: its name says whether it checks the caller. A shipped
		// helper is judged by its body (an override emptied of its check checks nothing).
		if w, _ := leadWord(c.Name); w != "" {
			for _, x := range checkPrefixes {
				if w == x && hasWord(c.Name, checkSubjects...) {
					return true
				}
			}
		}
		return false
	}
	gi := p.Info(g)
	if gi == nil {
		return false
	}
	// What the helper checks by itself is the same at every call site: memoised, or helpers
	// calling each other would be walked once per path through the call graph.
	if sema.Memo(gi, helperChecksKey{depth}, func() bool { return helperChecksCaller(p, g, gi, depth) }) {
		return true
	}
	// Handed the caller: the helper's checks on that parameter are checks on the caller.
	handed := map[*sema.Var]bool{}
	for i, a := range call.Args {
		if isSender(info, a) && i < len(g.Params) {
			handed[g.Params[i]] = true
		}
	}
	if len(handed) == 0 {
		return false
	}
	for _, gst := range g.Body.List {
		cond := revertCondition(p, gi, gst)
		if cond == nil {
			continue
		}
		mentions := false
		ast.Inspect(cond, func(x ast.Node) bool {
			if id, ok := x.(*ast.Ident); ok {
				if v, ok := gi.Uses[id].(*sema.Var); ok && handed[v] {
					mentions = true
				}
			}
			return !mentions
		})
		if mentions {
			return true
		}
	}
	return false
}

type helperChecksKey struct{ depth int }

// helperChecksCaller reports whether helper g, called at the given depth, checks the caller
// whatever it is handed: a check helper call or a condition on the caller among its statements.
func helperChecksCaller(p *sema.Program, g *sema.Function, gi *sema.FuncInfo, depth int) bool {
	for _, gst := range g.Body.List {
		if isCheckHelperStmt(p, gi, gst, depth+1) {
			return true
		}
		if cond := revertCondition(p, gi, gst); cond != nil && (p.IsSenderCheck(gi, cond) || passesSender(gi, cond)) {
			return true
		}
	}
	return false
}

// revertCondition returns the condition a statement reverts on: if (c) revert (or a helper
// that only reverts), require(c), assert(c).
func revertCondition(p *sema.Program, info *sema.FuncInfo, st ast.Stmt) ast.Expr {
	switch s := st.(type) {
	case *ast.IfStmt:
		if p.ThenReverts(info, s.Then) {
			return s.Cond
		}
	case *ast.ExprStmt:
		if rc, ok := s.X.(*ast.CallExpr); ok {
			if id, ok := rc.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(rc.Args) > 0 {
				return rc.Args[0]
			}
		}
	}
	return nil
}

// allPathsChecked reports whether every path from the entry to n passes an authorisation: a
// check on the caller, or on the signer a signature recovers (if (!isAdmin[msg.sender]) {
// require(isAdmin[recover(sig)]); } ... n). Checks need not dominate n one by one.
func allPathsChecked(p *sema.Program, g *sema.CFG, n *sema.Node) bool {
	info := p.Info(g.Entry.Fn)
	if info == nil || info.CFG != g {
		return !uncheckedReach(p, g)[n.ID]
	}
	return !sema.Memo(info, uncheckedReachKey{}, func() []bool { return uncheckedReach(p, g) })[n.ID]
}

type uncheckedReachKey struct{}

// uncheckedReach marks the nodes of g that some path from the entry reaches without passing an
// authorisation first (an authorisation node itself is reached, but not what follows it). One
// walk serves every node of the function.
func uncheckedReach(p *sema.Program, g *sema.CFG) []bool {
	seen := make([]bool, len(g.Nodes))
	stack := []*sema.Node{g.Entry}
	for len(stack) > 0 {
		m := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[m.ID] {
			continue
		}
		seen[m.ID] = true
		if isAuthNode(p, m) {
			continue
		}
		stack = append(stack, m.Succs...)
	}
	return seen
}

// isAuthNode reports whether passing node m means the caller (or a signer) was authorised.
func isAuthNode(p *sema.Program, m *sema.Node) bool {
	info := p.Info(m.Fn)
	if info == nil {
		return false
	}
	switch m.Kind {
	case sema.NodeStmt:
		es, ok := m.Stmt.(*ast.ExprStmt)
		if !ok {
			return false
		}
		c, ok := es.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(c.Args) > 0 {
			return p.IsSenderCheck(info, c.Args[0]) || passesSender(info, c.Args[0]) || checksSigner(p, info, c.Args[0])
		}
	case sema.NodeBranch:
		if m.Cond == nil || m.Cond.Expr == nil {
			return false
		}
		cond := m.Cond.Expr
		if p.IsSenderCheck(info, cond) || passesSender(info, cond) || checksSigner(p, info, cond) {
			return sema.AuthorizedWhenTrue(cond) == m.Polarity
		}
	}
	return false
}

// checksSigner reports whether a condition tests an address recovered from a signature against
// state (isAdmin[signer], signer == owner): recovered by ecrecover, or by a helper or library
// whose result is one (sema's facts; a missing library's recover is known by name).
func checksSigner(p *sema.Program, info *sema.FuncInfo, cond ast.Expr) bool {
	recovered, state := false, false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr:
			if p.IsRecovered(info, e) {
				recovered = true
			}
		case *ast.Ident:
			if v, ok := info.Uses[e].(*sema.Var); ok {
				if v.Kind == sema.StateVar {
					state = true
				} else if p.IsRecovered(info, e) {
					recovered = true
				}
			}
		}
		return true
	})
	return recovered && state
}

// passesSender reports whether a condition hands the caller to a predicate: isPauser(msg.sender),
// registry.canCall(msg.sender, ...), or compares it with anything.
func passesSender(info *sema.FuncInfo, cond ast.Expr) bool {
	found := false
	ast.Inspect(cond, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr:
			c := info.CallOf[e]
			if c == nil || c.Kind == sema.CallConversion || c.Kind == sema.CallBuiltin || !isPredicate(c) {
				return true
			}
			for _, a := range e.Args {
				if isSender(info, a) {
					found = true
				}
			}
		case *ast.BinaryExpr:
			// msg.sender == tx.origin is the no-contracts idiom, not a check of who calls
			if (e.Op == token.EQL || e.Op == token.NEQ) && isSender(info, e.X) != isSender(info, e.Y) {
				found = true
			}
		}
		return !found
	})
	return found
}

// constantZero reports whether x is 0, or a local only ever assigned 0.
func constantZero(info *sema.FuncInfo, x ast.Expr) bool {
	if isZeroLit(x) {
		return true
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok || v.Kind != sema.LocalVar || info.Fn.Body == nil {
		return false
	}
	zero, other := false, false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			if len(s.Vars) == 1 && s.Vars[0] == v.Decl {
				if s.Value == nil || isZeroLit(s.Value) {
					zero = true
				} else {
					other = true
				}
			}
		case *ast.AssignExpr:
			if info.RootVar(s.Lhs) == v {
				if s.Op == token.ASSIGN && isZeroLit(s.Rhs) {
					zero = true
				} else {
					other = true
				}
			}
		case *ast.UnaryExpr:
			if (s.Op == token.INC || s.Op == token.DEC || s.Op == token.DELETE) && info.RootVar(s.X) == v {
				other = true
			}
		}
		return true
	})
	return zero && !other
}

// isPredicate reports whether a call asks a question rather than acts: a view function, or one
// named is.../has.../can.../check....
func isPredicate(c *sema.Call) bool {
	if c.Callee != nil && c.Callee.IsView() {
		return true
	}
	switch w, _ := leadWord(c.Name); w {
	case "is", "has", "can", "check", "auth", "authorized", "authorised", "valid", "verify", "only", "require", "allowed", "whitelisted":
		return true
	}
	return false
}

// entrySource returns what expression x of a write depends on, seen from the entry function:
// for a write in a helper the entry calls directly, its parameters are replaced by the
// arguments of the call; deeper or computed values count as stored state (not the caller's
// choice).
func entrySource(entry *sema.FuncInfo, w writeSite, x ast.Expr) sema.Source {
	src := flowOf(w.info, x)
	if w.via == nil {
		return src
	}
	if w.info.Fn != w.via.Callee {
		return src&^sema.SrcParam | sema.SrcStorage
	}
	// Globals (msg.sender, msg.value, block values) mean the same in the helper.
	out := src &^ (sema.SrcParam | sema.SrcStorage | sema.SrcCallRet)
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := w.info.Uses[id].(*sema.Var); ok {
				if v.Kind == sema.ParamVar && v.Func == w.via.Callee && v.Index < len(w.via.Args) {
					out |= flowOf(entry, w.via.Args[v.Index])
				} else {
					out |= varFlow(w.info, v)
				}
			}
		}
		if c, ok := n.(*ast.CallExpr); ok {
			if call := w.info.CallOf[c]; call != nil && call.IsExternal() {
				out |= sema.SrcCallRet
			}
		}
		return true
	})
	return out
}

// flowOf is info.Flow.Of, made robust to locals declared twice: before 0.5 the resolver hoists
// every local and declares it again in its block, so uses may name a twin of the variable the
// flow analysis tracked. The twins' sources are merged here.
func flowOf(info *sema.FuncInfo, x ast.Expr) sema.Source {
	src := info.Flow.Of(x)
	if x == nil {
		return src
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.LocalVar {
				src |= varFlow(info, v)
			}
		}
		return true
	})
	return src
}

// varFlow is info.Flow.Var with the twins of a local merged (see flowOf).
func varFlow(info *sema.FuncInfo, v *sema.Var) sema.Source {
	src := info.Flow.Var(v)
	if v.Kind != sema.LocalVar || v.Decl == nil {
		return src
	}
	for _, w := range info.Fn.Locals {
		if w != v && w.Decl == v.Decl {
			src |= info.Flow.Var(w)
		}
	}
	return src
}

// headerRange returns the range of a function's header up to its name (or its parameters), for
// findings about the function as a whole.
func headerRange(fn *sema.Function) (token.Pos, token.Pos) {
	if d := fn.Decl; d != nil {
		if d.Name != nil {
			return d.Pos(), d.Name.End()
		}
		if d.Params != nil {
			return d.Pos(), d.Params.End()
		}
	}
	n := fn.Node()
	return n.Pos(), n.Pos()
}

// guardedInHelper reports whether a write made inside a helper is protected there: the helper
// checks the caller, or runs it only once (require(threshold == 0) in Gnosis Safe's
// setupOwners), before the write.
func guardedInHelper(p *sema.Program, w writeSite) bool {
	if w.via == nil {
		return false
	}
	g := w.info.Fn
	if g == nil || g.IsModifier {
		return false
	}
	// The answer depends on the helper and the write only, not on the call site: computed once
	// per helper for all its writes, since every call site of every caller asks again.
	if ok, known := sema.Memo(w.info, helperWritesGuardedKey{}, func() map[ast.Node]bool { return helperWritesGuarded(p, w.info) })[w.at]; known {
		return ok
	}
	return writeGuardedInHelper(p, w.info, w.at, ownWrites(w.info))
}

type helperWritesGuardedKey struct{}

// helperWritesGuarded answers writeGuardedInHelper for every state write of a helper.
func helperWritesGuarded(p *sema.Program, info *sema.FuncInfo) map[ast.Node]bool {
	out := map[ast.Node]bool{}
	own := ownWrites(info)
	for _, ats := range info.StateWrites {
		for _, at := range ats {
			out[at] = writeGuardedInHelper(p, info, at, own)
		}
	}
	return out
}

// ownWrites lists the state writes a function makes in its own body.
func ownWrites(info *sema.FuncInfo) []writeSite {
	var own []writeSite
	for v, ats := range info.StateWrites {
		for _, at := range ats {
			own = append(own, writeSite{v: v, at: at, info: info})
		}
	}
	return own
}

// writeGuardedInHelper reports whether helper info.Fn protects its write at (own lists the
// helper's writes).
func writeGuardedInHelper(p *sema.Program, info *sema.FuncInfo, at ast.Node, own []writeSite) bool {
	g := info.Fn
	if p.HasAccessControl(g) || accessControlled(p, g) {
		return true
	}
	n := nodeHolding(info, at)
	if n == nil {
		return false
	}
	if callerRestrictedAt(p, g, n) {
		return true
	}
	return oneShot(p, g, n, own)
}

// nodeHolding returns the node of info's graph whose statement contains at.
func nodeHolding(info *sema.FuncInfo, at ast.Node) *sema.Node {
	if info.CFG == nil {
		return nil
	}
	for _, n := range info.CFG.Nodes {
		if n.Fn != info.Fn || (n.Kind != sema.NodeStmt && n.Kind != sema.NodeCond) {
			continue
		}
		for _, x := range n.Exprs() {
			if x.Pos() <= at.Pos() && at.End() <= x.End() {
				return n
			}
		}
	}
	return nil
}
