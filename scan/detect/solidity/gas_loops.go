package solidity

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// The gas detectors of this file look at loops: what their conditions and bodies read from
// storage on every iteration, and how their counters are incremented.

var hygV0_8_22 = sema.Version{Major: 0, Minor: 8, Patch: 22}

// GasArrayLengthInLoop reports storage array lengths read in a loop condition.
var GasArrayLengthInLoop = &detect.Analyzer{
	Template: detect.Template{
		ID:         "GAS_ARRAY_LENGTH_IN_LOOP",
		Name:       "Storage array length read on every iteration",
		Severity:   detect.Gas,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>The loop in <code>${function_name}</code> of <code>${contract_name}</code> reads ` +
			`<code>${array_name}.length</code> from storage in its condition, once per iteration (an SLOAD each time).</p>`,
		Remediation:     `<p>Read the length once into a local before the loop: <code>uint256 n = arr.length; for (uint256 i; i &lt; n; ++i)</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "array_name"},
		DetectionLogic:  "A loop condition reads x.length where x is a state array, and the loop does not push to, pop from or resize x.",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-1050"},
		Languages:       []string{"solidity"},
		Slither:         "cache-array-length",
		Class:           "gas",
	},
	Run: runGasArrayLengthInLoop,
}

// GasStorageReadInLoop reports state variables read on every iteration of a loop that does not
// change them.
var GasStorageReadInLoop = &detect.Analyzer{
	Template: detect.Template{
		ID:         "GAS_STORAGE_READ_IN_LOOP",
		Name:       "State variable read repeatedly in a loop",
		Severity:   detect.Gas,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>The loop in <code>${function_name}</code> of <code>${contract_name}</code> reads state variable ` +
			`<code>${variable_name}</code> on every iteration but never changes it: each read is an SLOAD (100 gas warm, ` +
			`2100 cold the first time).</p>`,
		Remediation:     `<p>Copy the variable to a local before the loop and read the local inside it.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "variable_name"},
		DetectionLogic:  "An outermost loop whose condition or body reads a non-constant, non-immutable state variable of value type that neither the loop nor the internal functions it calls write.",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-1050"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "gas",
	},
	Run: runGasStorageReadInLoop,
}

