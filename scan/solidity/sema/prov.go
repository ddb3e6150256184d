package sema

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
)

// Provenance: where a value may come from. Flow answers with kinds of origin (Source); Prov
// adds which parameters and which state variables, so that a fact about a helper's parameter
// becomes a fact about what each caller passes (a delegatecall target that is the helper's
// first parameter is msg.sender at one call site and a stored address at another), and a
// stored value can be followed to the code that writes it (Writers).
//
// The extra origins below complete Source for provenance.
const (
	SrcConst     Source = 1 << (iota + 9) // a literal or a constant
	SrcThis                               // the contract's own address
	SrcImmutable                          // an immutable set at construction
	SrcCreated                            // a contract created by this code (new, create)
	SrcRecovered                          // an address recovered from a signature (ecrecover)
	SrcUnknown                            // code the model cannot read decided it
	SrcChain                              // the chain id (block.chainid, chainid() in assembly)
	// SrcFixedRet is the answer of a contract the code names by itself (a stored, immutable
	// or constant address, this, a contract it created, or one such a contract named in
	// turn: a registry's lookup); Vars keep the state variables that named it. The answer
	// of any other contract is SrcCallRet (callRet).
	SrcFixedRet
)

// maxProvVars bounds the state variables a Prov lists: past it, SrcStorage alone says a stored
// value is involved.
const maxProvVars = 8

// Prov is where a value may come from.
type Prov struct {
	Src    Source
	Params uint64 // bit i: the function's parameter i (bit 63 stands for any beyond 62)
	Vars   []*Var // state variables read, in first-seen order (at most maxProvVars)
}

// Has reports whether the value may come from any of the origins in of.
func (p Prov) Has(of Source) bool { return p.Src&of != 0 }

// Zero reports whether nothing is known to flow in (no origin at all).
func (p Prov) Zero() bool { return p.Src == 0 && p.Params == 0 && len(p.Vars) == 0 }

// Union returns the origins of either.
func (p Prov) Union(q Prov) Prov {
	out := Prov{Src: p.Src | q.Src, Params: p.Params | q.Params}
	if len(q.Vars) == 0 {
		out.Vars = p.Vars
		return out
	}
	if len(p.Vars) == 0 {
		out.Vars = q.Vars
		return out
	}
	out.Vars = slices.Clip(append([]*Var(nil), p.Vars...))
	for _, v := range q.Vars {
		if !slices.Contains(out.Vars, v) && len(out.Vars) < maxProvVars {
			out.Vars = append(out.Vars, v)
		}
	}
	return out
}

// paramBit is the Params bit of parameter i.
func paramBit(i int) uint64 {
	if i >= 63 {
		return 1 << 63
	}
	return 1 << uint(i)
}

// Deps holds what each local variable of a function may come from (flow-insensitive: every
// value ever assigned), for Solidity locals and assembly variables alike.
type Deps struct {
	p    *Program
	info *FuncInfo
	vars map[*Var]Prov
	yul  map[string]Prov // assembly variables by name (let x := caller())
	// ret gives what a callee's result comes from, in its parameters: the callee's summary,
	// or while a cycle of functions is being summarised, the current approximation. results
	// gives the same per result, for a call whose results are taken apart ((a, pool) = f()).
	ret     func(*Function) Prov
	results func(*Function) []Prov
}

type depsKey struct{}

// DepsOf returns the dependencies of the function whose facts are info, computed once (and
// again if its file's facts were released), with its callees' results from their summaries.
func (p *Program) DepsOf(info *FuncInfo) *Deps {
	return Memo(info, depsKey{}, func() *Deps {
		return p.computeDeps(info, func(g *Function) Prov {
			if s := p.Summary(g); s != nil {
				return s.Returns
			}
			return Prov{Src: SrcUnknown}
		}, func(g *Function) []Prov {
			if s := p.Summary(g); s != nil {
				return s.Results
			}
			return nil
		})
	})
}

