package detectors

import (
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/scanner"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Suppression comments, the same as for Solidity:
//
//	// vigil-disable-next-line SOLANA_UNSAFE_CODE
//	// vigil-disable-line SOLANA_PANIC_IN_HANDLER, SOLANA_UNCHECKED_ARITHMETIC
//	// vigil-disable-start SOLANA_PDA_SHARING ... // vigil-disable-end SOLANA_PDA_SHARING
//
// Without ids they silence every detector.
const suppressPrefix = "vigil-disable"

type suppressRange struct {
	from, to int
	ids      []string
}

// suppressions of one file: ids silenced per line, and ranges.
type suppressions struct {
	lines  map[int][]string
	ranges []suppressRange
}

func parseSuppressions(src []byte) *suppressions {
	s := &suppressions{lines: map[int][]string{}}
	fset := token.NewFileSet()
	f := fset.AddFile("", len(src))
	open := map[string]int{}
	for _, t := range scanner.Tokenize(f, src, nil, scanner.ScanComments) {
		if t.Kind != token.COMMENT {
			continue
		}
		text := strings.TrimSpace(strings.TrimSuffix(strings.TrimPrefix(strings.TrimPrefix(t.Lit, "//"), "/*"), "*/"))
		if !strings.HasPrefix(text, suppressPrefix) {
			continue
		}
		line := f.Line(t.Pos)
		kind, args, _ := strings.Cut(text[len(suppressPrefix):], " ")
		ids := splitIDs(args)
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
	for id, from := range open {
		s.ranges = append(s.ranges, suppressRange{from: from, to: 1 << 30, ids: []string{id}})
	}
	return s
}

func splitIDs(args string) []string {
	var ids []string
	for _, f := range strings.FieldsFunc(args, func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		ids = append(ids, strings.ToUpper(f))
	}
	if len(ids) == 0 {
		ids = []string{"*"}
	}
	return ids
}

func (s *suppressions) silenced(id string, line int) bool {
	match := func(ids []string) bool {
		for _, x := range ids {
			if x == "*" || x == id {
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

// suppress drops findings silenced by comments in the workspace's
// sources.
func suppress(ws *model.Workspace, in []Finding) []Finding {
	byFile := map[string]*suppressions{}
	for _, c := range ws.Crates {
		for _, f := range c.Files {
			if strings.Contains(string(f.Src), suppressPrefix) {
				byFile[f.Path] = parseSuppressions(f.Src)
			}
		}
	}
	if len(byFile) == 0 {
		return in
	}
	out := in[:0]
	for _, f := range in {
		if s := byFile[f.File]; s != nil && s.silenced(f.Analyzer.ID, f.Line) {
			continue
		}
		out = append(out, f)
	}
	return out
}
