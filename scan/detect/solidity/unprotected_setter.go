package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// UnprotectedAdminSetter reports a setter that lost its access check: anyone can write a state
// variable that the rest of the contract treats as admin configuration (it is otherwise set
// only by the constructor, initializers or access-controlled functions).
var UnprotectedAdminSetter = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNPROTECTED_ADMIN_SETTER",
		Name:       "Admin setting writable by anyone",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Anyone can call function <code>${function_name}</code> of <code>${contract_name}</code>, which sets ` +
			`<code>${state_var}</code> to a value the caller chooses. Everywhere else the contract only lets privileged ` +
			`accounts (or its constructor) set this variable: this function most likely lacks its access check. An ` +
			`attacker can change the contract's configuration (fees, prices, addresses it trusts).</p>`,
		Remediation:     `<p>Add the same access check the contract's other administrative functions use (for example <code>onlyOwner</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_var"},
		DetectionLogic: "In a contract some of whose entry points check who calls (delegatecall-only checks do not count; virtual calls " +
			"settled in the deployed contract), an entry point without such a check writes a setting that a protected writer or the " +
			"constructor also sets and no other unprotected function writes (in Solidity or by sstore(x.slot, v) in assembly), to a value the caller chooses (not a refresh from a " +
			"trusted source, not the caller's own entry, not an accumulating total). High when the variable is a critical setting " +
			"(fee, oracle, treasury, price, router, ...)",
		Version:   "1.0.0",
		SWC:       []string{"SWC-105"},
		CWE:       []string{"CWE-284", "CWE-862"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "access-control",
	},
	Run: runUnprotectedSetter,
}

func runUnprotectedSetter(pass *detect.Pass) {
	p := pass.Program
	c := pass.Contract
	if c == nil || c.IsLibrary() || c.IsInterface() || isTestContract(c) {
		return
	}
	// Who writes what, across the contract and its bases.
	protectedWriters := map[*sema.Var]bool{}
	openWriters := map[*sema.Var]map[*sema.Function]bool{}
	hasAccessModel := false
	for _, fn := range c.AllFunctions() {
		if fn.Body == nil || fn.IsView() {
			continue
		}
		restricted := fn.IsConstructor() || isInitializerLike(fn) || accessControlled(p, fn) || !fn.IsPublic()
		// The premise is an inconsistency: other functions check who calls. A
		// delegatecall-only check says how code is reached, not who may call it.
		if fn.IsPublic() && p.ChecksCallerIdentity(fn, c) {
			hasAccessModel = true
		}
		for v := range p.TransitiveWrites(fn) {
			if restricted {
				if fn.IsPublic() || fn.IsConstructor() {
					protectedWriters[v] = true
				}
				continue
			}
			if openWriters[v] == nil {
				openWriters[v] = map[*sema.Function]bool{}
			}
			openWriters[v][fn] = true
		}
	}
	if !hasAccessModel {
		return
	}
	for _, fn := range entryFunctions(pass.Functions()) {
		if accessControlled(p, fn) || isInitializerLike(fn) {
			continue
		}
		info := p.Info(fn)
		reported := map[*sema.Var]bool{}
		writes := entryWrites(p, fn)
		for _, w := range writes {
			v := w.v
			if reported[v] || v.IsConstant() || !protectedWriters[v] || len(openWriters[v]) != 1 || !openWriters[v][fn] {
				continue
			}
			if callerRestrictedAt(p, fn, w.node) || guardedInHelper(p, w) || oneShot(p, fn, w.node, writes) {
				continue
			}
			lv := lvalueOf(w.at)
			if lv == nil && !isSlotStore(w.at) { // sstore(x.slot, v): the whole variable, no key
				continue
			}
			keyedBySender := false
			for _, ix := range indexesOf(lv) {
				if entrySource(info, w, ix).Has(sema.SrcSender|sema.SrcOrigin) || callersOwnKey(p, w.info, ix) ||
					callersOwnKey(p, info, argOfHelperParam(w, ix)) {
					keyedBySender = true
				}
			}
			if keyedBySender || hasWord(v.Name, balanceWords...) || movesBetweenAccounts(info, writes, v) {
				continue
			}
			// A setting is set to a value the caller chooses; a refresh from a source the
			// contract trusts (a stored oracle's answer) is not the caller's to choose.
			if _, chosen := callerChoice(p, fn, writeValueProv(p, fn, w)); !chosen {
				continue
			}
			// Running totals moved by an amount (debt = sub(debt, rad)) are accounting, not a
			// setting; and a value that only a registered source reports (amt[src] =
			// Source(src).report(), with src checked against the registry first) is not the
			// caller's to choose.
			if movesTotal(w.info, w.at) || answeredByRegistered(p, fn, w) {
				continue
			}
			if ownerWrite(p, info, w) || isImplementationVar(v) || isPauseVar(v) || isSupplyVar(v) {
				continue // reported by the dedicated UNPROTECTED_* detectors
			}
			reported[v] = true
			f := detect.Finding{Function: fn.Name, Details: map[string]string{"function_name": fnName(fn), "state_var": v.Name}}
			f.Pos, f.End = fnRange(fn, w.site)
			if isCriticalSetting(v) || hasWord(v.Name, "price", "rate", "oracle", "router", "treasury", "fee", "fees", "limit", "cap", "reward", "rewards") {
				f.Severity = detect.High
			}
			pass.Report(f)
		}
	}
}

// movesBetweenAccounts reports whether the function also writes v keyed by the caller: a
// transfer from the caller's entry to another (balances[msg.sender] -= x; balances[to] += x).
func movesBetweenAccounts(entry *sema.FuncInfo, writes []writeSite, v *sema.Var) bool {
	for _, w := range writes {
		if w.v != v {
			continue
		}
		if lv := lvalueOf(w.at); lv != nil {
			for _, ix := range indexesOf(lv) {
				if entrySource(entry, w, ix).Has(sema.SrcSender | sema.SrcOrigin) {
					return true
				}
			}
		}
	}
	return false
}

// answeredByRegistered reports whether the value a direct write stores depends on the
// parameters only through calls on addresses that a dominating check looked up in state
// (require(pos[src] > 0); amt[src] = SourceLike(src).cure()).
func answeredByRegistered(p *sema.Program, fn *sema.Function, w writeSite) bool {
	a, ok := w.at.(*ast.AssignExpr)
	if !ok || w.via != nil {
		return false
	}
	info := p.Info(fn)
	checked := map[*sema.Var]bool{}
	for _, g := range p.Gates(info.CFG, w.node) {
		ast.Inspect(g.Cond, func(n ast.Node) bool {
			if ix, ok := n.(*ast.IndexExpr); ok && ix.Index != nil {
				if id, ok := ast.Unparen(ix.Index).(*ast.Ident); ok && p.StateVarOf(g.Info, ix.X) != nil {
					if v, ok := g.Info.Uses[id].(*sema.Var); ok && v.Kind == sema.ParamVar {
						checked[v] = true
					}
				}
			}
			return true
		})
	}
	answered := false
	for _, c := range callsIn(info, a.Rhs) {
		if c.IsExternal() && c.Target != nil {
			target := unwrapConversion(info, c.Target)
			if conv, ok := target.(*ast.CallExpr); ok && len(conv.Args) == 1 {
				if cc := info.CallOf[conv]; cc != nil && cc.Kind == sema.CallConversion {
					target = unwrapConversion(info, conv.Args[0]) // ISource(src)
				}
			}
			if id, ok := target.(*ast.Ident); ok {
				if v, ok := info.Uses[id].(*sema.Var); ok && checked[v] {
					answered = true
				}
			}
		}
	}
	ast.Inspect(a.Rhs, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*sema.Var); ok && (v.Kind == sema.ParamVar && !checked[v] ||
				v.Kind == sema.LocalVar && varFlow(info, v).Has(sema.SrcParam)) {
				answered = false
			}
		}
		return answered
	})
	return answered
}

// movesTotal reports whether a write adjusts a variable from its own value (x += a; x = x - a;
// x = x - old + new; x = sub(x, a)) rather than setting it.
func movesTotal(info *sema.FuncInfo, at ast.Node) bool {
	if increaseOf(info, at) != nil || decreaseOf(info, at) != nil {
		return true
	}
	a, ok := at.(*ast.AssignExpr)
	if !ok || a.Op != token.ASSIGN {
		return false
	}
	target := info.RootVar(a.Lhs)
	x := ast.Unparen(a.Rhs)
	for {
		b, ok := x.(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD && b.Op != token.SUB {
			break
		}
		x = ast.Unparen(b.X)
	}
	return target != nil && x != ast.Unparen(a.Rhs) && info.RootVar(x) == target
}

// callersOwnKey reports whether a key names an entry that belongs to the caller: one read from
// the caller's own record (frontEnd = deposits[msg.sender].frontEndTag), or an account whose
// signature the function checks before (permit: require(recovered == owner); allowances[owner]).
func callersOwnKey(p *sema.Program, info *sema.FuncInfo, key ast.Expr) bool {
	if key == nil {
		return false
	}
	id, ok := ast.Unparen(key).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok {
		return false
	}
	switch v.Kind {
	case sema.LocalVar:
		if v.Decl == nil {
			return false
		}
		for n := range info.Fn.BodyTree().Preorder(varDeclKinds) {
			s := n.(*ast.VarDeclStmt)
			if len(s.Vars) == 1 && s.Vars[0] == v.Decl && s.Value != nil {
				return readFromCallersRecord(info, s.Value)
			}
		}
	case sema.ParamVar:
		return p.SignerChecked(info.Fn, v)
	}
	return false
}

var varDeclKinds = inspect.Of((*ast.VarDeclStmt)(nil))

// readFromCallersRecord reports whether x reads a field of a record keyed by the caller
// (deposits[msg.sender].frontEndTag, owners[msg.sender]).
func readFromCallersRecord(info *sema.FuncInfo, x ast.Expr) bool {
	for {
		switch e := ast.Unparen(x).(type) {
		case *ast.MemberExpr:
			x = e.X
			continue
		case *ast.IndexExpr:
			return e.Index != nil && flowOf(info, e.Index).Has(sema.SrcSender) && info.RootVar(e.X) != nil && info.RootVar(e.X).Kind == sema.StateVar
		}
		return false
	}
}

// argOfHelperParam returns, for an expression of the helper a write is in that names one of its
// parameters, the argument the entry point's call passes there; nil otherwise.
func argOfHelperParam(w writeSite, x ast.Expr) ast.Expr {
	if w.via == nil || w.info.Fn != w.via.Callee {
		return nil
	}
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := w.info.Uses[id].(*sema.Var)
	if !ok || v.Kind != sema.ParamVar || v.Func != w.via.Callee {
		return nil
	}
	return sema.ArgFor(w.via, w.via.Callee, v.Index)
}
