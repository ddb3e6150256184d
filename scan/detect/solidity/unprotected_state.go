package solidity

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// The unprotected-state family shares one analysis: in a public, state-changing function with
// no access check (modifier, leading require on msg.sender, check helper, or a dominating
// branch on the caller), find writes, made directly or by internal helpers, to state that
// decides who controls the contract or its money: owner and role variables, token supply,
// other accounts' balances, the implementation of a proxy, the pause switch. Initializers are
// left to UNPROTECTED_INITIALIZER.

var UnprotectedOwnershipChange = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNPROTECTED_OWNERSHIP_CHANGE",
		Name:       "Anyone can change the owner or a privileged role",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Anyone can call function <code>${function_name}</code> of <code>${contract_name}</code>, which writes ` +
			`<code>${state_var}</code>, the variable that decides who holds a privileged role. An attacker can make themselves ` +
			`owner or admin and then use every function restricted to that role.</p>`,
		Remediation: `<p>Restrict the function to the current owner or role admin (<code>onlyOwner</code>, ` +
			`<code>onlyRole(DEFAULT_ADMIN_ROLE)</code>), or set the variable only in the constructor. For one-time setup use an ` +
			`initializer that can run only once.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_var"},
		DetectionLogic: "An entry point (not an initializer that runs once) writes, itself or through helpers or assembly (sstore(owner.slot, v)), " +
			"a variable other checks compare the caller with (or one named for a role), or the ERC-1967 admin slot told by value, to " +
			"a value or under a key the caller chooses, with no check of the caller guarding the write (signatures vouched by a " +
			"trusted signer count). The caller's own delegation (x[msg.sender][y]) is left out; a claim only possible while the " +
			"variable is unset (front-runnable) is medium",
		Version:   "1.0.0",
		SWC:       []string{"SWC-105"},
		CWE:       []string{"CWE-284", "CWE-862"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "access-control",
	},
	Run: func(pass *detect.Pass) { runUnprotectedState(pass, changeOwner) },
}

var UnprotectedMint = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNPROTECTED_MINT",
		Name:       "Anyone can mint tokens",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Anyone can call function <code>${function_name}</code> of <code>${contract_name}</code>, which increases ` +
			`<code>${state_var}</code> by an amount the caller chooses, without paying for it. An attacker can mint any amount ` +
			`and sell it, diluting every holder.</p>`,
		Remediation:     `<p>Restrict minting to a minter role (<code>onlyOwner</code>, <code>onlyRole(MINTER_ROLE)</code>), or mint only against a payment the function receives.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_var"},
		DetectionLogic: "A public state-changing function with no access check increases a supply variable (totalSupply) by an " +
			"amount derived only from its parameters, neither receives ether nor pulls tokens from the caller (transferFrom), and " +
			"does not bound the amount by a quota kept for the caller that an access-controlled function grants (minter capacity).",
		Version:   "1.0.0",
		SWC:       []string{"SWC-105"},
		CWE:       []string{"CWE-284", "CWE-862"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "access-control",
	},
	Run: func(pass *detect.Pass) { runUnprotectedState(pass, changeMint) },
}

