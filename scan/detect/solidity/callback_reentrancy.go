package solidity

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// CallbackReentrancy reports a limit checked once and then spent across token moves that call
// the receiver's hook: ERC-721 safe mints and transfers call onERC721Received, ERC-1155 mints
// and transfers onERC1155Received, on the receiver. When the receiver is the caller (or an
// address it names), its hook can call the function again while the first call is between its
// check and the end of its loop: the check passes again on state that does not yet count what
// the outer call is still minting (a per-user cap minted in a loop of safe mints is exceeded).
var CallbackReentrancy = &detect.Analyzer{
	Template: detect.Template{
		ID:         "CALLBACK_REENTRANCY",
		Name:       "Reentrancy through a token receiver hook",
		Severity:   detect.High,
		Confidence: detect.ConfidenceMedium,
		Description: `<p>Function <code>${function_name}</code> of <code>${contract_name}</code> checks a condition on state, ` +
			`then calls <code>${call}</code>, which calls the receiver's hook on <code>${receiver}</code>, an address the caller ` +
			`controls, ${after}. The hook can call the function again before the first call has finished: the check passes ` +
			`again on state that does not yet count what the first call is still doing, so a cap or a one-time right is spent ` +
			`more than once.</p>`,
		Remediation: `<p>Guard the function with a reentrancy lock, or finish every state change before the first hook: mint ` +
			`without a hook (<code>_mint</code>) or count the whole amount before the loop, and check the limit against it.</p>`,
		DescriptionKeys: []string{"contract_name", "function_name", "call", "receiver", "after"},
		DetectionLogic: "An entry point without a reentrancy lock (a lock held where the move is made, or an unshipped lock " +
			"modifier) that, after a condition reading state, calls a token move that calls the receiver's hook (ERC-721 " +
			"_safeMint/_safeTransfer/safeTransferFrom, ERC-1155 _mint/_mintBatch/safeTransferFrom/safeBatchTransferFrom: " +
			"shipped code that calls onERC721Received/onERC1155Received, or the standard's names when the token's code is not " +
			"shipped, at low confidence) to a receiver the caller controls (msg.sender, a parameter), inside a loop or with " +
			"state written after it.",
		Version:   "1.0.0",
		SWC:       []string{"SWC-107"},
		CWE:       []string{"CWE-841"},
		Languages: []string{"solidity"},
		Slither:   "reentrancy-no-eth",
		Class:     "reentrancy",
	},
	Run: runCallbackReentrancy,
}

// hookMoves maps the standards' moves that call the receiver's hook to the position of the
// receiver among their arguments.
var hookMoves = map[string]int{
	"_safemint": 0, "_safetransfer": 1, "safetransferfrom": 1, "safebatchtransferfrom": 1,
	"_mint1155": 0, "_mintbatch": 0,
}

func runCallbackReentrancy(pass *detect.Pass) {
	p := pass.Program
outer:
	for _, fn := range entryFunctions(pass.Functions()) {
		if pass.Stopped(fn) || p.HasUnresolvedGuard(fn) || accessControlled(p, fn) {
			continue
		}
		info := p.Info(fn)
		writes := entryWrites(p, fn)
		for _, n := range info.CFG.Nodes {
			if n.Fn != fn || n.Kind != sema.NodeStmt {
				continue
			}
			for _, c := range nodeCalls(p, n) {
				hm := hookMove(p, c)
				if hm.receiver == nil {
					continue
				}
				how, chosen := callerChoice(p, fn, p.DepsOf(info).Of(hm.receiver))
				if !chosen || p.LockedAt(info.CFG, n) || !checkedStateBefore(p, info, n) {
					continue
				}
				after := ""
				switch {
				case n.InLoop:
					after = "in a loop that goes on after the hook"
				case writtenAfter(info, n, writes):
					after = "and writes state after it"
				default:
					continue
				}
				ev := &detect.Evidence{}
				ev.Add(c.Name + " calls the receiver's hook (" + hm.how + ")")
				ev.Add("the receiver comes from " + how)
				ev.Add("a condition on state comes before it, and no lock is held")
				if hm.byName {
					ev.Guess("the token's code is not shipped: the move is known by the standard's name")
				}
				f := detect.Finding{Details: map[string]string{"function_name": fnName(fn), "call": sourceText(p, c.Expr),
					"receiver": sourceText(p, hm.receiver), "after": after}, Function: fn.Name, Evidence: ev}
				f.Pos, f.End = fnRange(fn, c.Expr)
				pass.Report(f)
				continue outer // one finding per function
			}
		}
	}
}

