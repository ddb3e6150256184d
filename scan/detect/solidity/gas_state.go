package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// The gas detectors of this file look at state variable declarations and at every write to
// them in the program.

// GasCouldBeConstant reports state variables initialised with a compile-time constant and
// never written.
var GasCouldBeConstant = &detect.Analyzer{
	Template: detect.Template{
		ID:         "GAS_COULD_BE_CONSTANT",
		Name:       "State variable could be constant",
		Severity:   detect.Gas,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>State variable <code>${variable_name}</code> of <code>${contract_name}</code> is initialised with a ` +
			`constant and never written: declared <code>constant</code>, it would cost no storage slot and no SLOAD (2100 gas ` +
			`cold) on reads.</p>`,
		Remediation:     `<p>Declare it <code>constant</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "variable_name"},
		DetectionLogic: "A non-constant state variable of value type, string or bytes whose initial value is a compile-time " +
			"constant expression, that no function, modifier or inline assembly of the program writes (internal variables of " +
			"abstract contracts excepted).",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-1050"},
		Languages: []string{"solidity"},
		Slither:   "constable-states",
		Class:     "gas",
	},
	Run: runGasCouldBeConstant,
}

// GasCouldBeImmutable reports state variables written only once, at construction.
var GasCouldBeImmutable = &detect.Analyzer{
	Template: detect.Template{
		ID:         "GAS_COULD_BE_IMMUTABLE",
		Name:       "State variable could be immutable",
		Severity:   detect.Gas,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>State variable <code>${variable_name}</code> of <code>${contract_name}</code> is only set ${where}. ` +
			`Declared <code>immutable</code>, it would live in the code: no storage slot, and reads cost 3 gas instead of an ` +
			`SLOAD.</p>`,
		Remediation:     `<p>Declare it <code>immutable</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "variable_name", "where"},
		DetectionLogic: "In a file whose pragma requires 0.6.5 or later: a non-constant state variable of value type that is " +
			"assigned only by top-level statements of its own contract's constructor (or only by a non-constant initialiser), " +
			"and that nothing else in the program writes or reads in assembly.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-1050"},
		Languages: []string{"solidity"},
		Slither:   "immutable-states",
		Class:     "gas",
	},
	Run: runGasCouldBeImmutable,
}

