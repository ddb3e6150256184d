package solidity

import (
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// This file holds the queries the hygiene family (language pitfalls, deprecated code, gas)
// shares.

// Versions the hygiene rules turn on.
var (
	hygV0_5_0  = sema.Version{Major: 0, Minor: 5, Patch: 0}
	hygV0_6_0  = sema.Version{Major: 0, Minor: 6, Patch: 0}
	hygV0_6_2  = sema.Version{Major: 0, Minor: 6, Patch: 2}
	hygV0_6_5  = sema.Version{Major: 0, Minor: 6, Patch: 5}
	hygV0_8_0  = sema.Version{Major: 0, Minor: 8, Patch: 0}
	hygV0_8_4  = sema.Version{Major: 0, Minor: 8, Patch: 4}
	hygV0_4_24 = sema.Version{Major: 0, Minor: 4, Patch: 24}
)

// hygAcceptsAtLeast reports whether some version the range accepts is at least v (Max is
// exclusive).
func hygAcceptsAtLeast(r sema.VersionRange, v sema.Version) bool { return v.Less(r.Max) }

// hygFileOfPass returns the file a pass covers.
func hygFileOfPass(pass *detect.Pass) *sema.File {
	if pass.File != nil {
		return pass.File
	}
	if pass.Contract != nil {
		return pass.Contract.File
	}
	return nil
}

// hygLoopParts returns the condition, post expression and body of a loop.
func hygLoopParts(s ast.Stmt) (cond, post ast.Expr, body ast.Stmt) {
	switch l := s.(type) {
	case *ast.ForStmt:
		return l.Cond, l.Post, l.Body
	case *ast.WhileStmt:
		return l.Cond, nil, l.Body
	case *ast.DoWhileStmt:
		return l.Cond, nil, l.Body
	}
	return nil, nil, nil
}

// hygIsReferenceType reports whether t is a struct, array or mapping: a type whose local
// variables are pointers to a data location.
func hygIsReferenceType(t sema.Type) bool {
	switch t.(type) {
	case *sema.StructType, *sema.ArrayType, *sema.MappingType:
		return true
	}
	if e, ok := t.(*sema.Elementary); ok {
		return e.Name == "bytes" || e.Name == "string"
	}
	return false
}

// hygIsDynamicArray reports whether t is T[] (or bytes).
func hygIsDynamicArray(t sema.Type) bool {
	a, ok := t.(*sema.ArrayType)
	return ok && a.Dynamic
}

// hygStateVarOfExpr returns the state variable an expression is rooted in (following storage
// pointers), whether or not it is constant.
func hygStateVarOfExpr(info *sema.FuncInfo, x ast.Expr) *sema.Var {
	v := info.RootVar(x)
	if v == nil || v.Kind != sema.StateVar {
		return nil
	}
	return v
}

// hygWrittenRoots returns the identifiers that are the root of a write target in n (x in x = e,
// x[i] = e, x.f = e, delete x, x++, x.push(e)): uses there are not reads of x's value (compound
// assignments and ++ also read, and are reported as reads by the caller's choice).
func hygWrittenRoots(n ast.Node, pureOnly bool) map[*ast.Ident]bool {
	return hygWriteTargets(n, pureOnly, true)
}

// hygWriteTargets is hygWrittenRoots; with deep false only whole-variable targets count (x = e,
// not x[i] = e: writing through a storage pointer uses the pointer).
func hygWriteTargets(n ast.Node, pureOnly, deep bool) map[*ast.Ident]bool {
	out := map[*ast.Ident]bool{}
	if n == nil {
		return out
	}
	ast.Inspect(n, func(x ast.Node) bool {
		hygAddWriteTarget(out, x, pureOnly, deep)
		return true
	})
	return out
}

// hygBodyWriteTargets is hygWriteTargets of a function's body, from its flattened tree.
func hygBodyWriteTargets(fn *sema.Function, pureOnly, deep bool) map[*ast.Ident]bool {
	out := map[*ast.Ident]bool{}
	for x := range fn.BodyTree().Preorder(writeTargetKinds) {
		hygAddWriteTarget(out, x, pureOnly, deep)
	}
	return out
}

// writeTargetKinds are the nodes that may write a target (hygAddWriteTarget).
var writeTargetKinds = inspect.Of((*ast.AssignExpr)(nil), (*ast.UnaryExpr)(nil), (*ast.CallExpr)(nil))

// hygAddWriteTarget adds to out the root identifier of what node x writes, if it writes.
func hygAddWriteTarget(out map[*ast.Ident]bool, x ast.Node, pureOnly, deep bool) {
	switch e := x.(type) {
	case *ast.AssignExpr:
		if e.Op == token.ASSIGN || !pureOnly {
			hygAddTargetRoot(out, e.Lhs, deep)
		}
	case *ast.UnaryExpr:
		if e.Op == token.DELETE || (!pureOnly && (e.Op == token.INC || e.Op == token.DEC)) {
			hygAddTargetRoot(out, e.X, deep)
		}
	case *ast.CallExpr:
		if m, ok := e.Fun.(*ast.MemberExpr); ok && (m.Name.Name == "push" || m.Name.Name == "pop") {
			hygAddTargetRoot(out, m.X, deep)
		}
	}
}

// hygAddTargetRoot adds the root identifier of write target x to out (with deep false, only a
// whole variable or a tuple of them).
func hygAddTargetRoot(out map[*ast.Ident]bool, x ast.Expr, deep bool) {
	if !deep {
		if _, ok := ast.Unparen(x).(*ast.Ident); !ok {
			if _, ok := ast.Unparen(x).(*ast.TupleExpr); !ok {
				return
			}
		}
	}
	for x != nil {
		switch e := x.(type) {
		case *ast.Ident:
			out[e] = true
			return
		case *ast.IndexExpr:
			x = e.X
		case *ast.MemberExpr:
			x = e.X
		case *ast.ParenExpr:
			x = e.X
		case *ast.TupleExpr:
			for _, el := range e.Elems {
				if el != nil {
					if id, ok := ast.Unparen(el).(*ast.Ident); ok {
						out[id] = true
					}
				}
			}
			return
		default:
			return
		}
	}
}

// hygAllInfos returns the facts of every function and modifier of the program.
func hygAllInfos(p *sema.Program) []*sema.FuncInfo {
	var out []*sema.FuncInfo
	for _, fn := range p.Functions() {
		if info := p.Info(fn); info != nil {
			out = append(out, info)
		}
	}
	return out
}

// hygDerivedContracts returns the contracts of the program whose linearization includes c
// (c itself included).
func hygDerivedContracts(p *sema.Program, c *sema.Contract) []*sema.Contract {
	var out []*sema.Contract
	for _, d := range p.Contracts {
		for _, b := range d.Linearization {
			if b == c {
				out = append(out, d)
				break
			}
		}
	}
	return out
}

// isLiteralZero reports whether x is 0, false, address(0), bytes32(0) or "".
func hygIsZeroValue(x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		switch e.Kind {
		case token.NUMBER:
			return e.Unit == nil && (e.Value == "0" || e.Value == "0x0" || e.Value == "0x00")
		case token.FALSE:
			return true
		}
	case *ast.CallExpr:
		if len(e.Args) == 1 {
			if _, ok := e.Fun.(*ast.ElementaryType); ok {
				return hygIsZeroValue(e.Args[0])
			}
		}
	}
	return false
}

