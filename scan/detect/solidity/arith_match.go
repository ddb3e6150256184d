package solidity

import (
	"math/big"
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// This file holds the queries the arithmetic family (arithmetic, randomness, time, ordering,
// denial of service) shares: expression text for comparing operands, constants, the
// conditions a function checks, block values and what local variables derive from them.

// normText returns the source text of x without blanks and enclosing parentheses, so that
// `balances[ _to ]` and `(balances[_to])` compare equal.
func normText(p *sema.Program, x ast.Expr) string {
	if x == nil {
		return ""
	}
	return blankless(sourceText(p, ast.Unparen(x)))
}

// blankless is s without spaces, tabs and line breaks.
func blankless(s string) string {
	return strings.Map(func(r rune) rune {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, s)
}

// isConstExpr reports whether x is made only of literals, constants and type(T).max/min.
func isConstExpr(info *sema.FuncInfo, x ast.Expr) bool {
	if x == nil {
		return false
	}
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		if !ok || n == nil {
			return false
		}
		switch e := n.(type) {
		case *ast.BasicLit, *ast.ParenExpr, *ast.BinaryExpr, *ast.ElementaryType:
		case *ast.UnaryExpr:
			if e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE {
				ok = false
			}
		case *ast.MetaTypeExpr:
			return false
		case *ast.MemberExpr:
			if _, meta := e.X.(*ast.MetaTypeExpr); meta {
				return false
			}
			// L.CONST: a library or contract constant
			if info != nil {
				if id, isId := e.X.(*ast.Ident); isId {
					if _, isC := info.Uses[id].(*sema.Contract); isC {
						return false
					}
				}
			}
			ok = false
		case *ast.CallExpr:
			// conversions of constants: uint256(1), uint8(x) with x constant
			if _, et := e.Fun.(*ast.ElementaryType); et && len(e.Args) == 1 {
				return true
			}
			ok = false
		case *ast.Ident:
			if info == nil {
				ok = false
				break
			}
			v, isVar := info.Uses[e].(*sema.Var)
			if !isVar || !(v.Decl != nil && v.Decl.Constant) {
				ok = false
			}
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// litValue returns the value of an integer literal (decimal or hex, with _ separators,
// scientific notation and units ignored), or nil.
func litValue(x ast.Expr) *big.Int {
	lit, ok := ast.Unparen(x).(*ast.BasicLit)
	if !ok || lit.Kind != token.NUMBER || lit.Unit != nil {
		return nil
	}
	s := strings.ReplaceAll(lit.Value, "_", "")
	v := new(big.Int)
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0X") {
		if _, ok := v.SetString(s[2:], 16); ok {
			return v
		}
		return nil
	}
	if i := strings.IndexAny(s, "eE"); i > 0 {
		m, ok1 := new(big.Int).SetString(s[:i], 10)
		e, ok2 := new(big.Int).SetString(s[i+1:], 10)
		if !ok1 || !ok2 || !e.IsInt64() || e.Int64() > 80 || e.Sign() < 0 {
			return nil
		}
		return m.Mul(m, new(big.Int).Exp(big.NewInt(10), e, nil))
	}
	if _, ok := v.SetString(s, 10); ok {
		return v
	}
	return nil
}

// intType returns the integer type of x when the model knows it.
func intType(info *sema.FuncInfo, x ast.Expr) (*sema.Elementary, bool) {
	if x == nil {
		return nil, false
	}
	return sema.IsInteger(info.Types[x])
}

// isUnsigned reports whether x is known to be an unsigned integer.
func isUnsigned(info *sema.FuncInfo, x ast.Expr) bool {
	t, ok := intType(info, x)
	return ok && !t.IsSigned()
}

// condition is a checked condition of a function: the argument of require/assert, or the
// condition of an if, loop or ternary.
type condition struct {
	expr ast.Expr
	// assertion is true for require/assert (the function stops when it fails).
	assertion bool
}

// conditionsOf lists the conditions a function body checks (read-only). A dozen detectors ask
// it of every function: listed once per function (sema.Memo), clipped so that an append copies.
func conditionsOf(p *sema.Program, fn *sema.Function) []condition {
	if fn.Body == nil {
		return nil
	}
	if info := p.Info(fn); info != nil {
		return funcConditions(info)
	}
	return listConditions(fn)
}

// funcConditions is conditionsOf for a function with a model.
func funcConditions(info *sema.FuncInfo) []condition {
	if info.Fn.Body == nil {
		return nil
	}
	return sema.Memo(info, conditionsKey{}, func() []condition { return slices.Clip(listConditions(info.Fn)) })
}

type conditionsKey struct{}

// listConditions makes conditionsOf's list.
func listConditions(fn *sema.Function) []condition {
	var out []condition
	for n := range fn.BodyTree().Preorder(conditionKinds) {
		switch s := n.(type) {
		case *ast.IfStmt:
			out = append(out, condition{expr: s.Cond})
		case *ast.WhileStmt:
			out = append(out, condition{expr: s.Cond})
		case *ast.DoWhileStmt:
			out = append(out, condition{expr: s.Cond})
		case *ast.ForStmt:
			if s.Cond != nil {
				out = append(out, condition{expr: s.Cond})
			}
		case *ast.CondExpr:
			out = append(out, condition{expr: s.Cond})
		case *ast.CallExpr:
			if isRequire(s) {
				out = append(out, condition{expr: s.Args[0], assertion: true})
			}
		}
	}
	return out
}

// conditionKinds are the nodes conditionsOf reads a condition from.
var conditionKinds = inspect.Of((*ast.IfStmt)(nil), (*ast.WhileStmt)(nil), (*ast.DoWhileStmt)(nil),
	(*ast.ForStmt)(nil), (*ast.CondExpr)(nil), (*ast.CallExpr)(nil))

// isRequire reports whether c is require(cond, ...) or assert(cond).
func isRequire(c *ast.CallExpr) bool {
	id, ok := c.Fun.(*ast.Ident)
	return ok && (id.Name == "require" || id.Name == "assert") && len(c.Args) > 0
}

// comparisonsIn returns the relational comparisons (<, <=, >, >=, ==, !=) in x.
func comparisonsIn(x ast.Expr) []*ast.BinaryExpr {
	var out []*ast.BinaryExpr
	ast.Inspect(x, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && isRelational(b.Op) {
			out = append(out, b)
		}
		return true
	})
	return out
}

func isRelational(op token.Token) bool {
	switch op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ, token.EQL, token.NEQ:
		return true
	}
	return false
}

// blockKind tells which block values an expression uses.
type blockKind int

const (
	blockTime   blockKind = 1 << iota // block.timestamp, now
	blockNumber                       // block.number
	blockHash                         // blockhash(n), block.blockhash(n)
	blockOther                        // difficulty, prevrandao, coinbase, gaslimit
)

const blockAny = blockTime | blockNumber | blockHash | blockOther

// blockValueKind returns the kind of block value x is itself (not what it contains).
func blockValueKind(info *sema.FuncInfo, x ast.Expr) blockKind {
	switch e := ast.Unparen(x).(type) {
	case *ast.Ident:
		if e.Name == "now" {
			if info == nil {
				return blockTime
			}
			if b, ok := info.Uses[e].(*sema.Builtin); ok && b.Name == "now" {
				return blockTime
			}
		}
	case *ast.MemberExpr:
		id, ok := e.X.(*ast.Ident)
		if !ok || id.Name != "block" {
			return 0
		}
		if info != nil {
			if _, ok := info.Uses[id].(*sema.Builtin); !ok {
				return 0
			}
		}
		switch e.Name.Name {
		case "timestamp":
			return blockTime
		case "number":
			return blockNumber
		case "difficulty", "prevrandao", "coinbase", "gaslimit":
			return blockOther
		}
	case *ast.CallExpr:
		switch f := e.Fun.(type) {
		case *ast.Ident:
			if f.Name == "blockhash" {
				return blockHash
			}
		case *ast.MemberExpr:
			if id, ok := f.X.(*ast.Ident); ok && id.Name == "block" && f.Name.Name == "blockhash" {
				return blockHash
			}
		}
	}
	return 0
}

// blockIn returns the kinds of block values x mentions directly.
func blockIn(info *sema.FuncInfo, x ast.Node) blockKind {
	var k blockKind
	if x == nil {
		return 0
	}
	ast.Inspect(x, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			k |= blockValueKind(info, e)
		}
		return true
	})
	return k
}