// GasPostfixIncrement reports i++ (and i--) as a for loop's step, where ++i does the same with
// one temporary less.
var GasPostfixIncrement = &detect.Analyzer{
	Template: detect.Template{
		ID:              "GAS_POSTFIX_INCREMENT",
		Name:            "Postfix increment where prefix suffices",
		Severity:        detect.Gas,
		Confidence:      detect.ConfidenceHigh,
		Description:     `<p>The loop in <code>${function_name}</code> of <code>${contract_name}</code> steps with <code>${step}</code>; the prefix form saves a few gas per iteration because the old value is not kept.</p>`,
		Remediation:     `<p>Write <code>++i</code> (or <code>--i</code>) when the expression's value is not used.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "step"},
		DetectionLogic:  "The step expression of a for loop is a postfix ++ or --.",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-1050"},
		Languages:       []string{"solidity"},
		Slither:         "",
		Class:           "gas",
	},
	Run: runGasPostfixIncrement,
}

// GasUncheckedLoopCounter reports checked increments of loop counters bounded by the loop
// condition (0.8.0 to 0.8.21, which check the overflow that cannot happen).
var GasUncheckedLoopCounter = &detect.Analyzer{
	Template: detect.Template{
		ID:         "GAS_UNCHECKED_LOOP_COUNTER",
		Name:       "Loop counter increment could be unchecked",
		Severity:   detect.Gas,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>The loop counter <code>${variable_name}</code> in <code>${function_name}</code> of ` +
			`<code>${contract_name}</code> is bounded by the loop condition, yet every increment is overflow-checked ` +
			`(about 30-40 gas per iteration with compilers before 0.8.22).</p>`,
		Remediation: `<p>Increment in an unchecked block at the end of the body (<code>unchecked { ++i; }</code>), or compile ` +
			`with Solidity 0.8.22 or later, which drops the check for such loops itself.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "variable_name"},
		DetectionLogic: "In a file whose pragma requires 0.8 and admits versions below 0.8.22: a for loop stepping a local counter " +
			"with ++ or += 1, whose condition compares the counter with < or <=, and whose body does not assign the counter.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-1050"},
		Languages: []string{"solidity"},
		Slither:   "",
		Class:     "gas",
	},
	Run: runGasUncheckedLoopCounter,
}

// outerLoops returns the loops of a function's body that are not inside another loop, in tree
// order, from the body's flattened tree.
func outerLoops(info *sema.FuncInfo) []ast.Stmt {
	var out []ast.Stmt
	info.Fn.BodyTree().Inspect(func(n ast.Node) bool {
		switch s := n.(type) {
		case *ast.ForStmt, *ast.WhileStmt, *ast.DoWhileStmt:
			out = append(out, s.(ast.Stmt))
			return false
		}
		return true
	})
	return out
}

// hygLoopWrites returns the state variables a loop writes, directly or through the internal
// functions it calls, and whether it makes an external call (which may change anything
// through reentrancy; caching is then a judgment call and not suggested).
func hygLoopWrites(p *sema.Program, info *sema.FuncInfo, loop ast.Stmt) (map[*sema.Var]bool, bool) {
	out := map[*sema.Var]bool{}
	for v := range p.Writes(info, loop) {
		out[v] = true
	}
	external := false
	ast.Inspect(loop, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok {
			if call := info.CallOf[c]; call != nil {
				switch {
				case call.IsExternal():
					external = true
				case (call.Kind == sema.CallInternal || call.Kind == sema.CallLibrary) && call.Callee != nil:
					for v := range p.TransitiveWrites(call.Callee) {
						out[v] = true
					}
				}
			}
		}
		return true
	})
	return out, external
}

func runGasArrayLengthInLoop(pass *detect.Pass) {
	p := pass.Program
	if hygPassIsTest(pass) {
		return
	}
	for _, fn := range hygBodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for _, loop := range loopsIn(info) {
			cond, _, _ := hygLoopParts(loop)
			if cond == nil {
				continue
			}
			writes, _ := hygLoopWrites(p, info, loop)
			ast.Inspect(cond, func(n ast.Node) bool {
				m, ok := n.(*ast.MemberExpr)
				if !ok || m.Name.Name != "length" {
					return true
				}
				v := hygStateVarOfExpr(info, m.X)
				if v == nil || v.IsConstant() || writes[v] {
					return true
				}
				// Only storage arrays and bytes have a length member, so any state-rooted
				// .length (arr.length, m[k].length, s.items.length) is an SLOAD.
				pass.ReportNode(m, fn, map[string]string{"array_name": sourceText(p, m.X)})
				return false
			})
		}
	}
}

func runGasStorageReadInLoop(pass *detect.Pass) {
	p := pass.Program
	if hygPassIsTest(pass) {
		return
	}
	for _, fn := range hygBodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for _, loop := range outerLoops(info) {
			writes, external := hygLoopWrites(p, info, loop)
			if external {
				continue
			}
			written := hygWrittenRoots(loop, false)
			reported := map[*sema.Var]bool{}
			ast.Inspect(loop, func(n ast.Node) bool {
				id, ok := n.(*ast.Ident)
				if !ok || written[id] {
					return true
				}
				v, ok := info.Uses[id].(*sema.Var)
				if !ok || v.Kind != sema.StateVar || v.IsConstant() || writes[v] || reported[v] {
					return true
				}
				if _, elementary := v.Type.(*sema.Elementary); !elementary {
					return true
				}
				if e := v.Type.(*sema.Elementary); e.Name == "string" || e.Name == "bytes" {
					return true
				}
				reported[v] = true
				pass.ReportNode(id, fn, map[string]string{"variable_name": v.Name})
				return true
			})
		}
	}
}

func runGasPostfixIncrement(pass *detect.Pass) {
	if hygPassIsTest(pass) {
		return
	}
	for _, fn := range hygBodies(pass.Functions()) {
		visitKinds(fn.BodyTree(), forKinds, func(n ast.Node) bool {
			f, ok := n.(*ast.ForStmt)
			if !ok || f.Post == nil {
				return true
			}
			if u, ok := ast.Unparen(f.Post).(*ast.UnaryExpr); ok && u.Postfix && (u.Op == token.INC || u.Op == token.DEC) {
				pass.ReportNode(u, fn, map[string]string{"step": sourceText(pass.Program, u)})
			}
			return true
		})
	}
}

func runGasUncheckedLoopCounter(pass *detect.Pass) {
	p := pass.Program
	f := hygFileOfPass(pass)
	if f == nil || !f.Version.CheckedArithmetic() || !f.Version.MayBeBelow(hygV0_8_22) || hygPassIsTest(pass) {
		return
	}
	for _, fn := range hygBodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		fn.BodyTree().Inspect(func(n ast.Node) bool {
			if b, ok := n.(*ast.BlockStmt); ok && b.Unchecked {
				return false
			}
			loop, ok := n.(*ast.ForStmt)
			if !ok || loop.Post == nil || loop.Cond == nil {
				return true
			}
			counter := hygIncrementedVar(info, loop.Post)
			if counter == nil || counter.Kind != sema.LocalVar {
				return true
			}
			if _, isInt := sema.IsInteger(counter.Type); !isInt {
				return true
			}
			cond, ok := ast.Unparen(loop.Cond).(*ast.BinaryExpr)
			if !ok || (cond.Op != token.LSS && cond.Op != token.LEQ) {
				return true
			}
			if id, ok := ast.Unparen(cond.X).(*ast.Ident); !ok || !hygUsesVar(info, id, counter) {
				return true
			}
			if hygAssignsVar(info, loop.Body, counter) {
				return true
			}
			pass.ReportNode(loop.Post, fn, map[string]string{"variable_name": counter.Name})
			return true
		})
	}
}

// hygIncrementedVar returns v for ++v, v++ and v += 1.
func hygIncrementedVar(info *sema.FuncInfo, x ast.Expr) *sema.Var {
	var target ast.Expr
	switch e := ast.Unparen(x).(type) {
	case *ast.UnaryExpr:
		if e.Op == token.INC {
			target = e.X
		}
	case *ast.AssignExpr:
		if l, ok := ast.Unparen(e.Rhs).(*ast.BasicLit); ok && e.Op == token.ADD_ASSIGN && l.Value == "1" {
			target = e.Lhs
		}
	}
	id, ok := ast.Unparen(target).(*ast.Ident)
	if target == nil || !ok {
		return nil
	}
	v, _ := info.Uses[id].(*sema.Var)
	return v
}

// hygAssignsVar reports whether n assigns or increments v.
func hygAssignsVar(info *sema.FuncInfo, n ast.Node, v *sema.Var) bool {
	for id := range hygWrittenRoots(n, false) {
		if hygUsesVar(info, id, v) {
			return true
		}
	}
	return false
}

// GasStorageWriteInLoop reports state variables of value type written on every iteration of a
// loop: accumulating in a local and writing once after the loop saves an SSTORE per iteration.
var GasStorageWriteInLoop = &detect.Analyzer{
	Template: detect.Template{
		ID:         "GAS_STORAGE_WRITE_IN_LOOP",
		Name:       "State variable written on every loop iteration",
		Severity:   detect.Gas,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>The loop in <code>${function_name}</code> of <code>${contract_name}</code> writes state variable ` +
			`<code>${variable_name}</code> on every iteration; each write is an SSTORE (at least 100 gas, 2900 or more when ` +
			`the value changes).</p>`,
		Remediation:     `<p>Accumulate in a local variable inside the loop and write the state variable once after it.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "variable_name"},
		DetectionLogic:  "Inside a loop that makes no external call: an assignment, compound assignment, ++ or -- whose target is a non-constant state variable of value type (not an element of a mapping or array).",
		Version:         "1.0.0",
		SWC:             []string{},
		CWE:             []string{"CWE-1050"},
		Languages:       []string{"solidity"},
		Slither:         "costly-loop",
		Class:           "gas",
	},
	Run: runGasStorageWriteInLoop,
}

func runGasStorageWriteInLoop(pass *detect.Pass) {
	p := pass.Program
	if hygPassIsTest(pass) {
		return
	}
	for _, fn := range hygBodies(pass.Functions()) {
		info := p.Info(fn)
		if info == nil {
			continue
		}
		for _, loop := range outerLoops(info) {
			if _, external := hygLoopWrites(p, info, loop); external {
				continue
			}
			reported := map[*sema.Var]bool{}
			ast.Inspect(loop, func(n ast.Node) bool {
				var target ast.Expr
				switch e := n.(type) {
				case *ast.AssignExpr:
					target = e.Lhs
				case *ast.UnaryExpr:
					if e.Op == token.INC || e.Op == token.DEC {
						target = e.X
					}
				}
				id, ok := ast.Unparen(target).(*ast.Ident)
				if target == nil || !ok {
					return true
				}
				v, ok := info.Uses[id].(*sema.Var)
				if !ok || v.Kind != sema.StateVar || v.IsConstant() || reported[v] || !hygValueType(v, false) {
					return true
				}
				reported[v] = true
				pass.ReportNode(n, fn, map[string]string{"variable_name": v.Name})
				return true
			})
		}
	}
}