// computeDeps computes the dependencies of a function, asking ret (and results, per result) for
// its callees' results.
func (p *Program) computeDeps(info *FuncInfo, ret func(*Function) Prov, results func(*Function) []Prov) *Deps {
	d := &Deps{p: p, info: info, vars: map[*Var]Prov{}, ret: ret, results: results}
	fn := info.Fn
	for i, v := range fn.Params {
		d.vars[v] = Prov{Src: SrcParam, Params: paramBit(i)}
	}
	if fn.Body == nil {
		return d
	}
	set := func(v *Var, pv Prov) bool {
		if v == nil || v.Kind == StateVar || v.Kind == FileConstant {
			return false
		}
		old, had := d.vars[v]
		nv := old.Union(pv)
		if had && nv.Src == old.Src && nv.Params == old.Params && len(nv.Vars) == len(old.Vars) {
			return false
		}
		d.vars[v] = nv
		return true
	}
	setYul := func(name string, pv Prov) bool {
		if d.yul == nil {
			d.yul = map[string]Prov{}
		}
		old, had := d.yul[name]
		nv := old.Union(pv)
		if had && nv.Src == old.Src && nv.Params == old.Params && len(nv.Vars) == len(old.Vars) {
			return false
		}
		d.yul[name] = nv
		return true
	}
	declVar := func(decl *ast.VarDecl) *Var {
		for _, v := range fn.Locals {
			if v.Decl == decl {
				return v
			}
		}
		return nil
	}
	for round := 0; round < 8; round++ {
		changed := false
		for n := range fn.BodyTree().Preorder(depsKinds) {
			switch s := n.(type) {
			case *ast.VarDeclStmt:
				if s.Value == nil {
					continue
				}
				if t, ok := ast.Unparen(s.Value).(*ast.TupleExpr); ok && len(t.Elems) == len(s.Vars) {
					for i, decl := range s.Vars {
						if decl != nil && t.Elems[i] != nil {
							changed = set(declVar(decl), d.Of(t.Elems[i])) || changed
						}
					}
					continue
				}
				if len(s.Vars) > 1 {
					for i, decl := range s.Vars {
						if decl != nil {
							changed = set(declVar(decl), d.result(s.Value, i)) || changed
						}
					}
					continue
				}
				pv := d.Of(s.Value)
				for _, decl := range s.Vars {
					if decl != nil {
						changed = set(declVar(decl), pv) || changed
					}
				}
			case *ast.AssignExpr:
				pv := d.Of(s.Rhs)
				if s.Op.String() != "=" {
					pv = pv.Union(d.Of(s.Lhs))
				}
				lhs := []ast.Expr{s.Lhs}
				if t, ok := s.Lhs.(*ast.TupleExpr); ok {
					lhs = t.Elems
				}
				rt, _ := ast.Unparen(s.Rhs).(*ast.TupleExpr)
				for i, e := range lhs {
					if e == nil {
						continue
					}
					ev := pv
					if rt != nil && i < len(rt.Elems) && rt.Elems[i] != nil {
						ev = d.Of(rt.Elems[i])
					} else if rt == nil && len(lhs) > 1 && s.Op.String() == "=" {
						ev = d.result(s.Rhs, i)
					}
					if v := info.RootVar(e); v != nil && v.Kind != StateVar && !v.IsStorageRef() {
						changed = set(v, ev) || changed
					}
				}
			case *ast.YulLet:
				if s.Value != nil {
					pv := d.yulValue(s, s.Value)
					for _, id := range s.Names {
						changed = setYul(id.Name, pv) || changed
					}
				}
			case *ast.YulAssign:
				pv := d.yulValue(s, s.Value)
				for _, id := range s.Names {
					if v := info.YulUses[id]; v != nil {
						changed = set(v, pv) || changed // x := caller() writes the Solidity local
					} else {
						changed = setYul(id.Name, pv) || changed
					}
				}
			}
		}
		if !changed {
			break
		}
	}
	return d
}

var depsKinds = inspect.Of((*ast.VarDeclStmt)(nil), (*ast.AssignExpr)(nil), (*ast.YulLet)(nil), (*ast.YulAssign)(nil))