// blockTaint is what each local variable (and state variable written from block values in
// this contract) derives from block values, computed to a fixpoint over assignments.
type blockTaint struct {
	info  *sema.FuncInfo
	vars  map[*sema.Var]blockKind
	state map[*sema.Var]blockKind // state variables the contract fills from block values
	yul   map[string]blockKind    // assembly locals (let r := timestamp()) by name
}

// newBlockTaint computes the block-derived locals of fn; state gives block-derived state
// variables (may be nil).
func newBlockTaint(info *sema.FuncInfo, state map[*sema.Var]blockKind) *blockTaint {
	if len(state) == 0 && info != nil {
		// Without state (most contracts fill none from block values), the taint depends on
		// the function alone: computed once, shared (read-only once built).
		return sema.Memo(info, blockTaintKey{}, func() *blockTaint { return computeBlockTaint(info, nil) })
	}
	return computeBlockTaint(info, state)
}

type blockTaintKey struct{}

func computeBlockTaint(info *sema.FuncInfo, state map[*sema.Var]blockKind) *blockTaint {
	t := &blockTaint{info: info, vars: map[*sema.Var]blockKind{}, state: state, yul: map[string]blockKind{}}
	if info == nil || info.Fn.Body == nil {
		return t
	}
	yul := t.yul
	for round := 0; round < 6; round++ {
		changed := false
		setYul := func(name string, k blockKind) {
			if yul[name]|k != yul[name] {
				yul[name] |= k
				changed = true
			}
		}
		set := func(v *sema.Var, k blockKind) {
			if v == nil || v.Kind == sema.StateVar || k == 0 {
				return
			}
			if t.vars[v]|k != t.vars[v] {
				t.vars[v] |= k
				changed = true
			}
		}
		for n := range info.Fn.BodyTree().Preorder(taintKinds) {
			switch s := n.(type) {
			case *ast.VarDeclStmt:
				if s.Value == nil {
					continue
				}
				k := t.of(s.Value)
				for _, d := range s.Vars {
					if d == nil {
						continue
					}
					for _, v := range info.Fn.Locals {
						if v.Decl == d {
							set(v, k)
						}
					}
				}
			case *ast.AssignExpr:
				// Only whole locals: writing a member of a storage pointer (user.time = now)
				// does not make every other member time-derived.
				if id, ok := s.Lhs.(*ast.Ident); ok {
					v, _ := info.Uses[id].(*sema.Var)
					set(v, t.of(s.Rhs))
				}
			case *ast.YulLet:
				if s.Value != nil {
					k := t.ofYul(s.Value, yul)
					for _, id := range s.Names {
						setYul(id.Name, k)
					}
				}
			case *ast.YulAssign:
				// r := mod(timestamp(), 10) writes the Solidity local r.
				k := t.ofYul(s.Value, yul)
				for _, id := range s.Names {
					if v := info.YulUses[id]; v != nil {
						if !strings.Contains(id.Name, ".") {
							set(v, k)
						}
					} else {
						setYul(id.Name, k)
					}
				}
			}
		}
		if !changed {
			break
		}
	}
	return t
}

