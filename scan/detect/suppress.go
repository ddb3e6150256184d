package detect

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// suppressions holds, per file, the lines on which detectors are silenced.
type suppressions struct {
	// lines[line] lists the ids silenced on that line ("*" for all).
	lines map[int][]string
	// ranges are open-ended or closed disable-start/end blocks.
	ranges []suppressRange
}

type suppressRange struct {
	from, to int // lines, inclusive; to is huge when never closed
	ids      []string
}

const (
	vigilPrefix   = "vigil-disable"
	slitherPrefix = "slither-disable"
)

// parseSuppressions reads the suppression comments of a file.
func parseSuppressions(f *sema.File) *suppressions {
	s := &suppressions{lines: map[int][]string{}}
	open := map[string]int{} // id -> start line of an open block
	for _, g := range f.AST.Comments {
		for _, c := range g.List {
			text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/"), "//"))
			line := f.Line(c.Pos())
			for _, prefix := range []string{vigilPrefix, slitherPrefix} {
				if !strings.HasPrefix(text, prefix) {
					continue
				}
				rest := text[len(prefix):]
				kind, args, _ := strings.Cut(rest, " ")
				ids := splitIDs(args, prefix == slitherPrefix)
				switch kind {
				case "-next-line":
					s.lines[line+1] = append(s.lines[line+1], ids...)
				case "-line":
					s.lines[line] = append(s.lines[line], ids...)
				case "-start":
					for _, id := range ids {
						open[id] = line
					}
				case "-end":
					for _, id := range ids {
						if from, ok := open[id]; ok {
							s.ranges = append(s.ranges, suppressRange{from: from, to: line, ids: []string{id}})
							delete(open, id)
						}
					}
				}
			}
		}
	}
	for id, from := range open {
		s.ranges = append(s.ranges, suppressRange{from: from, to: 1 << 30, ids: []string{id}})
	}
	return s
}

// splitIDs reads "A, B" or "A,B". Slither ids are prefixed so they never clash with Vigil's.
func splitIDs(args string, slither bool) []string {
	var ids []string
	for _, part := range strings.FieldsFunc(args, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if strings.HasPrefix(part, "--") || strings.HasPrefix(part, "//") {
			break // a trailing explanation
		}
		if slither {
			part = "slither:" + part
		}
		ids = append(ids, part)
	}
	if len(ids) == 0 {
		if slither {
			return []string{"slither:*"}
		}
		return []string{"*"}
	}
	return ids
}

// suppressed reports whether a finding of analyzer a starting on line is silenced.
func (s *suppressions) suppressed(a *Analyzer, line int) bool {
	match := func(ids []string) bool {
		for _, id := range ids {
			if id == "*" || id == a.ID || id == "slither:*" && a.Slither != "" || a.Slither != "" && id == "slither:"+a.Slither {
				return true
			}
		}
		return false
	}
	if match(s.lines[line]) {
		return true
	}
	for _, r := range s.ranges {
		if line >= r.from && line <= r.to && match(r.ids) {
			return true
		}
	}
	return false
}
