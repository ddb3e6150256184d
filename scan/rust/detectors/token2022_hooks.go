package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// hookTransfers are the transfer_checked entry points that build an
// instruction with the four base accounts only (source, mint,
// destination, authority): Anchor's token_interface and token_2022
// wrappers and the Token-2022 instruction builder. Legacy token::
// transfer_checked is left out: the legacy program holds no hook mints.
var hookTransfers = []string{
	"token_interface::transfer_checked", "token_2022::transfer_checked",
	"spl_token_2022::instruction::transfer_checked",
}

// hookRefusals are identifier fragments of code that looks at a mint's
// extensions as a whole or at its transfer hook (an allow-list of
// extension types at pool creation, get_extension::<TransferHook>): such
// a program decides which hook mints it takes, wherever it decides it.
var hookRefusals = []string{
	"transferhook", "get_extension_types", "supported_mint", "mint_whitelist", "mint_allowlist",
}

// hookForwarding are identifier fragments of code that passes a hook's
// extra accounts along (spl_transfer_hook_interface's
// add_extra_accounts_for_execute_cpi, ExtraAccountMeta resolution,
// variables holding the hook's accounts).
var hookForwarding = []string{"extra_account", "transfer_hook", "execute_cpi"}

// Token2022TransferHookIgnored reports a transfer_checked of a mint that
// may carry a Token-2022 transfer hook, sent without the hook's extra
// accounts. Token-2022 then cannot call the hook and fails the transfer:
// the hook's authority can set or change the hook after users deposit,
// and the program's payouts of that mint stop for good. Only transfers the
// program signs for are reported: a user's deposit that fails moves
// nothing.
var Token2022TransferHookIgnored = analyzer(detect.Template{
	ID:         "SOLANA_TOKEN_2022_TRANSFER_HOOK_IGNORED",
	Name:       "Token-2022 transfer without the transfer hook's accounts",
	Severity:   detect.Medium,
	Confidence: detect.ConfidenceMedium,
	Description: "<p><code>${function_name}</code> moves tokens with <code>${call}</code>, which passes only " +
		"the source, mint, destination and authority, out of an account the program signs for, for a mint that " +
		"may come from Token-2022, and the " +
		"program never checks whether the mint has a <code>TransferHook</code> extension. Token-2022 needs the " +
		"hook program and its extra accounts to run the transfer; without them the transfer fails, so tokens of " +
		"a hook mint cannot leave the program (the hook's authority can add or change the hook after users " +
		"deposit).</p>",
	Remediation: "<p>Forward the hook's accounts: build the transfer with " +
		"<code>spl_token_2022::onchain::invoke_transfer_checked</code> (or add them with " +
		"<code>add_extra_accounts_for_execute_cpi</code>, or <code>CpiContext::with_remaining_accounts</code>) " +
		"from accounts the caller passes; or refuse mints with a <code>TransferHook</code> extension when the " +
		"pool or vault is created.</p>",
	DescriptionKeys: []string{"function_name", "call"},
	DetectionLogic: "Calls resolving (through the file's imports) to token_interface::transfer_checked, " +
		"token_2022::transfer_checked or spl_token_2022::instruction::transfer_checked in non-test functions, " +
		"when the program signs for the transfer (a CPI context built with a signer or received from elsewhere; " +
		"invoke_signed in native code) and the authority is neither a Signer nor one wallet's account (seeds holding a " +
		"signer's or system account's key, or has_one to one: an escrow of that user's own tokens), " +
		"unless the function builds the CPI with with_remaining_accounts, pushes extra accounts onto an " +
		"instruction's account list, or names hook forwarding (extra_account, transfer_hook, execute_cpi); " +
		"unless the handler's mint is pinned by an address constraint or the transferred mint is a PDA of the program " +
		"(seeds without seeds::program: the program created it); and unless anywhere in the crate the " +
		"program inspects mint extensions as a whole or the transfer hook (TransferHook, get_extension_types, " +
		"supported-mint or mint allow-lists, extensions::transfer_hook constraints).",
	CWE:   []string{"CWE-754"},
	Class: "token",
},
	func(p *Pass) {
		// The crate-wide look for hook refusals walks every body: only
		// crates that make such a transfer pay for it.
		if len(p.callSites("transfer_checked")) == 0 || p.refusesHookMints() {
			return
		}
		pinned := map[*model.Function]bool{}
		accounts := map[*model.Function]*model.AccountsStruct{}
		for _, u := range p.units() {
			if u.Accounts != nil && pinnedMint(u.Accounts) {
				pinned[u.Func] = true
			}
			if u.Accounts != nil {
				accounts[u.Func] = u.Accounts
			}
		}
		for _, fn := range p.Program.Functions {
			if inTests(fn) || pinned[fn] {
				continue
			}
			forwarded := -1 // unknown until the function has a transfer
			for _, c := range fn.Calls() {
				if c.Macro || c.Path == "" || c.Name() != "transfer_checked" {
					continue
				}
				call := hookTransfer(fn.File.Resolve(c.Path))
				if call == "" || !programSigned(fn, c) || walletEscrow(fn, c, accounts[fn]) || ownMint(fn, c, accounts[fn]) {
					continue
				}
				if forwarded < 0 {
					forwarded = 0
					if forwardsHookAccounts(fn) {
						forwarded = 1
					}
				}
				if forwarded == 0 {
					p.Report(c.Node, fn, map[string]string{"call": call})
				}
			}
		}
	})

