package solidity

import (
	"slices"
	"strconv"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// EncodePackedCollision reports abi.encodePacked with two or more variable dynamic arguments
// (strings, bytes, dynamic arrays) whose result is hashed: packed encoding does not delimit
// them, so ("a", "bc") and ("ab", "c") hash the same, and a signature or key for one is valid
// for the other.
var EncodePackedCollision = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ENCODE_PACKED_COLLISION",
		Name:       "Hash collision with abi.encodePacked",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> hashes <code>abi.encodePacked</code> ` +
			`of several variable-length values (<code>${args}</code>). Packed encoding does not separate them: moving bytes ` +
			`from one argument to the next gives the same hash, so a signature, commitment or key made for one input also ` +
			`matches a different one.</p>`,
		Remediation:     `<p>Use <code>abi.encode</code>, which pads and length-prefixes dynamic values, or pass at most one dynamic value.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "args"},
		DetectionLogic: "keccak256/sha256/ripemd160 of abi.encodePacked (or the pre-0.5 multi-argument keccak256/sha3/sha256) with " +
			"two or more arguments of type string, bytes or dynamic array whose value or length can vary: not literals, " +
			"constants, locals only ever assigned those (a type-hash string built in a constructor), or abi.encode of " +
			"static values.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-133"},
		CWE:       []string{"CWE-294"},
		Languages: []string{"solidity"},
		Slither:   "encode-packed-collision",
		Class:     "hash-collision",
	},
	Run: runEncodePacked,
}

func runEncodePacked(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if isTestContract(fn.Contract) {
			continue
		}
		info := p.Info(fn)
		hashedLocals := hashedVars(info, fn)
		for _, c := range info.Calls {
			var args []ast.Expr
			switch {
			case c.Kind == sema.CallBuiltin && c.Name == "abi.encodePacked":
				if !isHashed(info, fn, c.Expr, hashedLocals) {
					continue
				}
				args = c.Args
			case c.Kind == sema.CallBuiltin && (c.Name == "keccak256" || c.Name == "sha3" || c.Name == "sha256") && len(c.Args) > 1:
				args = c.Args // before 0.5 several arguments are packed implicitly
			default:
				continue
			}
			var dyn []string
			undelimited := false
			prev := -1 // the previous argument that varies
			for i, a := range args {
				if !isDynamic(info.Types[a]) || fixedValue(info, a, 0) || fixedLengthEncoding(info, a) || fixedAtCallers(p, fn, info, a, 0) {
					continue
				}
				dyn = append(dyn, sourceText(p, a))
				if prev >= 0 && !delimited(p, fn, info, args[prev+1:i], args[prev]) {
					undelimited = true
				}
				prev = i
			}
			if !undelimited {
				continue
			}
			pass.ReportNode(c.Expr, fn, map[string]string{"args": joinNames(dyn)})
		}
	}
}

// isDynamic reports whether a type is packed without a length: string, bytes, T[].
func isDynamic(t sema.Type) bool {
	switch t := t.(type) {
	case *sema.Elementary:
		return t.Name == "string" || t.Name == "bytes"
	case *sema.ArrayType:
		return t.Dynamic
	}
	return false
}

// hashedVars returns the locals whose value is hashed somewhere in fn.
func hashedVars(info *sema.FuncInfo, fn *sema.Function) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	for _, c := range info.Calls {
		if c.Kind == sema.CallBuiltin && isHashName(c.Name) {
			for _, a := range c.Args {
				if id, ok := ast.Unparen(a).(*ast.Ident); ok {
					if v, ok := info.Uses[id].(*sema.Var); ok {
						out[v] = true
					}
				}
			}
		}
	}
	return out
}

func isHashName(n string) bool {
	return n == "keccak256" || n == "sha3" || n == "sha256" || n == "ripemd160"
}

