package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Caller checks by meaning. A condition restricts the caller when its holding (or failing, for
// the side of a branch taken when it fails) means the caller is someone not everyone can be:
// msg.sender equal to a stored owner, a member of a stored role, approved by a helper that
// answers so. The same rules read every form:
//   - polarity: require(a || b) lets through whoever passes either side, so both must
//     restrict; if (a || b) revert() lets through only who fails both, so either may;
//   - a condition that always holds restricts nobody: `|| true`, msg.sender == msg.sender, and
//     `owner == address(0)` on an owner no code ever sets;
//   - the other side of the comparison must be something the caller cannot choose: not a
//     parameter, not calldata, not a variable anyone may overwrite (Compromised);
//   - helpers are read through: a bool helper whose answer is a check of one of its parameters
//     is a check of what the call passes there, and a helper that reverts unless its argument
//     holds (balancer's _require) is a require.
//
// checkCtx says how a check is read. as, when set, is a parameter standing for the caller:
// summarising a helper asks whether it checks whatever its callers pass there
// (_checkOwner(address account) given msg.sender). naive reads stored values as trusted
// whoever may write them: it is how Compromised itself finds the writers anyone can call.
//
// in is the contract whose entry points decide who may write stored values: the contract of
// the function being judged (a base's modifier guards a derived contract's function with the
// derived contract's storage).
//
// origin, when set, makes tx.origin the identity checked instead of the caller: the tx.origin
// detector asks which checks authorise by it.
//
// trustParams reads values the caller passes as trusted: the tx.origin detector's weaker form,
// a comparison whose other side may be bound elsewhere (a signed order's field).
//
// owner is the function whose graph is being read: a modifier woven into it checks what its
// invocation passes (onlyLatest("pool", msg.sender) checks msg.sender).
//
// identity leaves delegatecall-only checks out: they restrict how code is reached, not who calls.
//
// deployed, when set, is the contract whose deployment is judged: a virtual call runs its
// override there (an empty _authorizeUpgrade of the deployed contract, not every override any
// contract declares).
//
// viaSelf reads a function as the contract itself calls it (this.f(...)): the caller is the
// contract, so a check that only the contract may call (msg.sender == address(this)) passes
// and guards nothing on that way.
type checkCtx struct {
	as          *Var
	naive       bool
	in          *Contract
	origin      bool
	trustParams bool
	owner       *Function
	identity    bool
	deployed    *Contract
	noSigner    bool // only checks of the caller count, not a signer recovered from a signature
	viaSelf     bool
}

// into is ck carried into callee, reading callee's graph for the check of as (nil: the caller).
func (ck checkCtx) into(callee *Function, as *Var) checkCtx {
	ck.owner, ck.as = callee, as
	return ck
}

// restricts reports whether cond evaluating to want (true or false) means the caller passed a
// check, in the function whose facts are info.
func (p *Program) restricts(info *FuncInfo, cond ast.Expr, want bool, depth int, ck checkCtx) bool {
	if cond == nil || depth > 6 {
		return false
	}
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return p.restricts(info, e.X, !want, depth, ck)
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			if want { // both hold: either side restricting is enough
				return p.restricts(info, e.X, true, depth, ck) || p.restricts(info, e.Y, true, depth, ck)
			}
			// fails: either side may have failed, each must restrict when it fails (for
			// tx.origin, one way through resting on it is enough)
			if ck.origin {
				return p.restricts(info, e.X, false, depth, ck) || p.restricts(info, e.Y, false, depth, ck)
			}
			return p.restricts(info, e.X, false, depth, ck) && p.restricts(info, e.Y, false, depth, ck)
		case token.LOR:
			if want {
				if p.alwaysTrue(info, e.X) || p.alwaysTrue(info, e.Y) {
					return false
				}
				if ck.origin { // a way through that rests on tx.origin is enough
					return p.restricts(info, e.X, true, depth, ck) || p.restricts(info, e.Y, true, depth, ck)
				}
				return p.restricts(info, e.X, true, depth, ck) && p.restricts(info, e.Y, true, depth, ck)
			}
			return p.restricts(info, e.X, false, depth, ck) || p.restricts(info, e.Y, false, depth, ck)
		case token.EQL, token.NEQ:
			equal := want == (e.Op == token.EQL)
			return p.comparisonRestricts(info, e.X, e.Y, equal, depth, ck)
		}
	case *ast.IndexExpr:
		// admins[msg.sender], roles[R][msg.sender]: true for members only.
		return want && p.lookupRestricts(info, e, depth, ck)
	case *ast.MemberExpr:
		// members[msg.sender].active, a flag of a record keyed by the caller
		if ix, ok := ast.Unparen(e.X).(*ast.IndexExpr); ok && want {
			return p.lookupRestricts(info, ix, depth, ck)
		}
	case *ast.CallExpr:
		return want && p.callRestricts(info, e, depth, ck)
	}
	return false
}

