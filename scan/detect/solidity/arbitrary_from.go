package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// ArbitraryFromTransferFrom reports token.transferFrom(from, ...) where from is chosen by the
// caller: every user who approved this contract can have their tokens taken by anyone.
var ArbitraryFromTransferFrom = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ARBITRARY_FROM_TRANSFERFROM",
		Name:       "transferFrom with an arbitrary from address",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> calls <code>${call}</code> with a ` +
			`<code>from</code> address (<code>${from}</code>) the caller chooses, without checking that the caller is that ` +
			`account or acts for it. Anyone can move the tokens of every account that approved this contract.</p>`,
		Remediation: `<p>Use <code>msg.sender</code> as <code>from</code>, or check that <code>msg.sender</code> is <code>from</code> ` +
			`or was authorised by it (an allowance kept by this contract, or a signature from <code>from</code>).</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call", "from"},
		DetectionLogic: "In a public function without an access check: an external or library call transferFrom/safeTransferFrom " +
			"(3 arguments, or 4 with the token first) whose from argument is derived from a parameter and not from msg.sender " +
			"or address(this), with no condition comparing it with msg.sender and no signature or permit check in the function.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-105"},
		CWE:       []string{"CWE-285", "CWE-639"},
		Languages: []string{"solidity"},
		Slither:   "arbitrary-send-erc20",
		Class:     "arbitrary-send",
	},
	Run: runArbitraryFrom,
}

func runArbitraryFrom(pass *detect.Pass) {
	p := pass.Program
	for _, fn := range entryFunctions(pass.Functions()) {
		if accessControlled(p, fn) || p.Delegated(fn) { // delegated code spends its caller's allowances, under its checks
			continue
		}
		info := p.Info(fn)
		for _, n := range info.CFG.Nodes {
			if n.Fn != fn {
				continue
			}
			for _, c := range nodeCalls(p, n) {
				from := transferFromSource(c)
				if from == nil || !paramChosen(info, from) || isThisAddress(info, from) {
					continue
				}
				if callerRestrictedAt(p, fn, n) || comparedWithSender(p, info.CFG, n, info, from) || takesSignature(p, fn) || callsPermit(p, fn) {
					continue
				}
				f := detect.Finding{Details: map[string]string{"function_name": fnName(fn), "call": c.Name, "from": sourceText(p, from)}, Function: fn.Name}
				f.Pos, f.End = c.Expr.Pos(), c.Expr.End()
				f.Evidence = outflowEvidence(p, pass.Contract, fn, c.Name+" from "+sourceText(p, from)+", an account the caller names")
				lowerForScript(&f, pass.Contract, fn)
				pass.Report(f)
			}
		}
	}
}

// transferFromSource returns the from argument of a token transferFrom, or nil.
func transferFromSource(c *sema.Call) ast.Expr {
	if c.Kind != sema.CallExternal && c.Kind != sema.CallLibrary {
		return nil
	}
	name := strings.ToLower(c.Name)
	if name != "transferfrom" && name != "safetransferfrom" {
		return nil
	}
	switch len(c.Args) {
	case 3:
		if c.Kind == sema.CallLibrary && methodReceiver(c) == nil {
			return nil // a static library call with three arguments is not a token transfer
		}
		return c.Args[0]
	case 4:
		if c.Kind == sema.CallLibrary && methodReceiver(c) == nil {
			return c.Args[1] // TransferHelper.safeTransferFrom(token, from, to, value)
		}
		return c.Args[0] // ERC721 safeTransferFrom(from, to, id, data)
	}
	return nil
}

func isThisAddress(info *sema.FuncInfo, x ast.Expr) bool {
	id, ok := unwrapConversion(info, x).(*ast.Ident)
	return ok && id.Name == "this"
}

// comparedWithSender reports whether a condition gating n compares x with the caller.
func comparedWithSender(p *sema.Program, g *sema.CFG, n *sema.Node, info *sema.FuncInfo, x ast.Expr) bool {
	root := info.RootVar(unwrapConversion(info, x))
	for _, gt := range p.Gates(g, n) {
		hit := false
		ast.Inspect(gt.Cond, func(m ast.Node) bool {
			if b, ok := m.(*ast.BinaryExpr); ok && (isSender(gt.Info, b.X) && gt.Info.RootVar(unwrapConversion(gt.Info, b.Y)) == root ||
				isSender(gt.Info, b.Y) && gt.Info.RootVar(unwrapConversion(gt.Info, b.X)) == root) {
				hit = true
			}
			return !hit
		})
		if hit && root != nil {
			return true
		}
	}
	return false
}

// callsPermit reports whether fn calls permit (the owner's signature authorises the transfer).
func callsPermit(p *sema.Program, fn *sema.Function) bool {
	for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
		if gi := p.Info(g); gi != nil {
			for _, c := range gi.Calls {
				if strings.Contains(strings.ToLower(c.Name), "permit") {
					return true
				}
			}
		}
	}
	return false
}