// isHashed reports whether the packed bytes x are hashed: inside a hash call, or stored in a
// local that is hashed.
func isHashed(info *sema.FuncInfo, fn *sema.Function, x *ast.CallExpr, hashed map[*sema.Var]bool) bool {
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if call := info.CallOf[c]; call != nil && call.Kind == sema.CallBuiltin && isHashName(call.Name) {
				for _, a := range c.Args {
					if unwrapCall(a) == x {
						found = true
					}
				}
			}
		}
		return !found
	})
	if found {
		return true
	}
	for v := range holdersOf(info, fn, x) {
		if hashed[v] {
			return true
		}
	}
	return false
}

// fixedValue reports whether x can only hold one value: a literal, a constant or immutable, a
// local only ever assigned fixed values, or an encoding or concatenation of fixed values (the
// EIP-712 type strings a contract assembles from literals). Nobody can move bytes between two
// fixed arguments.
func fixedValue(info *sema.FuncInfo, x ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	x = ast.Unparen(x)
	switch e := x.(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		v, ok := info.Uses[e].(*sema.Var)
		if !ok {
			return false
		}
		switch {
		case v.Kind == sema.FileConstant || v.IsConstant():
			return true
		case v.Kind == sema.LocalVar && !v.IsStorageRef():
			return localFixed(info, v, depth)
		}
	case *ast.MemberExpr:
		// type(C).creationCode, type(C).name: fixed when the program is compiled
		if _, meta := ast.Unparen(e.X).(*ast.MetaTypeExpr); meta {
			return true
		}
		// L.MAX: a constant of a library or contract named by its type
		if id, ok := ast.Unparen(e.X).(*ast.Ident); ok {
			if c, ok := info.Uses[id].(*sema.Contract); ok {
				v := c.LookupStateVar(e.Name.Name)
				return v != nil && v.IsConstant()
			}
		}
		return false
	case *ast.CallExpr:
		c := info.CallOf[e]
		if c == nil {
			return false
		}
		switch {
		case c.Kind == sema.CallConversion,
			c.Kind == sema.CallBuiltin && (c.Name == "abi.encode" || c.Name == "abi.encodePacked" || c.Name == "string.concat" || c.Name == "bytes.concat"):
			for _, a := range c.Args {
				if !fixedValue(info, a, depth+1) {
					return false
				}
			}
			return true
		}
	}
	return false
}

// localFixed reports whether every value assigned to local v is fixed.
func localFixed(info *sema.FuncInfo, v *sema.Var, depth int) bool {
	ok, assigned := true, false
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.VarDeclStmt:
			for _, d := range s.Vars {
				if d == v.Decl && s.Value != nil {
					assigned = true
					ok = ok && len(s.Vars) == 1 && fixedValue(info, s.Value, depth+1)
				}
			}
		case *ast.AssignExpr:
			if info.RootVar(s.Lhs) == v {
				assigned = true
				ok = ok && s.Op == token.ASSIGN && fixedValue(info, s.Rhs, depth+1)
			}
		}
		return ok
	})
	return ok && assigned
}

// fixedLengthEncoding reports whether x is abi.encode of values that are static or fixed: the
// result always has the same length, so it cannot absorb bytes from its neighbour.
func fixedLengthEncoding(info *sema.FuncInfo, x ast.Expr) bool {
	ce, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	c := info.CallOf[ce]
	if c == nil || c.Kind != sema.CallBuiltin || c.Name != "abi.encode" {
		return false
	}
	for _, a := range c.Args {
		if t := info.Types[a]; t == nil || isDynamic(t) && !fixedValue(info, a, 0) {
			return false
		}
	}
	return true
}