// comparisonRestricts reports whether x == y (equal) or x != y (!equal) holding restricts the
// caller: one side is the caller and the other a value the caller cannot choose, compared for
// equality; a flag lookup compared with a constant (admins[msg.sender] == true, wards[msg.sender]
// == 1).
func (p *Program) comparisonRestricts(info *FuncInfo, x, y ast.Expr, equal bool, depth int, ck checkCtx) bool {
	xs, ys := p.isCaller(info, x, ck), p.isCaller(info, y, ck)
	switch {
	case xs && ys:
		return false // msg.sender == msg.sender
	case xs || ys:
		other := y
		if ys {
			other = x
		}
		if ck.origin && isSender(info, other) {
			return false // tx.origin == msg.sender: "no contracts", not who the caller is
		}
		return equal && p.trustedValue(info, other, ck)
	}
	// A signer recovered from a signature, compared with a trusted address: the trusted
	// party authorised the call.
	if xr, yr := !ck.origin && !ck.noSigner && p.isRecovered(info, x, depth), !ck.origin && !ck.noSigner && p.isRecovered(info, y, depth); xr != yr {
		other := y
		if yr {
			other = x
		}
		return equal && !isZeroLiteral(other) && p.trustedValue(info, other, ck)
	}
	// A verifier's answer compared with its magic value (ERC-1271): a trusted signer signed.
	if equal && (isLiteral(y) && p.vouchRestricts(info, x, ck) || isLiteral(x) && p.vouchRestricts(info, y, ck)) {
		return true
	}
	// A lookup keyed by the caller compared with a constant: true or non-zero means a member.
	for _, pair := range [2][2]ast.Expr{{x, y}, {y, x}} {
		lit, ok := ast.Unparen(pair[1]).(*ast.BasicLit)
		if !ok {
			continue
		}
		member := lit.Kind == token.TRUE || lit.Kind == token.NUMBER && lit.Value != "0"
		if lit.Kind == token.FALSE || lit.Kind == token.NUMBER && lit.Value == "0" {
			member = false
		} else if !member {
			continue
		}
		// x == true / x == 1 holds for members; x != false / x != 0 too.
		wantMember := equal == member
		if ix, ok := ast.Unparen(pair[0]).(*ast.IndexExpr); ok {
			if wantMember && ix.Index != nil && p.isCaller(info, ix.Index, ck) {
				return p.trustedStore(info, ix.X, ck)
			}
			return wantMember && p.lookupRestricts(info, ix, depth, ck)
		}
		return p.restricts(info, pair[0], wantMember, depth+1, ck)
	}
	return false
}

// lookupRestricts reports whether a lookup used as a condition (or compared with true / 1) is
// membership of the caller: keyed by the caller, its values flags rather than amounts
// (balances[msg.sender] >= amount bounds what the caller may do, not who it is), in a mapping
// the caller cannot write.
func (p *Program) lookupRestricts(info *FuncInfo, e *ast.IndexExpr, depth int, ck checkCtx) bool {
	if e.Index == nil {
		return false
	}
	if p.keyedByCaller(info, e.Index, ck, 0) || !ck.origin && !ck.noSigner && p.isRecovered(info, e.Index, depth) {
		if t, ok := info.Types[e].(*Elementary); ok && t.IsInteger() {
			return false
		}
		if ck.origin && !ck.trustParams && info.Flow != nil && info.Flow.Of(e.X).Has(SrcParam|SrcData) {
			return false // a set the caller picks (registry[chosen][tx.origin])
		}
		return p.trustedStore(info, e.X, ck)
	}
	if ix, ok := ast.Unparen(e.X).(*ast.IndexExpr); ok {
		return p.lookupRestricts(info, ix, depth, ck) // roles[ROLE][msg.sender]
	}
	return false
}

