package sema

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
)

// A call of a missing library bound to a value type of its own (using AddressLib for Address,
// both declared in a file the scan lacks): its result may come from the receiver, which the
// library is handed as its first argument.
func TestMissingLibraryCallKeepsReceiver(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `pragma solidity ^0.8.0;
import "@missing/AddressLib.sol";
interface IBook {
    struct Order { uint256 salt; Address maker; uint256 amount; }
}
contract Book {
    using AddressLib for Address;
    mapping(address => uint256) public seen;
    function me() external view returns (Address) { return Address.wrap(uint160(msg.sender)); }
    function take(IBook.Order calldata order) external {
        _take(order);
    }
    function _take(IBook.Order calldata order) internal {
        seen[order.maker.get()] = order.amount;
    }
}
`})
	fn := function(contract(p, "Book"), "_take")
	info := p.Info(fn)
	var got *Prov
	fn.BodyTree().Inspect(func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && CalleeName(c) == "get" {
			pv := p.DepsOf(info).Of(c)
			got = &pv
		}
		return got == nil
	})
	if got == nil || got.Params&1 == 0 {
		t.Fatalf("order.maker.get() comes from %+v; want the order (parameter 0) among its origins", got)
	}
}
