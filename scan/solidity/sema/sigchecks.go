package sema

import (
	"math/big"
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Signature checks. A function verifies a signature when the code it runs recovers a signer or
// asks a contract to vouch for one: the ecrecover builtin, a static call to the ecrecover
// precompile (address 1, in Solidity or in assembly), or ERC-1271's isValidSignature on the
// signing contract, in its own code or in the helpers, libraries and modifiers it runs. What a
// function is called says nothing (a token rescue named _recoverERC20 recovers tokens, not
// signers); only where the code is not shipped (OpenZeppelin's ECDSA in a lib/ folder the scan
// does not hold) does the name of the missing helper stand in, and a check found so is marked.

// SigKind says how a signature is verified.
type SigKind uint8

const (
	SigEcrecover  SigKind = iota // the ecrecover builtin
	SigPrecompile                // a static call to the ecrecover precompile (address 1)
	SigERC1271                   // isValidSignature on the signing contract (ERC-1271)
	SigNamed                     // a helper that is not shipped, named as a recovery (a guess)
)

var sigKindNames = [...]string{"ecrecover", "the ecrecover precompile", "ERC-1271 isValidSignature", "a recovery helper the scan does not hold"}

func (k SigKind) String() string { return sigKindNames[k] }

// SigCheck is one signature verification an entry point reaches.
type SigCheck struct {
	Kind SigKind
	At   ast.Node  // the verifying call (a Solidity call or an assembly staticcall)
	In   *Function // the function or modifier holding At
	// Node is the node of the entry point's graph where the check runs or is reached, and Site
	// the code there: At itself, or the call that leads to it.
	Node  *Node
	Site  ast.Node
	Depth int // internal calls from the entry point to In
	// Digest is what the signed hash comes from, Sig what the signature does (its bytes, or v,
	// r and s), and Signer what the signing contract or the expected signer does (ERC-1271's
	// receiver, a checker's signer argument), all in the entry point's terms.
	Digest, Sig, Signer Prov
	// Opaque is set when code the model does not hold computes part of the digest (an
	// unshipped typed-data helper, another contract's hash function): what the digest names
	// (a chain, a nonce) may be decided there.
	Opaque bool
}

type verifiesKey struct{}

// VerifiesSignature reports whether fn verifies a signature, itself or through the functions
// and modifiers it runs (overrides of virtual callees included). Computed once per component
// of the call graph, bottom-up.
func (p *Program) VerifiesSignature(fn *Function) bool {
	cg := p.callGraphOf()
	c := cg.of[fn]
	if c == nil {
		return false
	}
	return Memo(c, verifiesKey{}, func() bool {
		for _, g := range c.fns {
			if p.checksDirectly(g) {
				return true
			}
		}
		for _, g := range c.fns {
			for _, h := range cg.succs[g] {
				if cg.of[h] != c && p.VerifiesSignature(h) {
					return true
				}
			}
		}
		return false
	})
}

type directKey struct{}

// checksDirectly reports whether fn's own code verifies a signature.
func (p *Program) checksDirectly(fn *Function) bool {
	info := p.Info(fn)
	if info == nil || fn.Body == nil {
		return false
	}
	return Memo(info, directKey{}, func() bool {
		for _, c := range info.Calls {
			if _, ok := p.directCheck(info, c); ok {
				return true
			}
		}
		for n := range fn.BodyTree().Preorder(yulCallKinds) {
			if yulPrecompileCall(info, n.(*ast.YulCall)) {
				return true
			}
		}
		return false
	})
}

var yulCallKinds = inspect.Of((*ast.YulCall)(nil))

// checkParts is where a verifying call takes its digest, signature and signer from.
type checkParts struct {
	kind   SigKind
	digest ast.Expr
	sig    []ast.Expr
	signer ast.Expr
}

// directCheck tells whether call c verifies a signature, and with what.
func (p *Program) directCheck(info *FuncInfo, c *Call) (checkParts, bool) {
	switch c.Kind {
	case CallBuiltin:
		if c.Name == "ecrecover" && len(c.Args) == 4 {
			return checkParts{kind: SigEcrecover, digest: c.Args[0], sig: c.Args[1:]}, true
		}
	case CallLowLevel:
		if (c.Name != "staticcall" && c.Name != "call") || len(c.Args) != 1 {
			break
		}
		enc, _ := ast.Unparen(c.Args[0]).(*ast.CallExpr)
		if isPrecompileAddress(info, c.Target) {
			parts := checkParts{kind: SigPrecompile, digest: c.Args[0]}
			if ec := info.CallOf[enc]; ec != nil && ec.Kind == CallBuiltin && len(enc.Args) >= 4 &&
				(ec.Name == "abi.encode" || ec.Name == "abi.encodePacked") {
				parts.digest, parts.sig = enc.Args[0], enc.Args[1:]
			}
			return parts, true
		}
		if args, ok := erc1271Encoding(info, enc); ok && len(args) == 2 {
			return checkParts{kind: SigERC1271, digest: args[0], sig: args[1:], signer: c.Target}, true
		}
	case CallExternal:
		if c.Name == "isValidSignature" && len(c.Args) == 2 {
			return checkParts{kind: SigERC1271, digest: c.Args[0], sig: c.Args[1:], signer: c.Target}, true
		}
	}
	if Unshipped(c) && recoveryHelperName(c.Name) {
		return namedCheck(info, c), true
	}
	return checkParts{}, false
}

// Unshipped reports whether c calls code the model does not hold: an unresolved function, a
// library or contract it cannot find, a member of a type it could not bind (x.recover(sig)
// through a using-for of a missing library).
func Unshipped(c *Call) bool {
	if c.Callee != nil || len(c.Callees) > 0 {
		return false
	}
	switch c.Kind {
	case CallUnknown, CallInternal, CallLibrary, CallExternal:
		return true
	case CallBuiltin:
		return c.Target != nil // a member call the language does not define
	}
	return false
}

// recoveryHelperName reports whether an unshipped function is named as one of the signature
// libraries' verifiers (OpenZeppelin's ECDSA and SignatureChecker, Solady's, 1inch's).
func recoveryHelperName(name string) bool {
	switch name {
	case "recover", "tryRecover", "recoverCalldata", "tryRecoverCalldata", "isValidSignatureNow",
		"isValidSignatureNowCalldata", "isValidERC1271SignatureNow", "recoverOrIsValidSignature", "isValidSignature":
		return true
	}
	return false
}

// namedCheck reads an unshipped verifier's arguments where those libraries put them: the hash
// first (recover(hash, sig)), or after the signer (isValidSignatureNow(signer, hash, sig)), or
// as the receiver (hash.recover(sig)).
func namedCheck(info *FuncInfo, c *Call) checkParts {
	parts := checkParts{kind: SigNamed}
	args := c.Args
	switch {
	case c.Kind == CallBuiltin && c.Target != nil:
		parts.digest, parts.sig = c.Target, args
	case len(args) >= 3 && c.Name != "recover" && c.Name != "tryRecover":
		parts.signer, parts.digest, parts.sig = args[0], args[1], args[2:]
	case len(args) > 0:
		parts.digest, parts.sig = args[0], args[1:]
	}
	return parts
}

// erc1271Encoding returns the arguments of calldata built for isValidSignature:
// abi.encodeWithSelector(I.isValidSignature.selector, h, sig), abi.encodeCall(I.isValidSignature,
// (h, sig)), abi.encodeWithSignature("isValidSignature(bytes32,bytes)", h, sig), or the
// selector written as a number.
func erc1271Encoding(info *FuncInfo, enc *ast.CallExpr) ([]ast.Expr, bool) {
	if enc == nil || len(enc.Args) < 2 {
		return nil, false
	}
	ec := info.CallOf[enc]
	if ec == nil || ec.Kind != CallBuiltin {
		return nil, false
	}
	sel := ast.Unparen(enc.Args[0])
	switch ec.Name {
	case "abi.encodeCall":
		if m, ok := sel.(*ast.MemberExpr); ok && m.Name.Name == "isValidSignature" {
			if t, ok := ast.Unparen(enc.Args[1]).(*ast.TupleExpr); ok {
				return t.Elems, true
			}
			return enc.Args[1:], true
		}
	case "abi.encodeWithSelector":
		if m, ok := sel.(*ast.MemberExpr); ok && m.Name.Name == "selector" {
			if inner, ok := ast.Unparen(m.X).(*ast.MemberExpr); ok && inner.Name.Name == "isValidSignature" {
				return enc.Args[1:], true
			}
		}
		if l, ok := sel.(*ast.BasicLit); ok && (strings.EqualFold(l.Value, "0x1626ba7e") || strings.EqualFold(l.Value, "0x20c13b0b")) {
			return enc.Args[1:], true
		}
	case "abi.encodeWithSignature":
		if l, ok := sel.(*ast.BasicLit); ok && strings.HasPrefix(strings.Trim(l.Value, `"'`), "isValidSignature(") {
			return enc.Args[1:], true
		}
	}
	return nil, false
}

// isPrecompileAddress reports whether x is the address 1 (address(1), address(0x01), a
// constant holding it).
func isPrecompileAddress(info *FuncInfo, x ast.Expr) bool {
	for depth := 0; x != nil && depth < 4; depth++ {
		switch e := ast.Unparen(x).(type) {
		case *ast.BasicLit:
			return e.Kind == token.NUMBER && isOne(e.Value)
		case *ast.CallExpr:
			if c := info.CallOf[e]; c != nil && c.Kind == CallConversion && len(e.Args) == 1 {
				x = e.Args[0]
				continue
			}
			return false
		case *ast.Ident:
			v, ok := info.Uses[e].(*Var)
			if !ok || v.Decl == nil || !v.Decl.Constant || v.Decl.Value == nil {
				return false
			}
			// a constant's initialiser is typed in no function: read it as a literal
			l, ok := ast.Unparen(stripAddressConversion(v.Decl.Value)).(*ast.BasicLit)
			return ok && l.Kind == token.NUMBER && isOne(l.Value)
		default:
			return false
		}
	}
	return false
}

// stripAddressConversion removes address(...) and uintN(...) written around a literal.
func stripAddressConversion(x ast.Expr) ast.Expr {
	for {
		c, ok := ast.Unparen(x).(*ast.CallExpr)
		if !ok || len(c.Args) != 1 {
			return x
		}
		if _, ok := c.Fun.(*ast.ElementaryType); !ok {
			return x
		}
		x = c.Args[0]
	}
}

func isOne(lit string) bool {
	v, ok := new(big.Int).SetString(strings.ReplaceAll(lit, "_", ""), 0)
	return ok && v.Cmp(big.NewInt(1)) == 0
}

// yulPrecompileCall reports whether an assembly call is a staticcall (or call) to address 1.
func yulPrecompileCall(info *FuncInfo, e *ast.YulCall) bool {
	if (e.Name.Name != "staticcall" && e.Name.Name != "call") || len(e.Args) < 2 {
		return false
	}
	switch t := e.Args[1].(type) {
	case *ast.YulLit:
		return t.Kind == token.NUMBER && isOne(t.Value)
	case *ast.YulIdent:
		if v := info.YulUses[t]; v != nil && v.Decl != nil && v.Decl.Constant && v.Decl.Value != nil {
			l, ok := ast.Unparen(stripAddressConversion(v.Decl.Value)).(*ast.BasicLit)
			return ok && l.Kind == token.NUMBER && isOne(l.Value)
		}
	}
	return false
}

type sigChecksKey struct{}

// SignatureChecks lists the signature verifications entry point fn reaches, with their
// digests and signatures in fn's terms. Computed once per function, and only walked for a
// function that verifies one (VerifiesSignature).
func (p *Program) SignatureChecks(fn *Function) []SigCheck {
	info := p.Info(fn)
	if info == nil || info.CFG == nil || !p.VerifiesSignature(fn) {
		return nil
	}
	return Memo(info, sigChecksKey{}, func() []SigCheck {
		var out []SigCheck
		p.walkReach(fn, p.VerifiesSignature, func(f *frame, at *reachPoint) {
			sub := f.info.Fn.BodyTree().In(at.code)
			for x := range sub.Preorder(actionKinds) {
				switch e := x.(type) {
				case *ast.CallExpr:
					c := f.info.CallOf[e]
					if c == nil {
						continue
					}
					if parts, ok := p.directCheck(f.info, c); ok {
						out = append(out, f.check(parts, e, at))
					}
				case *ast.YulCall:
					if yulPrecompileCall(f.info, e) {
						// The hash and the signature go through memory: what the block stores.
						stored := f.yulStored(at.code)
						sc := SigCheck{Kind: SigPrecompile, At: e, In: f.info.Fn, Digest: stored, Sig: stored}
						out = append(out, f.place(sc, at))
					}
				}
			}
		})
		return slices.Clip(out)
	})
}

// check builds the SigCheck of a verifying call found in frame f.
func (f *frame) check(parts checkParts, at ast.Node, pt *reachPoint) SigCheck {
	sc := SigCheck{Kind: parts.kind, At: at, In: f.info.Fn}
	sc.Digest = f.entry(f.d.Of(parts.digest))
	sc.Opaque = f.opaque(parts.digest, map[*Var]bool{}, 0)
	for _, s := range parts.sig {
		sc.Sig = sc.Sig.Union(f.entry(f.d.Of(s))).Union(f.loadedFrom(s))
	}
	if parts.signer != nil {
		sc.Signer = f.entry(f.d.Of(parts.signer))
	}
	return f.place(sc, pt)
}

// opaque reports whether code the model does not hold computes part of x: an unresolved
// function or library, an external call, followed through locals, the callers' arguments for
// parameters, and the results of the internal functions x calls.
func (f *frame) opaque(x ast.Node, seen map[*Var]bool, depth int) bool {
	if x == nil || depth > 6 {
		return false
	}
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		switch e := n.(type) {
		case *ast.CallExpr:
			c := f.info.CallOf[e]
			switch {
			case c == nil:
			case c.Kind == CallExternal || c.Kind == CallLowLevel || c.Kind == CallUnknown:
				found = true
			case c.Kind == CallInternal || c.Kind == CallLibrary:
				if len(c.Callees) == 0 {
					found = true
				}
				for _, g := range c.Callees {
					gi := f.p.Info(g)
					if gi == nil || g.Body == nil {
						found = true
						continue
					}
					child := &frame{p: f.p, info: gi, d: f.p.DepsOf(gi), parent: f, call: c, depth: f.depth + 1}
					for r := range g.BodyTree().Preorder(returnKinds) {
						found = found || child.opaque(r.(*ast.ReturnStmt).Result, map[*Var]bool{}, depth+1)
					}
					for _, rv := range g.Returns {
						for _, def := range f.p.LocalDefs(gi)[rv] {
							found = found || child.opaque(def, map[*Var]bool{}, depth+1)
						}
					}
				}
			}
		case *ast.Ident:
			v, ok := f.info.Uses[e].(*Var)
			if !ok || seen[v] {
				break
			}
			seen[v] = true
			switch v.Kind {
			case LocalVar, ReturnVar:
				for _, def := range f.p.LocalDefs(f.info)[v] {
					found = found || f.opaque(def, seen, depth+1)
				}
			case ParamVar:
				if f.parent != nil && f.call != nil && v.Func == f.info.Fn {
					if a := ArgFor(f.call, f.info.Fn, v.Index); a != nil {
						found = found || f.parent.opaque(a, map[*Var]bool{}, depth+1)
					}
				}
			}
		}
		return !found
	})
	return found
}

