package sema

import "testing"

func TestNeverReturns(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `
contract C {
    address owner;
    error Denied();
    function _raw() internal pure { assembly { revert(0, 0) } }
    function _deny() internal pure { _raw(); }          // reverts through another helper
    function _maybe(bool b) internal pure { if (b) revert Denied(); }
    function kill(address payable to) external {
        if (msg.sender != owner) { _deny(); }
        selfdestruct(to);
    }
    function open(address payable to) external {
        if (msg.sender != owner) { _maybe(true); }
        selfdestruct(to);
    }
}`})
	c := contract(p, "C")
	if !p.NeverReturns(function(c, "_raw")) || !p.NeverReturns(function(c, "_deny")) {
		t.Fatal("_raw and _deny never return")
	}
	if p.NeverReturns(function(c, "_maybe")) {
		t.Fatal("_maybe returns when its argument is false")
	}
	// In kill, the branch calling _deny goes to the revert sink: the selfdestruct is
	// reached only on the other side.
	guarded := func(fn string) bool {
		info := p.Info(function(c, fn))
		for _, n := range info.CFG.Nodes {
			for _, call := range info.Calls {
				if call.Name == "selfdestruct" && n.Code() != nil && n.Code().Pos() <= call.Expr.Pos() && call.Expr.End() <= n.Code().End() {
					return p.IsGuarded(info.Fn, n)
				}
			}
		}
		t.Fatalf("no selfdestruct node in %s", fn)
		return false
	}
	if !guarded("kill") {
		t.Error("kill: the selfdestruct runs only for the owner")
	}
	if guarded("open") {
		t.Error("open: _maybe may return, the selfdestruct is not guarded by its branch alone")
	}
}