// hookTransfer returns the entry point of hookTransfers that path names,
// or "".
func hookTransfer(path string) string {
	for _, t := range hookTransfers {
		if path == t || strings.HasSuffix(path, "::"+t) {
			return t
		}
	}
	return ""
}

// programSigned reports a transfer the program authorizes (a PDA signs):
// tokens leaving the program, which a hook mint would keep there. A user's
// own deposit fails before anything moves, and is not reported. Anchor's
// context is read where it is built (CpiContext::new_with_signer,
// .with_signer, through a local); a context that arrives from elsewhere
// counts as signed, since nothing shows the user signs. Native code signs
// with invoke_signed.
func programSigned(fn *model.Function, c *model.Call) bool {
	if strings.HasPrefix(hookTransfer(fn.File.Resolve(c.Path)), "spl_token_2022::") {
		for _, k := range fn.Calls() {
			if k.Kind == model.CallInvokeSigned {
				return true
			}
		}
		return false
	}
	return len(c.Args) == 0 || !unsignedCPI(c.Args[0], fn.Decl.Body)
}

// walletEscrow reports an Anchor transfer whose authority is a signing
// wallet, or one wallet's account (an escrow whose seeds hold the maker's key): only
// that user's tokens, of a mint that user chose, sit behind it, as in the
// mint-extension detector's per-wallet vaults.
func walletEscrow(fn *model.Function, c *model.Call, as *model.AccountsStruct) bool {
	if as == nil || len(c.Args) == 0 {
		return false
	}
	f := as.Field(transferAccount(c.Args[0], fn.Lets(), "authority", 0))
	// A signing wallet is the user moving their own tokens (extra PDA
	// seeds passed along change nothing).
	return f != nil && (f.Type.Kind == model.KindSigner || f.Constraints.Signer || belongsToWallet(as, f))
}

// ownMint reports an Anchor transfer of a mint that is a PDA of this
// program (seeds without seeds::program): only the program could create
// it, with the extensions it chose, so it has no hook the program did not
// put there.
func ownMint(fn *model.Function, c *model.Call, as *model.AccountsStruct) bool {
	if as == nil || len(c.Args) == 0 {
		return false
	}
	f := as.Field(transferAccount(c.Args[0], fn.Lets(), "mint", 0))
	return f != nil && f.Constraints.SeedsSet && f.Constraints.SeedsProgram == nil
}

// transferAccount returns the Accounts field named as role (authority,
// mint) in the TransferChecked accounts of a CPI context expression,
// following locals.
func transferAccount(x ast.Node, env map[string]ast.Expr, role string, depth int) string {
	name := ""
	ast.Inspect(x, func(n ast.Node) bool {
		if name != "" || depth > 3 {
			return false
		}
		switch e := n.(type) {
		case *ast.PathExpr:
			if len(e.Path.Segments) == 1 {
				if init, ok := env[e.Path.Segments[0].Name.Name]; ok {
					name = transferAccount(init, env, role, depth+1)
				}
			}
		case *ast.StructExpr:
			if last := e.Path.Last(); last == nil || last.Name.Name != "TransferChecked" {
				return true
			}
			for _, fi := range e.Fields {
				if fi.Name.Name == role && fi.Value != nil {
					path := accountPath(fi.Value)
					name = path[strings.LastIndexByte(path, '.')+1:]
				}
			}
		}
		return name == ""
	})
	return name
}

// refusesHookMints reports a crate that inspects mint extensions as a
// whole or the transfer hook anywhere outside tests (functions or Accounts
// constraints).
func (p *Pass) refusesHookMints() bool {
	for _, fn := range p.Program.Functions {
		if !inTests(fn) && mentionsIdent(fn.Decl.Body, hookRefusals...) {
			return true
		}
	}
	for _, as := range p.Program.Accounts {
		for _, f := range as.Fields {
			for _, c := range f.Constraints.All {
				if strings.HasPrefix(c.Key, "extensions::transfer_hook") || c.Value != nil && mentionsIdent(c.Value, hookRefusals...) {
					return true
				}
			}
		}
	}
	return false
}

// forwardsHookAccounts reports a function that passes extra accounts with
// its transfer: a CPI context given with_remaining_accounts, extra metas
// pushed onto an instruction (ix.accounts.push/extend), or hook-forwarding
// helpers and variables.
func forwardsHookAccounts(fn *model.Function) bool {
	for _, c := range fn.Calls() {
		switch c.Method {
		case "with_remaining_accounts":
			return true
		case "push", "extend", "extend_from_slice":
			if strings.HasSuffix(model.ExprPath(c.Recv), ".accounts") {
				return true
			}
		}
	}
	return mentionsIdent(fn.Decl.Body, hookForwarding...)
}
