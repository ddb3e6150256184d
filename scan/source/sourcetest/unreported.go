// Package sourcetest holds checks that the tests and fuzz tests of both front ends share.
package sourcetest

import "github.com/vigil-sec/vigil/scan/source"

// Span is the byte range [From, To) of one node of a syntax tree.
type Span struct{ From, To int }

// Token is one token of the file: its offset and line. Comments and stray separators are not
// code and are left out by the caller.
type Token struct{ Offset, Line int }

// Unreported returns the offsets of the tokens that no span covers and no diagnostic accounts
// for: code a parser read and dropped silently. Error recovery may skip tokens, but only after
// a diagnostic: an uncovered token is accounted for when a diagnostic lies between the last
// covered token before it and it, or on its line (parsers report one error per line). size is
// the file's length; toks are in order.
func Unreported(size int, spans []Span, toks []Token, errs source.ErrorList) []int {
	delta := make([]int, size+2) // +1 at each span's start, -1 at its end
	for _, s := range spans {
		if s.To > s.From && s.From >= 0 && s.To <= size {
			delta[s.From]++
			delta[s.To]--
		}
	}
	reported := make([]bool, size+1)
	reportedLine := map[int]bool{}
	for _, e := range errs {
		reported[min(max(e.Pos.Offset, 0), size)] = true
		reportedLine[e.Pos.Line] = true
	}
	var out []int
	depth, at := 0, 0
	lastCovered, accounted := 0, false // a diagnostic since the last covered token
	for _, tk := range toks {
		for ; at <= tk.Offset && at <= size; at++ {
			depth += delta[at]
			accounted = accounted || reported[at] && at >= lastCovered
		}
		switch {
		case depth > 0:
			lastCovered, accounted = tk.Offset, reported[tk.Offset]
		case !accounted && !reportedLine[tk.Line]:
			out = append(out, tk.Offset)
		}
	}
	return out
}
