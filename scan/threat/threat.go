package threat

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Input is what the checks look at.
type Input struct {
	Program  *sema.Program
	Contract *sema.Contract // the deployed contract (the implementation for proxies)
	Verified bool
	Proxy    bool // the explorer says the address is a proxy
	// SevereFindings counts critical and high findings of the static scan.
	SevereFindings int
}

// Evaluate runs every check and returns them with the threat score.
func Evaluate(in Input) ([]*report.Threat, string) {
	var out []*report.Threat
	add := func(id, name, desc string, fail bool, detail string) {
		status := "pass"
		if fail {
			status = "fail"
		}
		if detail != "" {
			desc += " " + detail
		}
		out = append(out, &report.Threat{IssueID: id, IssueName: name, IssueDescription: desc, IssueStatus: status})
	}
	add("THREAT_SOURCE_VERIFIED", "Source code verified",
		"The contract's source code is published and verified, so what it does can be read.", !in.Verified, "")
	if !in.Verified || in.Contract == nil || in.Program == nil {
		return out, score(out)
	}
	c := newContext(in.Program, in.Contract)

	upgrade := c.upgradeFunctions()
	add("THREAT_PROXY_UPGRADEABLE", "Proxy or upgradeable",
		"The code behind the address can be replaced, so its behaviour can change after you trust it.",
		in.Proxy || len(upgrade) > 0, names("Upgrade functions:", upgrade))
	mint := c.mintFunctions()
	add("THREAT_OWNER_CAN_MINT", "Owner can mint",
		"A privileged account can create new tokens and dilute every holder.", len(mint) > 0, names("Functions:", mint))
	pause := c.transferGates(isFlag)
	add("THREAT_OWNER_CAN_PAUSE", "Owner can stop transfers",
		"Transfers check a switch that a privileged account controls (pause, trading enabled): holders may be unable to sell.",
		len(pause) > 0, names("Switches:", pause))
	lists := c.transferGates(isAddressList)
	add("THREAT_BLACKLIST", "Blacklist or whitelist",
		"Transfers check a per-address list that a privileged account edits: chosen holders can be blocked.",
		len(lists) > 0, names("Lists:", lists))
	fees := c.transferArithmetic()
	add("THREAT_MODIFIABLE_FEES", "Modifiable fees",
		"Transfer amounts are computed from values a privileged account can change: fees or taxes can be raised at will, up to 100%.",
		len(fees) > 0, names("Values:", fees))
	limits := c.transferLimits()
	add("THREAT_MODIFIABLE_LIMITS", "Modifiable transaction limits",
		"Transfers are capped by values a privileged account can change (maximum transaction or wallet size).",
		len(limits) > 0, names("Limits:", limits))
	balances := c.balanceWriters()
	add("THREAT_BALANCE_MANIPULATION", "Owner can change balances",
		"A privileged function writes holders' balances directly.", len(balances) > 0, names("Functions:", balances))
	priv := c.privilegedFunctions()
	add("THREAT_PRIVILEGED_OWNER", "Privileged functions",
		"The contract keeps functions only an owner or role can call; until ownership is renounced or put behind a timelock, that account can use them.",
		len(priv) > 0, names("Functions:", priv))
	hidden := c.hiddenOwners()
	add("THREAT_HIDDEN_OWNER", "Hidden owner",
		"Access checks compare the caller with an address that has no public getter: the account in control is not visible.",
		len(hidden) > 0, names("Variables:", hidden))
	add("THREAT_SELFDESTRUCT", "Self-destruct",
		"The contract can destroy itself and send away its ether.", c.usesBuiltin("selfdestruct", "suicide"), "")
	add("THREAT_DELEGATECALL", "Delegatecall",
		"The contract can run other code with its own storage and balance.", c.usesLowLevel("delegatecall", "callcode"), "")
	calls := c.transferExternalCalls()
	add("THREAT_EXTERNAL_CALL_IN_TRANSFER", "External calls in transfers",
		"Transfers call other contracts, which can decide whether a transfer succeeds (a common honeypot pattern).",
		len(calls) > 0, names("Calls:", calls))
	add("THREAT_CRITICAL_FINDINGS", "Critical or high findings",
		"The static scan found critical or high severity issues in the code.", in.SevereFindings > 0,
		fmt.Sprintf("%d found.", in.SevereFindings))
	return out, score(out)
}

