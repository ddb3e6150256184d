package report

import (
	"net/url"
	"strings"
)

// Reference is a public page on a detector's weakness class: its SWC registry entry or its CWE
// entry.
type Reference struct {
	Label string // SWC-107, CWE-841
	URL   string
}

// References lists the pages of a template's SWC and CWE ids, SWC first, in the template's order.
func References(t *Template) []Reference {
	var out []Reference
	for _, id := range t.SWC {
		if n, ok := strings.CutPrefix(strings.ToUpper(id), "SWC-"); ok && n != "" {
			out = append(out, Reference{"SWC-" + n, "https://swcregistry.io/docs/SWC-" + url.PathEscape(n)})
		}
	}
	for _, id := range t.CWE {
		if n, ok := strings.CutPrefix(strings.ToUpper(id), "CWE-"); ok && n != "" {
			out = append(out, Reference{"CWE-" + n, "https://cwe.mitre.org/data/definitions/" + url.PathEscape(n) + ".html"})
		}
	}
	return out
}