// fixedAtCallers reports whether x is a parameter of an internal function (or library
// function) that every call site passes a fixed value: a CREATE2 helper handed
// type(Pool).creationCode hashes the same code whatever the call.
func fixedAtCallers(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, x ast.Expr, depth int) bool {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok || depth > 2 || fn.IsPublic() {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	if !ok || v.Kind != sema.ParamVar || v.Func != fn {
		return false
	}
	sites := 0
	for _, g := range p.Functions() {
		gi := p.Info(g)
		if gi == nil || g.Body == nil {
			continue
		}
		for _, c := range gi.Calls {
			if !slices.Contains(c.Callees, fn) {
				continue
			}
			a := sema.ArgFor(c, fn, v.Index)
			if a == nil || !fixedValue(gi, a, 0) && !fixedAtCallers(p, g, gi, a, depth+1) {
				return false
			}
			sites++
		}
	}
	return sites > 0
}

// delimited reports whether two variable arguments of a packed encoding are kept apart: a fixed
// literal between them whose first byte the earlier argument is checked never to contain (an
// EIP-712 type string name(fields) whose name is checked to hold no parenthesis is what the
// standard asks for, and decodes one way only).
func delimited(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, between []ast.Expr, before ast.Expr) bool {
	for _, b := range between {
		lit, ok := constantString(p, fn.Contract, info, b, 0)
		if ok && lit != "" && keptOut(p, fn, info, before, lit[0], 0) {
			return true
		}
	}
	return false
}

// keptOut reports whether the bytes of x are compared with byte c (x[i] == c, bytes(x)[i] != c)
// in fn, or in a function fn hands x to: a scan that rejects the byte.
func keptOut(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, x ast.Expr, c byte, depth int) bool {
	id, ok := unwrapConversion(info, x).(*ast.Ident)
	if !ok {
		return false
	}
	v, ok := info.Uses[id].(*sema.Var)
	return ok && keptOutOf(p, fn, info, v, c, depth)
}

func keptOutOf(p *sema.Program, fn *sema.Function, info *sema.FuncInfo, v *sema.Var, c byte, depth int) bool {
	if depth > 1 {
		return false
	}
	refers := func(e ast.Expr) bool {
		id, ok := stripConversions(info, e).(*ast.Ident)
		if !ok {
			return false
		}
		u, ok := info.Uses[id].(*sema.Var)
		if !ok {
			return false
		}
		if u == v {
			return true
		}
		// a local holding a conversion of v: bytes memory b = bytes(name)
		for _, def := range p.LocalDefs(info)[u] {
			if dx, ok := def.(ast.Expr); ok && u.Kind == sema.LocalVar {
				if did, ok := stripConversions(info, dx).(*ast.Ident); ok && info.Uses[did] == v {
					return true
				}
			}
		}
		return false
	}
	byteOf := func(e ast.Expr) bool { // v[i] or bytes(v)[i]
		ix, ok := stripConversions(info, e).(*ast.IndexExpr)
		return ok && refers(ix.X)
	}
	found := false
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.BinaryExpr:
			if (e.Op == token.EQL || e.Op == token.NEQ) &&
				(byteOf(e.X) && byteValue(info, e.Y) == int(c) || byteOf(e.Y) && byteValue(info, e.X) == int(c)) {
				found = true
			}
		case *ast.CallExpr:
			call := info.CallOf[e]
			if call == nil || call.Callee == nil || call.Callee.Body == nil || call.Kind != sema.CallInternal && call.Kind != sema.CallLibrary {
				break
			}
			ci := p.Info(call.Callee)
			for i, prm := range call.Callee.Params {
				if a := sema.ArgFor(call, call.Callee, i); a != nil && refers(a) && ci != nil && keptOutOf(p, call.Callee, ci, prm, c, depth+1) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// byteValue returns the byte a literal stands for ("(" or 0x28 or bytes1(0x28)), or -1.
func byteValue(info *sema.FuncInfo, x ast.Expr) int {
	x = ast.Unparen(x)
	if ce, ok := x.(*ast.CallExpr); ok && len(ce.Args) == 1 {
		if call := info.CallOf[ce]; call != nil && call.Kind == sema.CallConversion {
			return byteValue(info, ce.Args[0])
		}
	}
	l, ok := x.(*ast.BasicLit)
	if !ok {
		return -1
	}
	if s, ok := stringLitValue(l); ok && len(s) == 1 {
		return int(s[0])
	}
	if l.Kind == token.NUMBER {
		if n, err := strconv.ParseInt(l.Value, 0, 16); err == nil && n >= 0 && n < 256 {
			return int(n)
		}
	}
	return -1
}