func score(checks []*report.Threat) string {
	passed := 0
	for _, c := range checks {
		if c.IssueStatus == "pass" {
			passed++
		}
	}
	return strconv.FormatFloat(100*float64(passed)/float64(len(checks)), 'f', 2, 64)
}

func names(prefix string, list []string) string {
	if len(list) == 0 {
		return ""
	}
	sort.Strings(list)
	if len(list) > 8 {
		list = append(list[:8], fmt.Sprintf("and %d more", len(list)-8))
	}
	return prefix + " " + strings.Join(list, ", ") + "."
}

type context struct {
	p          *sema.Program
	c          *sema.Contract
	fns        []*sema.Function // callable functions of the contract (most derived)
	privileged []*sema.Function
	privWrites map[*sema.Var]bool
	transfer   []*sema.Function // transfer path: entry points and what they call
}

func newContext(p *sema.Program, c *sema.Contract) *context {
	x := &context{p: p, c: c, fns: c.AllFunctions(), privWrites: map[*sema.Var]bool{}}
	for _, fn := range x.fns {
		if fn.IsEntryPoint() && !fn.IsView() && p.HasAccessControl(fn) {
			x.privileged = append(x.privileged, fn)
			for v := range p.TransitiveWrites(fn) {
				x.privWrites[v] = true
			}
		}
	}
	seen := map[*sema.Function]bool{}
	for _, fn := range x.fns {
		if fn.IsEntryPoint() && (fn.Name == "transfer" || fn.Name == "transferFrom" || fn.Name == "safeTransferFrom") {
			for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
				if !seen[g] {
					seen[g] = true
					x.transfer = append(x.transfer, g)
				}
			}
		}
	}
	return x
}

var (
	upgradeName = regexp.MustCompile(`(?i)^_?upgrade(to|tocall|toandcall)?$|^_?setImplementation$`)
	mintName    = regexp.MustCompile(`(?i)^_?mint`)
	supplyName  = regexp.MustCompile(`(?i)supply`)
	balanceName = regexp.MustCompile(`(?i)^_?(balances|balanceOf|_rOwned|_tOwned|_owned)$`)
)

func (x *context) upgradeFunctions() []string {
	var out []string
	for _, fn := range x.fns {
		if fn.IsEntryPoint() && upgradeName.MatchString(fn.Name) {
			out = append(out, fn.Name)
		}
		if fn.Kind == ast.FuncFallback && x.callsLowLevel(fn, "delegatecall") {
			out = append(out, "fallback (delegatecall)")
		}
	}
	return out
}

func (x *context) mintFunctions() []string {
	var out []string
	for _, fn := range x.privileged {
		mints := false
		for _, g := range append([]*sema.Function{fn}, x.p.Callees(fn)...) {
			if mintName.MatchString(g.Name) && g != fn || mintName.MatchString(fn.Name) && g == fn {
				mints = true
			}
			info := x.p.Info(g)
			if info == nil {
				continue
			}
			for v, at := range info.StateWrites {
				if !supplyName.MatchString(v.Name) {
					continue
				}
				for _, w := range at {
					if increases(w) {
						mints = true
					}
				}
			}
		}
		if mints {
			out = append(out, fn.Name)
		}
	}
	return out
}

// increases reports whether a write adds to its target (+=, ++, or x = x + ...).
func increases(n ast.Node) bool {
	switch w := n.(type) {
	case *ast.AssignExpr:
		if w.Op == token.ADD_ASSIGN {
			return true
		}
		if b, ok := w.Rhs.(*ast.BinaryExpr); ok && b.Op == token.ADD {
			return true
		}
	case *ast.UnaryExpr:
		return w.Op == token.INC
	}
	return false
}

