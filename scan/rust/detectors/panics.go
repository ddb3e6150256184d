package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
)

var panicMacros = map[string]bool{"panic": true, "unreachable": true, "todo": true, "unimplemented": true}

// PanicInHandler reports unwrap, expect and panicking macros in
// instruction code.
var PanicInHandler = analyzer(detect.Template{
	ID:         "SOLANA_PANIC_IN_HANDLER",
	Name:       "Panic in instruction handler",
	Severity:   detect.Low,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> calls <code>${call}</code>, which aborts the transaction " +
		"with an opaque error instead of returning a program error; a caller who can reach it can make " +
		"the instruction fail in ways clients cannot tell apart.</p>",
	Remediation: "<p>Return errors instead: <code>ok_or(ErrorCode::X)?</code>, <code>require!</code>, " +
		"<code>checked_*</code> arithmetic mapped to an error.</p>",
	DescriptionKeys: []string{"function_name", "call"},
	DetectionLogic:  "In Anchor handlers (with their delegates and Accounts methods) and native functions that take accounts: calls of unwrap and expect, and panic!, unreachable!, todo!, unimplemented!.",
	CWE:             []string{"CWE-248"},
	Class:           "error-handling",
},
	func(p *Pass) {
		for _, u := range p.units() {
			for _, c := range u.Func.Calls() {
				switch {
				case !c.Macro && (c.Method == "unwrap" || c.Method == "expect"):
					name := c.Node.(*ast.MethodCallExpr).Name
					p.ReportRange(name.Pos(), c.Node.End(), u.Func, map[string]string{"call": c.Method + "()"})
				case c.Macro && panicMacros[c.Name()]:
					p.Report(c.Node, u.Func, map[string]string{"call": c.Name() + "!"})
				}
			}
		}
	})
