package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Where a contract runs other code in its own storage, and which code that is. The storage
// detectors compare the layouts of a contract and the code it delegatecalls; they need the
// delegatecalls (in Solidity, in assembly, in helpers, through Address.functionDelegateCall, or
// in a proxy base whose source is missing) and, for each, the contract behind the target:
//
//   - the target's type: a state variable or parameter of a contract type (Delegate delegate),
//     or an address variable written only from such a value (C(x), new C(), a parameter typed C);
//   - the data: a signature string or a selector (bytes4 literal, C.f.selector) that one
//     contract of the program answers (the target is then assumed to be that contract).
//
// Names decide only for code that is not shipped: an unresolved functionDelegateCall helper, a
// missing base named ...Proxy (assumed to delegatecall its first constructor argument with its
// last, and to forward every call).

// delegateSite is one delegatecall of a contract.
type delegateSite struct {
	fn       *sema.Function // the entry point or constructor whose code (or helper) delegatecalls
	at       ast.Node       // the delegatecall, or the base constructor call of a missing proxy base
	target   *sema.Var      // the state variable holding the target, if any
	impl     *sema.Contract // the code behind the target, when identified
	how      string         // how impl was identified, for the evidence
	sel      string         // the function the data selects; "" when the caller's data is passed on
	forwards bool           // the caller's calldata is passed on (a proxy's fallback)
	guessed  string         // a name decided that this is a delegatecall (the missing code), "" otherwise
	assumed  bool           // impl was identified from the data only
}

// reportDelegateSites runs check on each delegatecall site of the pass's contract whose code is
// identified and is neither the contract nor related to it by inheritance (a shared layout), and
// (with forwardOnly) that passes the caller's calldata on; one finding per site at most. A
// contract with nothing in ordinary slots has nothing to collide.
func reportDelegateSites(pass *detect.Pass, forwardOnly bool,
	check func(p *sema.Program, c *sema.Contract, mine map[*sema.Var]slotPos, s delegateSite) *detect.Finding) {
	c := pass.Contract
	if c == nil || c.IsLibrary() || c.IsInterface() || isTestContract(c) {
		return
	}
	p := pass.Program
	mine := storageLayout(c)
	if len(mine) == 0 {
		return
	}
	reported := map[ast.Node]bool{}
	for _, s := range delegateSites(p, c) {
		k := s.impl
		if k == nil || k == c || reported[s.at] || forwardOnly && !s.forwards || k.Inherits(c.Name) || c.Inherits(k.Name) {
			continue
		}
		if f := check(p, c, mine, s); f != nil {
			reported[s.at] = true
			pass.Report(*f)
		}
	}
}

type delegateSitesKey struct{}

// delegateSites returns the delegatecalls of contract c's entry points and constructor, with
// the code behind them when identified (read-only, found once per contract).
func delegateSites(p *sema.Program, c *sema.Contract) []delegateSite {
	return sema.Memo(c, delegateSitesKey{}, func() []delegateSite { return findDelegateSites(p, c) })
}

