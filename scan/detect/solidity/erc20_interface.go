package solidity

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
)

// ERC20Interface reports a token whose ERC-20 functions return nothing or the wrong type. A
// caller compiled with Solidity 0.4.22 or later decodes the return value the standard
// promises: calling transfer through IERC20 on a token whose transfer returns nothing reverts,
// so the token cannot be used by routers, vaults or any integrator written against the
// standard (the USDT problem, on the token side).
var ERC20Interface = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ERC20_INTERFACE",
		Name:       "ERC-20 function with a non-standard return type",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p><code>${contract_name}</code> implements ERC-20, but <code>${function_signature}</code> returns ` +
			`${actual} where the standard requires <code>${expected}</code>. Callers compiled against the standard ` +
			`interface decode the promised return value and revert when it is missing or malformed, so integrators ` +
			`(routers, vaults, lending markets) cannot use the token.</p>`,
		Remediation: `<p>Return exactly what ERC-20 specifies: <code>transfer</code>, <code>transferFrom</code> and ` +
			`<code>approve</code> return <code>bool</code> (true on success); <code>balanceOf</code>, ` +
			`<code>allowance</code> and <code>totalSupply</code> return <code>uint256</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_signature", "actual", "expected"},
		DetectionLogic: "A deployable contract whose external surface (functions of its linearization and public state " +
			"variable getters, compared by canonical signature) holds transfer(address,uint256), balanceOf(address) and " +
			"transferFrom or approve, and no ownerOf(uint256) (ERC-721); each of the six ERC-20 functions it has must " +
			"return the standard's types; a wrong function inherited from dependency code is reported on the project's " +
			"contract. Medium confidence when a base contract is not in the sources.",
		Version:   "1.0.0",
		CWE:       []string{"CWE-573"},
		Languages: []string{"solidity"},
		Slither:   "erc20-interface",
		Class:     "token-interface",
	},
	Run: func(pass *detect.Pass) { checkTokenInterface(pass, erc20Standard) },
}

// tokenStandard describes what a token interface detector checks: the signatures that make a
// contract an implementation (all of Required, and at least one of AnyOf), those that rule it
// out (another standard), and the return types of the functions callers decode.
type tokenStandard struct {
	Required, AnyOf, Excluded []string
	Returns                   map[string][]string // canonical signature -> canonical return types
}

var erc20Standard = tokenStandard{
	Required: []string{"transfer(address,uint256)", "balanceOf(address)"},
	AnyOf:    []string{"transferFrom(address,address,uint256)", "approve(address,uint256)"},
	Excluded: []string{"ownerOf(uint256)"},
	Returns: map[string][]string{
		"totalSupply()":                         {"uint256"},
		"balanceOf(address)":                    {"uint256"},
		"transfer(address,uint256)":             {"bool"},
		"transferFrom(address,address,uint256)": {"bool"},
		"approve(address,uint256)":              {"bool"},
		"allowance(address,address)":            {"uint256"},
	},
}

// checkTokenInterface runs a token interface check on the pass's contract. Only deployable
// contracts are judged (an abstract base may leave the surface to its heirs; an interface
// declared with the returns some deployed token really has, as for USDT, is how integrators
// call such tokens); a wrong function inherited from a base is reported at its declaration,
// once, whichever contract inherits it.
func checkTokenInterface(pass *detect.Pass, std tokenStandard) {
	c := pass.Contract
	if c == nil || c.IsInterface() || c.IsLibrary() || c.IsAbstract() || hygIsTest(c) {
		return
	}
	entries, _ := abiSurface(pass.Program, c)
	bySig := make(map[string]abiEntry, len(entries))
	for _, e := range entries {
		bySig[e.Signature] = e
	}
	if !implementsStandard(bySig, std) {
		return
	}
	for _, e := range entries {
		want, ok := std.Returns[e.Signature]
		if !ok || slices.Equal(e.Returns, want) || slices.Contains(e.Returns, "?") {
			continue
		}
		actual := "nothing"
		if len(e.Returns) > 0 {
			actual = "<code>(" + strings.Join(e.Returns, ", ") + ")</code>"
		}
		f := detect.Finding{Pos: e.Node.Pos(), End: e.Node.Pos(), Details: map[string]string{
			"contract_name":      c.Name,
			"function_signature": e.Signature,
			"expected":           "(" + strings.Join(want, ", ") + ")",
			"actual":             actual,
		}}
		if e.Fn != nil {
			f.Pos, f.End = headerRange(e.Fn)
			f.Function = e.Fn.Name
			f.Details["function_name"] = e.Fn.Name
			if e.Fn.Contract != nil {
				f.Contract = e.Fn.Contract.Name
			}
		} else {
			f.End = e.Var.Decl.End()
			f.Contract = e.Var.Contract.Name
		}
		// A wrong function inherited from dependency code (lib/, node_modules/) is the
		// project's token's surface: reported on the project's contract, naming where the code
		// lives, since findings in dependencies are not reported.
		if declFile := pass.Program.FileOf(e.Node.Pos()); declFile != nil && declFile.Dependency && !c.File.Dependency {
			f.Pos, f.End = c.Decl.Pos(), c.Decl.Name.End()
			f.Contract, f.Function = c.Name, ""
			f.Details["function_signature"] = e.Signature + " (inherited from " + declFile.Path + ")"
		}
		if c.UnresolvedBases {
			f.Confidence = detect.ConfidenceMedium
		}
		pass.Report(f)
	}
}

// implementsStandard reports whether a surface (by canonical signature) is an implementation
// of std.
func implementsStandard(bySig map[string]abiEntry, std tokenStandard) bool {
	for _, s := range std.Required {
		if _, ok := bySig[s]; !ok {
			return false
		}
	}
	for _, s := range std.Excluded {
		if _, ok := bySig[s]; ok {
			return false
		}
	}
	if len(std.AnyOf) == 0 {
		return true
	}
	for _, s := range std.AnyOf {
		if _, ok := bySig[s]; ok {
			return true
		}
	}
	return false
}