// keyedByCaller reports whether a lookup key is the caller, or a hash of it with values the
// caller cannot choose (booleanStorage[keccak256(abi.encodePacked("contract.exists",
// msg.sender))], roles[keccak256(abi.encode(ROLE, msg.sender))]).
func (p *Program) keyedByCaller(info *FuncInfo, key ast.Expr, ck checkCtx, depth int) bool {
	if p.isCaller(info, key, ck) {
		return true
	}
	call, ok := ast.Unparen(key).(*ast.CallExpr)
	if !ok || depth > 3 {
		return false
	}
	c := info.CallOf[call]
	if c == nil || c.Kind != CallBuiltin {
		if c != nil && c.Kind == CallConversion && len(call.Args) == 1 {
			return p.keyedByCaller(info, call.Args[0], ck, depth+1) // bytes32(...)
		}
		return false
	}
	switch c.Name {
	case "keccak256", "sha256", "abi.encode", "abi.encodePacked":
	default:
		return false
	}
	caller := false
	for _, a := range call.Args {
		switch {
		case p.keyedByCaller(info, a, ck, depth+1):
			caller = true
		case info.Flow != nil && info.Flow.Of(a).Has(SrcParam|SrcData) && !ck.trustParams && !p.paramsTrusted(info, a, ck):
			return false // a part the caller picks: any entry they like
		}
	}
	return caller
}

// callRestricts reports whether a call's returning true means the caller passed a check: a
// helper the model can read whose answer checks the parameter given the caller, or (for code
// not shipped: interfaces, unresolved names) a function named as a check and given the caller.
func (p *Program) callRestricts(info *FuncInfo, e *ast.CallExpr, depth int, ck checkCtx) bool {
	if p.vouchRestricts(info, e, ck) {
		return true // a verifier vouches for a trusted signer (sigguards.go)
	}
	c := info.CallOf[e]
	if c != nil && len(c.Callees) > 0 && (c.Kind == CallInternal || c.Kind == CallLibrary) {
		for _, callee := range p.PossibleCallees(c) {
			if callee.Body == nil {
				return p.namedCheckCall(info, e, ck)
			}
			if !p.answersCallerCheck(info, c, callee, depth, ck) {
				return false
			}
		}
		return true
	}
	if IsCallerAccessor(info, e) {
		return false
	}
	if p.registryAnswer(info, c, ck, func(x ast.Expr) bool { return fromCaller(info, x) }) {
		return true // a trusted registry's answer about the caller (registrycheck.go)
	}
	return p.namedCheckCall(info, e, ck)
}

// answersCallerCheck reports whether helper callee, called by c, returns a caller check: its
// returned value restricts the caller itself (return owner == msg.sender), or restricts the
// parameter to which c passes the caller (hasRole(role, msg.sender) returning
// _roles[role][account]).
func (p *Program) answersCallerCheck(info *FuncInfo, c *Call, callee *Function, depth int, ck checkCtx) bool {
	if p.returnsSenderCheck(callee, depth+1, ck.into(callee, nil)) {
		return true
	}
	for i, prm := range callee.Params {
		if a := ArgFor(c, callee, i); a != nil && p.isCaller(info, a, ck) && IsAddress(prm.Type) &&
			p.returnsSenderCheck(callee, depth+1, ck.into(callee, prm)) {
			return true
		}
		if a := ArgFor(c, callee, i); a != nil && !ck.origin && fromCaller(info, a) && p.returnsRegistryAnswer(callee, i, ck) {
			return true // getBool(keccak256(..., msg.sender)) returning a trusted store's answer
		}
	}
	return false
}

// namedCheckCall is the gap a name fills for code Vigil cannot read: a function named as a
// question or check about permissions (hasRole, isOwner, canCall, isAuthorized) given the
// caller, or asking about the caller implicitly (isOwner()).
func (p *Program) namedCheckCall(info *FuncInfo, e *ast.CallExpr, ck checkCtx) bool {
	name := strings.ToLower(callName(e))
	for _, a := range e.Args {
		if p.isCaller(info, a, ck) && (checkName(name) || predicateName(name)) {
			return true
		}
	}
	return len(e.Args) == 0 && (strings.HasPrefix(name, "isowner") || strings.HasPrefix(name, "_isowner") ||
		strings.HasPrefix(name, "isadmin") || strings.HasPrefix(name, "_isadmin"))
}

