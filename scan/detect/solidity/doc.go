// Package solidity holds Vigil's Solidity detectors, one per file, each with its template
// beside its code and its fixtures in testdata/<id in lower case>/ (vulnerable.sol with
// `// want "ID"` on every line it must report, safe.sol with code it must not report).
// registry.go lists them all in one place.
//
// Writing a detector:
//
//  1. Create <name>.go with `var MyCheck = &detect.Analyzer{Template: detect.Template{...}, Run: runMyCheck}`.
//     Fill every template field: ID (upper case), Name, Severity, Confidence, Description (HTML,
//     ${key} placeholders listed in DescriptionKeys), Remediation (HTML), DetectionLogic, Version,
//     SWC and CWE ids, Languages {"solidity"}, Class (the weakness family), Slither (if any).
//  2. Run receives a detect.Pass for one contract (pass.Contract) or for a file's free functions
//     (pass.Contract == nil). Use the semantic model (package sema): pass.Program.Info(fn) gives
//     resolved names, types, classified calls, the CFG and data flow; pass.Program.IsGuarded and
//     HasAccessControl answer "can anyone reach this?".
//  3. Report with pass.ReportNode(node, fn, details). Lower the severity or confidence of a
//     finding (Finding.Severity/Confidence) when the evidence is weaker, rather than dropping it
//     or crying wolf: audited code must get no critical or high finding it does not deserve.
//  4. Add the analyzer to All in registry.go, and fixtures: testdata/<id lower>/vulnerable.sol
//     and safe.sol. `go test ./scan/detect/solidity -run TestDetectors/<ID>` checks them.
package solidity
