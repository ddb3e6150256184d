package source

// Line terminators, as the Solidity compiler defines them (liblangutil/Scanner.cpp,
// isUnicodeLinebreak): LF, VT, FF and CR (bytes 0x0A to 0x0D, CR LF counting as one), and the
// Unicode NEL (U+0085), LS (U+2028) and PS (U+2029). Every one of them ends a // comment and a
// string literal, so every one must also start a new line for positions and excerpts: a
// finding has to land on the line where an editor shows the code.

// TerminatorLen returns the length in bytes of the line terminator that starts at s[i], or 0
// when s[i] does not start one. CR LF is one terminator of two bytes.
func TerminatorLen[S ~string | ~[]byte](s S, i int) int {
	if i < 0 || i >= len(s) {
		return 0
	}
	switch c := s[i]; {
	case c == '\r':
		if i+1 < len(s) && s[i+1] == '\n' {
			return 2
		}
		return 1
	case c >= '\n' && c <= '\r': // LF, VT, FF
		return 1
	case c == 0xC2:
		if i+1 < len(s) && s[i+1] == 0x85 { // NEL
			return 2
		}
	case c == 0xE2:
		if i+2 < len(s) && s[i+1] == 0x80 && (s[i+2] == 0xA8 || s[i+2] == 0xA9) { // LS, PS
			return 3
		}
	}
	return 0
}

// LineStarts returns the offset of the first byte of every line of src: 0, then the offset
// after each line terminator that is followed by more text.
func LineStarts[S ~string | ~[]byte](src S) []int {
	// Counted first, then filled: the table is kept for as long as the file's positions are
	// (a whole scan), and a guessed capacity either grows by doubling or is left half empty.
	starts := make([]int, 0, LineCount(src))
	starts, _ = lineStarts(src, starts, true)
	return starts
}

// LineCount returns len(LineStarts(src)) without building the table.
func LineCount[S ~string | ~[]byte](src S) int {
	_, n := lineStarts(src, nil, false)
	return n
}

// lineStarts counts the lines of src and, when fill, appends their starts to starts.
func lineStarts[S ~string | ~[]byte](src S, starts []int, fill bool) ([]int, int) {
	if fill {
		starts = append(starts, 0)
	}
	n := 1
	for i := 0; i < len(src); {
		if !mayEndLine(src[i]) {
			i++ // the quick test first: most bytes end no line
			continue
		}
		if t := TerminatorLen(src, i); t > 0 {
			i += t
			if i < len(src) {
				n++
				if fill {
					starts = append(starts, i)
				}
			}
			continue
		}
		i++
	}
	return starts, n
}

// mayEndLine reports whether c can start a line terminator (see TerminatorLen).
func mayEndLine(c byte) bool { return c >= '\n' && c <= '\r' || c == 0xC2 || c == 0xE2 }

// SplitLines splits s into its lines, without their terminators. It is strings.Split(s, "\n")
// for every line terminator: n terminators give n+1 lines, the last one empty when s ends with
// a terminator, so that lines[i] is line i+1 of the file.
func SplitLines(s string) []string {
	lines := make([]string, 0, len(s)/32+1)
	start := 0
	for i := 0; i < len(s); {
		if !mayEndLine(s[i]) {
			i++ // the quick test first: most bytes end no line
			continue
		}
		if n := TerminatorLen(s, i); n > 0 {
			lines = append(lines, s[start:i])
			i += n
			start = i
			continue
		}
		i++
	}
	return append(lines, s[start:])
}
