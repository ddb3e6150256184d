package report

import (
	"fmt"
	"strings"
)

// Unresolved imports and base contracts
//
// An import the scan could not find (a dependency not installed, a missing remapping) or a base
// contract it could not find brings code the analysis never saw: a bug inherited from it is
// missed, and a guard defined there is unknown. Each such place is a not_resolved gap of its
// file, so the scan is incomplete, its score capped and `--fail-on` does not pass, like a file
// that did not parse. The JSON coverage lists every one; the renderers show them in a single
// line (a project without node_modules has hundreds) that says how to fix them.

// GapNotResolved: an import or base contract of the file was not found.
const GapNotResolved = "not_resolved"

// unresolvedExamples is how many unresolved places the summary line names.
const unresolvedExamples = 3

// UnresolvedFix says how to make imports resolve.
const UnresolvedFix = "install the project's dependencies (npm install, forge install) or declare remappings " +
	"(remappings.txt or foundry.toml) so that every import resolves, then scan again"

// unresolvedLine summarises the not_resolved gaps in one line, or "" when there are none:
// "not resolved: 2 imports and 1 base contract in 1 file were not found (Vault.sol:3 import
// "./Base.sol", ...); the code they bring was not analysed: install ...".
func unresolvedLine(gaps []Gap) string {
	var imports, bases int
	files := map[string]bool{}
	var examples []string
	for _, g := range gaps {
		if g.Kind != GapNotResolved {
			continue
		}
		if strings.HasPrefix(g.Reason, "base contract") {
			bases++
		} else {
			imports++
		}
		files[g.File] = true
		if len(examples) < unresolvedExamples {
			examples = append(examples, fmt.Sprintf("%s:%d %s", g.File, g.Line, g.Reason))
		}
	}
	n := imports + bases
	if n == 0 {
		return ""
	}
	var what []string
	if imports > 0 {
		what = append(what, Plural(imports, "import"))
	}
	if bases > 0 {
		what = append(what, Plural(bases, "base contract"))
	}
	verb := "were"
	if n == 1 {
		verb = "was"
	}
	list := strings.Join(examples, "; ")
	if n > len(examples) {
		list += fmt.Sprintf("; and %d more", n-len(examples))
	}
	return fmt.Sprintf("not resolved: %s in %s %s not found (%s); the code they bring was not analysed: %s",
		strings.Join(what, " and "), Plural(len(files), "file"), verb, list, UnresolvedFix)
}
