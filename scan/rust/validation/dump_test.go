package validation

import (
	"flag"
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

var dumpDir = flag.String("dump", "", "print the validation model of the crates under this folder")

// TestDump prints the model of a folder's crates (go test -run Dump -dump DIR): a tool for
// reading what the model establishes, not a check.
func TestDump(t *testing.T) {
	if *dumpDir == "" {
		t.Skip("no -dump folder")
	}
	ws, err := model.LoadWorkspace(*dumpDir, model.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range ws.Crates {
		m := Build(model.AnalyzeCrate(ws.Fset, c), c)
		fmt.Print(dump(ws.Fset, m))
	}
}

func where(fset *token.FileSet, s Site) string {
	if s.Node == nil {
		return s.What
	}
	p := fset.Position(s.Node.Pos())
	fn := ""
	if s.Fn != nil {
		fn = " in " + s.Fn.Name
	}
	return fmt.Sprintf("%s (%s:%d%s)", s.What, p.Filename, p.Line, fn)
}

func dump(fset *token.FileSet, m *Model) string {
	var b strings.Builder
	for _, in := range m.Instructions {
		fmt.Fprintf(&b, "instruction %s (%d functions)\n", in.Name, len(in.Facts.Code))
		for _, a := range in.Accounts {
			var parts []string
			for _, s := range a.Signed {
				parts = append(parts, "signer: "+where(fset, s.Site))
			}
			if s, ok := a.OwnerEstablished(); ok {
				parts = append(parts, "owner: "+where(fset, s))
			}
			for _, r := range a.KeyRelations {
				parts = append(parts, fmt.Sprintf("key: %s %s %s %s", r.X, map[bool]string{true: "==", false: "!="}[r.Equal], r.Y, where(fset, r.Site)))
			}
			for _, r := range a.Reads {
				parts = append(parts, fmt.Sprintf("read %s as %d: %s", r.Type, r.How, where(fset, r.Site)))
			}
			if len(a.Writes) > 0 {
				parts = append(parts, "written: "+where(fset, a.Writes[0].Site))
			}
			if len(a.Credits) > 0 {
				parts = append(parts, "credited")
			}
			if len(a.Debits) > 0 {
				parts = append(parts, "debited")
			}
			var roles []string
			for r := range a.CPIs {
				roles = append(roles, r)
			}
			sort.Strings(roles)
			if len(roles) > 0 {
				parts = append(parts, "cpi "+strings.Join(roles, ","))
			}
			if len(a.SignedFor) > 0 {
				parts = append(parts, "pda signed")
			}
			if a.Unresolved {
				parts = append(parts, "unresolved")
			}
			fmt.Fprintf(&b, "  %s\n", a.Name)
			for _, p := range parts {
				fmt.Fprintf(&b, "      %s\n", p)
			}
		}
		for _, c := range in.Facts.CPIs {
			fmt.Fprintf(&b, "  cpi %s program=%v fixed=%s signed=%v seeds=%v at %s\n", c.Kind, c.Program, c.Fixed, c.Signed, c.Seeds, where(fset, c.Site))
		}
		for _, r := range in.Facts.Relations {
			if r.X.Kind != Key && r.Y.Kind != Key && r.X.Kind != Owner && r.Y.Kind != Owner {
				fmt.Fprintf(&b, "  rel %s == %s %s\n", r.X, r.Y, where(fset, r.Site))
			}
		}
	}
	return b.String()
}
