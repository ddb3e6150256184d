package detect

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"sort"
	"sync"

	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// Diagnostic is a problem running an analyzer (a panic), reported beside the findings.
type Diagnostic struct {
	Analyzer string
	Msg      string
}

// Result is the outcome of Run.
type Result struct {
	Findings    []Finding
	Diagnostics []Diagnostic
	Suppressed  int
}

type task struct {
	a *Analyzer
	c *sema.Contract
	f *sema.File
}

// Run executes the analyzers on the program, in parallel over analyzers and contracts, and
// returns the findings sorted by file, line and id, with suppressed findings removed.
func Run(prog *sema.Program, analyzers []*Analyzer) Result {
	var tasks []task
	for _, a := range analyzers {
		for _, c := range prog.Contracts {
			tasks = append(tasks, task{a: a, c: c, f: c.File})
		}
		for _, f := range prog.Files {
			tasks = append(tasks, task{a: a, f: f})
		}
	}
	var (
		mu    sync.Mutex
		res   Result
		wg    sync.WaitGroup
		queue = make(chan task)
	)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for t := range queue {
				findings, diag := runOne(prog, t)
				mu.Lock()
				res.Findings = append(res.Findings, findings...)
				if diag != nil {
					res.Diagnostics = append(res.Diagnostics, *diag)
				}
				mu.Unlock()
			}
		}()
	}
	for _, t := range tasks {
		queue <- t
	}
	close(queue)
	wg.Wait()

	// Suppression comments, per file.
	supp := map[*sema.File]*Suppressions{}
	kept := res.Findings[:0]
	for _, f := range res.Findings {
		file := prog.FileOf(f.Pos)
		if file != nil {
			s, ok := supp[file]
			if !ok {
				s = parseSuppressions(file)
				supp[file] = s
			}
			if s.Silenced(f.Analyzer.ID, f.Analyzer.Slither, file.Line(f.Pos)) {
				res.Suppressed++
				continue
			}
		}
		kept = append(kept, f)
	}
	res.Findings = dedupe(kept)
	sort.SliceStable(res.Findings, func(i, j int) bool {
		a, b := res.Findings[i], res.Findings[j]
		if a.Pos != b.Pos {
			return a.Pos < b.Pos
		}
		return a.Analyzer.ID < b.Analyzer.ID
	})
	sort.Slice(res.Diagnostics, func(i, j int) bool { return res.Diagnostics[i].Msg < res.Diagnostics[j].Msg })
	return res
}

// dedupe drops a finding reported twice at the same place by the same analyzer (a function
// inherited by two contracts is analysed once per contract that declares it, but a detector
// looking at inherited code could see it twice).
func dedupe(fs []Finding) []Finding {
	type key struct {
		id       string
		pos, end int
	}
	seen := map[key]bool{}
	out := fs[:0]
	for _, f := range fs {
		k := key{f.Analyzer.ID, int(f.Pos), int(f.End)}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, f)
	}
	return out
}

func runOne(prog *sema.Program, t task) (findings []Finding, diag *Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			where := "file " + t.f.Path
			if t.c != nil {
				where = "contract " + t.c.Name
			}
			diag = &Diagnostic{Analyzer: t.a.ID, Msg: fmt.Sprintf("detector %s failed on %s: %v\n%s", t.a.ID, where, r, debug.Stack())}
			findings = nil
		}
	}()
	pass := &Pass{Analyzer: t.a, Program: prog, Contract: t.c, File: t.f}
	pass.report = func(f Finding) { findings = append(findings, f) }
	t.a.Run(pass)
	return findings, nil
}
