package solidity

import (
	"sort"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// ViewFunctionWritesState reports functions declared view, pure or constant that write state.
// Before Solidity 0.5 the compiler did not enforce these (it used CALL, not STATICCALL), so
// callers and tools trust a promise the code breaks.
var ViewFunctionWritesState = &detect.Analyzer{
	Template: detect.Template{
		ID:         "VIEW_FUNCTION_WRITES_STATE",
		Name:       "View or constant function writes state",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> is declared ` +
			`<code>${mutability}</code> but writes state (${variables}). Compilers before 0.5 do not enforce the promise: ` +
			`callers that rely on it (off-chain reads, other contracts) are wrong about what the call does.</p>`,
		Remediation: `<p>Remove the <code>view</code>/<code>constant</code>/<code>pure</code> marker or move the writes out, ` +
			`and compile with Solidity 0.5 or later, which enforces it.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "mutability", "variables"},
		DetectionLogic:  "A view, pure or constant function that writes state variables itself or through internal calls, in a file whose pragma admits a compiler below 0.5.",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-1076"},
		Languages:       []string{"solidity"},
		Slither:         "constant-function-state",
		Class:           "view-state",
	},
	Run: runViewFunctionWritesState,
}

func runViewFunctionWritesState(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range bodies(pass.Functions()) {
		if fn.IsModifier || !fn.IsView() || !fn.File.Version.MayBeBelow(hygV0_5_0) {
			continue
		}
		writes := hygRealWrites(p, fn)
		if len(writes) == 0 {
			continue
		}
		var names []string
		for v := range writes {
			names = append(names, v.Name)
		}
		sort.Strings(names)
		mut := "view"
		if fn.Decl != nil {
			mut = fn.Decl.Mutability.String()
		}
		f := detect.Finding{Pos: fn.Decl.Pos(), End: hygHeaderEnd(fn), Function: fn.Name, Details: map[string]string{
			"function_name": fnName(fn), "mutability": mut, "variables": strings.Join(names, ", ")}}
		pass.Report(f)
	}
}

// hygRealWrites returns the state variables fn and the functions it reaches write, leaving out
// assignments that only rebind a storage pointer local (p = s[i] points p elsewhere; the model
// counts it as a write to s).
func hygRealWrites(p *sema.Program, fn *sema.Function) map[*sema.Var]bool {
	out := map[*sema.Var]bool{}
	for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
		info := p.Info(g)
		if info == nil {
			continue
		}
		for v, nodes := range info.StateWrites {
			for _, n := range nodes {
				if a, ok := n.(*ast.AssignExpr); ok && a.Op == token.ASSIGN {
					if id, ok := ast.Unparen(a.Lhs).(*ast.Ident); ok {
						if lv, ok := info.Uses[id].(*sema.Var); ok && lv.Kind != sema.StateVar {
							continue
						}
					}
				}
				out[v] = true
			}
		}
	}
	return out
}
