package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// extensionIdents are identifier fragments of code that inspects a
// Token-2022 mint's extensions (get_extension_types, StateWithExtensions,
// PermanentDelegate, an is_supported_mint allow-list, ...).
var extensionIdents = []string{
	"extension", "permanent_delegate", "permanentdelegate", "mint_close_authority", "mintcloseauthority",
	"transfer_hook", "transferhook", "supported_mint", "mint_whitelist", "mint_allowlist",
}

// Token2022MintExtensions reports a program vault opened for a mint that
// may come from Token-2022 with no look at the mint's extensions. A
// permanent delegate can move the vault's tokens without the program, a
// mint close authority can close and recreate the mint under the vault,
// and a transfer hook runs the issuer's program on every transfer (and
// fails them if its extra accounts are missing).
var Token2022MintExtensions = analyzer(detect.Template{
	ID:         "SOLANA_TOKEN_2022_MINT_EXTENSIONS_UNCHECKED",
	Name:       "Token-2022 mint extensions not checked for a program vault",
	Severity:   detect.Medium,
	Confidence: detect.ConfidenceLow,
	Description: "<p><code>${function_name}</code> opens <code>${account_name}</code>, a token account the " +
		"program controls, for any mint of the token interface, and nothing looks at that mint's " +
		"Token-2022 extensions. With a permanent delegate the mint's issuer can take the vault's tokens; " +
		"with a mint close authority the mint can be closed and recreated with other decimals; a transfer " +
		"hook runs the issuer's program on every transfer and can block withdrawals.</p>",
	Remediation: "<p>When the vault (pool, market) is created, read the mint's extensions " +
		"(<code>StateWithExtensions::&lt;Mint&gt;::unpack</code>, <code>get_extension_types</code>) and refuse " +
		"<code>PermanentDelegate</code>, <code>MintCloseAuthority</code>, <code>TransferHook</code> and the " +
		"other extensions the program does not support, or keep an allow-list of mints.</p>",
	DescriptionKeys: []string{"function_name", "account_name"},
	DetectionLogic: "Anchor Accounts structs with an init/init_if_needed token account (token::mint or " +
		"associated_token::mint = M) whose authority is a PDA of the program (a seeds field, the account itself, " +
		"or one of the crate's own account types), where M is an InterfaceAccount<Mint> not pinned by address and " +
		"the token program is Interface<TokenInterface> or Program<Token2022>; reported unless the struct's " +
		"constraints, the handlers using the struct or the crate helpers they call name a mint extension " +
		"(extension, PermanentDelegate, TransferHook, MintCloseAuthority, supported_mint, ...).",
	CWE:   []string{"CWE-20"},
	Class: "token",
},
	func(p *Pass) {
		handlers := map[*model.AccountsStruct][]*model.Function{}
		for _, ap := range p.Program.Anchor {
			for _, h := range ap.Handlers {
				if h.Accounts != nil {
					handlers[h.Accounts] = append(handlers[h.Accounts], h.Code()...)
				}
			}
		}
		for _, as := range p.Program.Accounts {
			if !token2022Program(as) {
				continue
			}
			vault, mint := programVault(p.Program, as)
			if vault == nil || p.extensionsInspected(as, handlers[as]) {
				continue
			}
			p.Report(fieldNode(vault), nil, map[string]string{"account_name": vault.Name, "function_name": as.Name, "mint": mint})
		}
	})

// token2022Program reports an Accounts struct whose token program may be
// Token-2022.
func token2022Program(as *model.AccountsStruct) bool {
	for _, f := range as.Fields {
		if f.Type.Kind == model.KindInterface || f.Type.Kind == model.KindProgram && f.Type.Inner == "Token2022" {
			return true
		}
	}
	return false
}

// programVault returns a token account the struct creates under the
// program's authority for an interface mint that is not pinned, and the
// mint's field name.
func programVault(prog *model.Program, as *model.AccountsStruct) (*model.AccountField, string) {
	for _, f := range as.Fields {
		c := f.Constraints
		if !c.Init && !c.InitIfNeeded {
			continue
		}
		mint, auth := "", ""
		for _, k := range []string{"token::mint", "associated_token::mint"} {
			if t := c.Token[k]; t != nil {
				mint = model.ExprPath(t.Value)
			}
		}
		for _, k := range []string{"token::authority", "associated_token::authority"} {
			if t := c.Token[k]; t != nil {
				auth = model.ExprPath(t.Value)
			}
		}
		mf := as.Field(mint)
		if mf == nil || mf.Type.Kind != model.KindInterfaceAccount || mf.Constraints.Address != nil {
			continue
		}
		af := as.Field(auth)
		switch {
		case auth == f.Name:
			af = f
		case af != nil && (af.Constraints.SeedsSet || prog.ProgramOwned(af)):
		default:
			continue
		}
		if belongsToWallet(as, af) {
			// One user's vault (an escrow of the maker's own tokens): the user
			// chose the mint and only the user's tokens are in it.
			continue
		}
		return f, mint
	}
	return nil, ""
}

// extensionsInspected reports a mention of mint extensions in the
// struct's constraints, in the code of the handlers that use it, or in
// the crate helpers that code calls.
func (p *Pass) extensionsInspected(as *model.AccountsStruct, code []*model.Function) bool {
	for _, f := range as.Fields {
		for _, c := range f.Constraints.All {
			if strings.HasPrefix(c.Key, "extensions::") || c.Value != nil && mentionsIdent(c.Value, extensionIdents...) {
				return true
			}
		}
	}
	seen := map[*model.Function]bool{}
	for _, fn := range code {
		if p.namesInCallees(fn, seen, 0, extensionIdents...) {
			return true
		}
	}
	return false
}

// belongsToWallet reports an authority account tied to one wallet: its
// seeds hold a wallet's key (seeds = [b"escrow", maker.key().as_ref()]) or
// it names a wallet with has_one (has_one = authority). A wallet is a
// signer or a plain system account (AccountInfo, UncheckedAccount,
// SystemAccount), not another data account such as a pool's config.
func belongsToWallet(as *model.AccountsStruct, af *model.AccountField) bool {
	wallet := func(name string) bool {
		f := as.Field(name)
		if f == nil {
			return false
		}
		switch f.Type.Kind {
		case model.KindSigner, model.KindAccountInfo, model.KindUncheckedAccount, model.KindSystemAccount:
			return true
		}
		return f.Constraints.Signer
	}
	for _, h := range af.Constraints.HasOne {
		if wallet(model.ExprPath(h.Value)) {
			return true
		}
	}
	for _, seed := range af.Constraints.Seeds {
		found := false
		ast.Inspect(seed, func(n ast.Node) bool {
			if x, ok := n.(ast.Expr); ok && !found {
				if name, ok := keyHolder(model.ExprPath(x)); ok {
					found = wallet(name)
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// keyHolder reads "x.key()" or "x.key" as account x.
func keyHolder(path string) (string, bool) {
	for _, suffix := range []string{".key()", ".key"} {
		if base, ok := strings.CutSuffix(path, suffix); ok && base != "" && !strings.Contains(base, ".") {
			return base, true
		}
	}
	return "", false
}