func isFlag(t sema.Type) bool {
	e, ok := t.(*sema.Elementary)
	return ok && (e.Name == "bool" || e.IsInteger())
}

func isAddressList(t sema.Type) bool {
	m, ok := t.(*sema.MappingType)
	return ok && sema.IsAddress(m.Key) && !isAmountMapping(m)
}

func isAmountMapping(m *sema.MappingType) bool {
	e, ok := m.Value.(*sema.Elementary)
	return ok && e.IsInteger()
}

// transferGates returns the state variables of the given kind that conditions on the transfer
// path test and that privileged functions write.
func (x *context) transferGates(kind func(sema.Type) bool) []string {
	found := map[string]bool{}
	for _, fn := range x.transfer {
		info := x.p.Info(fn)
		if info == nil || fn.Body == nil {
			continue
		}
		for _, cond := range conditions(fn) {
			ast.Inspect(cond, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.StateVar && x.privWrites[v] && kind(v.Type) {
						found[v.Name] = true
					}
				}
				return true
			})
		}
	}
	return keys(found)
}

// conditions returns the conditions a function tests: if, require and assert.
func conditions(fn *sema.Function) []ast.Expr {
	var out []ast.Expr
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.IfStmt:
			out = append(out, s.Cond)
		case *ast.CondExpr:
			out = append(out, s.Cond)
		case *ast.CallExpr:
			if id, ok := s.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(s.Args) > 0 {
				out = append(out, s.Args[0])
			}
		}
		return true
	})
	return out
}

// transferArithmetic returns privileged-written state variables used in * or / on the
// transfer path (fee rates).
func (x *context) transferArithmetic() []string {
	found := map[string]bool{}
	for _, fn := range x.transfer {
		info := x.p.Info(fn)
		if info == nil || fn.Body == nil {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			b, ok := n.(*ast.BinaryExpr)
			if !ok || (b.Op != token.MUL && b.Op != token.QUO) {
				return true
			}
			for _, side := range []ast.Expr{b.X, b.Y} {
				if v := stateVar(info, side); v != nil && x.privWrites[v] && !v.IsConstant() {
					found[v.Name] = true
				}
			}
			return true
		})
	}
	return keys(found)
}

// transferLimits returns privileged-written integers compared in transfer-path conditions.
func (x *context) transferLimits() []string {
	found := map[string]bool{}
	for _, fn := range x.transfer {
		info := x.p.Info(fn)
		if info == nil || fn.Body == nil {
			continue
		}
		for _, cond := range conditions(fn) {
			ast.Inspect(cond, func(n ast.Node) bool {
				b, ok := n.(*ast.BinaryExpr)
				if !ok || (b.Op != token.LEQ && b.Op != token.LSS && b.Op != token.GEQ && b.Op != token.GTR) {
					return true
				}
				for _, side := range []ast.Expr{b.X, b.Y} {
					if v := stateVar(info, side); v != nil && x.privWrites[v] && !v.IsConstant() {
						if _, ok := sema.IsInteger(v.Type); ok {
							found[v.Name] = true
						}
					}
				}
				return true
			})
		}
	}
	return keys(found)
}

func stateVar(info *sema.FuncInfo, x ast.Expr) *sema.Var {
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.StateVar {
			return v
		}
	}
	return nil
}

