// Command vigil is the Vigil security scanner: it scans Solidity and Rust smart contracts,
// deployed contracts and Solana tokens, and serves the same engine over HTTP.
package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
)

func main() {
	// No command writes a heap profile, and the runtime's sampling of allocations for one costs
	// memory (1.5 MB of sample records in a scan of a few MB of Solidity) and time.
	runtime.MemProfileRate = 0
	err := newRootCommand().Execute()
	if err == nil {
		return
	}
	var ex *exitError
	if errors.As(err, &ex) {
		if ex.msg != "" {
			fmt.Fprintln(os.Stderr, "vigil:", ex.msg)
		}
		os.Exit(ex.code)
	}
	fmt.Fprintln(os.Stderr, "vigil:", err)
	os.Exit(exitUsage)
}

// Exit codes shared by every command: CI pipelines rely on them.
const (
	exitOK       = 0
	exitFindings = 1 // findings at or above the threshold, or syntax errors for `parse`
	exitUsage    = 2 // usage or input error
	// exitIncomplete: the scan left code unanalysed (syntax errors, a budget, a file no model
	// takes) and --fail-on was asked for: an unknown is not a pass (--allow-incomplete lets it).
	exitIncomplete = 3
)

// exitError carries a process exit code up to main without printing cobra's usage text.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }
