package scan

import (
	"errors"
	"fmt"
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// ErrNothingInScope: the workspace has source files, but the settings leave none of them in the
// report's scope (an include list matching nothing, a foundry.toml or Hardhat config that makes
// every file a test, script or library). A scan of nothing cannot vouch for anything: it is an
// error naming the setting, not a perfect score that passes a CI gate.
var ErrNothingInScope = errors.New("no file in scope")

// nothingInScope explains why no file of the selection is reported, naming the settings.
func (s *selection) nothingInScope(ws *workspace.Workspace) error {
	var outside, tests, deps []string // paths, by what left them out
	total := 0
	for _, files := range s.byLang {
		for _, f := range files {
			total++
			switch {
			case !s.opts.included(f.Path):
				outside = append(outside, f.Path)
			case s.tests[f.Path]:
				tests = append(tests, f.Path)
			default:
				deps = append(deps, f.Path)
			}
		}
	}
	var parts []string
	if len(outside) > 0 {
		parts = append(parts, fmt.Sprintf("%s no pattern of the include setting (include: %s)",
			count(len(outside), "matches", "match"), strings.Join(s.opts.Include, ", ")))
	}
	if len(tests) > 0 {
		parts = append(parts, fmt.Sprintf("%s test or script code by %s (--include-tests reports it)",
			count(len(tests), "is", "are"), reasons(ws, tests)))
	}
	if len(deps) > 0 {
		parts = append(parts, fmt.Sprintf("%s by %s (--include-deps reports it)",
			count(len(deps), "is a dependency", "are dependencies"), reasons(ws, deps)))
	}
	return fmt.Errorf("%w: of %s, %s", ErrNothingInScope, report.Plural(total, "source file"), strings.Join(parts, "; "))
}

// count is "1 file is" or "3 files are": a count of files with its verb.
func count(n int, one, many string) string {
	if n == 1 {
		return "1 file " + one
	}
	return report.Plural(n, "file") + " " + many
}

// reasons names the distinct rules that left paths out, most frequent first (at most three).
func reasons(ws *workspace.Workspace, paths []string) string {
	count := map[string]int{}
	var order []string
	for _, p := range paths {
		why := ws.WhyLeftOut(p)
		if why == "" {
			why = "the workspace's rules"
		}
		if count[why] == 0 {
			order = append(order, why)
		}
		count[why]++
	}
	for i := 1; i < len(order); i++ { // stable: few distinct rules
		for j := i; j > 0 && count[order[j]] > count[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	if len(order) > 3 {
		order = append(order[:3], "others")
	}
	return strings.Join(order, ", ")
}