// hygIsConstantExpr reports whether x can be computed at compile time: literals, constants and
// pure built-ins of them (keccak256 of a literal, type(uint).max, 10**18, address(0x..)).
func hygIsConstantExpr(info *sema.FuncInfo, p *sema.Program, c *sema.Contract, x ast.Expr) bool {
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		if !ok || n == nil {
			return false
		}
		switch e := n.(type) {
		case *ast.BasicLit, *ast.BinaryExpr, *ast.ParenExpr, *ast.ElementaryType, *ast.MetaTypeExpr:
		case *ast.UnaryExpr:
			if e.Op == token.INC || e.Op == token.DEC || e.Op == token.DELETE {
				ok = false
			}
		case *ast.MemberExpr:
			// type(T).max / .min, and constants reached through a contract name.
			if _, isMeta := e.X.(*ast.MetaTypeExpr); isMeta {
				return false
			}
			if id, isID := e.X.(*ast.Ident); isID && p.LookupContract(id.Name, c.File) != nil {
				if v := p.LookupContract(id.Name, c.File).LookupStateVar(e.Name.Name); v != nil && v.Decl.Constant {
					return false
				}
			}
			ok = false
		case *ast.CallExpr:
			switch f := e.Fun.(type) {
			case *ast.ElementaryType:
			case *ast.Ident:
				if f.Name != "keccak256" && f.Name != "sha256" {
					ok = false
				}
			default:
				ok = false
			}
		case *ast.Ident:
			if info != nil {
				if v, isVar := info.Uses[e].(*sema.Var); isVar && v.IsConstant() && v.Decl.Constant {
					return true
				}
			}
			if v := c.LookupStateVar(e.Name); v != nil && v.Decl.Constant {
				return true
			}
			for _, k := range p.Constants {
				if k.Name == e.Name {
					return true
				}
			}
			if e.Name == "keccak256" || e.Name == "sha256" {
				return true
			}
			ok = false
		default:
			ok = false
		}
		return ok
	})
	return ok
}

// hygRequireMessage returns the reason string literal of require(cond, "msg") or revert("msg").
func hygRequireMessage(info *sema.FuncInfo, c *ast.CallExpr) *ast.BasicLit {
	id, ok := c.Fun.(*ast.Ident)
	if !ok {
		return nil
	}
	var arg ast.Expr
	switch {
	case id.Name == "require" && len(c.Args) == 2:
		arg = c.Args[1]
	case id.Name == "revert" && len(c.Args) == 1:
		arg = c.Args[0]
	default:
		return nil
	}
	if info != nil {
		if _, builtin := info.Uses[id].(*sema.Builtin); !builtin && info.Uses[id] != nil {
			return nil
		}
	}
	lit, _ := ast.Unparen(arg).(*ast.BasicLit)
	if lit == nil || (lit.Kind != token.STRING && lit.Kind != token.UNICODESTR) {
		return nil
	}
	return lit
}

