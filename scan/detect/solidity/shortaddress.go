package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// ShortAddress reports token transfer functions, compiled by versions before 0.5, that do not
// check the length of their call data. When a client sends an address shorter than 20 bytes,
// the old ABI decoder shifts the following amount left and pads it with zeros: the amount is
// multiplied by 256 per missing byte. Clients and exchanges validate addresses today and
// solc 0.5 checks call data size, so this is informational.
var ShortAddress = &detect.Analyzer{
	Template: detect.Template{
		ID:         "SHORT_ADDRESS",
		Name:       "Short address attack",
		Severity:   detect.Informational,
		Confidence: detect.ConfidenceLow,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> takes an address followed by an amount ` +
			`and moves balances, compiles with Solidity before 0.5, and does not check <code>msg.data.length</code>. A short address ` +
			`in the call data would shift the amount and multiply it.</p>`,
		Remediation:     `<p>Compile with Solidity 0.5 or later, or check <code>msg.data.length</code> (an <code>onlyPayloadSize</code> modifier); validate addresses in clients.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic:  "Pre-0.5 files: a public function with an address parameter followed by an integer parameter that writes a state mapping, and no msg.data.length check in it or its modifiers.",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-20"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "short-address",
	},
	Run: runShortAddress,
}

func runShortAddress(pass *detect.Pass) {
	p := pass.Program
	if !pass.File.Version.MayBeBelow(sema.Version{Major: 0, Minor: 5, Patch: 0}) || pass.Contract == nil || pass.Contract.IsLibrary() {
		return
	}
	for _, fn := range bodies(pass.Functions()) {
		if !fn.IsEntryPoint() || fn.IsView() {
			continue
		}
		addrThenInt := false
		for i := 0; i+1 < len(fn.Params); i++ {
			if sema.IsAddress(fn.Params[i].Type) {
				if _, ok := sema.IsInteger(fn.Params[i+1].Type); ok {
					addrThenInt = true
				}
			}
		}
		if !addrThenInt {
			continue
		}
		movesBalance := false
		for v := range p.TransitiveWrites(fn) {
			if _, ok := v.Type.(*sema.MappingType); ok {
				movesBalance = true
			}
		}
		if !movesBalance || checksDataLength(p, fn) {
			continue
		}
		pass.ReportNode(fn.Decl, fn, nil)
	}
}

// checksDataLength reports whether fn or one of its modifiers reads msg.data.length.
func checksDataLength(p *sema.Program, fn *sema.Function) bool {
	for _, g := range append([]*sema.Function{fn}, fn.Modifiers...) {
		if g == nil || g.Body == nil {
			continue
		}
		info := p.Info(g)
		found := false
		g.BodyTree().Inspect(func(n ast.Node) bool {
			if m, ok := n.(*ast.MemberExpr); ok && m.Name.Name == "length" && isGlobal(info, m.X, "msg", "data") {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
