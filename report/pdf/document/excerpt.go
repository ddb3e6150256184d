package document

import (
	"sort"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/report"
)

// span is a range of flagged lines, 1-based and inclusive, already checked.
type span struct{ from, to int }

// spans reads a location's ranges defensively: a missing end is the start, a reversed range is
// turned around, and non-positive lines are dropped (the report may come from a database or an
// older version of Vigil).
func spans(loc *report.Location) []span {
	var out []span
	for i, s := range loc.LineNosStart {
		e := s
		if i < len(loc.LineNosEnd) {
			e = loc.LineNosEnd[i]
		}
		if e < s {
			s, e = e, s
		}
		if s <= 0 {
			s = 1
		}
		if e <= 0 {
			continue
		}
		out = append(out, span{s, e})
	}
	return out
}

// lineList writes ranges as "12-14, 20".
func lineList(ss []span) string {
	var parts []string
	for _, s := range ss {
		if s.from == s.to {
			parts = append(parts, strconv.Itoa(s.from))
		} else {
			parts = append(parts, strconv.Itoa(s.from)+"-"+strconv.Itoa(s.to))
		}
	}
	return strings.Join(parts, ", ")
}

// excerpt cuts the lines around the flagged spans out of src: one window per span with context,
// each at most maxLines long, merged when they touch, with a gap line between windows.
func excerpt(src []string, ss []span, lim Limits) []Line {
	if len(src) == 0 || len(ss) == 0 {
		return nil
	}
	// A final empty string is the newline at the end of the file, not a line.
	n := len(src)
	if n > 0 && src[n-1] == "" {
		n--
	}
	type window struct{ from, to int }
	var ws []window
	flagged := map[int]bool{}
	hidden := map[int]bool{} // flagged lines beyond a window's limit
	for _, s := range ss {
		if s.from > n {
			continue // past the end: the source changed since the scan
		}
		to := min(s.to, n)
		from := max(1, s.from-lim.ContextLines)
		end := min(n, to+lim.ContextLines)
		if end-from+1 > lim.MaxExcerptLines {
			end = from + lim.MaxExcerptLines - 1
		}
		for l := s.from; l <= min(to, end); l++ {
			flagged[l] = true
		}
		for l := end + 1; l <= to; l++ {
			hidden[l] = true
		}
		ws = append(ws, window{from, end})
	}
	if len(ws) == 0 {
		return nil
	}
	sort.Slice(ws, func(i, j int) bool { return ws[i].from < ws[j].from })
	merged := []window{ws[0]}
	for _, w := range ws[1:] {
		last := &merged[len(merged)-1]
		if w.from <= last.to+1 {
			last.to = max(last.to, w.to)
			continue
		}
		merged = append(merged, w)
	}
	var out []Line
	for i, w := range merged {
		if i > 0 {
			out = append(out, Line{Gap: true})
		}
		for l := w.from; l <= w.to; l++ {
			text, cut := line(src[l-1], lim.MaxLineRunes)
			// A flagged line past one window's limit may still fall in another window.
			shown := flagged[l] || hidden[l]
			delete(hidden, l)
			out = append(out, Line{No: l, Text: text, Flagged: shown, Cut: cut})
		}
	}
	if len(hidden) > 0 {
		out = append(out, Line{Gap: true, Text: "… " + strconv.Itoa(len(hidden)) + " more flagged lines not shown"})
	}
	return out
}