// GasBoolStorage reports bool state variables.
var GasBoolStorage = &detect.Analyzer{
	Template: detect.Template{
		ID:         "GAS_BOOL_STORAGE",
		Name:       "bool in storage",
		Severity:   detect.Gas,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>State variable <code>${variable_name}</code> of <code>${contract_name}</code> is a bool. Every write ` +
			`reads the slot first to keep its other bytes, and setting it back to true after false pays the 20000 gas of a ` +
			`zero-to-non-zero write.</p>`,
		Remediation: `<p>Unless it is packed with other variables in one slot, use <code>uint256</code> values 1 and 2 ` +
			`(as OpenZeppelin's ReentrancyGuard does).</p>`,
		DescriptionKeys: []string{"contract_name", "variable_name"},
		DetectionLogic:  "A bool state variable that is not constant or immutable.",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-1050"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "gas",
	},
	Run: runGasBoolStorage,
}

// GasZeroInitialization reports state variables explicitly initialised to their default.
var GasZeroInitialization = &detect.Analyzer{
	Template: detect.Template{
		ID:              "GAS_ZERO_INITIALIZATION",
		Name:            "Redundant initialisation to the default value",
		Severity:        detect.Gas,
		Confidence:      detect.ConfidenceHigh,
		Description:     `<p>State variable <code>${variable_name}</code> of <code>${contract_name}</code> is explicitly initialised to its default value, which costs deployment gas for nothing.</p>`,
		Remediation:     `<p>Leave out the initialiser: storage starts at zero.</p>`,
		DescriptionKeys: []string{"contract_name", "variable_name"},
		DetectionLogic:  "A non-constant, non-immutable state variable initialised with 0, false, address(0) or another zero conversion.",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-1050"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "gas",
	},
	Run: runGasZeroInitialization,
}

// hygComputeStateWriters finds the writers of every state variable (see hygStateWriters).
func hygComputeStateWriters(p *sema.Program) (map[*sema.Var][]*sema.Function, map[string]bool) {
	writers := map[*sema.Var][]*sema.Function{}
	asm := map[string]bool{}
	for _, fn := range p.Functions() {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for v := range info.StateWrites {
			writers[v] = append(writers[v], fn)
		}
		if fn.Body != nil {
			fn.BodyTree().Inspect(func(n ast.Node) bool {
				if id, ok := n.(*ast.YulIdent); ok {
					name := id.Name
					if i := strings.IndexByte(name, '.'); i >= 0 {
						name = name[:i]
					}
					asm[name] = true
				}
				return true
			})
		}
	}
	return writers, asm
}

// hygValueType reports whether a state variable's type can be constant or immutable.
func hygValueType(v *sema.Var, allowStrings bool) bool {
	switch t := v.Type.(type) {
	case *sema.Elementary:
		if t.Name == "string" || t.Name == "bytes" {
			return allowStrings
		}
		return true
	case *sema.ContractType, *sema.EnumType, *sema.UserType:
		return true
	}
	return false
}

func runGasCouldBeConstant(pass *detect.Pass) {
	c := pass.Contract
	p := pass.Program
	if c == nil || c.IsInterface() || hygIsTest(c) {
		return
	}
	var writers map[*sema.Var][]*sema.Function
	var asm map[string]bool
	for _, v := range c.StateVars {
		d := v.Decl
		if d.Constant || d.Immutable || d.Value == nil || !hygValueType(v, true) {
			continue
		}
		if c.IsAbstract() && d.Visibility != token.PRIVATE {
			continue
		}
		if !hygIsConstantExpr(nil, p, c, d.Value) {
			continue
		}
		if writers == nil {
			writers, asm = hygStateWriters(p)
		}
		if len(writers[v]) > 0 || asm[v.Name] {
			continue
		}
		pass.Report(detect.Finding{Pos: d.Pos(), End: d.End(), Details: map[string]string{"variable_name": v.Name}})
	}
}

func runGasCouldBeImmutable(pass *detect.Pass) {
	c := pass.Contract
	p := pass.Program
	if c == nil || c.IsInterface() || hygIsTest(c) || !c.File.Version.AtLeast(hygV0_6_5) {
		return
	}
	var writers map[*sema.Var][]*sema.Function
	var asm map[string]bool
	for _, v := range c.StateVars {
		d := v.Decl
		if d.Constant || d.Immutable || !hygValueType(v, false) {
			continue
		}
		if c.IsAbstract() && d.Visibility != token.PRIVATE {
			continue
		}
		if writers == nil {
			writers, asm = hygStateWriters(p)
		}
		if asm[v.Name] {
			continue
		}
		ws := writers[v]
		where := ""
		switch {
		case len(ws) == 0 && d.Value != nil && !hygIsConstantExpr(nil, p, c, d.Value):
			where = "by its initialiser"
		case len(ws) == 1 && d.Value == nil && ws[0].IsConstructor() && ws[0].Contract == c && hygSetOnceAtTop(p, ws[0], v):
			where = "in the constructor"
		default:
			continue
		}
		pass.Report(detect.Finding{Pos: d.Pos(), End: d.End(), Details: map[string]string{"variable_name": v.Name, "where": where}})
	}
}

// hygSetOnceAtTop reports whether constructor fn assigns v exactly once, in a top-level
// statement of its body (not in a branch or loop), and reads it nowhere else (immutables could
// not be read during construction before 0.8.21).
func hygSetOnceAtTop(p *sema.Program, fn *sema.Function, v *sema.Var) bool {
	info := p.Info(fn)
	if info == nil || fn.Body == nil {
		return false
	}
	top := 0
	for _, s := range fn.Body.List {
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			continue
		}
		if a, ok := es.X.(*ast.AssignExpr); ok && a.Op == token.ASSIGN {
			if id, ok := ast.Unparen(a.Lhs).(*ast.Ident); ok && hygUsesVar(info, id, v) {
				top++
			}
		}
	}
	if top != 1 || len(info.StateWrites[v]) != 1 {
		return false
	}
	return len(info.StateReads[v]) <= 1 // the assignment's own target
}

func runGasBoolStorage(pass *detect.Pass) {
	c := pass.Contract
	if c == nil || hygIsTest(c) {
		return
	}
	for _, v := range c.StateVars {
		e, ok := v.Type.(*sema.Elementary)
		if !ok || e.Name != "bool" || v.IsConstant() {
			continue
		}
		pass.Report(detect.Finding{Pos: v.Decl.Pos(), End: v.Decl.End(), Details: map[string]string{"variable_name": v.Name}})
	}
}

func runGasZeroInitialization(pass *detect.Pass) {
	c := pass.Contract
	if c == nil || hygIsTest(c) {
		return
	}
	for _, v := range c.StateVars {
		if v.IsConstant() || v.Decl.Value == nil || !hygIsZeroValue(v.Decl.Value) {
			continue
		}
		pass.Report(detect.Finding{Pos: v.Decl.Pos(), End: v.Decl.End(), Details: map[string]string{"variable_name": v.Name}})
	}
}