func findDelegateSites(p *sema.Program, c *sema.Contract) []delegateSite {
	var out []delegateSite
	sigs := signatureStrings(p, c)
	for _, fn := range c.AllFunctions() {
		if !fn.IsEntryPoint() && !fn.IsConstructor() {
			continue
		}
		info := p.Info(fn)
		if info == nil || fn.Body == nil {
			continue
		}
		d := p.DepsOf(info)
		add := func(s delegateSite, tp sema.Prov, data ast.Expr, dataInfo *sema.FuncInfo) {
			s.fn = fn
			// The target is a stored address itself (or its copy), not a value computed
			// from one (registry.lookup(name) is the registry's answer).
			if !tp.Has(sema.SrcCallRet | sema.SrcUnknown) {
				for _, v := range tp.Vars {
					if !v.IsConstant() && holdsAddress(v) {
						s.target = v
						break
					}
				}
			}
			if data != nil && dataInfo != nil {
				s.sel = selectedName(dataInfo, data, sigs)
				if s.sel == "" {
					s.impl, s.sel = selectedBySelector(p, c, dataInfo, data)
					s.assumed = s.impl != nil
				} else {
					s.assumed = true
				}
				if s.sel == "" && isMsgData(dataInfo, data) {
					s.forwards = true
				}
			}
			if fn.Kind == ast.FuncFallback {
				s.forwards = true
			}
			if s.impl == nil {
				s.impl, s.how = codeBehind(p, c, fn, s.target, tp)
				s.assumed = s.assumed && s.impl == nil
			}
			if s.impl == nil && s.sel != "" {
				s.impl = contractWithFunction(p, c, s.sel)
			}
			out = append(out, s)
		}
		for _, a := range p.Actions(fn) {
			if a.Kind != sema.ActDelegate {
				continue
			}
			ai := p.Info(a.In)
			switch at := a.At.(type) {
			case *ast.CallExpr:
				var data ast.Expr
				if a.Call != nil && len(a.Call.Args) > 0 {
					data = a.Call.Args[0]
				}
				add(delegateSite{at: at}, a.Target, data, ai)
			case *ast.YulCall:
				// delegatecall(gas, target, in, insize, out, outsize): calldatasize() as the
				// input size passes the caller's calldata on.
				s := delegateSite{at: at}
				if len(at.Args) >= 4 {
					if sz, ok := at.Args[3].(*ast.YulCall); ok && sz.Name.Name == "calldatasize" {
						s.forwards = true
					}
				}
				add(s, a.Target, nil, nil)
			}
		}
		// A delegatecall helper whose code is not shipped (OpenZeppelin's Address).
		for _, call := range info.Calls {
			if call.Callee == nil && call.Name == "functionDelegateCall" && len(call.Args) >= 2 {
				add(delegateSite{at: call.Expr, guessed: call.Name + " is not in the sources: its name says it delegatecalls"},
					d.Of(call.Args[0]), call.Args[1], info)
			}
		}
		if fn.IsConstructor() {
			for _, inv := range fn.Invocations {
				if s, tp, data, ok := missingProxyBase(c, d, inv.Name, inv.Args); ok {
					s.at = inv
					add(s, tp, data, info)
				}
			}
		}
	}
	if c.Decl != nil {
		for _, b := range c.Decl.Bases {
			if s, _, data, ok := missingProxyBase(c, nil, b.Name, b.Args); ok {
				s.at, s.fn = b, nil
				s.impl, s.sel = selectedBySelector(p, c, nil, data)
				s.assumed = s.impl != nil
				s.forwards = true
				if s.impl != nil {
					out = append(out, s)
				}
			}
		}
	}
	// A target variable identified at one site is the same code at the others (a fallback
	// forwarding to the library another function calls by signature).
	byVar := map[*sema.Var]delegateSite{}
	for _, s := range out {
		if s.target != nil && s.impl != nil {
			if _, ok := byVar[s.target]; !ok {
				byVar[s.target] = s
			}
		}
	}
	for i, s := range out {
		if s.impl == nil && s.target != nil {
			if o, ok := byVar[s.target]; ok {
				out[i].impl, out[i].how, out[i].assumed = o.impl, o.how, o.assumed
			}
		}
	}
	return out
}

// missingProxyBase recognises a base constructor call of a base whose source is missing and
// whose name says it is a proxy (ERC1967Proxy, TransparentUpgradeableProxy): the base is assumed
// to delegatecall its first argument with its last (the initialisation data) and to forward
// every call after. d may be nil (arguments in the inheritance list, no function to read them).
func missingProxyBase(c *sema.Contract, d *sema.Deps, name *ast.IdentPath, args []ast.Expr) (delegateSite, sema.Prov, ast.Expr, bool) {
	if name == nil || len(args) == 0 || len(name.Names) == 0 {
		return delegateSite{}, sema.Prov{}, nil, false
	}
	base := name.Names[len(name.Names)-1].Name
	if !strings.HasSuffix(base, "Proxy") || !c.UnresolvedBases || inLinearization(c, base) || !declaresBase(c, base) {
		return delegateSite{}, sema.Prov{}, nil, false
	}
	var tp sema.Prov
	if d != nil {
		tp = d.Of(args[0])
	}
	var data ast.Expr
	if len(args) >= 2 {
		data = args[len(args)-1]
	}
	return delegateSite{forwards: true, guessed: base + " is not in the sources: its name says it is a proxy that delegatecalls its implementation"}, tp, data, true
}

// inLinearization reports whether c's resolved linearization holds a contract named name.
func inLinearization(c *sema.Contract, name string) bool {
	for _, b := range c.Linearization {
		if b.Name == name {
			return true
		}
	}
	return false
}

// declaresBase reports whether c's declaration lists name among its bases.
func declaresBase(c *sema.Contract, name string) bool {
	if c.Decl == nil {
		return false
	}
	for _, b := range c.Decl.Bases {
		if n := b.Name.Names; len(n) > 0 && n[len(n)-1].Name == name {
			return true
		}
	}
	return false
}

