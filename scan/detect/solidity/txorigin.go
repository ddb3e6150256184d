package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// TxOrigin reports authorization based on tx.origin: a check that lets the code go on only for
// a trusted tx.origin (a stored owner, a constant, a member of a stored set), whatever form it
// takes (tx.origin compared directly, kept in a local, returned by a library or free function,
// used as a mapping key, origin() in assembly, in a require helper or a modifier). tx.origin ==
// msg.sender (the "no contracts" idiom), comparisons with values the caller chooses, and
// checks whose passing side only reverts are not authorization.
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
		DetectionLogic: "Caller checks read with tx.origin as the identity: a require/assert, branch, require helper, modifier or " +
			"assembly condition that lets the code go on only for a trusted tx.origin (a stored, constant or immutable value, or " +
			"membership of a stored set), through locals, helpers returning tx.origin and mapping keys; the passing side must be " +
			"able to end the call normally.",
		Version:   "1.1.0",
		SWC:       []string{"SWC-115"},
		CWE:       []string{"CWE-477"},
		Languages: []string{"solidity"},
		Slither:   "tx-origin",
		Class:     "tx-origin",
	},
	Run: runTxOrigin,
}

func runTxOrigin(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if pass.Stopped(fn) {
			continue
		}
		info := p.Info(fn)
		reported := map[ast.Node]bool{}
		for _, d := range info.CFG.Nodes {
			if d.Fn != fn {
				continue
			}
			strong, weak := p.AuthorisesByOrigin(fn, d)
			if !strong && !weak {
				continue
			}
			at := checkCode(d)
			if at == nil || reported[at] {
				continue
			}
			reported[at] = true
			ev := &detect.Evidence{}
			f := detect.Finding{Pos: at.Pos(), End: at.End(), Function: fn.Name,
				Details: map[string]string{"function_name": fnName(fn)}, Evidence: ev}
			if strong {
				ev.Add("the code after " + sourceText(p, at) + " runs only for a trusted tx.origin")
			} else {
				// The caller passes what tx.origin is compared with: either that value is
				// bound elsewhere (a signed order restricting its taker), or the check is void.
				ev.Guess("tx.origin is compared with a value the caller passes; whether it is bound elsewhere is not known")
				f.Severity = detect.Low
			}
			pass.Report(f)
		}
	}
}

// checkCode returns the code a restricting node tests: the condition of a branch, the
// statement of a require or a check helper's call.
func checkCode(d *sema.Node) ast.Node {
	switch d.Kind {
	case sema.NodeBranch:
		if d.Cond != nil {
			return d.Cond.Code()
		}
	case sema.NodeStmt:
		if es, ok := d.Stmt.(*ast.ExprStmt); ok {
			if c, ok := es.X.(*ast.CallExpr); ok && len(c.Args) > 0 {
				if id, ok := c.Fun.(*ast.Ident); ok && (id.Name == "require" || id.Name == "assert") {
					return c.Args[0]
				}
			}
			return es.X
		}
	}
	return nil
}
