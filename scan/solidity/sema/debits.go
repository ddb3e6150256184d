package sema

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// Debits of the caller: what an entry point makes its caller pay for what it gives. A router
// that pulls the caller's tokens (transferFrom(msg.sender, pair, amount)), unwraps what the
// swap yields and sends the ether to a recipient the caller names pays out the caller's own
// money; so does a pool that burns the caller's shares before paying their value, and a
// lending adapter that borrows on the caller's behalf. Such payouts are exchanges, not gifts:
// detectors of arbitrary sends ask for them before calling a payout a drain.
//
// The token standards name the functions that move a holder's units (transferFrom and its
// safe forms, burn and burnFrom, borrow with an onBehalfOf account): the functions are known by
// those names, whether their code is shipped or not, and the holder by the argument's origin.

// Debit is one way an entry point charges its caller.
type Debit struct {
	At  ast.Node  // the call that charges
	In  *Function // the function holding it
	How string    // "tokens pulled from the caller", ...
}

type debitsKey struct{}

// CallerDebits lists how entry point fn charges its caller, in its own code and in the internal
// and library functions it calls (a parameter those are handed the caller through counts as
// the caller), a few calls deep.
func (p *Program) CallerDebits(fn *Function) []Debit {
	info := p.Info(fn)
	if info == nil || fn.Body == nil {
		return nil
	}
	return Memo(info, debitsKey{}, func() []Debit {
		var out []Debit
		p.debitsIn(info, 0, 0, &out, map[debitVisit]bool{})
		return out
	})
}

type debitVisit struct {
	fn   *Function
	bits uint64
}

// debitsIn adds the debits of the function whose facts are info, whose parameters in bits
// carry the caller (each function and binding looked at once).
func (p *Program) debitsIn(info *FuncInfo, bits uint64, depth int, out *[]Debit, seen map[debitVisit]bool) {
	k := debitVisit{info.Fn, bits}
	if depth > 6 || len(*out) > 0 || seen[k] {
		return
	}
	seen[k] = true
	d := p.DepsOf(info)
	fromCaller := func(x ast.Expr) bool {
		if x == nil {
			return false
		}
		pv := d.Of(x)
		return pv.Has(SrcSender) || pv.Params&bits != 0
	}
	if how, at := p.encodedPull(info, fromCaller, func(x ast.YulExpr) bool {
		pv := d.OfYul(x)
		return pv.Has(SrcSender) || pv.Params&bits != 0
	}); how != "" {
		*out = append(*out, Debit{At: at, In: info.Fn, How: how})
		return
	}
	for _, c := range info.Calls {
		if how := p.debitBy(info, c, fromCaller); how != "" {
			*out = append(*out, Debit{At: c.Expr, In: info.Fn, How: how})
			return
		}
		if c.Kind != CallInternal && c.Kind != CallLibrary {
			continue
		}
		for _, g := range c.Callees {
			gi := p.Info(g)
			if gi == nil || g.Body == nil {
				continue
			}
			var gb uint64
			for i := range g.Params {
				if fromCaller(ArgFor(c, g, i)) {
					gb |= paramBit(i)
				}
			}
			p.debitsIn(gi, gb, depth+1, out, seen)
			if len(*out) > 0 {
				return
			}
		}
	}
}

// debitBy says how call c charges the account fromCaller recognises, or "".
func (p *Program) debitBy(info *FuncInfo, c *Call, fromCaller func(ast.Expr) bool) string {
	name := strings.TrimLeft(c.Name, "_")
	args := c.Args
	if recv := p.libraryReceiver(info, c); recv != nil {
		args = append([]ast.Expr{recv}, args...) // token.safeTransferFrom(...) through using-for
	}
	// The holder's position among the arguments: after the token for a library's static form
	// (SafeERC20.safeTransferFrom(token, from, to, amount)) or a using-for receiver.
	holder := 0
	if c.Kind == CallLibrary {
		holder = 1
	}
	arg := func(i int) ast.Expr {
		if i < len(args) {
			return args[i]
		}
		return nil
	}
	switch name {
	case "transferFrom", "safeTransferFrom", "transferFromWithPermit", "safeTransferFromWithPermit":
		if len(args) >= 3 && fromCaller(arg(holder)) {
			return "tokens pulled from the caller"
		}
	case "burn", "burnFrom":
		if c.Kind == CallInternal {
			holder = 0
		}
		if len(args) >= 2 && fromCaller(arg(holder)) {
			return "the caller's tokens burnt"
		}
	case "borrow":
		for _, a := range args {
			if fromCaller(a) {
				return "a debt recorded on the caller"
			}
		}
	}
	return ""
}