// isMsgData reports whether x is msg.data.
func isMsgData(info *sema.FuncInfo, x ast.Expr) bool {
	return isGlobal(info, ast.Unparen(x), "msg", "data")
}

// codeBehind identifies the contract a delegatecall target holds from types: a target state
// variable of a contract type, an address variable only ever written such a value, or a
// parameter of fn of a contract type.
func codeBehind(p *sema.Program, c *sema.Contract, fn *sema.Function, target *sema.Var, tp sema.Prov) (*sema.Contract, string) {
	if target != nil {
		if k := contractOf(target.Type); k != nil {
			return k, "the type of " + target.Name
		}
		if k := writtenContract(p, c, target); k != nil {
			return k, target.Name + " is only ever set to a " + k.Name
		}
	}
	for i, prm := range fn.Params {
		if i < 63 && tp.Params&(1<<uint(i)) != 0 {
			if k := contractOf(prm.Type); k != nil {
				return k, "the type of parameter " + prm.Name
			}
		}
	}
	return nil, ""
}

// contractOf returns the contract (with code: not an interface) a type names.
func contractOf(t sema.Type) *sema.Contract {
	if ct, ok := t.(*sema.ContractType); ok && ct.Contract != nil && !ct.Contract.IsInterface() && !ct.Contract.IsLibrary() {
		return ct.Contract
	}
	return nil
}

// writtenContract returns the one contract whose instances every write of an address state
// variable of c stores (C(x), address(new C()), a parameter typed C), or nil.
func writtenContract(p *sema.Program, c *sema.Contract, v *sema.Var) *sema.Contract {
	var found *sema.Contract
	for _, g := range c.AllFunctions() {
		for _, w := range p.StateWrites(g) {
			if w.Var != v {
				continue
			}
			a, ok := w.At.(*ast.AssignExpr)
			if !ok || a.Op != token.ASSIGN {
				return nil
			}
			k := valueContract(p.Info(w.Fn), a.Rhs)
			if k == nil || found != nil && found != k {
				return nil
			}
			found = k
		}
	}
	return found
}

// valueContract returns the contract an expression's value is an instance of, when its type
// or its construction says so: C(x), new C(...), address(...) of these, a variable typed C.
func valueContract(info *sema.FuncInfo, x ast.Expr) *sema.Contract {
	if info == nil {
		return nil
	}
	x = unwrapConversion(info, x)
	if k := contractOf(info.Types[x]); k != nil {
		return k
	}
	if call, ok := x.(*ast.CallExpr); ok {
		if c := info.CallOf[call]; c != nil && c.Kind == sema.CallNew && c.Contract != nil {
			return contractOf(&sema.ContractType{Contract: c.Contract})
		}
	}
	return nil
}

// selectedBySelector returns the contract and function a delegatecall's data selects through a
// 4-byte selector, written as a literal (bytes4(0xc4d66de8)) or as C.f.selector, when one
// contract of the program (not c or its bases) answers it.
func selectedBySelector(p *sema.Program, c *sema.Contract, info *sema.FuncInfo, data ast.Expr) (*sema.Contract, string) {
	if data == nil {
		return nil, ""
	}
	var sel string
	var named *sema.Contract
	ast.Inspect(data, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.BasicLit:
			if e.Kind == token.NUMBER && len(e.Value) == 10 && strings.HasPrefix(strings.ToLower(e.Value), "0x") {
				sel = strings.ToLower(e.Value)
			}
		case *ast.MemberExpr:
			if e.Name.Name == "selector" && info != nil {
				if f, ok := e.X.(*ast.MemberExpr); ok {
					if id, ok := f.X.(*ast.Ident); ok {
						if k, ok := info.Uses[id].(*sema.Contract); ok && !k.IsInterface() {
							named, sel = k, f.Name.Name
						}
					}
				}
			}
		}
		return sel == ""
	})
	if named != nil {
		return named, sel
	}
	if sel == "" {
		return nil, ""
	}
	var found *sema.Contract
	name := ""
	for _, u := range selectorTable(p)[sel] {
		k := u.contract
		if k == c || k.IsInterface() || k.IsLibrary() || c.Inherits(k.Name) || u.entry.Fn == nil {
			continue
		}
		if found != nil && found != k {
			if k.Inherits(found.Name) {
				found = k // the most derived of a family answering alike
				continue
			}
			if found.Inherits(k.Name) {
				continue
			}
			return nil, ""
		}
		found, name = k, u.entry.Name
	}
	return found, name
}
