package sema

import "testing"

// A flag tested and then set makes a function run once only when every way through sets it: a
// flag set in one branch (once a goal is met) lets the function run until then.
func TestRunsOnceNeedsTheFlagOnEveryPath(t *testing.T) {
	p := load(t, map[string]string{"a.sol": `
contract C {
    bool done;
    bool closed;
    uint256 n;

    function setup() external {
        require(!done);
        done = true;
        n = 1;
    }

    function step() external {
        require(!closed);
        n += 1;
        if (n == 10) {
            closed = true;
        }
    }
}`})
	c := contract(p, "C")
	if !p.RunsOnce(function(c, "setup")) {
		t.Error("setup sets its flag on every path: it runs once")
	}
	if p.RunsOnce(function(c, "step")) {
		t.Error("step sets its flag in one branch only: it runs until then")
	}
}