// libraryReceiver returns x of x.f(...) when f is a library function bound to x's type with
// using-for (the library's first parameter), shipped or not; nil for L.f(...) on a library's
// name and for other calls.
func (p *Program) libraryReceiver(info *FuncInfo, c *Call) ast.Expr {
	if c.Bound != nil {
		return c.Bound
	}
	if c.Kind != CallLibrary {
		return nil
	}
	m, ok := stripCallDecorations(c.Expr.Fun).(*ast.MemberExpr)
	if !ok {
		return nil
	}
	if id, ok := ast.Unparen(m.X).(*ast.Ident); ok {
		switch info.Uses[id].(type) {
		case *Contract:
			return nil // L.f(...)
		case nil:
			if p.missingLibraryName(info, id) {
				return nil // L.f(...) on a library of a missing import
			}
		}
	}
	return m.X
}

// transferFromSelector is the ERC-20 (and ERC-721) transferFrom(address,address,uint256)
// selector, bytes4(keccak256("transferFrom(address,address,uint256)")).
const transferFromSelector = "23b872dd"

// encodedPull finds a transferFrom sent as raw calldata whose holder is the caller: a
// low-level call of abi.encodeWithSelector(0x23b872dd or T.transferFrom.selector, from, ...),
// abi.encodeWithSignature("transferFrom(address,address,uint256)", from, ...) or
// abi.encodeCall(T.transferFrom, (from, ...)), or an assembly block that stores the selector
// and then, 4 bytes on, the holder (mstore(add(ptr, 0x04), owner)).
func (p *Program) encodedPull(info *FuncInfo, fromCaller func(ast.Expr) bool, fromCallerYul func(ast.YulExpr) bool) (string, ast.Node) {
	const how = "tokens pulled from the caller"
	for _, c := range info.Calls {
		if c.Kind != CallBuiltin || len(c.Args) < 2 {
			continue
		}
		var holder ast.Expr
		switch c.Name {
		case "abi.encodeWithSelector", "abi.encodeWithSignature":
			if selectorIsTransferFrom(c.Args[0]) {
				holder = c.Args[1]
			}
		case "abi.encodeCall":
			if m, ok := ast.Unparen(c.Args[0]).(*ast.MemberExpr); ok && m.Name.Name == "transferFrom" {
				if t, ok := ast.Unparen(c.Args[1]).(*ast.TupleExpr); ok && len(t.Elems) > 0 {
					holder = t.Elems[0]
				}
			}
		}
		if holder != nil && fromCaller(holder) {
			return how, c.Expr
		}
	}
	for n := range info.Fn.BodyTree().Preorder(asmKinds) {
		asm := n.(*ast.AssemblyStmt)
		sel := false
		var found ast.Node
		ast.Inspect(asm.Body, func(x ast.Node) bool {
			st, ok := x.(*ast.YulCall)
			if !ok || st.Name.Name != "mstore" || len(st.Args) != 2 {
				return true
			}
			if l, ok := st.Args[1].(*ast.YulLit); ok && strings.HasPrefix(strings.ToLower(l.Value), "0x"+transferFromSelector) {
				sel = true
			} else if sel && found == nil && yulOffset4(st.Args[0]) && fromCallerYul(st.Args[1]) {
				found = st
			}
			return true
		})
		if found != nil {
			return how, found
		}
	}
	return "", nil
}

// selectorIsTransferFrom reports whether x names the transferFrom selector: the literal,
// T.transferFrom.selector, or the signature string.
func selectorIsTransferFrom(x ast.Expr) bool {
	switch e := ast.Unparen(x).(type) {
	case *ast.BasicLit:
		v := strings.ToLower(strings.Trim(e.Value, `"'`))
		return v == "0x"+transferFromSelector || strings.HasPrefix(v, "transferfrom(address,address,uint256)")
	case *ast.MemberExpr:
		if e.Name.Name == "selector" {
			if m, ok := ast.Unparen(e.X).(*ast.MemberExpr); ok {
				return m.Name.Name == "transferFrom"
			}
		}
	case *ast.CallExpr: // bytes4(0x23b872dd)
		if len(e.Args) == 1 {
			return selectorIsTransferFrom(e.Args[0])
		}
	}
	return false
}

// yulOffset4 reports whether an assembly address is 4 bytes past a base: add(p, 4), add(p, 0x04).
func yulOffset4(x ast.YulExpr) bool {
	c, ok := x.(*ast.YulCall)
	if !ok || c.Name.Name != "add" || len(c.Args) != 2 {
		return false
	}
	for _, a := range c.Args {
		if l, ok := a.(*ast.YulLit); ok && (l.Value == "4" || l.Value == "0x04" || l.Value == "0x4") {
			return true
		}
	}
	return false
}
