package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// IncorrectShift reports inline-assembly shifts whose operands look swapped. In Yul,
// shl(bits, value) shifts value by bits, the reverse of Solidity's value << bits; writing
// shr(x, 8) to mean x >> 8 shifts the number 8 instead. The tell is a decimal bit count
// (8, 16, ..., 248) as the second operand and a variable as the first; hexadecimal masks
// (shl(i, 0xff)) are shifted on purpose and left alone, and so are first operands named for a
// position or count (shl(bitPos, 64)).
var IncorrectShift = &detect.Analyzer{
	Template: detect.Template{
		ID:         "INCORRECT_SHIFT",
		Name:       "Incorrect shift in assembly",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>In <code>${function_name}</code> of <code>${contract_name}</code>, the operands of <code>${expression}</code> ` +
			`look swapped: Yul's <code>${op}(bits, value)</code> takes the shift amount first, and ${amount} looks like the intended bit count.</p>`,
		Remediation:     `<p>Write <code>${op}(${amount}, value)</code> to shift value by ${amount} bits.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "expression", "amount", "op"},
		DetectionLogic:  "A Yul shl/shr/sar call whose first argument is a literal of 256 or more, or a machine word (load, bitwise result, address) or a variable named for a value while the second is a decimal multiple of 8 below 256.",
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
		info := p.Info(fn)
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			c, ok := n.(*ast.YulCall)
			if !ok || len(c.Args) != 2 {
				return true
			}
			switch c.Name.Name {
			case "shl", "shr", "sar":
			default:
				return true
			}
			if amount, ok := swappedShift(p, info, c); ok {
				reportAt(pass, c, fn, map[string]string{"expression": sourceText(p, c), "amount": amount, "op": c.Name.Name}, "", "")
			}
			return true
		})
	}
}

// swappedShift reports whether the operands of shl/shr/sar(shift, value) are clearly the wrong
// way round, and returns the operand that looks like the intended bit count. Only the clear
// cases count: a first operand of 256 or more (no shift is that long: the result is a
// constant), or a first operand that is a machine word (a load, a bitwise result, an address)
// or a variable named for a value, with a small decimal constant second (shr(word, 224)). A
// variable named for a position (shl(bitPos, 64)) or a named constant shifts on purpose.
func swappedShift(p *sema.Program, info *sema.FuncInfo, c *ast.YulCall) (string, bool) {
	first, second := c.Args[0], c.Args[1]
	if l, ok := first.(*ast.YulLit); ok {
		v := litValue(&ast.BasicLit{Kind: token.NUMBER, Value: l.Value})
		if l.Kind == token.NUMBER && v != nil && v.BitLen() > 8 {
			if _, lit := second.(*ast.YulLit); !lit {
				return sourceText(p, second), true
			}
		}
		return "", false
	}
	l, ok := second.(*ast.YulLit)
	if !ok || l.Kind != token.NUMBER || len(l.Value) > 2 && (l.Value[:2] == "0x" || l.Value[:2] == "0X") {
		return "", false
	}
	v := litValue(&ast.BasicLit{Kind: token.NUMBER, Value: l.Value})
	if v == nil || v.Sign() == 0 || v.BitLen() > 8 || v.Int64()%8 != 0 {
		return "", false
	}
	switch e := first.(type) {
	case *ast.YulCall:
		switch e.Name.Name {
		case "mload", "sload", "tload", "calldataload", "and", "or", "xor", "not", "keccak256", "caller", "origin", "address", "coinbase":
			return l.Value, true
		}
	case *ast.YulIdent:
		if info != nil {
			if sv := info.YulUses[e]; sv != nil && sv.IsConstant() {
				return "", false
			}
		}
		if valueName(e.Name) {
			return l.Value, true
		}
	}
	return "", false
}

// valueName reports whether a name reads as a value to shift (word, packed, value, x) rather
// than as a bit count or position (shift, bits, offset, i, n).
func valueName(name string) bool {
	words := nameWords(name)
	for _, w := range words {
		switch w {
		case "shift", "shifts", "bit", "bits", "bitpos", "pos", "position", "offset", "off", "len", "length", "size",
			"count", "index", "idx", "i", "j", "k", "n", "s", "b", "amount", "nbits", "width", "places", "by":
			return false
		}
	}
	for _, w := range words {
		switch w {
		case "value", "val", "word", "data", "packed", "result", "x", "y", "z", "a", "v", "w", "input", "key", "hash",
			"addr", "address", "account", "slot", "selector", "payload", "raw", "num", "number", "mask", "flags":
			return true
		}
	}
	return false
}
