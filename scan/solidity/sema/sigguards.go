package sema

import "github.com/vigil-sec/vigil/scan/solidity/ast"

// Signature verifiers as guards. Besides a recovered signer compared with a trusted address
// (signers.go), a signature authorises a call when a verifier vouches for a trusted signer:
// ERC-1271's isValidSignature asked of the trusted contract and answered with its magic value,
// a checker given the trusted signer (SignatureChecker.isValidSignatureNow(owner, h, sig)), or a
// helper of the program that verifies a signature and answers a boolean for the signer it is
// handed. Like the other guard facts, read from the code and resolved callees, never from
// summaries.

// vouchedSigner returns the signer call e vouches for, or nil: the ERC-1271 contract asked, a
// checker's signer argument, or what a verifying helper is handed as its address parameter.
func (p *Program) vouchedSigner(info *FuncInfo, e *ast.CallExpr) ast.Expr {
	c := info.CallOf[e]
	if c == nil {
		return nil
	}
	if parts, ok := p.directCheck(info, c); ok && parts.signer != nil {
		return parts.signer
	}
	if c.Kind != CallInternal && c.Kind != CallLibrary || len(c.Callees) != 1 {
		return nil
	}
	g := c.Callees[0]
	if g.Body == nil || len(g.Returns) != 1 || !isBool(g.Returns[0].Type) || !p.VerifiesSignature(g) {
		return nil
	}
	var signer ast.Expr
	for i, prm := range g.Params {
		if IsAddress(prm.Type) {
			if signer != nil {
				return nil // two addresses: which one signed is not clear
			}
			signer = ArgFor(c, g, i)
		}
	}
	return signer
}

// vouchRestricts reports whether a condition (a call answering a boolean, or ERC-1271's answer
// compared with its magic value) holding means a trusted signer signed.
func (p *Program) vouchRestricts(info *FuncInfo, x ast.Expr, ck checkCtx) bool {
	if ck.origin || ck.noSigner {
		return false
	}
	e, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok {
		return false
	}
	s := p.vouchedSigner(info, e)
	if s == nil || isZeroLiteral(s) {
		return false
	}
	// A signer handed in as a parameter is trusted only as far as every caller is: unlike a
	// caller check, a signature check does not say who submits, so it must name its signer
	// where it stands (a stored owner, a constant).
	if info.Flow != nil && info.Flow.Of(s).Has(SrcParam|SrcData) {
		return false
	}
	return p.trustedValue(info, s, ck)
}
