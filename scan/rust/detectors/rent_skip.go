package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/model"
)

// reportRentCheckSkipped reports Anchor's one way out of its own rent
// check: a zero account (created by the client, initialized here) marked
// rent_exempt = skip, which Anchor then takes at whatever balance it has.
// init accounts are funded by Anchor from the rent sysvar and need no
// such check.
func (p *Pass) reportRentCheckSkipped() {
	for _, as := range p.Program.Accounts {
		for _, f := range as.Fields {
			c := f.Constraints
			if !c.Zero || c.RentExempt == nil || model.ExprPath(c.RentExempt.Value) != "skip" {
				continue
			}
			p.ReportRange(c.RentExempt.Item.Pos(), c.RentExempt.Item.End(), nil, map[string]string{
				"function_name": p.instructionsTaking(as), "how": "zero, rent_exempt = skip",
				"lamports": "the balance " + f.Name + " was created with",
			})
		}
	}
}

// instructionsTaking names the handlers whose Context takes as (the
// struct's name when none does), for findings on an Accounts field.
func (p *Pass) instructionsTaking(as *model.AccountsStruct) string {
	var names []string
	for _, ap := range p.Program.Anchor {
		for _, h := range ap.Handlers {
			if h.Accounts == as {
				names = append(names, h.Name)
			}
		}
	}
	if len(names) == 0 {
		return as.Name
	}
	return strings.Join(names, ", ")
}
