package main

import (
	"io"
	"os"
	"strconv"

	"golang.org/x/term"
)

// defaultWidth is the width of terminal output when the terminal's is unknown (a pipe, a CI
// log): what every terminal shows without wrapping.
const defaultWidth = 80

// terminalWidth is the width of the terminal w writes to, else $COLUMNS, else 80.
func terminalWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && isTerminal(f) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols >= 40 {
			return cols
		}
	}
	if n, err := strconv.Atoi(os.Getenv("COLUMNS")); err == nil && n >= 40 {
		return n
	}
	return defaultWidth
}
