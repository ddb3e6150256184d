package parser

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/scanner"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// unreported returns the offsets of the tokens of src that no node of the tree spans and no
// diagnostic accounts for: code the parser read and dropped silently. Error recovery may skip
// tokens, but only after a diagnostic: an uncovered token is accounted for when a diagnostic
// lies between the last covered token before it and it, or on its line (the parser reports one
// error per line). Comments and stray ';' are not code.
func unreported(fset *token.FileSet, f *ast.File, src []byte, errs ErrorList) []int {
	file := fset.File(f.Pos())
	// cover[i] > 0 when byte i lies inside some node: +1 at each start, -1 at each end.
	delta := make([]int, len(src)+2)
	ast.Inspect(f, func(n ast.Node) bool {
		if n == nil {
			return false
		}
		if _, isFile := n.(*ast.File); isFile {
			return true
		}
		from, to := n.Pos(), n.End()
		if from.IsValid() && to > from {
			delta[file.Offset(from)]++
			delta[file.Offset(to)]--
		}
		return true
	})
	var s scanner.Scanner
	lines := token.NewFileSet().AddFile("x", len(src))
	s.Init(lines, src, nil, 0)
	reportedLine := map[int]bool{}
	for _, e := range errs {
		reportedLine[e.Pos.Line] = true
	}
	reported := make([]bool, len(src)+1) // a diagnostic at this offset
	for _, e := range errs {
		reported[min(max(e.Pos.Offset, 0), len(src))] = true
	}
	var out []int
	depth, at := 0, 0
	lastCovered := 0   // offset of the last covered token
	accounted := false // a diagnostic since lastCovered
	for {
		pos, tok, _ := s.Scan()
		if tok == token.EOF {
			return out
		}
		off := int(pos) - 1
		for ; at <= off; at++ {
			depth += delta[at]
			accounted = accounted || reported[at] && at >= lastCovered
		}
		switch {
		case depth > 0:
			lastCovered, accounted = off, reported[off]
		case tok != token.SEMI && !accounted && !reportedLine[lines.Line(pos)]:
			out = append(out, off)
		}
	}
}

// TestUnreported checks the checker: a declaration taken out of the tree is dropped code.
func TestUnreported(t *testing.T) {
	src := []byte("contract A {}\n// note\ncontract B { function f() public {} }\n;")
	fset := token.NewFileSet()
	f, errs := ParseFile(fset, "u.sol", src)
	if u := unreported(fset, f, src, errs); len(errs) > 0 || len(u) > 0 {
		t.Fatalf("whole file: errors %v, unreported %v", errs, u)
	}
	f.Decls = f.Decls[:1]
	if u := unreported(fset, f, src, errs); len(u) == 0 || u[0] != 22 {
		t.Errorf("contract B dropped: unreported %v, want it to start at offset 22", u)
	}
}