// loadedFrom returns, in the entry point's terms, what the memory an assembly load reads is
// addressed from, when x is a local assigned that way (r := mload(add(sig, 32)) reads the
// signature sig): the signature's parts come from the bytes they are cut from.
func (f *frame) loadedFrom(x ast.Expr) Prov {
	id, ok := stripAddressConversion(x).(*ast.Ident)
	if !ok {
		return Prov{}
	}
	v, ok := f.info.Uses[id].(*Var)
	if !ok || v.Kind != LocalVar {
		return Prov{}
	}
	var out Prov
	for _, def := range f.p.LocalDefs(f.info)[v] {
		if y, ok := def.(ast.YulExpr); ok {
			ast.Inspect(y, func(n ast.Node) bool {
				if yi, ok := n.(*ast.YulIdent); ok {
					if w := f.info.YulUses[yi]; w != nil && w != v {
						out = out.Union(f.entry(f.d.Var(w)))
					}
				}
				return true
			})
		}
	}
	return out
}

// place records where the entry point reaches a check.
func (f *frame) place(sc SigCheck, pt *reachPoint) SigCheck {
	sc.Node, sc.Site, sc.Depth = pt.node, pt.site, f.depth
	if sc.Site == nil {
		sc.Site = sc.At
	}
	return sc
}

// yulStored returns, in the entry point's terms, what the assembly block holding code stores in
// memory (mstore), which is what a precompile call reads.
func (f *frame) yulStored(code ast.Node) Prov {
	var out Prov
	for n := range f.info.Fn.BodyTree().Preorder(asmKinds) {
		a := n.(*ast.AssemblyStmt)
		if a.Pos() > code.Pos() || code.End() > a.End() {
			continue
		}
		ast.Inspect(a.Body, func(x ast.Node) bool {
			if c, ok := x.(*ast.YulCall); ok && (c.Name.Name == "mstore" || c.Name.Name == "calldatacopy") && len(c.Args) >= 2 {
				out = out.Union(f.entry(f.d.OfYul(c.Args[1])))
			}
			return true
		})
	}
	return out
}
