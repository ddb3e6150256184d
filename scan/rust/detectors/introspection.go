package detectors

import (
	"maps"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// absoluteReaders read an instruction of the transaction by its position.
var absoluteReaders = map[string]bool{
	"load_instruction_at_checked": true, "load_instruction_at": true,
}

// ImproperInstructionIntrospection reports instruction introspection by an
// absolute position: the instruction it checks (a transfer, a signature
// verification) is the same one for every instruction of the transaction
// that checks the same position, so one payment can back several mints.
var ImproperInstructionIntrospection = analyzer(detect.Template{
	ID:         "SOLANA_IMPROPER_INSTRUCTION_INTROSPECTION",
	Name:       "Improper instruction introspection",
	Severity:   detect.Medium,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> reads the transaction's instruction at a fixed position " +
		"(<code>${index}</code>) to check what precedes it. Several instructions of one transaction " +
		"that check the same position all accept the same instruction, so one transfer or " +
		"signature check can be reused.</p>",
	Remediation: "<p>Read the instruction relative to the current one " +
		"(<code>get_instruction_relative(-1, ..)</code>, or <code>load_current_index_checked</code> " +
		"and an offset from it), and check that it is the one this instruction needs.</p>",
	DescriptionKeys: []string{"function_name", "index"},
	DetectionLogic:  "Calls of load_instruction_at_checked and load_instruction_at whose index (followed through locals the code does not assign again) is an integer literal or an upper-case constant, not derived from load_current_index(_checked); a counter that walks the transaction's instructions is not a fixed position.",
	CWE:             []string{"CWE-841"},
	Class:           "account-validation",
},
	func(p *Pass) {
		// Every function: introspection often sits in a verification helper.
		for _, fn := range p.Program.Functions {
			if inTests(fn) {
				continue
			}
			env := maps.Clone(fn.Lets())
			// A local the code assigns again (index += 1 in a loop over the
			// transaction's instructions) is no fixed position.
			for name := range assignedLocals(fn.Decl.Body) {
				delete(env, name)
				env[name] = nil
			}
			for _, c := range fn.Calls() {
				if c.Macro || !absoluteReaders[c.Name()] || len(c.Args) < 2 {
					continue
				}
				if idx, fixed := fixedIndex(c.Args[0], env, 0); fixed {
					p.Report(c.Node, fn, map[string]string{"index": idx})
				}
			}
		}
	})

// fixedIndex reports an index that is a literal or a constant, through
// casts, parentheses and locals; an index computed from the current
// instruction's position is not fixed.
func fixedIndex(x ast.Expr, env map[string]ast.Expr, depth int) (string, bool) {
	if depth > 4 {
		return "", false
	}
	switch e := x.(type) {
	case *ast.LitExpr:
		return e.Value, e.Kind == token.INT
	case *ast.ParenExpr:
		return fixedIndex(e.X, env, depth+1)
	case *ast.CastExpr:
		return fixedIndex(e.X, env, depth+1)
	case *ast.PathExpr:
		name := e.Path.String()
		if init, ok := env[name]; ok && len(e.Path.Segments) == 1 {
			if init == nil {
				return "", false // assigned again
			}
			return fixedIndex(init, env, depth+1)
		}
		return name, isConstName(name) && !strings.Contains(strings.ToLower(name), "current")
	}
	return "", false
}

// assignedLocals lists the single-name places a body assigns to (x = .., x += ..).
func assignedLocals(body ast.Node) map[string]bool {
	out := map[string]bool{}
	ast.Inspect(body, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignExpr); ok {
			if pe, ok := a.X.(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 {
				out[pe.Path.Segments[0].Name.Name] = true
			}
		}
		return true
	})
	return out
}
