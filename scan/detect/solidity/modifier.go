package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// IncorrectModifier reports modifiers with a path that neither runs the function body (`_`)
// nor reverts. On that path the call succeeds without doing anything and returns default
// values: `modifier onlyOwner { if (msg.sender == owner) _; }` lets other callers "succeed",
// which callers and integrations misread as success.
var IncorrectModifier = &detect.Analyzer{
	Template: detect.Template{
		ID:         "INCORRECT_MODIFIER",
		Name:       "Modifier that can silently skip the function",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>Modifier <code>${function_name}</code> of <code>${contract_name}</code> has a path that neither ` +
			`executes the function body (<code>_</code>) nor reverts. On that path the guarded function returns default ` +
			`values as if it had succeeded.</p>`,
		Remediation:     `<p>Revert when the condition does not hold: <code>require(msg.sender == owner); _;</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name"},
		DetectionLogic: "A modifier body (without inline assembly or try) in which some path reaches its end or a return " +
			"without passing `_` or a revert (revert, throw, require(false), assert(false)).",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-393"},
		Languages: []string{"solidity"},
		Slither:   "incorrect-modifier",
		Class:     "modifier",
	},
	Run: runIncorrectModifier,
}

func runIncorrectModifier(pass *detect.Pass) {
	c := pass.Contract
	if c == nil {
		return
	}
	for _, m := range c.Modifiers {
		if m.Body == nil || m.ModDecl == nil {
			continue
		}
		opaque := false
		m.BodyTree().Inspect(func(n ast.Node) bool {
			switch n.(type) {
			case *ast.AssemblyStmt, *ast.TryStmt:
				opaque = true
			}
			return !opaque
		})
		if opaque || hygRunsOrReverts(m.Body.List) {
			continue
		}
		var end token.Pos
		if m.ModDecl.Params != nil {
			end = m.ModDecl.Params.End()
		} else {
			end = m.ModDecl.Name.End()
		}
		pass.Report(detect.Finding{Pos: m.ModDecl.Pos(), End: end, Function: m.Name,
			Details: map[string]string{"function_name": m.Name}})
	}
}

// hygRunsOrReverts reports whether every path through a statement list reaches `_` or a
// revert before it ends or returns.
func hygRunsOrReverts(list []ast.Stmt) bool {
	for _, s := range list {
		switch hygStmtOutcome(s) {
		case hygDone:
			return true
		case hygEscapes:
			return false
		}
	}
	return false
}

const (
	hygFallsThrough = iota // the statement may complete normally without `_`
	hygDone                // every path through it runs `_` or reverts
	hygEscapes             // some path returns (or leaves a loop) before `_`
)

func hygStmtOutcome(s ast.Stmt) int {
	switch st := s.(type) {
	case *ast.PlaceholderStmt, *ast.ThrowStmt, *ast.RevertStmt:
		return hygDone
	case *ast.ReturnStmt:
		return hygEscapes
	case *ast.BlockStmt:
		for _, x := range st.List {
			if o := hygStmtOutcome(x); o != hygFallsThrough {
				return o
			}
		}
		return hygFallsThrough
	case *ast.ExprStmt:
		if c, ok := ast.Unparen(st.X).(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok {
				switch {
				case id.Name == "revert":
					return hygDone
				case (id.Name == "require" || id.Name == "assert") && len(c.Args) > 0:
					if l, ok := ast.Unparen(c.Args[0]).(*ast.BasicLit); ok && l.Kind == token.FALSE {
						return hygDone
					}
				}
			}
		}
		return hygFallsThrough
	case *ast.IfStmt:
		then := hygStmtOutcome(st.Then)
		if st.Else == nil {
			if then == hygEscapes {
				return hygEscapes
			}
			return hygFallsThrough
		}
		els := hygStmtOutcome(st.Else)
		switch {
		case then == hygDone && els == hygDone:
			return hygDone
		case then == hygEscapes || els == hygEscapes:
			return hygEscapes
		}
		return hygFallsThrough
	case *ast.ForStmt, *ast.WhileStmt, *ast.DoWhileStmt:
		// A placeholder inside a loop may run zero times; a body that returns escapes.
		if hygHasReturn(s) {
			return hygEscapes
		}
		return hygFallsThrough
	}
	return hygFallsThrough
}

func hygHasReturn(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(x ast.Node) bool {
		if _, ok := x.(*ast.ReturnStmt); ok {
			found = true
		}
		return !found
	})
	return found
}
