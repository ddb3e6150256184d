package scan

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// exposedRecords turns a security finding (low or above) in dependency code that the report
// would leave out into
// findings on the project contracts that expose the function holding it (sema.ExposedBy): a
// public unprotected kill() of a base in lib/ is the deployed project contract's bug. The
// location stays where the code lives; the details say which contract exposes it.
func exposedRecords(prog *sema.Program, sel *selection, f detect.Finding) []record {
	if f.EffectiveSeverity().Rank() > detect.Low.Rank() {
		return nil // style and gas in a library are not the deployed contract's risk
	}
	fn := prog.FunctionAt(f.Pos)
	var out []record
	for _, c := range prog.ExposedBy(fn) {
		if sel.dropped(c.File.Path, c.File.Dependency) {
			continue // a test or excluded contract
		}
		rec := solidityRecord(prog, f)
		rec.dependency = false
		rec.contract = c.Name
		details := make(map[string]string, len(rec.details)+2)
		for k, v := range rec.details {
			details[k] = v
		}
		details["contract_name"] = c.Name
		details["exposed_from"] = fn.Contract.Name + " (" + fn.File.Path + ")"
		rec.details = details
		rec.exposed = true
		out = append(out, rec)
	}
	return out
}
