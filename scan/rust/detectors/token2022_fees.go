package detectors

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// Token2022FeeIgnored reports a deposit of tokens that may carry a
// Token-2022 transfer fee, after which the handler credits the amount it
// asked to move: the vault received amount minus the fee, the books say
// amount, and the difference is paid by the other depositors.
var Token2022FeeIgnored = analyzer(detect.Template{
	ID:         "SOLANA_TOKEN_2022_TRANSFER_FEE_IGNORED",
	Name:       "Token-2022 transfer fee ignored in accounting",
	Severity:   detect.Medium,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> accepts Token-2022 mints, moves <code>${amount}</code> " +
		"tokens into the program with <code>transfer_checked</code> and then credits <code>${amount}</code>. " +
		"A mint with the transfer-fee extension delivers <code>${amount}</code> minus the fee, so the " +
		"program records more than it holds and the last users to withdraw cannot.</p>",
	Remediation: "<p>Credit what arrived: compute the fee from the mint's <code>TransferFeeConfig</code> " +
		"(<code>calculate_epoch_fee</code>) and subtract it, or <code>reload()</code> the vault and credit " +
		"the balance difference. Otherwise refuse mints with a transfer fee when the pool or vault is created.</p>",
	DescriptionKeys: []string{"function_name", "amount"},
	DetectionLogic: "Anchor handlers whose Accounts struct admits Token-2022 (Interface<TokenInterface>, " +
		"InterfaceAccount<..>, Program<Token2022>) and whose code (with delegates and the crate helpers it calls) " +
		"makes an unsigned transfer_checked CPI (a user's deposit) of a named amount, then records that name, or a " +
		"local computed from it (shares = amount * supply / total), as held: added to state (+=, checked_add, " +
		"saturating_add), stored in an account field (escrow.amount = amount, or a field of the crate's account " +
		"type built with set_inner/struct literal), or minted as receipt tokens (mint_to(.., amount)) — unless the code mentions transfer fees (transfer_fee, " +
		"TransferFeeConfig, epoch_fee), reloads a token account to read its balance, or the mint is pinned by an " +
		"address constraint. Native crates: functions (with the crate helpers they call) that invoke spl_token_2022's " +
		"transfer_checked builder without seeds (a deposit), judged the same way.",
	CWE:   []string{"CWE-682"},
	Class: "token",
},
	func(p *Pass) {
		deposits := depositMemo{}
		for _, ap := range p.Program.Anchor {
			for _, h := range ap.Handlers {
				if h.Accounts == nil || !admitsToken2022(h.Accounts) || pinnedMint(h.Accounts) {
					continue
				}
				code := h.Code()
				amounts := map[string]bool{}
				aware := false
				for _, fn := range code {
					for _, n := range p.depositAmounts(fn, 0, deposits) {
						amounts[n] = true
					}
					aware = aware || p.feeAware(fn)
				}
				if len(amounts) == 0 || aware {
					continue
				}
				for _, fn := range code {
					if c, name := p.creditOf(fn.Decl.Body, amounts); c != nil {
						p.Report(c, h.Func, map[string]string{"amount": name})
						break
					}
				}
			}
		}
		if len(p.Program.Anchor) == 0 {
			p.nativeFeeCredits(deposits)
		}
	})

// admitsToken2022 reports an Accounts struct through which Token-2022
// mints or token accounts can reach the handler.
func admitsToken2022(as *model.AccountsStruct) bool {
	for _, f := range as.Fields {
		switch {
		case f.Type.Kind == model.KindInterface, f.Type.Kind == model.KindInterfaceAccount:
			return true
		case f.Type.Kind == model.KindProgram && f.Type.Inner == "Token2022":
			return true
		}
	}
	return false
}

// pinnedMint reports a mint field fixed by an address constraint: the
// program then knows the mint and its extensions.
func pinnedMint(as *model.AccountsStruct) bool {
	for _, f := range as.Fields {
		if f.Type.Inner == "Mint" && f.Constraints.Address != nil {
			return true
		}
	}
	return false
}