// isCaller reports whether x is the identity a check tests: the caller (msg.sender, an
// accessor, a local holding it; tx.origin too, a flawed identity its own detector reports), or
// with ck.origin set, tx.origin alone (through locals, conversions and helpers returning it); or
// the parameter ck.as standing for the caller.
func (p *Program) isCaller(info *FuncInfo, x ast.Expr, ck checkCtx) bool {
	if ck.as != nil {
		if id, ok := ast.Unparen(x).(*ast.Ident); ok && info.Uses[id] == ck.as {
			return true
		}
		// address(account), a local copy of it
		if c, ok := ast.Unparen(x).(*ast.CallExpr); ok && len(c.Args) == 1 {
			if _, conv := c.Fun.(*ast.ElementaryType); conv {
				return p.isCaller(info, c.Args[0], ck)
			}
		}
	}
	if ck.owner != nil && info.Fn.IsModifier && info.Fn != ck.owner {
		if arg, oi := p.modifierArg(info, x, ck.owner); arg != nil {
			inner := ck
			inner.owner = nil
			return p.isCaller(oi, arg, inner)
		}
	}
	if ck.origin {
		return p.isOrigin(info, x, 0)
	}
	return isSender(info, x)
}

// modifierArg returns, when x names a parameter of the modifier whose facts are info, the
// argument owner's invocation of the modifier passes there, with owner's facts.
func (p *Program) modifierArg(info *FuncInfo, x ast.Expr, owner *Function) (ast.Expr, *FuncInfo) {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil, nil
	}
	v, ok := info.Uses[id].(*Var)
	if !ok || v.Kind != ParamVar || v.Func != info.Fn {
		return nil, nil
	}
	oi := p.Info(owner)
	if oi == nil {
		return nil, nil
	}
	for k, m := range owner.Modifiers {
		if m == info.Fn && k < len(owner.Invocations) && v.Index < len(owner.Invocations[k].Args) {
			return owner.Invocations[k].Args[v.Index], oi
		}
	}
	return nil, nil
}

// isOrigin reports whether x is tx.origin: itself, converted, a local holding only it, or the
// result of a helper (a library's, a free function) that returns it.
func (p *Program) isOrigin(info *FuncInfo, x ast.Expr, depth int) bool {
	if depth > 4 {
		return false
	}
	switch e := ast.Unparen(x).(type) {
	case *ast.MemberExpr:
		return IsGlobal(info, e, "tx", "origin")
	case *ast.Ident:
		if v, ok := info.Uses[e].(*Var); ok && v.Kind == LocalVar && info.Flow != nil {
			return info.Flow.Var(v) == SrcOrigin
		}
	case *ast.CallExpr:
		if _, conv := e.Fun.(*ast.ElementaryType); conv && len(e.Args) == 1 {
			return p.isOrigin(info, e.Args[0], depth+1)
		}
		c := info.CallOf[e]
		if c == nil || len(c.Callees) == 0 || c.Kind != CallInternal && c.Kind != CallLibrary {
			return false
		}
		for _, g := range c.Callees {
			if !p.returnsOrigin(g, depth+1) {
				return false
			}
		}
		return true
	}
	return false
}

// returnsOrigin reports whether fn returns tx.origin (every value it returns is).
func (p *Program) returnsOrigin(fn *Function, depth int) bool {
	gi := p.Info(fn)
	if gi == nil || fn.Body == nil || len(fn.Returns) != 1 {
		return false
	}
	any, all := false, true
	for n := range fn.BodyTree().Preorder(returnKinds) {
		if r := n.(*ast.ReturnStmt); r.Result != nil {
			any = true
			all = all && p.isOrigin(gi, r.Result, depth)
		}
	}
	return any && all
}

