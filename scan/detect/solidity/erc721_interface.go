package solidity

import "github.com/vigil-sec/vigil/scan/detect"

// ERC721Interface reports an NFT contract whose ERC-721 view functions return nothing or the
// wrong type. Marketplaces and wallets call ownerOf, balanceOf, getApproved, isApprovedForAll
// and supportsInterface through the standard interface and decode the promised value: a
// missing or mistyped return makes those calls revert, so the collection cannot be listed,
// transferred by operators or recognised.
var ERC721Interface = &detect.Analyzer{
	Template: detect.Template{
		ID:         "ERC721_INTERFACE",
		Name:       "ERC-721 function with a non-standard return type",
		Severity:   detect.Medium,
		Confidence: detect.ConfidenceHigh,
		Description: `<p><code>${contract_name}</code> implements ERC-721, but <code>${function_signature}</code> returns ` +
			`${actual} where the standard requires <code>${expected}</code>. Marketplaces, wallets and operators call it ` +
			`through the standard interface and revert on the missing or mistyped return value.</p>`,
		Remediation: `<p>Return exactly what ERC-721 specifies: <code>ownerOf</code> and <code>getApproved</code> return ` +
			`<code>address</code>, <code>balanceOf</code> returns <code>uint256</code>, <code>isApprovedForAll</code> and ` +
			`<code>supportsInterface</code> return <code>bool</code>.</p>`,
		DescriptionKeys: []string{"contract_name", "function_signature", "actual", "expected"},
		DetectionLogic: "A deployable contract whose external surface (functions of its linearization and public state " +
			"variable getters, compared by canonical signature) holds ownerOf(uint256) and transferFrom or " +
			"safeTransferFrom(address,address,uint256); each of balanceOf, ownerOf, getApproved, isApprovedForAll and " +
			"supportsInterface it has must return the standard's type. Functions the standard declares without a return " +
			"value are not judged (an extra return value is ignored by callers). Medium confidence when a base contract " +
			"is not in the sources.",
		Version:   "1.0.0",
		CWE:       []string{"CWE-573"},
		Languages: []string{"solidity"},
		Slither:   "erc721-interface",
		Class:     "token-interface",
	},
	Run: func(pass *detect.Pass) { checkTokenInterface(pass, erc721Standard) },
}

var erc721Standard = tokenStandard{
	Required: []string{"ownerOf(uint256)"},
	AnyOf:    []string{"transferFrom(address,address,uint256)", "safeTransferFrom(address,address,uint256)"},
	Returns: map[string][]string{
		"balanceOf(address)":                {"uint256"},
		"ownerOf(uint256)":                  {"address"},
		"getApproved(uint256)":              {"address"},
		"isApprovedForAll(address,address)": {"bool"},
		"supportsInterface(bytes4)":         {"bool"},
	},
}
