package solidity

import (
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
			"two or more arguments of type string, bytes or dynamic array that are not literals.",
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
			for _, a := range args {
				if isDynamic(info.Types[a]) && !isLiteral(a) {
					dyn = append(dyn, sourceText(p, a))
				}
			}
			if len(dyn) < 2 {
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

func isLiteral(x ast.Expr) bool {
	lit, ok := ast.Unparen(x).(*ast.BasicLit)
	return ok && (lit.Kind == token.STRING || lit.Kind == token.HEXSTRING || lit.Kind == token.UNICODESTR)
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
	ast.Inspect(fn.Body, func(n ast.Node) bool {
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