// hygStringLitLen returns the byte length of a string literal's value (escapes counted once).
func hygStringLitLen(lit *ast.BasicLit) int {
	n := 0
	s := lit.Value
	in := false
	var quote byte
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if !in {
			if ch == '"' || ch == '\'' {
				in, quote = true, ch
			}
			continue
		}
		switch {
		case ch == quote:
			in = false
		case ch == '\\' && i+1 < len(s):
			i++
			switch s[i] {
			case 'x':
				i += 2
				n++
			case 'u':
				// \uNNNN is stored as the code point's UTF-8 bytes.
				cp, err := strconv.ParseUint(s[i+1:min(i+5, len(s))], 16, 32)
				i += 4
				switch {
				case err != nil || cp >= 0x800:
					n += 3
				case cp >= 0x80:
					n += 2
				default:
					n++
				}
			default:
				n++
			}
		default:
			n++
		}
	}
	return n
}

// hygSameVar reports whether a and b are the same variable. The model may hold two Var values
// for one local (hoisted, then declared in its block), so declarations are compared.
func hygSameVar(a, b *sema.Var) bool {
	if a == nil || b == nil {
		return false
	}
	return a == b || (a.Decl != nil && a.Decl == b.Decl)
}

// hygUsesVar reports whether identifier id names v.
func hygUsesVar(info *sema.FuncInfo, id *ast.Ident, v *sema.Var) bool {
	w, _ := info.Uses[id].(*sema.Var)
	return hygSameVar(w, v)
}

// hygIsTest reports whether a contract is test or mock code rather than something deployed:
// its file lives under a test folder or is a Foundry .t.sol, or it derives from a test base.
func hygIsTest(c *sema.Contract) bool {
	if c == nil {
		return false
	}
	// Asked by many hygiene detectors for every contract: answered once per contract.
	return sema.Memo(c, hygIsTestKey{}, func() bool {
		path := "/" + strings.ToLower(c.File.Path)
		if strings.Contains(path, "/test/") || strings.Contains(path, "/tests/") || strings.Contains(path, "/mocks/") ||
			strings.HasSuffix(path, ".t.sol") || strings.HasSuffix(path, ".s.sol") {
			return true
		}
		return testHarness(c)
	})
}

type hygIsTestKey struct{}

// hygPassIsTest reports whether a pass covers test code.
func hygPassIsTest(pass *detect.Pass) bool {
	if pass.Contract != nil {
		return hygIsTest(pass.Contract)
	}
	if pass.File != nil {
		// Asked by many hygiene detectors for every file: answered once per file.
		return sema.Memo(pass.File, hygFileIsTestKey{}, func() bool {
			path := "/" + strings.ToLower(pass.File.Path)
			return strings.Contains(path, "/test/") || strings.Contains(path, "/tests/") || strings.HasSuffix(path, ".t.sol")
		})
	}
	return false
}

type hygFileIsTestKey struct{}

// hygLibraryCallMatches reports whether a library call's resolved callee takes the receiver's
// type as its first parameter (x.update() through using-for with several libraries in scope
// may resolve by name alone).
func hygLibraryCallMatches(info *sema.FuncInfo, c *sema.Call) bool {
	if c.Kind != sema.CallLibrary || c.Callee == nil {
		return true
	}
	m, ok := c.Expr.Fun.(*ast.MemberExpr)
	if !ok || len(c.Callee.Params) == 0 {
		return true
	}
	recv := info.Types[m.X]
	if id, ok := ast.Unparen(m.X).(*ast.Ident); ok {
		if v, ok := info.Uses[id].(*sema.Var); ok && v.Decl != nil && c.Callee.Params[0].Decl != nil {
			// Compare the shapes of the declared types when the model could not type them.
			if hygTypeShape(v.Decl.Type) != hygTypeShape(c.Callee.Params[0].Decl.Type) {
				return false
			}
			if recv == nil {
				recv = v.Type
			}
		}
	}
	if recv == nil {
		return true
	}
	if _, isLib := recv.(*sema.ContractType); isLib {
		return true // L.f(x): called on the library itself
	}
	want := c.Callee.Params[0].Type
	return want == nil || want.String() == recv.String()
}

// hygTypeShape names the kind of a type expression: mapping, array, or the (last) type name.
func hygTypeShape(t ast.Expr) string {
	switch e := t.(type) {
	case *ast.MappingType:
		return "mapping"
	case *ast.ArrayType:
		return "array"
	case *ast.IdentPath:
		return e.Names[len(e.Names)-1].Name
	case *ast.Ident:
		return e.Name
	case *ast.ElementaryType:
		return e.Name
	}
	return ""
}

// hygFn is a function or modifier of the model.
type hygFn = sema.Function