// balanceWriters returns privileged functions that write a balance mapping at a key their
// caller chooses.
func (x *context) balanceWriters() []string {
	var out []string
	for _, fn := range x.privileged {
		if mintName.MatchString(fn.Name) || strings.Contains(strings.ToLower(fn.Name), "burn") {
			continue // minting and burning are their own checks
		}
		writes := false
		for _, g := range append([]*sema.Function{fn}, x.p.Callees(fn)...) {
			if mintName.MatchString(g.Name) || strings.Contains(strings.ToLower(g.Name), "transfer") {
				continue
			}
			info := x.p.Info(g)
			if info == nil {
				continue
			}
			for v, at := range info.StateWrites {
				if !balanceName.MatchString(v.Name) {
					continue
				}
				for _, w := range at {
					if a, ok := w.(*ast.AssignExpr); ok {
						if ix, ok := a.Lhs.(*ast.IndexExpr); ok && info.Flow.Of(ix.Index).Has(sema.SrcParam) {
							writes = true
						}
					}
				}
			}
		}
		if writes {
			out = append(out, fn.Name)
		}
	}
	return out
}

func (x *context) privilegedFunctions() []string {
	var out []string
	for _, fn := range x.privileged {
		out = append(out, fn.Name)
	}
	return out
}

// hiddenOwners returns address state variables that access checks compare the caller with and
// that have no public getter.
func (x *context) hiddenOwners() []string {
	found := map[string]bool{}
	for _, fn := range x.fns {
		for _, g := range append([]*sema.Function{fn}, x.p.Callees(fn)...) {
			info := x.p.Info(g)
			if info == nil || g.Body == nil {
				continue
			}
			for _, cond := range conditions(g) {
				if !x.p.IsSenderCheck(info, cond) {
					continue
				}
				ast.Inspect(cond, func(n ast.Node) bool {
					if id, ok := n.(*ast.Ident); ok {
						if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.StateVar && sema.IsAddress(v.Type) &&
							v.Decl.Visibility != token.PUBLIC && !x.hasGetter(v) {
							found[v.Name] = true
						}
					}
					return true
				})
			}
		}
	}
	return keys(found)
}

// hasGetter reports whether some view function returns the variable.
func (x *context) hasGetter(v *sema.Var) bool {
	for _, fn := range x.fns {
		if !fn.IsPublic() || fn.Body == nil || len(fn.Returns) == 0 {
			continue
		}
		info := x.p.Info(fn)
		found := false
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if r, ok := n.(*ast.ReturnStmt); ok && r.Result != nil {
				if stateVar(info, r.Result) == v {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

func (x *context) usesBuiltin(names ...string) bool {
	for _, fn := range x.fns {
		for _, g := range append([]*sema.Function{fn}, x.p.Callees(fn)...) {
			if info := x.p.Info(g); info != nil {
				for _, c := range info.Calls {
					for _, n := range names {
						if c.Kind == sema.CallBuiltin && c.Name == n {
							return true
						}
					}
				}
			}
		}
	}
	return false
}

func (x *context) usesLowLevel(names ...string) bool {
	for _, fn := range x.fns {
		if x.callsLowLevel(fn, names...) {
			return true
		}
	}
	return false
}

func (x *context) callsLowLevel(fn *sema.Function, names ...string) bool {
	for _, g := range append([]*sema.Function{fn}, x.p.Callees(fn)...) {
		if info := x.p.Info(g); info != nil {
			for _, c := range info.Calls {
				if c.IsLowLevel(names...) {
					return true
				}
			}
			// delegatecall in inline assembly (proxies)
			if g.Body != nil {
				found := false
				ast.Inspect(g.Body, func(n ast.Node) bool {
					if yc, ok := n.(*ast.YulCall); ok {
						for _, name := range names {
							if yc.Name.Name == name {
								found = true
							}
						}
					}
					return !found
				})
				if found {
					return true
				}
			}
		}
	}
	return false
}

func (x *context) transferExternalCalls() []string {
	found := map[string]bool{}
	for _, fn := range x.transfer {
		info := x.p.Info(fn)
		if info == nil {
			continue
		}
		for _, c := range info.Calls {
			if c.Kind == sema.CallExternal {
				name := c.Name
				if c.Contract != nil {
					name = c.Contract.Name + "." + name
				}
				found[name] = true
			}
		}
	}
	return keys(found)
}

func keys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