// trustedValue reports whether the caller cannot choose x: it is not a parameter (of a public
// function: the caller passes it) or calldata, not the zero address, and any variable it reads
// is not one anyone may overwrite.
func (p *Program) trustedValue(info *FuncInfo, x ast.Expr, ck checkCtx) bool {
	if ck.viaSelf && isSelfAddress(info, x) {
		return false // the contract calling itself is that caller
	}
	if isLiteral(x) {
		// A constant address other than zero is a fixed admin; zero is no one (msg.sender is
		// never 0), which restricts trivially.
		return true
	}
	if info.Flow != nil {
		src := info.Flow.Of(x)
		if src.Has(SrcData) {
			return false
		}
		if src.Has(SrcParam) && !ck.trustParams && !p.paramsTrusted(info, x, ck) {
			return false
		}
	}
	return p.trustedStore(info, x, ck)
}

// paramsTrusted reports whether the parameters x depends on are ones a caller does not choose:
// those of internal helpers are what their callers pass (summarised where they are called);
// only an entry point's own parameters are the caller's choice.
func (p *Program) paramsTrusted(info *FuncInfo, x ast.Expr, ck checkCtx) bool {
	if ck.origin {
		// tx.origin checks are judged strictly: a helper's parameter may be whatever its
		// public caller was passed.
		return false
	}
	fn := info.Fn
	return fn.IsModifier || !fn.IsPublic() || fn.IsConstructor()
}

// trustedStore reports whether x reads no state variable that anyone may overwrite with a value
// of their choice (Compromised).
func (p *Program) trustedStore(info *FuncInfo, x ast.Expr, ck checkCtx) bool {
	if ck.naive || len(p.compromisedIn(ck.in)) == 0 {
		return true // nothing of the contract's state is anyone's to set
	}
	trusted := true
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && trusted {
			if v, ok := info.Uses[id].(*Var); ok {
				if sv := p.stateOf(info, v); sv != nil && p.Compromised(ck.in, sv) {
					trusted = false
				}
			}
		}
		return trusted
	})
	return trusted
}

// stateOf returns the state variable v is or points to (a storage pointer), or nil.
func (p *Program) stateOf(info *FuncInfo, v *Var) *Var {
	if v.Kind == StateVar {
		return v
	}
	if v.IsStorageRef() {
		return info.storageAlias(v)
	}
	return nil
}

// alwaysTrue reports whether a condition holds whatever the caller does: true, !false, a value
// compared equal to itself, a disjunction with an always-true side, a state variable no code
// ever sets compared equal to its zero value.
func (p *Program) alwaysTrue(info *FuncInfo, x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		return e.Kind == token.TRUE
	case *ast.UnaryExpr:
		return e.Op == token.NOT && p.alwaysFalse(info, e.X)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR:
			return p.alwaysTrue(info, e.X) || p.alwaysTrue(info, e.Y)
		case token.LAND:
			return p.alwaysTrue(info, e.X) && p.alwaysTrue(info, e.Y)
		case token.EQL, token.GEQ, token.LEQ:
			if sameExpr(info, e.X, e.Y) {
				return true
			}
			if e.Op == token.EQL {
				return p.neverSetIsZero(info, e.X, e.Y) || p.neverSetIsZero(info, e.Y, e.X)
			}
		case token.NEQ:
			return p.neverSetNonZero(info, e.X, e.Y) || p.neverSetNonZero(info, e.Y, e.X)
		}
	}
	return false
}

// alwaysFalse is alwaysTrue's counterpart.
func (p *Program) alwaysFalse(info *FuncInfo, x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		return e.Kind == token.FALSE
	case *ast.UnaryExpr:
		return e.Op == token.NOT && p.alwaysTrue(info, e.X)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LOR:
			return p.alwaysFalse(info, e.X) && p.alwaysFalse(info, e.Y)
		case token.LAND:
			return p.alwaysFalse(info, e.X) || p.alwaysFalse(info, e.Y)
		case token.NEQ, token.LSS, token.GTR:
			return sameExpr(info, e.X, e.Y)
		case token.EQL:
			return p.neverSetNonZero(info, e.X, e.Y) || p.neverSetNonZero(info, e.Y, e.X)
		}
	}
	return false
}

// neverSetIsZero reports whether v == zero always holds: v is a state variable (or a getter of
// one) that no code of the program ever writes, and zero is 0, false or address(0).
func (p *Program) neverSetIsZero(info *FuncInfo, v, zero ast.Expr) bool {
	if !isZeroLiteral(zero) {
		return false
	}
	sv := p.readsStateVar(info, v)
	if sv == nil {
		return false
	}
	values, ok := p.ConstValues(sv)
	return ok && len(values) == 1 && values["0"]
}

