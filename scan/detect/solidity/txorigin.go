package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// TxOrigin reports authorization based on tx.origin: a condition comparing tx.origin with
// something other than msg.sender (tx.origin == msg.sender is the "no contracts" idiom).
var TxOrigin = &detect.Analyzer{
	Template: detect.Template{
		ID:         "TX_ORIGIN_AUTHENTICATION",
		Name:       "Authorization through tx.origin",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> authorizes the caller with ` +
			`<code>tx.origin</code>. A contract the legitimate user calls (a phishing contract) can call this function and pass the ` +
			`check, because <code>tx.origin</code> is the user who started the transaction, not the immediate caller.</p>`,
		Remediation:     `<p>Use <code>msg.sender</code> for authorization.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic:  "A require/assert/if condition compares tx.origin (not with msg.sender).",
		Version:         "1.0.0",
		SWC:             []string{"SWC-115"},
		CWE:             []string{"CWE-477"},
		Languages:       []string{"solidity"},
		Slither:         "tx-origin",
		Class:           "tx-origin",
	},
	Run: runTxOrigin,
}

func runTxOrigin(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		info := p.Info(fn)
		var conds []ast.Expr
		visitKinds(fn.BodyTree(), originCheckKinds, func(n ast.Node) bool {
			switch s := n.(type) {
			case *ast.IfStmt:
				conds = append(conds, s.Cond)
			case *ast.WhileStmt:
				conds = append(conds, s.Cond)
			case *ast.CondExpr:
				conds = append(conds, s.Cond)
			case *ast.CallExpr:
				if id, ok := s.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") && len(s.Args) > 0 {
					conds = append(conds, s.Args[0])
				}
			}
			return true
		})
		for _, cond := range conds {
			ast.Inspect(cond, func(n ast.Node) bool {
				b, ok := n.(*ast.BinaryExpr)
				if !ok || (b.Op != token.EQL && b.Op != token.NEQ) {
					return true
				}
				origin := isGlobal(info, b.X, "tx", "origin") || isGlobal(info, b.Y, "tx", "origin")
				sender := isGlobal(info, b.X, "msg", "sender") || isGlobal(info, b.Y, "msg", "sender")
				if origin && !sender {
					pass.ReportNode(b, fn, nil)
				}
				return true
			})
		}
	}
}