var UnprotectedBurn = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNPROTECTED_BURN",
		Name:       "Anyone can burn or move other accounts' balances",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Anyone can call function <code>${function_name}</code> of <code>${contract_name}</code>, which reduces ` +
			`<code>${state_var}</code> of an account the caller names, without an allowance or approval check. An attacker can ` +
			`burn or take other holders' balances.</p>`,
		Remediation:     `<p>Only debit <code>msg.sender</code>'s own balance, or check and spend an allowance (<code>allowance[from][msg.sender]</code>) or approval first.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_var"},
		DetectionLogic: "A public state-changing function with no access check decreases (or zeroes) an address-keyed balance " +
			"mapping at an index chosen by a parameter (not msg.sender), and reads no allowance or approval state. When the " +
			"token code is not shipped (a missing base), a call of its internal move (_transfer, _safeTransfer, _burn) whose " +
			"source account is a parameter, in a function none of whose conditions reads the caller, is reported at low " +
			"confidence (the primitive's name decides).",
		Version:   "1.0.0",
		SWC:       []string{"SWC-105"},
		CWE:       []string{"CWE-284", "CWE-862"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "access-control",
	},
	Run: func(pass *detect.Pass) { runUnprotectedState(pass, changeBurn) },
}

var UnprotectedUpgrade = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNPROTECTED_UPGRADE",
		Name:       "Anyone can upgrade the implementation",
		Severity:   detect.Critical,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Anyone can reach the upgrade path in <code>${function_name}</code> of <code>${contract_name}</code> ` +
			`(<code>${state_var}</code>). An attacker can point the proxy at their own code and take every asset it holds.</p>`,
		Remediation: `<p>Restrict upgrades to an admin: put <code>onlyOwner</code> (or a role check) on ` +
			`<code>_authorizeUpgrade</code> in UUPS contracts, and on any function that sets the implementation.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_var"},
		DetectionLogic: "An entry point writes, unguarded, an implementation variable or one of the standard proxy slots told by value " +
			"(ERC-1967 implementation and beacon, ERC-1822, ZeppelinOS; directly, through a local or a storage library, under any " +
			"constant name or as a literal) to a value the caller chooses, or calls an internal upgrade helper; or a UUPS " +
			"_authorizeUpgrade override returns without a check of the caller. Low when the project ships a proxy that routes calls " +
			"to that logic only for its admin (its target chosen by a caller check through the storage base both share)",
		Version:   "1.0.0",
		SWC:       []string{"SWC-105", "SWC-112"},
		CWE:       []string{"CWE-284", "CWE-862"},
		Languages: []string{"solidity"},
		Slither:   "unprotected-upgrade",
		Class:     "access-control",
	},
	Run: func(pass *detect.Pass) { runUnprotectedState(pass, changeUpgrade) },
}

var UnprotectedPause = &detect.Analyzer{
	Template: detect.Template{
		ID:         "UNPROTECTED_PAUSE",
		Name:       "Anyone can pause or unpause the contract",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Anyone can call function <code>${function_name}</code> of <code>${contract_name}</code>, which flips ` +
			`the pause switch <code>${state_var}</code>. An attacker can freeze the contract for everyone, or lift an emergency stop.</p>`,
		Remediation:     `<p>Restrict pausing and unpausing to a pauser role or the owner.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "state_var"},
		DetectionLogic:  "A public function with no access check writes a bool state variable named paused/stopped/halted/frozen, or calls _pause/_unpause.",
		Version:         "1.0.0",
		SWC:             []string{"SWC-105"},
		CWE:             []string{"CWE-284", "CWE-862"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "access-control",
	},
	Run: func(pass *detect.Pass) { runUnprotectedState(pass, changePause) },
}

type stateChange int

const (
	changeOwner stateChange = iota
	changeMint
	changeBurn
	changeUpgrade
	changePause
)

// strongRoleWords are roles nobody may grant themselves; weak ones (operator, keeper, signer)
// are often self-registered by design.
var strongRoleWords = []string{"owner", "owners", "admin", "admins", "administrator", "governance", "governor", "minter", "minters",
	"pauser", "pausers", "guardian", "authority", "superuser", "root", "role", "roles", "ceo", "cfo", "coo"}

func runUnprotectedState(pass *detect.Pass, kind stateChange) {
	p := pass.Program
	if kind == changeUpgrade {
		reportAuthorizeUpgrade(pass)
	}
	for _, fn := range entryFunctions(pass.Functions()) {
		if accessControlled(p, fn) || isInitializerLike(fn) {
			continue
		}
		info := p.Info(fn)
		writes := entryWrites(p, fn)
		reported := map[ast.Node]bool{}
		report := func(site ast.Node, n *sema.Node, what string, sev detect.Severity) {
			if reported[site] {
				return
			}
			reported[site] = true
			f := detect.Finding{Details: map[string]string{"state_var": what, "function_name": fnName(fn)}, Function: fn.Name}
			f.Pos, f.End = fnRange(fn, site)
			if sev != "" && sev != pass.Analyzer.Severity {
				f.Severity = sev
			}
			pass.Report(f)
		}
		for _, w := range unguardedWrites(p, fn) {
			if reported[w.site] {
				continue
			}
			switch kind {
			case changeOwner:
				// A takeover sets the role to someone the caller chooses (a parameter,
				// the caller itself): a role moved to a value already stored (a pending
				// owner an owner named) or computed by the contract is not one.
				_, valueChosen := callerChoice(p, fn, writeValueProv(p, fn, w))
				_, keyChosen := callerChoice(p, fn, writeKeyProv(p, fn, w))
				if ownerWrite(p, info, w) && (valueChosen || keyChosen) {
					var sev detect.Severity
					if oneShot(p, fn, w.node, writes) {
						sev = detect.Medium // only while unset: a claim anyone can front-run
					}
					report(w.site, w.node, w.v.Name, sev)
				}
			case changeMint:
				if mintWrite(p, fn, info, w) {
					report(w.site, w.node, w.v.Name, "")
				}
			case changeBurn:
				if burnWrite(p, fn, info, w) {
					report(w.site, w.node, w.v.Name, "")
				}
			case changeUpgrade:
				if isImplementationVar(w.v) {
					report(w.site, w.node, w.v.Name, "")
				}
			case changePause:
				if isPauseVar(w.v) {
					report(w.site, w.node, w.v.Name, "")
				}
			}
		}
		if kind == changeOwner {
			reportNamespacedOwnerWrites(pass, fn, func(w sema.StoreWrite, what string) {
				report(w.Site, w.Node, what, "")
			})
			reportSlotOwnerWrites(pass, fn, func(site ast.Node, n *sema.Node, what string) {
				report(site, n, what, "")
			})
		}
		// Writes of the standard proxy slots, told by value: an implementation or beacon the
		// caller installs is an upgrade, an admin the caller installs a takeover.
		if kind == changeUpgrade || kind == changeOwner {
			table := implementationSlots
			if kind == changeOwner {
				table = adminSlots
			}
			for _, sw := range standardSlotWrites(p, fn, table) {
				if !callerRestrictedAt(p, fn, sw.access.Node) {
					report(sw.access.Node.Code(), sw.access.Node, sw.slot, "")
				}
			}
		}
		if kind == changeMint {
			reportUnshippedMints(pass, fn)
		}
		if kind == changeBurn {
			reportUnshippedMoves(pass, fn)
		}
		if kind != changeUpgrade && kind != changePause {
			continue
		}
		// Calls to the upgrade and pause helpers themselves (their writes may be to raw slots).
		// A function that calls the UUPS hook _authorizeUpgrade delegates the check to it;
		// the hook is checked on its own.
		if kind == changeUpgrade && callsNamed(info, "_authorizeUpgrade") {
			continue
		}
		for _, n := range info.CFG.Nodes {
			for _, c := range nodeCalls(p, n) {
				if c.Kind != sema.CallInternal && c.Kind != sema.CallLibrary {
					continue
				}
				name := strings.ToLower(strings.TrimLeft(c.Name, "_"))
				hit := false
				switch kind {
				case changeUpgrade:
					hit = strings.HasPrefix(name, "upgradeto") || name == "setimplementation" || name == "upgradeimplementation"
				case changePause:
					hit = name == "pause" || name == "unpause"
				}
				if hit && !callerRestrictedAt(p, fn, n) && (c.Callee == nil || !p.HasAccessControl(c.Callee)) {
					report(c.Expr, n, c.Name, "")
				}
			}
		}
	}
}

type unguardedWritesKey struct{}

// unguardedWrites returns the writes of entryWrites(fn), in its order, that no check on the
// caller guards (callerRestrictedAt, guardedInHelper): the five detectors of the family ask it
// of every public function alike, so it is found once per function (sema.Memo).
func unguardedWrites(p *sema.Program, fn *sema.Function) []writeSite {
	info := p.Info(fn)
	if info == nil || info.CFG == nil {
		return nil
	}
	return sema.Memo(info, unguardedWritesKey{}, func() []writeSite {
		var out []writeSite
		for _, w := range entryWrites(p, fn) {
			if !callerRestrictedAt(p, fn, w.node) && !guardedInHelper(p, w) {
				out = append(out, w)
			}
		}
		return slices.Clip(out)
	})
}

// ownerWrite reports whether a write assigns a role variable in a way that grants privilege:
// the variable is named for a strong role (owner, admin, minter, ...) or is what the
// contract's access checks compare the caller with (creator in if (msg.sender == creator)).
func ownerWrite(p *sema.Program, info *sema.FuncInfo, w writeSite) bool {
	field := firstField(w.info, lvalueOf(w.at), w.v)
	if !isRoleVar(w.v) && !usedForAuth(p, info.Fn.Contract, w.v, field) || isImplementationVar(w.v) {
		return false
	}
	if !hasWord(w.v.Name, strongRoleWords...) && !usedForAuth(p, info.Fn.Contract, w.v, field) {
		return false // lastKeeper = msg.sender records a caller, it does not empower one
	}
	lv := lvalueOf(w.at)
	if lv == nil {
		return isSlotStore(w.at) // sstore(owner.slot, v): the whole variable
	}
	idx := indexesOf(lv)
	if len(idx) > 0 && flowOf(w.info, idx[0]).Has(sema.SrcSender|sema.SrcOrigin) {
		// x[msg.sender][y] = ... is the caller managing their own delegation; x[msg.sender] = ...
		// escalates only for the strong roles, and only when it grants something.
		if len(idx) > 1 || !hasWord(w.v.Name, strongRoleWords...) {
			return false
		}
		if a, ok := w.at.(*ast.AssignExpr); ok {
			if lit, ok := ast.Unparen(a.Rhs).(*ast.BasicLit); ok && (lit.Kind == token.FALSE || isZeroLit(lit)) {
				return false
			}
		}
		if u, ok := w.at.(*ast.UnaryExpr); ok && u.Op == token.DELETE {
			return false
		}
		return grantsToCaller(w, lv)
	}
	return true
}

// grantsToCaller reports whether a write to the caller's own entry of a role mapping grants a
// privilege (isAdmin[msg.sender] = true, roles[msg.sender] = Role.Admin) rather than keeps the
// caller's own record: an address the caller owns (ownerToPod[msg.sender] = pod), or the
// caller's record read, updated and written back (minters[sender] = cache, with cache read from
// minters[sender]), whose limits the function enforces itself.
func grantsToCaller(w writeSite, lv ast.Expr) bool {
	switch t := w.info.Types[lv].(type) {
	case *sema.Elementary:
		return !t.IsAddress()
	case *sema.ContractType:
		return false
	case *sema.StructType:
		a, ok := w.at.(*ast.AssignExpr)
		if !ok {
			return true
		}
		if w.info.RootVar(a.Rhs) == w.v {
			return false
		}
		if id, ok := ast.Unparen(a.Rhs).(*ast.Ident); ok {
			if local, ok := w.info.Uses[id].(*sema.Var); ok && local.Kind == sema.LocalVar && copiedFrom(w.info, local) == w.v {
				return false
			}
		}
	}
	return true
}

// supplyWords name a token's total supply.
func isSupplyVar(v *sema.Var) bool {
	if v == nil || v.Kind != sema.StateVar || !hasWord(v.Name, "supply") || hasWord(v.Name, "max", "cap", "limit") {
		return false
	}
	_, ok := sema.IsInteger(v.Type)
	return ok
}

// mintWrite reports whether a write increases the supply by an amount only the caller chose,
// in a function that takes nothing in exchange.
func mintWrite(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, w writeSite) bool {
	if !isSupplyVar(w.v) {
		return false
	}
	inc := increaseOf(w.info, w.at)
	if inc == nil {
		return false
	}
	src := entrySource(info, w, inc)
	if !src.Has(sema.SrcParam) || src.Has(sema.SrcValue|sema.SrcCallRet|sema.SrcBalance|sema.SrcStorage) {
		return false
	}
	return !takesPayment(p, fn) && !withinCallerQuota(p, fn, w.node)
}

// withinCallerQuota reports whether a condition that must hold at node n bounds an amount by
// a quota kept for the caller (capacity < minted + amount reverts, with the record read from
// minters[msg.sender]) that an access-controlled function grants: a caller never granted one
// gets nothing.
func withinCallerQuota(p *sema.Program, fn *sema.Function, n *sema.Node) bool {
	info := p.Info(fn)
	for _, g := range p.Gates(info.CFG, n) {
		if !flowOf(g.Info, g.Cond).Has(sema.SrcParam) {
			continue
		}
		var quota *sema.Var
		ast.Inspect(g.Cond, func(x ast.Node) bool {
			switch e := x.(type) {
			case *ast.IndexExpr:
				if e.Index != nil && isSender(g.Info, e.Index) {
					quota = p.StateVarOf(g.Info, e.X)
				}
			case *ast.Ident:
				if v, ok := g.Info.Uses[e].(*sema.Var); ok && v.Kind == sema.LocalVar && g.Info.Fn.Body != nil {
					if from := copiedFrom(g.Info, v); from != nil && keyedBySenderCopy(g.Info, v) {
						quota = from
					}
				}
			}
			return quota == nil
		})
		if quota != nil && grantedByAdmin(p, fn.Contract, quota) {
			return true
		}
	}
	return false
}

// keyedBySenderCopy reports whether local v is declared as a copy of a caller-keyed entry
// (Minter memory m = minters[msg.sender]).
func keyedBySenderCopy(info *sema.FuncInfo, v *sema.Var) bool {
	found := false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		if d, ok := n.(*ast.VarDeclStmt); ok && len(d.Vars) == 1 && d.Vars[0] == v.Decl && d.Value != nil {
			for _, ix := range indexesOf(d.Value) {
				if isSender(info, ix) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// grantedByAdmin reports whether an access-controlled public function of c writes v.
func grantedByAdmin(p *sema.Program, c *sema.Contract, v *sema.Var) bool {
	if c == nil {
		return false
	}
	for _, g := range c.AllFunctions() {
		if g.IsPublic() && g.Body != nil && p.TransitiveWrites(g)[v] && accessControlled(p, g) {
			return true
		}
	}
	return false
}

// takesPayment reports whether fn receives something for what it gives: it reads msg.value,
// or pulls tokens (transferFrom, safeTransferFrom, permit), or burns or checks a signature.
func takesPayment(p *sema.Program, fn *sema.Function) bool {
	for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
		gi := p.Info(g)
		if gi == nil || g.Body == nil {
			continue
		}
		if mentionsGlobal(gi, g.Body, "msg", "value") {
			return true
		}
		for _, c := range gi.Calls {
			name := strings.ToLower(c.Name)
			if c.Kind == sema.CallBuiltin && name == "ecrecover" {
				return true
			}
			if c.Kind == sema.CallInternal || c.Kind == sema.CallBuiltin || c.Kind == sema.CallEvent || c.Kind == sema.CallError {
				continue
			}
			if strings.Contains(name, "transferfrom") || strings.Contains(name, "permit") || strings.Contains(name, "recover") ||
				strings.Contains(name, "verify") || strings.Contains(name, "burn") || strings.Contains(name, "pull") {
				return true
			}
		}
	}
	return false
}

var balanceWords = []string{"balance", "balances", "shares", "deposits", "deposit", "stakes", "staked", "stake", "holdings", "credit", "credits", "funds"}

// burnWrite reports whether a write takes from an account a parameter names, with no allowance
// or approval read anywhere in the function.
func burnWrite(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, w writeSite) bool {
	if w.v == nil || !hasWord(w.v.Name, balanceWords...) {
		return false
	}
	mt, ok := w.v.Type.(*sema.MappingType)
	if !ok || !sema.IsAddress(mt.Key) {
		return false
	}
	lv := lvalueOf(w.at)
	idx := indexesOf(lv)
	if len(idx) == 0 {
		return false
	}
	taken := decreaseOf(w.info, w.at) != nil
	if a, ok := w.at.(*ast.AssignExpr); ok && a.Op == token.ASSIGN && isZeroLit(a.Rhs) {
		taken = true
	}
	if u, ok := w.at.(*ast.UnaryExpr); ok && u.Op == token.DELETE {
		taken = true
	}
	if !taken {
		return false
	}
	// Whose balance: a parameter, not the caller.
	if w.via == nil {
		if !paramChosen(w.info, idx[0]) {
			return false
		}
	} else {
		id, ok := ast.Unparen(idx[0]).(*ast.Ident)
		if !ok {
			return false
		}
		v, ok := w.info.Uses[id].(*sema.Var)
		if !ok || v.Kind != sema.ParamVar || v.Func != w.via.Callee || v.Index >= len(w.via.Args) {
			return false
		}
		if !paramChosen(info, w.via.Args[v.Index]) {
			return false
		}
	}
	if paidToOwner(p, fn, info, w, idx[0]) {
		return false // the balance leaves for its owner: a withdrawal on their behalf
	}
	return !readsApproval(p, fn) && !takesSignature(p, fn)
}

// paidToOwner reports whether fn sends what it takes from the entry keyed by key to that same
// account: ether to the parameter the key is, or tokens transferred to it.
func paidToOwner(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, w writeSite, key ast.Expr) bool {
	if arg := argOfHelperParam(w, key); arg != nil {
		key = arg
	} else if w.via != nil {
		return false
	}
	var bit uint64
	for i, prm := range fn.Params {
		if isVarRef(info, unwrapConversion(info, key), prm) {
			bit = 1 << uint(min(i, 63))
		}
	}
	if bit == 0 {
		return false
	}
	for _, a := range p.Actions(fn) {
		if (a.Kind == sema.ActCall || a.Kind == sema.ActSend) && a.Sends && a.Target.Params&bit != 0 {
			return true
		}
		if a.Kind == sema.ActCall && a.Call != nil && len(a.Call.Args) >= 2 {
			// token.transfer(owner, amount), weth.withdraw(owner, amount): the first argument
			// is who receives
			if pv := p.DepsOf(p.Info(a.In)).Of(a.Call.Args[0]); a.Depth == 0 && pv.Params&bit != 0 {
				return true
			}
		}
	}
	return false
}

// readsApproval reports whether fn or its helpers read allowance or approval state.
func readsApproval(p *sema.Program, fn *sema.Function) bool {
	for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
		if gi := p.Info(g); gi != nil {
			for v := range gi.StateReads {
				if hasWord(v.Name, "allowance", "allowances", "allowed", "approved", "approval", "approvals", "operator", "operators", "delegate", "delegates", "authorized") {
					return true
				}
			}
			for _, c := range gi.Calls {
				if hasWord(c.Name, "allowance", "approved", "spend", "authorized", "authorised") {
					return true
				}
			}
		}
	}
	return false
}

// takesSignature reports whether fn or its helpers verify a signature (sema's facts: a token
// rescue named _recoverERC20 recovers no signer) or call a verifier named so.
func takesSignature(p *sema.Program, fn *sema.Function) bool {
	if p.VerifiesSignature(fn) {
		return true
	}
	for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
		if gi := p.Info(g); gi != nil {
			for _, c := range gi.Calls {
				n := strings.ToLower(c.Name)
				if strings.Contains(n, "isvalidsignature") || strings.Contains(n, "verify") {
					return true
				}
			}
		}
	}
	return false
}

// isImplementationVar reports whether a state variable (or slot constant) holds a proxy's
// implementation.
func isImplementationVar(v *sema.Var) bool {
	if v == nil || v.Kind != sema.StateVar {
		return false
	}
	if hasWord(v.Name, "implementation", "impl", "logic", "mastercopy", "singleton") || hasWord(v.Name, "master") && hasWord(v.Name, "copy") {
		if v.IsConstant() {
			return hasWord(v.Name, "slot", "position")
		}
		switch t := v.Type.(type) {
		case *sema.Elementary:
			return t.IsAddress()
		case *sema.ContractType:
			return true
		}
	}
	return false
}

// isPauseVar reports whether a state variable is a pause switch.
func isPauseVar(v *sema.Var) bool {
	if v == nil || v.Kind != sema.StateVar || v.IsConstant() {
		return false
	}
	if e, ok := v.Type.(*sema.Elementary); !ok || e.Name != "bool" {
		return false
	}
	return hasWord(v.Name, "paused", "pause", "stopped", "halted", "halt", "frozen", "freeze", "emergency", "shutdown", "killed", "suspended")
}

// reportAuthorizeUpgrade reports UUPS _authorizeUpgrade overrides that let anyone upgrade.
func reportAuthorizeUpgrade(pass *detect.Pass) {
	p := pass.Program
	if isTestContract(pass.Contract) {
		return
	}
	for _, fn := range pass.Functions() {
		if fn.Name != "_authorizeUpgrade" || fn.Body == nil || accessControlled(p, fn) {
			continue
		}
		info := p.Info(fn)
		// The hook lets an upgrade through when it returns: guarded when only checked callers
		// reach its end.
		guarded := callerRestrictedAt(p, fn, info.CFG.Exit) || p.NeverReturns(fn)
		// A body that always reverts forbids upgrades altogether (a revert under a condition
		// that is not about the caller does not).
		for _, st := range fn.Body.List {
			if sema.AlwaysReverts(st) {
				guarded = true
			}
		}
		if guarded {
			continue
		}
		f := detect.Finding{Pos: fn.Decl.Pos(), End: fn.Decl.End(), Function: fn.Name,
			Details: map[string]string{"state_var": "_authorizeUpgrade", "function_name": fn.Name}}
		if px, route := routingProxy(p, pass.Contract); px != nil {
			// Deployed behind that proxy, only its admin reaches this logic; behind any other,
			// anyone upgrades. The project ships the routing proxy: low, on that assumption.
			f.Evidence = &detect.Evidence{}
			f.Evidence.Assume(px.Name + "." + route.Name + " routes calls to its primary implementation by a check of the caller, and shares its implementation storage with " + pass.Contract.Name + ": behind it only the proxy's admin reaches this hook")
			f.Severity = detect.Low
		}
		pass.Report(f)
	}
}

// callsNamed reports whether the function calls a function with the given name.
func callsNamed(info *sema.FuncInfo, name string) bool {
	for _, c := range info.Calls {
		if c.Name == name {
			return true
		}
	}
	return false
}

// usedForAuth reports whether some access check of contract c (a require/if on the caller in
// any function or modifier of c or its bases) reads state variable v.
//
// field narrows a struct variable to the member a write touches (vaultStorage.governorAdmin is
// a role, vaultStorage.totalShares is not); "" matches any check on v.
func usedForAuth(p *sema.Program, c *sema.Contract, v *sema.Var, field string) bool {
	if c == nil || v == nil || v.Kind != sema.StateVar {
		return false
	}
	a := sema.Memo(c, authVarsKey{}, func() map[*sema.Var]*authUse { return authVars(p, c) })[v]
	if a == nil {
		return false
	}
	if field == "" {
		return a.any
	}
	return a.anyField || a.fields[field]
}

type authVarsKey struct{}
type callerIdentVarsKey struct{}

// authUse records how the access checks use a state variable, so that usedForAuth answers
// from a table built once per contract instead of walking every function per state write:
// any is identifiesCaller with no field given, anyField with a field no check selects, and
// fields the fields checks select (the only fields for which the answer can differ).
type authUse struct {
	any, anyField bool
	fields        map[string]bool
}

// authVars merges the caller checks of c and its bases.
func authVars(p *sema.Program, c *sema.Contract) map[*sema.Var]*authUse {
	out := map[*sema.Var]*authUse{}
	for _, b := range c.Linearization {
		for _, fn := range append(append([]*sema.Function(nil), b.Functions...), b.Modifiers...) {
			info := p.Info(fn)
			if info == nil || fn.Body == nil {
				continue
			}
			for v, u := range sema.Memo(info, callerIdentVarsKey{}, func() map[*sema.Var]*authUse { return callerIdentVars(info) }) {
				m := out[v]
				if m == nil {
					m = &authUse{fields: map[string]bool{}}
					out[v] = m
				}
				m.any, m.anyField = m.any || u.any, m.anyField || u.anyField
				for f := range u.fields {
					m.fields[f] = true
				}
			}
		}
	}
	return out
}

// noField is a field name no source can select (identifiesCaller's answer for any field its
// condition does not name).
const noField = "\x00"

// callerIdentVars records how the require/assert/if conditions of a function identify the
// caller by state variables (identifiesCaller).
func callerIdentVars(info *sema.FuncInfo) map[*sema.Var]*authUse {
	out := map[*sema.Var]*authUse{}
	visitKinds(info.Fn.BodyTree(), testedKinds, func(n ast.Node) bool {
		cond := testedCondition(n)
		if cond == nil {
			return true
		}
		// identifiesCaller names v only through identifiers that resolve to it, and a field
		// only through a member selected in the condition.
		vars := map[*sema.Var]bool{}
		names := map[string]bool{}
		ast.Inspect(cond, func(x ast.Node) bool {
			switch e := x.(type) {
			case *ast.Ident:
				if v, ok := info.Uses[e].(*sema.Var); ok && v.Kind == sema.StateVar {
					vars[v] = true
				}
			case *ast.MemberExpr:
				names[e.Name.Name] = true
			}
			return true
		})
		for v := range vars {
			u := out[v]
			if u == nil {
				u = &authUse{fields: map[string]bool{}}
				out[v] = u
			}
			u.any = u.any || identifiesCaller(info, cond, v, "")
			u.anyField = u.anyField || identifiesCaller(info, cond, v, noField)
			for f := range names {
				if !u.fields[f] && identifiesCaller(info, cond, v, f) {
					u.fields[f] = true
				}
			}
		}
		return true
	})
	return out
}

// identifiesCaller reports whether a condition decides who the caller is by v: msg.sender
// compared for equality with v (or a value read from it), or v looked up with the caller as its
// only key and the result used as a yes/no (isAdmin[msg.sender], owners[msg.sender] != 0).
// Balances and allowances compared with amounts, and votes (p.voted[msg.sender]), are not
// identities.
func identifiesCaller(info *sema.FuncInfo, cond ast.Expr, v *sema.Var, field string) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.NOT {
			return identifiesCaller(info, e.X, v, field)
		}
	case *ast.IndexExpr:
		return senderLookup(info, e, v)
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND, token.LOR:
			return identifiesCaller(info, e.X, v, field) || identifiesCaller(info, e.Y, v, field)
		case token.EQL, token.NEQ:
			for _, pair := range [][2]ast.Expr{{e.X, e.Y}, {e.Y, e.X}} {
				if isSender(info, pair[0]) && readsStateDirect(info, pair[1], v) {
					if f := firstField(info, pair[1], v); f != "" && field != "" && f != field {
						continue
					}
					return true
				}
				if ix, ok := ast.Unparen(pair[0]).(*ast.IndexExpr); ok && senderLookup(info, ix, v) && isYesNoConstant(info, pair[1]) {
					return true
				}
			}
		}
	}
	return false
}

// firstField returns the member selected directly on v in x (f in v.f.g, v[i].f), or "".
func firstField(info *sema.FuncInfo, x ast.Expr, v *sema.Var) string {
	field := ""
	for x != nil {
		switch e := ast.Unparen(x).(type) {
		case *ast.MemberExpr:
			field = e.Name.Name
			x = e.X
		case *ast.IndexExpr:
			field = ""
			x = e.X
		case *ast.Ident:
			if info.Uses[e] == v {
				return field
			}
			return ""
		default:
			return ""
		}
	}
	return ""
}

// senderLookup reports whether ix is v[msg.sender] on a one-level mapping.
func senderLookup(info *sema.FuncInfo, ix *ast.IndexExpr, v *sema.Var) bool {
	id, ok := ast.Unparen(ix.X).(*ast.Ident)
	if !ok || info.Uses[id] != v || ix.Index == nil || !isSender(info, ix.Index) {
		return false
	}
	mt, ok := v.Type.(*sema.MappingType)
	if !ok {
		return false
	}
	_, nested := mt.Value.(*sema.MappingType)
	return !nested
}

// isYesNoConstant reports whether x is true, false, 0 or address(0).
func isYesNoConstant(info *sema.FuncInfo, x ast.Expr) bool {
	if lit, ok := ast.Unparen(x).(*ast.BasicLit); ok && (lit.Kind == token.TRUE || lit.Kind == token.FALSE) {
		return true
	}
	return isZeroAddress(info, x)
}

// readsStateDirect reports whether x is v or a member of it. Lookups by other keys
// (records[id].owner) are per-item ownership, not a role of the contract.
func readsStateDirect(info *sema.FuncInfo, x ast.Expr, v *sema.Var) bool {
	x = unwrapConversion(info, x)
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return info.Uses[e] == v
		case *ast.MemberExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		default:
			return false
		}
	}
}

// isSlotStore reports whether a write is an assembly sstore to a state variable's own slot.
func isSlotStore(at ast.Node) bool {
	c, ok := at.(*ast.YulCall)
	return ok && c.Name.Name == "sstore"
}
