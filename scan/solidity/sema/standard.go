package sema

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// standardViews lists, for the token standards' interfaces, the functions their EIPs declare
// view, by name and argument count. Projects often import these interfaces from a dependency
// folder they do not ship; the standard is then the declaration Vigil can read.
var standardViews = map[string]int{
	"balanceOf": 1, "totalSupply": 0, "allowance": 2, "decimals": 0, "name": 0, "symbol": 0, // ERC-20
	"ownerOf": 1, "getApproved": 1, "isApprovedForAll": 2, "tokenURI": 1, // ERC-721
	"supportsInterface": 1, // ERC-165
	"asset":             0, "totalAssets": 0, "convertToShares": 1, "convertToAssets": 1, "maxDeposit": 1, "maxMint": 1,
	"maxWithdraw": 1, "maxRedeem": 1, "previewDeposit": 1, "previewMint": 1, "previewWithdraw": 1, "previewRedeem": 1, // ERC-4626
	"nonces": 1, "DOMAIN_SEPARATOR": 0, // ERC-2612
}

// standardInterfaces are the interface names under which those standards are published.
var standardInterfaces = map[string]bool{
	"IERC20": true, "IERC20Metadata": true, "IERC20Permit": true, "ERC20": true,
	"IERC721": true, "IERC721Metadata": true, "ERC721": true, "IERC165": true,
	"IERC4626": true, "ERC4626": true, "IERC1155": true,
}

// StandardViewCall reports whether an external call whose callee is not declared in the
// project is a view function of a token standard: the receiver's type is a standard interface
// (IERC20 token; IERC20(x)) that could not be resolved, and the function is one the standard
// declares view, with its argument count. Such a call compiles to STATICCALL.
func (p *Program) StandardViewCall(info *FuncInfo, c *Call) bool {
	if c.Kind != CallExternal || c.Callee != nil || c.Target == nil {
		return false
	}
	if n, ok := standardViews[c.Name]; !ok || n != len(c.Args) {
		return false
	}
	name := ""
	switch t := ast.Unparen(c.Target).(type) {
	case *ast.CallExpr: // IERC20(token).balanceOf(...)
		if id, ok := t.Fun.(*ast.Ident); ok && len(t.Args) == 1 {
			if _, known := info.Uses[id]; !known {
				name = id.Name
			}
		}
	default:
		if info.Types[c.Target] != nil {
			return false // a resolved type without the function: not the standard
		}
		name = typePathString(declaredTypeExpr(info, c.Target, 0))
	}
	return standardInterfaces[name]
}

// GetterCall reports whether an external call reads a public state variable of the receiver's
// contract type (CToken(c).totalSupply() where totalSupply is `uint public`): the compiler
// generates a view getter, so the call compiles to STATICCALL as a view function's would.
func GetterCall(c *Call) bool {
	if c.Kind != CallExternal || c.Callee != nil || c.Contract == nil {
		return false
	}
	v := c.Contract.LookupStateVar(c.Name)
	return v != nil && v.Decl != nil && v.Decl.Visibility == token.PUBLIC && len(c.Contract.LookupFunction(c.Name)) == 0
}