// depositAmounts returns the names of the amounts fn moves with an
// unsigned transfer_checked CPI (one the user's signature authorizes),
// directly or through a crate helper given the name. Handlers share
// helpers, so the answers are kept in memo for the pass.
func (p *Pass) depositAmounts(fn *model.Function, depth int, memo depositMemo) []string {
	key := depositKey{fn, depth}
	if out, ok := memo[key]; ok {
		return out
	}
	var out []string
	for _, c := range fn.Calls() {
		if c.Macro {
			continue
		}
		if c.Name() == "transfer_checked" && len(c.Args) == 8 && hookTransfer(fn.File.Resolve(c.Path)) == "spl_token_2022::instruction::transfer_checked" {
			// Native: transfer_checked(program, source, mint, destination,
			// authority, signers, amount, decimals), invoked without seeds.
			if !invokedSigned(fn, c) {
				if name := model.ExprPath(c.Args[6]); name != "" && !strings.Contains(name, ".") {
					out = append(out, name)
				}
			}
			continue
		}
		if c.Name() == "transfer_checked" && len(c.Args) >= 2 {
			if unsignedCPI(c.Args[0], fn.Decl.Body) {
				if name := model.ExprPath(c.Args[1]); name != "" && !strings.Contains(name, ".") {
					out = append(out, name)
				}
			}
			continue
		}
		if depth >= helperDepth {
			continue
		}
		for _, callee := range p.Program.FunctionsNamed(c.Name()) {
			if callee == fn || !p.inCrate(fn, c) {
				continue
			}
			inner := p.depositAmounts(callee, depth+1, memo)
			for i, a := range c.Args {
				idx := i
				if c.Method != "" && hasSelf(callee) {
					idx++
				}
				name := model.ExprPath(a)
				if name != "" && !strings.Contains(name, ".") && slices.Contains(inner, paramName(callee, idx)) && paramName(callee, idx) != "" {
					out = append(out, name)
				}
			}
		}
	}
	memo[key] = out
	return out
}

// depositKey names an answer of depositAmounts: the function and the depth
// it was asked at (the helper-depth limit makes answers depend on it).
type depositKey struct {
	fn    *model.Function
	depth int
}

type depositMemo map[depositKey][]string

// unsignedCPI reports a CPI context built with CpiContext::new (followed
// through a local), not new_with_signer or .with_signer: the transfer's
// authority is a signer of the transaction, so tokens come in.
func unsignedCPI(x ast.Expr, body ast.Node) bool {
	if pe, ok := x.(*ast.PathExpr); ok && len(pe.Path.Segments) == 1 {
		if init, ok := lets(body)[pe.Path.Segments[0].Name.Name]; ok {
			x = init
		}
	}
	signed, built := false, false
	for _, c := range model.Calls(x) {
		switch {
		case c.Kind == model.CallCpiContextNew:
			built = true
		case c.Kind == model.CallCpiContextNewWithSigner, c.Method == "with_signer":
			signed = true
		}
	}
	return built && !signed
}

// feeAware reports code (or a crate helper it calls) that deals with
// transfer fees or measures what arrived by reloading a token account.
func (p *Pass) feeAware(fn *model.Function) bool {
	return p.namesInCallees(fn, map[*model.Function]bool{}, 0, "transfer_fee", "transferfee", "epoch_fee", "reload")
}

// namesInCallees reports an identifier containing one of parts in fn or
// in the crate functions it calls, followed helperDepth calls deep.
func (p *Pass) namesInCallees(fn *model.Function, seen map[*model.Function]bool, depth int, parts ...string) bool {
	if seen[fn] {
		return false
	}
	seen[fn] = true
	if mentionsIdent(fn.Decl.Body, parts...) {
		return true
	}
	if depth >= helperDepth {
		return false
	}
	for _, c := range fn.Calls() {
		if c.Macro || !p.inCrate(fn, c) {
			continue
		}
		for _, callee := range p.Program.FunctionsNamed(c.Name()) {
			if p.namesInCallees(callee, seen, depth+1, parts...) {
				return true
			}
		}
	}
	return false
}

// mentionsIdent reports an identifier in n (a name, method, field or type)
// whose lower-case spelling contains one of parts; comments do not count.
func mentionsIdent(n ast.Node, parts ...string) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok {
			name := strings.ToLower(id.Name)
			for _, part := range parts {
				found = found || strings.Contains(name, part)
			}
		}
		return !found
	})
	return found
}
