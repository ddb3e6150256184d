package solidity

import (
	"math/big"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// XorAsPower reports ^ written where a power was meant: in Solidity ^ is bitwise xor, so 2^8
// is 10, 10^18 is 24 and x^2 is x with one bit flipped, not a square. Such constants (token
// decimals, limits) and formulas are wrong by orders of magnitude. Any base counts; what tells
// a power from a deliberate xor is a decimal literal base or exponent (bit masks are written in
// hex, and flipping the lowest bit, i ^ 1, is the sibling index of Merkle proofs).
var XorAsPower = &detect.Analyzer{
	Template: detect.Template{
		ID:         "XOR_AS_POWER",
		Name:       "Bitwise xor used as exponentiation",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> uses <code>^</code>, which ` +
			`is bitwise xor in Solidity, not a power: <code>2 ^ 8</code> is 10, <code>10 ^ 18</code> is 24 and ` +
			`<code>x ^ 2</code> flips one bit of x instead of squaring it.</p>`,
		Remediation:     `<p>Use <code>**</code> for exponentiation (<code>10 ** 18</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression"},
		DetectionLogic: "A ^ (in functions, state variable initialisers and file-level constants) whose base is a decimal " +
			"literal of at least 2 (the operand next to ^, so 1000 * 10 ^ 18 counts), or whose exponent is a decimal literal " +
			"of at least 2 while the base is a plain variable, member or element (a computed base such as (3 * d) ^ 2, the " +
			"seed of mulDiv's modular inverse, is bit arithmetic); a hex operand, a base or " +
			"exponent of 0 or 1, and chains of xors (a ^ b ^ c) are bit arithmetic and are not reported.",
		Version:   "1.1.0",
		SWC:       []string{},
		CWE:       []string{"CWE-480"},
		Languages: []string{"solidity"},
		Slither:   "incorrect-exp",
		Class:     "logic",
	},
	Run: runXorAsPower,
}

func runXorAsPower(pass *detect.Pass) {
	p := pass.Program
	inTree := func(root ast.Node, fnName string) {
		ast.Inspect(root, func(n ast.Node) bool {
			if b, ok := n.(*ast.BinaryExpr); ok {
				checkXorPower(pass, b, fnName)
			}
			return true
		})
	}
	if pass.Contract != nil {
		for _, v := range pass.Contract.StateVars {
			if v.Decl != nil && v.Decl.Value != nil {
				inTree(v.Decl.Value, "(initialiser of "+v.Name+")")
			}
		}
	} else {
		for _, v := range p.Constants {
			if v.Decl != nil && v.Decl.Value != nil && p.FileOf(v.Decl.Pos()) == pass.File {
				inTree(v.Decl.Value, "(constant "+v.Name+")")
			}
		}
	}
	for _, fn := range bodies(pass.Functions()) {
		name := fnName(fn)
		for n := range fn.BodyTree().Preorder(binaryKinds) {
			checkXorPower(pass, n.(*ast.BinaryExpr), name)
		}
	}
}

var binaryKinds = inspect.Of((*ast.BinaryExpr)(nil))

// checkXorPower reports b when it reads as a power written with ^: a decimal literal base of
// at least 2 (2 ^ n, 10 ^ 18, 3 ^ k), or an integer base raised to a decimal literal of at least
// 2 (x ^ 2, base ^ 18).
func checkXorPower(pass *detect.Pass, b *ast.BinaryExpr, fnName string) {
	p := pass.Program
	if b.Op != token.XOR || xorChain(b.X) || xorChain(b.Y) {
		return
	}
	// 1000000 * 10 ^ 18 parses as (1000000 * 10) ^ 18: look at the operand next to ^ (an
	// explicit parenthesis groups on purpose and is kept whole).
	left := b.X
	for {
		inner, ok := left.(*ast.BinaryExpr)
		if !ok || bitwiseOp(inner.Op) {
			break
		}
		left = inner.Y
	}
	// ... and on the right: x ^ 2 / 2 parses as x ^ (2 / 2).
	right := b.Y
	for {
		inner, ok := right.(*ast.BinaryExpr)
		if !ok || bitwiseOp(inner.Op) {
			break
		}
		right = inner.X
	}
	if hexOperand(p, right) || hexOperand(p, left) {
		return
	}
	power := decimalAtLeastTwo(left) || (decimalAtLeastTwo(right) && plainOperand(left))
	if !power {
		return
	}
	reportAt(pass, b, nil, map[string]string{"function_name": fnName, "expression": sourceText(p, b)}, "", "")
}

// decimalAtLeastTwo reports whether x is a decimal number literal of value 2 or more.
func decimalAtLeastTwo(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.BasicLit)
	if !ok || lit.Kind != token.NUMBER || lit.Unit != nil || strings.HasPrefix(lit.Value, "0x") || strings.HasPrefix(lit.Value, "0X") {
		return false
	}
	v := litValue(lit)
	return v != nil && v.Cmp(big.NewInt(2)) >= 0
}

// hexOperand reports whether x is written in hex (a mask or a selector).
func hexOperand(p *sema.Program, x ast.Expr) bool {
	text := strings.TrimSpace(sourceText(p, ast.Unparen(x)))
	return strings.HasPrefix(text, "0x") || strings.HasPrefix(text, "0X") || strings.HasPrefix(text, "hex")
}

// xorChain reports whether x is itself an xor: a ^ b ^ c mixes bits, it is not a power.
func xorChain(x ast.Expr) bool {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	return ok && b.Op == token.XOR
}

// plainOperand reports whether x names a value (a variable, a member, an element): x ^ 2 reads
// as a square. A computed base is bit arithmetic more often than not: (3 * d) ^ 2 is the seed
// of the Newton iteration that inverts d modulo 2^256 in mulDiv, correct for four bits.
func plainOperand(x ast.Expr) bool {
	switch x.(type) {
	case *ast.Ident, *ast.MemberExpr, *ast.IndexExpr:
		return true
	}
	return false
}

func bitwiseOp(op token.Token) bool {
	switch op {
	case token.AND, token.OR, token.XOR, token.SHL, token.SHR, token.SAR:
		return true
	}
	return false
}