// neverSetNonZero reports whether v != zero never holds (the same facts as neverSetIsZero).
func (p *Program) neverSetNonZero(info *FuncInfo, v, zero ast.Expr) bool {
	return p.neverSetIsZero(info, v, zero)
}

// readsStateVar returns the state variable x reads: x itself, or a getter call owner() whose
// body returns it.
func (p *Program) readsStateVar(info *FuncInfo, x ast.Expr) *Var {
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		if v, ok := info.Uses[e].(*Var); ok && v.Kind == StateVar && !v.IsConstant() {
			return v
		}
	case *ast.CallExpr:
		if c := info.CallOf[e]; c != nil && c.Kind == CallInternal && c.Callee != nil && c.Callee.Body != nil && len(e.Args) == 0 {
			if ci := p.Info(c.Callee); ci != nil && len(c.Callee.Body.List) == 1 {
				if r, ok := c.Callee.Body.List[0].(*ast.ReturnStmt); ok && r.Result != nil {
					if id, ok := ast.Unparen(r.Result).(*ast.Ident); ok {
						if v, ok := ci.Uses[id].(*Var); ok && v.Kind == StateVar && !v.IsConstant() {
							return v
						}
					}
				}
			}
		}
	}
	return nil
}

// isZeroLiteral reports whether x is 0, false, address(0) or a conversion of them.
func isZeroLiteral(x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		return e.Kind == token.FALSE || e.Kind == token.NUMBER && (e.Value == "0" || e.Value == "0x0") && e.Unit == nil
	case *ast.CallExpr:
		if _, ok := e.Fun.(*ast.ElementaryType); ok && len(e.Args) == 1 {
			return isZeroLiteral(e.Args[0])
		}
	}
	return false
}

// sameExpr reports whether x and y are the same side-effect-free expression (the same
// variables, members, indexes and globals).
func sameExpr(info *FuncInfo, x, y ast.Expr) bool {
	x, y = ast.Unparen(x), ast.Unparen(y)
	switch a := x.(type) {
	case *ast.Ident:
		b, ok := y.(*ast.Ident)
		if !ok || a.Name != b.Name {
			return false
		}
		oa, ob := info.Uses[a], info.Uses[b]
		if _, isVar := oa.(*Var); isVar {
			return oa == ob
		}
		if ba, ok := oa.(*Builtin); ok {
			bb, ok := ob.(*Builtin)
			return ok && ba.Name == bb.Name
		}
		return false
	case *ast.MemberExpr:
		b, ok := y.(*ast.MemberExpr)
		return ok && a.Name.Name == b.Name.Name && sameExpr(info, a.X, b.X)
	case *ast.IndexExpr:
		b, ok := y.(*ast.IndexExpr)
		return ok && a.Index != nil && b.Index != nil && sameExpr(info, a.X, b.X) && sameExpr(info, a.Index, b.Index)
	case *ast.BasicLit:
		b, ok := y.(*ast.BasicLit)
		return ok && a.Kind == b.Kind && a.Value == b.Value && (a.Unit == nil) == (b.Unit == nil)
	case *ast.CallExpr:
		// conversions only: address(x) == address(x); other calls may differ each time
		b, ok := y.(*ast.CallExpr)
		if !ok || len(a.Args) != 1 || len(b.Args) != 1 {
			return false
		}
		ta, ok1 := a.Fun.(*ast.ElementaryType)
		tb, ok2 := b.Fun.(*ast.ElementaryType)
		return ok1 && ok2 && ta.Name == tb.Name && sameExpr(info, a.Args[0], b.Args[0])
	}
	return false
}

// isSelfAddress reports whether x is the contract's own address: this, or a conversion of it.
func isSelfAddress(info *FuncInfo, x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		b, ok := info.Uses[e].(*Builtin)
		return ok && b.Name == "this"
	case *ast.CallExpr:
		if c := info.CallOf[e]; c != nil && c.Kind == CallConversion && len(e.Args) == 1 {
			return isSelfAddress(info, e.Args[0])
		}
	}
	return false
}
