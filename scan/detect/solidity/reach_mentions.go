package solidity

import (
	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// Cheap filters: a detector about tx.origin or the block's clock has nothing to say of a
// function whose code, and the code it runs, never reads them. The functions that read each
// global are listed once per program by a walk of every body; a function reaches one when it
// or a modifier or function it runs (sema Callees) is listed.

type globalRead uint8

const (
	readsOrigin globalRead = iota // tx.origin, origin() in assembly
	readsClock                    // block.timestamp, block.number, now, timestamp()/number() in assembly
)

type globalReadersKey struct{ g globalRead }

// readersOf lists the program's functions whose own bodies read global g.
func readersOf(p *sema.Program, g globalRead) map[*sema.Function]bool {
	return sema.Memo(p, globalReadersKey{g}, func() map[*sema.Function]bool {
		out := map[*sema.Function]bool{}
		for _, fn := range p.Functions() {
			if fn.Body == nil {
				continue
			}
			fn.BodyTree().Inspect(func(x ast.Node) bool {
				if readsGlobal(x, g) {
					out[fn] = true
				}
				return !out[fn]
			})
		}
		return out
	})
}

// readsGlobal reports whether node x reads global g.
func readsGlobal(x ast.Node, g globalRead) bool {
	switch e := x.(type) {
	case *ast.MemberExpr:
		id, ok := e.X.(*ast.Ident)
		if !ok {
			return false
		}
		switch g {
		case readsOrigin:
			return id.Name == "tx" && e.Name.Name == "origin"
		case readsClock:
			return id.Name == "block" && (e.Name.Name == "timestamp" || e.Name.Name == "number")
		}
	case *ast.Ident:
		return g == readsClock && e.Name == "now"
	case *ast.YulCall:
		switch g {
		case readsOrigin:
			return e.Name.Name == "origin"
		case readsClock:
			return e.Name.Name == "timestamp" || e.Name.Name == "number"
		}
	}
	return false
}

// reaches reports whether fn, or a modifier or function it runs, reads global g.
func reaches(p *sema.Program, fn *sema.Function, g globalRead) bool {
	readers := readersOf(p, g)
	if len(readers) == 0 {
		return false
	}
	if readers[fn] {
		return true
	}
	for _, h := range p.Callees(fn) {
		if readers[h] {
			return true
		}
	}
	return false
}