// result returns what result i of call x comes from, when the call's callees say per result
// ((liquidity, pool) = addLiquidity(...)), else what the whole call comes from.
func (d *Deps) result(x ast.Expr, i int) Prov {
	e, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || d.results == nil {
		return d.Of(x)
	}
	c := d.info.CallOf[e]
	if c == nil || c.Kind != CallInternal && c.Kind != CallLibrary || len(c.Callees) == 0 {
		return d.Of(x)
	}
	var out Prov
	for _, g := range c.Callees {
		rs := d.results(g)
		if i >= len(rs) {
			return d.Of(x)
		}
		out = out.Union(d.p.instantiate(rs[i], c, g, d))
	}
	return out
}

// resultsOf computes what each of fn's results comes from (nil for a function with fewer than
// two): its named results' values, the elements of returned tuples in place, and the results
// of a call returned whole.
func resultsOf(fn *Function, d *Deps) []Prov {
	n := len(fn.Returns)
	if n < 2 {
		return nil
	}
	out := make([]Prov, n)
	for i, r := range fn.Returns {
		out[i] = d.Var(r)
	}
	for x := range fn.BodyTree().Preorder(returnKinds) {
		r := x.(*ast.ReturnStmt)
		if r.Result == nil {
			continue
		}
		t, ok := ast.Unparen(r.Result).(*ast.TupleExpr)
		for i := range out {
			switch {
			case ok && len(t.Elems) == n:
				out[i] = out[i].Union(d.Of(t.Elems[i]))
			default:
				out[i] = out[i].Union(d.result(r.Result, i))
			}
		}
	}
	return out
}

// returnsOf computes what fn's result comes from, from its dependencies d.
func returnsOf(fn *Function, d *Deps) Prov {
	var out Prov
	for _, r := range fn.Returns {
		out = out.Union(d.Var(r))
	}
	for n := range fn.BodyTree().Preorder(returnKinds) {
		if r := n.(*ast.ReturnStmt); r.Result != nil {
			out = out.Union(d.Of(r.Result))
		}
	}
	return out
}

var returnKinds = inspect.Of((*ast.ReturnStmt)(nil))

// Var returns what variable v may hold.
func (d *Deps) Var(v *Var) Prov {
	switch {
	case v.Kind == FileConstant || v.Decl != nil && v.Decl.Constant:
		return Prov{Src: SrcConst}
	case v.Kind == StateVar && v.Decl != nil && v.Decl.Immutable:
		return Prov{Src: SrcImmutable, Vars: []*Var{v}}
	case v.Kind == StateVar:
		return Prov{Src: SrcStorage, Vars: []*Var{v}}
	case v.IsStorageRef():
		if sv := d.info.storageAlias(v); sv != nil {
			return Prov{Src: SrcStorage, Vars: []*Var{sv}}
		}
		return Prov{Src: SrcStorage}
	}
	return d.vars[v]
}

// Of returns what expression x may come from.
func (d *Deps) Of(x ast.Expr) Prov {
	if x == nil {
		return Prov{}
	}
	info := d.info
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		switch o := info.Uses[e].(type) {
		case *Var:
			return d.Var(o)
		case *Builtin:
			switch o.Name {
			case "now":
				return Prov{Src: SrcBlock}
			case "this":
				return Prov{Src: SrcThis}
			}
		}
		return Prov{}
	case *ast.BasicLit:
		return Prov{Src: SrcConst}
	case *ast.MemberExpr:
		if id, ok := e.X.(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*Builtin); ok {
				switch b.Name + "." + e.Name.Name {
				case "msg.sender":
					return Prov{Src: SrcSender}
				case "tx.origin":
					return Prov{Src: SrcOrigin}
				case "msg.value":
					return Prov{Src: SrcValue}
				case "msg.data", "msg.sig":
					return Prov{Src: SrcData}
				case "block.timestamp", "block.number", "block.difficulty", "block.prevrandao", "block.coinbase", "block.gaslimit":
					return Prov{Src: SrcBlock}
				case "block.chainid":
					return Prov{Src: SrcChain}
				}
				return Prov{}
			}
		}
		if e.Name.Name == "balance" {
			return d.Of(e.X).Union(Prov{Src: SrcBalance})
		}
		return d.Of(e.X)
	case *ast.IndexExpr:
		return d.Of(e.X)
	case *ast.SliceExpr:
		return d.Of(e.X)
	case *ast.UnaryExpr:
		return d.Of(e.X)
	case *ast.BinaryExpr:
		return d.Of(e.X).Union(d.Of(e.Y))
	case *ast.CondExpr:
		return d.Of(e.Then).Union(d.Of(e.Else))
	case *ast.TupleExpr:
		var out Prov
		for _, el := range e.Elems {
			out = out.Union(d.Of(el))
		}
		return out
	case *ast.CallExpr:
		return d.callProv(e)
	}
	return Prov{}
}