// hookCall is a token move that calls its receiver's hook.
type hookCall struct {
	receiver ast.Expr
	how      string
	byName   bool // the token's code is not shipped: the standard's name decided
}

// hookMove tells whether call c moves a token to a receiver whose hook it calls: shipped code
// (a callee that, itself or through its helpers, calls onERC721Received or onERC1155Received),
// or, for code the program lacks, a move named by the ERC-721 or ERC-1155 standard.
func hookMove(p *sema.Program, c *sema.Call) hookCall {
	name := strings.ToLower(c.Name)
	if name == "_mint" && len(c.Args) == 4 {
		name = "_mint1155" // ERC-1155's _mint(to, id, amount, data); ERC-20's and ERC-721's take two
	}
	pos, ok := hookMoves[name]
	if !ok || pos >= len(c.Args) {
		return hookCall{}
	}
	shipped := false
	for _, g := range c.Callees {
		if g.Body != nil {
			shipped = true
			if callsHook(p, g) {
				return hookCall{receiver: c.Args[pos], how: "its code calls the receiver's onERC721Received/onERC1155Received"}
			}
		}
	}
	if shipped {
		return hookCall{} // the shipped move calls no hook
	}
	return hookCall{receiver: c.Args[pos], how: "the " + c.Name + " of the ERC-721/ERC-1155 standard", byName: true}
}

// callsHook reports whether fn, or an internal function it reaches, calls a receiver hook.
func callsHook(p *sema.Program, fn *sema.Function) bool {
	for _, g := range append([]*sema.Function{fn}, p.Callees(fn)...) {
		gi := p.Info(g)
		if gi == nil {
			continue
		}
		for _, c := range gi.Calls {
			if c.Name == "onERC721Received" || c.Name == "onERC1155Received" || c.Name == "onERC1155BatchReceived" {
				return true
			}
		}
	}
	return false
}

// checkedStateBefore reports whether a condition that must hold for node n to run reads state:
// a stored value, or a call (a balance or count the token keeps).
func checkedStateBefore(p *sema.Program, info *sema.FuncInfo, n *sema.Node) bool {
	for _, gt := range p.Gates(info.CFG, n) {
		if gt.Info != info {
			continue
		}
		if pv := p.DepsOf(info).Of(gt.Cond); pv.Has(sema.SrcStorage|sema.SrcUnknown|sema.SrcFixedRet|sema.SrcCallRet) || len(pv.Vars) > 0 {
			return true
		}
		// A call of code the program lacks (an inherited balanceOf of a missing base) reads
		// whatever state that code keeps.
		unread := false
		ast.Inspect(gt.Cond, func(x ast.Node) bool {
			if call, ok := x.(*ast.CallExpr); ok {
				if c := gt.Info.CallOf[call]; c != nil && c.Kind == sema.CallUnknown {
					unread = true
				}
			}
			return !unread
		})
		if unread {
			return true
		}
	}
	return false
}

// writtenAfter reports whether one of the entry point's state writes can run after node n.
func writtenAfter(info *sema.FuncInfo, n *sema.Node, writes []writeSite) bool {
	for _, w := range writes {
		if w.node != n && info.CFG.Reachable(n, w.node) {
			return true
		}
	}
	return false
}
