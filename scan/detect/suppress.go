package detect

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// Comment is one source comment and the line it starts on: what suppression parsing needs,
// whatever the language.
type Comment struct {
	Line int
	Text string // delimiters included
}

// Suppressions holds the lines of one file on which detectors are silenced.
type Suppressions struct {
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

// parseSuppressions reads the suppression comments of a Solidity file.
func parseSuppressions(f *sema.File) *Suppressions {
	var comments []Comment
	for _, g := range f.AST.Comments {
		for _, c := range g.List {
			comments = append(comments, Comment{Line: f.Line(c.Pos()), Text: c.Text})
		}
	}
	return ParseSuppressions(comments)
}

// ParseSuppressions reads vigil-disable (and slither-disable) comments: -next-line, -line,
// -start and -end, each with ids or, without ids, for every detector. Vigil ids are
// case-insensitive.
func ParseSuppressions(comments []Comment) *Suppressions {
	s := &Suppressions{lines: map[int][]string{}}
	open := map[string]int{} // id -> start line of an open block
	for _, c := range comments {
		text := strings.TrimSpace(strings.TrimPrefix(strings.TrimSuffix(strings.TrimPrefix(c.Text, "/*"), "*/"), "//"))
		line := c.Line
		for _, prefix := range []string{vigilPrefix, slitherPrefix} {
			if !strings.HasPrefix(text, prefix) {
				continue
			}
			kind, args, _ := strings.Cut(text[len(prefix):], " ")
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
		} else {
			part = strings.ToUpper(part)
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

// Silenced reports whether a finding of detector id (with Slither equivalent slither, or "")
// starting on line is silenced.
func (s *Suppressions) Silenced(id, slither string, line int) bool {
	match := func(ids []string) bool {
		for _, x := range ids {
			if x == "*" || x == id || x == "slither:*" && slither != "" || slither != "" && x == "slither:"+slither {
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