// callProv returns what a call's result may come from.
func (d *Deps) callProv(e *ast.CallExpr) Prov {
	info := d.info
	c := info.CallOf[e]
	if c == nil {
		return Prov{Src: SrcUnknown}
	}
	args := func() Prov {
		var out Prov
		for _, a := range e.Args {
			out = out.Union(d.Of(a))
		}
		return out
	}
	switch c.Kind {
	case CallConversion:
		if len(e.Args) == 1 {
			return d.Of(e.Args[0])
		}
	case CallBuiltin:
		switch c.Name {
		case "keccak256":
			if deployer, ok := create2Deployer(info, e); ok {
				// The address CREATE2 gives a contract that deployer created: the caller
				// picks the salt (which pool), not the code behind the address.
				return Prov{Src: SrcCreated}.Union(d.Of(deployer))
			}
		case "ecrecover":
			return Prov{Src: SrcRecovered}
		case "blockhash", "block.blockhash", "blobhash":
			return Prov{Src: SrcBlock}
		case "gasleft":
			return Prov{}
		case "abi.decode":
			if len(e.Args) > 0 {
				return d.Of(e.Args[0])
			}
		}
		if m, ok := stripCallDecorations(e.Fun).(*ast.MemberExpr); ok && !strings.Contains(c.Name, ".") {
			// x.sub(y) bound to a library the program lacks: the receiver is an argument too
			return args().Union(d.Of(m.X))
		}
		return args()
	case CallExternal, CallLowLevel:
		return d.callRet(c)
	case CallNew:
		return Prov{Src: SrcCreated}
	case CallInternal, CallLibrary:
		if IsCallerAccessor(info, e) {
			return Prov{Src: SrcSender}
		}
		if len(c.Callees) == 0 {
			// A function the program lacks: its result may come from anything it is handed,
			// the receiver of a using-for call (order.maker.get()) included.
			out := args().Union(Prov{Src: SrcUnknown})
			if c.Bound != nil {
				out = out.Union(d.Of(c.Bound))
			}
			return out
		}
		var out Prov
		for _, g := range c.Callees {
			out = out.Union(d.p.instantiate(d.ret(g), c, g, d))
		}
		return out
	}
	return args()
}

// openAddress lists the origins that make a called address one the code does not name by
// itself: the caller's choices, and what the model cannot trace.
const openAddress = SrcParam | SrcSender | SrcOrigin | SrcData | SrcCallRet | SrcUnknown | SrcValue | SrcBalance | SrcBlock | SrcRecovered

// callRet returns what the result of external or low-level call c comes from. A contract's
// answer is its own to give, so the called address decides: a contract the code names by
// itself answers with SrcFixedRet (and the state variables naming it: a registry is only as
// trusted as the variable holding it), any other with SrcCallRet and the caller's part in
// the address (IRegistry(param).get() is the caller's choice).
func (d *Deps) callRet(c *Call) Prov {
	t := d.Of(c.Target)
	if t.Zero() || t.Has(openAddress) || t.Params != 0 {
		return Prov{Src: SrcCallRet | t.Src&(SrcParam|SrcSender|SrcOrigin|SrcData), Params: t.Params}
	}
	return Prov{Src: SrcFixedRet, Vars: t.Vars}
}