// taintKinds are the nodes newBlockTaint propagates through.
var taintKinds = inspect.Of((*ast.VarDeclStmt)(nil), (*ast.AssignExpr)(nil), (*ast.YulLet)(nil), (*ast.YulAssign)(nil))

// ofYul returns the block values an assembly expression derives from: the block instructions,
// the Solidity variables it names and the assembly locals in yul.
func (t *blockTaint) ofYul(x ast.YulExpr, yul map[string]blockKind) blockKind {
	switch e := x.(type) {
	case *ast.YulIdent:
		if v := t.info.YulUses[e]; v != nil {
			if strings.Contains(e.Name, ".") {
				return 0 // x.slot, x.offset: a position, not the value
			}
			if v.Kind == sema.StateVar {
				return t.state[v]
			}
			return t.vars[v]
		}
		return yul[e.Name]
	case *ast.YulCall:
		switch e.Name.Name {
		case "timestamp":
			return blockTime
		case "number":
			return blockNumber
		case "prevrandao", "difficulty", "coinbase", "gaslimit":
			return blockOther
		case "blockhash":
			return blockHash
		}
		var k blockKind
		for _, a := range e.Args {
			k |= t.ofYul(a, yul)
		}
		return k
	}
	return 0
}

// of returns the block values x derives from.
func (t *blockTaint) of(x ast.Node) blockKind {
	if x == nil {
		return 0
	}
	k := blockIn(t.info, x)
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := t.info.Uses[id].(*sema.Var); ok {
				if v.Kind == sema.StateVar {
					k |= t.state[v]
				} else {
					k |= t.vars[v]
				}
			}
		}
		return true
	})
	return k
}

// blockStateVars returns the state variables of c (and its bases) initialised from block
// values (uint salt = block.timestamp). Values stored later from block values are left out:
// a block number or hash recorded at one step and used at a later one is the commit scheme
// that makes the later use unpredictable at commit time.
func blockStateVars(p *sema.Program, c *sema.Contract) map[*sema.Var]blockKind {
	out := map[*sema.Var]blockKind{}
	if c == nil {
		return out
	}
	for _, v := range c.AllStateVars() {
		if v.Decl != nil && v.Decl.Value != nil {
			if k := blockIn(nil, v.Decl.Value); k != 0 {
				out[v] |= k
			}
		}
	}
	return out
}

