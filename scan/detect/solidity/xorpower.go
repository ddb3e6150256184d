package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/inspect"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// XorAsPower reports ^ with a decimal 2 or 10 on its left: in Solidity ^ is bitwise xor, so
// 2^8 is 10 and 10^18 is 24, not a power. Such constants (token decimals, limits) are wrong by
// orders of magnitude.
var XorAsPower = &detect.Analyzer{
	Template: detect.Template{
		ID:         "XOR_AS_POWER",
		Name:       "Bitwise xor used as exponentiation",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> uses <code>^</code>, which ` +
			`is bitwise xor in Solidity, not a power: <code>2 ^ 8</code> is 10 and <code>10 ^ 18</code> is 24.</p>`,
		Remediation:     `<p>Use <code>**</code> for exponentiation (<code>10 ** 18</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression"},
		DetectionLogic:  "A ^ whose left operand is the decimal literal 2 or 10 (in functions and state variable initialisers).",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-480"},
		Languages:       []string{"solidity"},
		Slither:         "incorrect-exp",
		Class:           "logic",
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

// checkXorPower reports b when it is 2 ^ n or 10 ^ n, a power written as an exclusive or.
func checkXorPower(pass *detect.Pass, b *ast.BinaryExpr, fnName string) {
	p := pass.Program
	if b.Op != token.XOR {
		return
	}
	// 1000000 * 10 ^ 18 parses as (1000000 * 10) ^ 18: look at the operand next to ^.
	left := ast.Unparen(b.X)
	for {
		inner, ok := left.(*ast.BinaryExpr)
		if !ok {
			break
		}
		left = inner.Y
	}
	lit, ok := left.(*ast.BasicLit)
	if !ok || lit.Kind != token.NUMBER || (lit.Value != "2" && lit.Value != "10") {
		return
	}
	if strings.HasPrefix(sourceText(p, b.Y), "0x") {
		return
	}
	reportAt(pass, b, nil, map[string]string{"function_name": fnName, "expression": sourceText(p, b)}, "", "")
}
