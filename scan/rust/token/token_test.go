package token

import "testing"

func TestKinds(t *testing.T) {
	if Lookup("fn") != FN || Lookup("Self") != SELF_TYPE || Lookup("gen") != IDENT || Lookup("union") != IDENT {
		t.Error("keyword lookup")
	}
	if !PLUS_EQ.IsArithmetic() || EQEQ.IsArithmetic() || !SHL_EQ.IsAssign() || STAR.BinaryPrec() <= PLUS.BinaryPrec() {
		t.Error("operator tables")
	}
	if FN.String() != "fn" || SHR_EQ.String() != ">>=" || Kind(250).String() != "Kind(250)" {
		t.Error("kind names")
	}
	tok := Token{Kind: IDENT, Pos: 10, Lit: "abc"}
	if tok.End() != 13 {
		t.Error("token end")
	}
}