// OfYul returns what an assembly expression may come from.
func (d *Deps) OfYul(x ast.YulExpr) Prov {
	switch e := x.(type) {
	case *ast.YulLit:
		return Prov{Src: SrcConst}
	case *ast.YulIdent:
		if v := d.info.YulUses[e]; v != nil {
			pv := d.Var(v)
			if v.Kind == StateVar && !v.IsConstant() {
				// x.slot names the variable's slot, x itself (pre-0.7) too: a constant
				return Prov{Src: SrcConst, Vars: pv.Vars}
			}
			return pv
		}
		if pv, ok := d.yul[e.Name]; ok {
			return pv
		}
		// before 0.5, instructions could be written without parentheses (chainId := chainid)
		return d.OfYul(&ast.YulCall{Name: e})
	case *ast.YulCall:
		switch e.Name.Name {
		case "caller":
			return Prov{Src: SrcSender}
		case "origin":
			return Prov{Src: SrcOrigin}
		case "callvalue":
			return Prov{Src: SrcValue}
		case "address":
			return Prov{Src: SrcThis}
		case "calldataload", "calldatacopy", "calldatasize":
			return Prov{Src: SrcData | SrcParam, Params: ^uint64(0)}
		case "timestamp", "number", "prevrandao", "difficulty", "coinbase", "blockhash":
			return Prov{Src: SrcBlock}
		case "chainid":
			return Prov{Src: SrcChain}
		case "balance", "selfbalance":
			return Prov{Src: SrcBalance}
		case "sload", "tload":
			out := Prov{Src: SrcStorage}
			if len(e.Args) == 1 {
				out.Vars = d.OfYul(e.Args[0]).Vars
			}
			return out
		case "call", "staticcall", "delegatecall", "callcode", "returndatasize", "returndatacopy", "extcodesize", "extcodehash":
			return Prov{Src: SrcCallRet}
		case "create", "create2":
			return Prov{Src: SrcCreated}
		case "mload":
			return Prov{Src: SrcUnknown}
		}
		var out Prov
		for _, a := range e.Args {
			out = out.Union(d.OfYul(a))
		}
		return out
	}
	return Prov{}
}

// instantiate turns a callee's provenance (its parameters as Params bits) into the caller's:
// each parameter stands for what call c passes there, in the caller's dependencies d.
func (p *Program) instantiate(pv Prov, c *Call, callee *Function, d *Deps) Prov {
	if pv.Params == 0 {
		return pv
	}
	out := Prov{Src: pv.Src &^ SrcParam, Vars: pv.Vars}
	for i := range callee.Params {
		if pv.Params&paramBit(i) == 0 {
			continue
		}
		if a := ArgFor(c, callee, i); a != nil {
			out = out.Union(d.Of(a))
		}
	}
	return out
}

// Instantiate turns a callee's provenance (its parameters as Params bits) into what call c
// passes, in the caller's dependencies d.
func (p *Program) Instantiate(pv Prov, c *Call, callee *Function, d *Deps) Prov {
	return p.instantiate(pv, c, callee, d)
}

// create2Deployer recognises the CREATE2 address formula, keccak256(abi.encodePacked(0xff,
// deployer, salt, initCodeHash)), and returns the deployer.
func create2Deployer(info *FuncInfo, e *ast.CallExpr) (ast.Expr, bool) {
	if len(e.Args) != 1 {
		return nil, false
	}
	inner, ok := ast.Unparen(e.Args[0]).(*ast.CallExpr)
	if !ok || len(inner.Args) != 4 {
		return nil, false
	}
	if c := info.CallOf[inner]; c == nil || c.Name != "abi.encodePacked" {
		return nil, false
	}
	lit, ok := ast.Unparen(inner.Args[0]).(*ast.BasicLit)
	if !ok {
		if conv, isCall := ast.Unparen(inner.Args[0]).(*ast.CallExpr); isCall && len(conv.Args) == 1 {
			lit, ok = ast.Unparen(conv.Args[0]).(*ast.BasicLit) // bytes1(0xff)
		}
	}
	if !ok {
		return nil, false
	}
	v := strings.Trim(strings.TrimPrefix(strings.ToLower(lit.Value), "hex"), `"'`)
	if v != "0xff" && v != "ff" {
		return nil, false
	}
	return inner.Args[1], true
}
