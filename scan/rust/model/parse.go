package model

import (
	"errors"
	"runtime"
	"sync"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/scanner"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// parseJob is one source file read and added to the file set, waiting to be parsed.
type parseJob struct {
	crate *Crate
	path  string
	src   []byte
	file  *token.File

	ast  *ast.File
	errs scanner.ErrorList
}

// Parse parses the crate's sources read by LoadSourcesFS (nothing when they were parsed).
func (c *Crate) Parse() {
	parseAll(c.pending)
	c.pending = nil
}

// Release drops the crate's syntax trees and what was derived from them, keeping the files'
// paths and sources: after a crate has been analysed its trees are no longer needed, and a
// large workspace need not hold every crate's at once.
func (c *Crate) Release() {
	for _, f := range c.Files {
		f.AST = nil
		f.imports = nil
	}
}

// parseAll parses the jobs on every core and then attaches the files and their syntax errors
// to their crates in the jobs' order, so the result does not depend on which file finished
// first. Files were added to the file set in that same order beforehand, so positions are
// the same as with a serial parse.
func parseAll(jobs []parseJob) {
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(jobs)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := &jobs[i]
				f, err := parser.ParseSource(j.file, j.src, 0)
				var el scanner.ErrorList
				if errors.As(err, &el) {
					j.errs = el
				}
				j.ast = f
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	for i := range jobs {
		j := &jobs[i]
		j.crate.Errors = append(j.crate.Errors, j.errs...)
		if j.ast != nil {
			j.crate.Files = append(j.crate.Files, &File{Path: j.path, Module: modulePath(j.crate.Dir, j.path), AST: j.ast, Src: j.src})
		}
	}
}