// ancestors calls visit for every node of fn's body with its ancestors (outermost first), from
// the body's flattened tree.
func ancestors(fn *sema.Function, visit func(n ast.Node, stack []ast.Node)) {
	fn.BodyTree().WithAncestors(visit)
}

// sendsEther reports whether the call transfers ether (transfer, send, call with value).
func sendsEther(c *sema.Call) bool {
	if c.IsLowLevel("transfer", "send") {
		return true
	}
	return c.IsLowLevel("call") && c.SendsValue()
}

// usesSafeMath reports whether contract c (or its bases) binds a checked-math library with
// using-for (SafeMath, LowGasSafeMath, SignedSafeMath, ...): raw operators there are
// deliberate choices of authors who know about overflow.
func usesSafeMath(c *sema.Contract) bool {
	if c == nil {
		return false
	}
	for _, b := range c.Linearization {
		for _, u := range b.Usings {
			if u.Library == nil {
				continue
			}
			name := strings.ToLower(u.Library.Names[len(u.Library.Names)-1].Name)
			if strings.Contains(name, "safemath") || strings.Contains(name, "safecast") || strings.Contains(name, "checked") {
				return true
			}
		}
	}
	return false
}

// lowerTo returns the lower of two severities.
func lowerTo(s, cap detect.Severity) detect.Severity {
	if s.Rank() < cap.Rank() {
		return cap
	}
	return s
}

// reportAt reports a finding at n with a severity (and confidence) that may differ from the
// template's.
func reportAt(pass *detect.Pass, n ast.Node, fn *sema.Function, details map[string]string, sev detect.Severity, conf detect.Confidence) {
	f := detect.Finding{Pos: n.Pos(), End: n.End(), Details: details}
	if f.Details == nil {
		f.Details = map[string]string{}
	}
	if fn != nil {
		f.Function = fn.Name
		if _, ok := f.Details["function_name"]; !ok {
			f.Details["function_name"] = fnName(fn)
		}
	}
	if sev != "" && sev != pass.Analyzer.Severity {
		f.Severity = sev
	}
	if conf != "" && conf != pass.Analyzer.Confidence {
		f.Confidence = conf
	}
	pass.Report(f)
}

// lineOf returns the line of pos.
func lineOf(p *sema.Program, pos token.Pos) int {
	return p.Fset.Position(pos).Line
}

// inTestCode reports whether fn belongs to a test harness (test folders, Foundry .t.sol
// files, Echidna and mock contracts): code that is not deployed, whose findings are capped low.
func inTestCode(fn *sema.Function) bool {
	// The path part is asked for every function of a file: answered once per file.
	if fn.File != nil && sema.Memo(fn.File, testPathKey{}, func() bool {
		path := "/" + strings.ToLower(fn.File.Path)
		return strings.Contains(path, "/test/") || strings.Contains(path, "/tests/") || strings.HasSuffix(path, ".t.sol") ||
			strings.Contains(path, "/mocks/") || strings.Contains(path, "/echidna/")
	}) {
		return true
	}
	if fn.Contract != nil {
		name := fn.Contract.Name
		if strings.HasSuffix(name, "Test") || strings.Contains(name, "Echidna") || strings.HasPrefix(name, "Mock") || strings.HasSuffix(name, "Mock") {
			return true
		}
	}
	return false
}

type testPathKey struct{}

// srcOf returns the sources x depends on, as Flow.Of does, working around duplicate locals:
// in pre-0.5 files sema declares each local twice (once hoisted, once in its block), gives
// the assignment's sources to the first and resolves uses to the second. The sources of all
// locals sharing a declaration are merged here.
func srcOf(info *sema.FuncInfo, x ast.Expr) sema.Source {
	if x == nil {
		return 0
	}
	src := info.Flow.Of(x)
	ast.Inspect(x, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := info.Uses[id].(*sema.Var); ok && v.Kind == sema.LocalVar && v.Decl != nil {
				for _, w := range info.Fn.Locals {
					if w != v && w.Decl == v.Decl {
						src |= info.Flow.Var(w)
					}
				}
			}
		}
		return true
	})
	return src
}

// sameVar reports whether obj is the variable v, or another sema variable for the same
// declaration (pre-0.5 locals are declared twice, see srcOf).
func sameVar(obj sema.Object, v *sema.Var) bool {
	w, ok := obj.(*sema.Var)
	return ok && (w == v || (v.Decl != nil && w.Decl == v.Decl))
}

func isZero(x ast.Expr) bool {
	v := litValue(x)
	return v != nil && v.Sign() == 0
}

// hasOp reports whether x holds a binary operation with one of the operators.
func hasOp(x ast.Expr, ops ...token.Token) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok {
			for _, o := range ops {
				if b.Op == o {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
