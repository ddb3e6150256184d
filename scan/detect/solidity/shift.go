package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// IncorrectShift reports inline-assembly shifts whose operands look swapped. In Yul,
// shl(bits, value) shifts value by bits, the reverse of Solidity's value << bits; writing
// shr(x, 8) to mean x >> 8 shifts the number 8 instead. The tell is a decimal bit count
// (8, 16, ..., 248) as the second operand and a variable as the first; hexadecimal masks
// (shl(i, 0xff)) are shifted on purpose and left alone.
var IncorrectShift = &detect.Analyzer{
	Template: detect.Template{
		ID:         "INCORRECT_SHIFT",
		Name:       "Incorrect shift in assembly",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, <code>${expression}</code> shifts the ` +
			`constant ${amount} by a variable. Yul's <code>${op}(bits, value)</code> takes the shift amount first: the operands look swapped.</p>`,
		Remediation:     `<p>Write <code>${op}(${amount}, value)</code> to shift value by ${amount} bits.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "amount", "op"},
		DetectionLogic:  "A Yul shl/shr/sar call whose second argument is a decimal multiple of 8 below 256 and whose first argument is not a literal.",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-682"},
		Languages:       []string{"solidity"},
		Slither:         "incorrect-shift",
		Class:           "logic",
	},
	Run: runIncorrectShift,
}

func runIncorrectShift(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			c, ok := n.(*ast.YulCall)
			if !ok || len(c.Args) != 2 {
				return true
			}
			switch c.Name.Name {
			case "shl", "shr", "sar":
			default:
				return true
			}
			if _, lit := c.Args[0].(*ast.YulLit); lit {
				return true
			}
			l, ok := c.Args[1].(*ast.YulLit)
			if !ok || l.Kind != token.NUMBER || len(l.Value) > 2 && (l.Value[:2] == "0x" || l.Value[:2] == "0X") {
				return true
			}
			v := litValue(&ast.BasicLit{Kind: token.NUMBER, Value: l.Value})
			if v == nil || v.Sign() == 0 || v.BitLen() > 8 || v.Int64()%8 != 0 {
				return true
			}
			reportAt(pass, c, fn, map[string]string{"expression": sourceText(p, c), "amount": l.Value, "op": c.Name.Name}, "", "")
			return true
		})
	}
}
