package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/model"
)

// systemCall returns the name of a system program call written through
// its module (system_instruction::transfer, system_program::allocate,
// resolved through the file's imports), or "": token::transfer and the
// crate's own helpers of the same names are other things.
func systemCall(fn *model.Function, c *model.Call) string {
	if c.Macro || c.Method != "" || c.Path == "" {
		return ""
	}
	segs := strings.Split(fn.File.Resolve(c.Path), "::")
	if len(segs) < 2 {
		return ""
	}
	switch segs[len(segs)-2] {
	case "system_instruction", "system_program":
		return segs[len(segs)-1]
	}
	return ""
}

// transferLamports gives the position of the lamports argument of a
// system transfer by arity: system_instruction::transfer(from, to,
// lamports) and Anchor's system_program::transfer(ctx, lamports).
var transferLamports = map[int]int{3: 2, 2: 1}

// systemCalls lists fn's system allocations and transfers.
func systemCalls(fn *model.Function) (allocs, transfers []*model.Call) {
	for _, c := range fn.Calls() {
		switch systemCall(fn, c) {
		case "allocate", "allocate_with_seed":
			allocs = append(allocs, c)
		case "transfer":
			if _, ok := transferLamports[len(c.Args)]; ok {
				transfers = append(transfers, c)
			}
		}
	}
	return allocs, transfers
}

// reportUnfundedAllocations reports the other way of creating an account:
// fund it with a system transfer, then allocate its space and assign it
// (the only way once the address already holds lamports). A transfer in
// a function that allocates, itself or through a crate helper, must send
// lamports derived from minimum_balance. An allocation with no transfer
// before it relies on the balance already there: the function, a crate
// helper it calls, or each of its callers must compare that balance with
// the rent (is_exempt, minimum_balance), or the callers fund it with a
// transfer, which is judged where it is made.
func (p *Pass) reportUnfundedAllocations(fn *model.Function) {
	allocs, transfers := systemCalls(fn)
	if len(transfers) > 0 && (len(allocs) > 0 || p.allocatesThroughHelper(fn, 0)) {
		env := fn.Lets()
		for _, c := range transfers {
			x := c.Args[transferLamports[len(c.Args)]]
			if !p.rentFunded(fn, x, env, 0) {
				p.Report(c.Node, fn, map[string]string{"lamports": p.Program.Source(x), "how": "transfer, then allocate"})
			}
		}
	}
	if len(allocs) == 0 || len(transfers) > 0 || p.rentCompared(fn) {
		return
	}
	sites := p.callSites(fn.Name)
	covered := len(sites) > 0
	for _, s := range sites {
		if !p.inCrate(s.caller, s.call) {
			continue
		}
		_, t := systemCalls(s.caller)
		covered = covered && (len(t) > 0 || asksRent(s.caller))
	}
	if !covered {
		p.Report(allocs[0].Node, fn, map[string]string{"lamports": "the balance the account already holds", "how": "allocate"})
	}
}

// rentCompared reports fn, or a crate helper it calls, asking the rent
// sysvar about a balance.
func (p *Pass) rentCompared(fn *model.Function) bool {
	return p.namesInCallees(fn, map[*model.Function]bool{}, 0, "minimum_balance", "is_exempt")
}

// allocatesThroughHelper reports a crate helper fn calls that makes a
// system allocation, followed helperDepth calls deep.
func (p *Pass) allocatesThroughHelper(fn *model.Function, depth int) bool {
	if depth >= helperDepth {
		return false
	}
	for _, c := range fn.Calls() {
		if c.Macro || !p.inCrate(fn, c) {
			continue
		}
		for _, callee := range p.Program.FunctionsNamed(c.Name()) {
			if callee == fn {
				continue
			}
			if a, _ := systemCalls(callee); len(a) > 0 || p.allocatesThroughHelper(callee, depth+1) {
				return true
			}
		}
	}
	return false
}
