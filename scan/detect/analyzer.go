package detect

import (
	"context"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// Analyzer is one detector: its template and its analysis.
type Analyzer struct {
	Template
	// Run is called once per contract (Pass.Contract set) and once for the file-level code
	// of each file (Pass.Contract nil, Pass.File set), so that detectors run in parallel.
	Run func(*Pass)
}

// Pass is what an analyzer sees in one run: the framework's part (its analyzer, context,
// budget polling, findings) and the facts of its language's unit. Solidity's facts are Program,
// Contract and File; another language's front end puts its own in Facts (see Subject).
type Pass struct {
	Analyzer *Analyzer
	Program  *sema.Program
	Contract *sema.Contract // nil for the file-level pass
	File     *sema.File     // the file of Contract, or the file of the file-level pass
	// Facts holds the unit's facts for analyzers of languages other than Solidity (Subject.Bind).
	Facts    any
	findings []Finding // reported so far
	task     task      // what the runner asked for
	ctx      context.Context
	current  atomic.Pointer[string] // the function Stopped was last told about
}

// Context is the pass's context: done when the scan's time or memory budget or this
// detector's own budget ran out. Long loops poll it (or Stopped) and return early; what they
// found so far is dropped and the runner reports the pass as not finished.
func (p *Pass) Context() context.Context {
	if p.ctx == nil {
		return context.Background()
	}
	return p.ctx
}

// Stopped reports whether the pass should stop now, and notes fn (which may be nil) as the
// function being analysed, so that a budget diagnostic can name it. Call it at the head of
// loops over functions, nodes or fixpoint iterations; it is cheap.
func (p *Pass) Stopped(fn *sema.Function) bool {
	if fn != nil {
		name := fn.Name
		if name == "" {
			name = fn.Kind.String()
		}
		if cur := p.current.Load(); cur == nil || *cur != name {
			p.current.Store(&name)
		}
	}
	return p.ctx != nil && p.ctx.Err() != nil
}

// function returns the function Stopped was last told about, or "".
func (p *Pass) function() string {
	if cur := p.current.Load(); cur != nil {
		return *cur
	}
	return ""
}

// Finding is one reported problem.
type Finding struct {
	Analyzer *Analyzer
	Pos, End token.Pos // the primary range
	// Related ranges (the external call of a reentrancy, the other writes, ...).
	Related []Range
	// Details fill the template's placeholders: contract_name, function_name, ...
	Details map[string]string
	// Severity and Confidence override the template's for this finding (empty: template's).
	Severity   Severity
	Confidence Confidence
	// Contract and Function name the enclosing declarations, for fingerprints.
	Contract, Function string
	// Evidence, when set, says how the finding was established: Report derives the
	// confidence from it (Basis) and writes its facts into Details["evidence"].
	Evidence *Evidence
	// File and Line place a finding in a file the front end does not parse (a Cargo.lock),
	// Pos then being NoPos.
	File string
	Line int
}

// Range is a source range.
type Range struct{ Pos, End token.Pos }

// EffectiveSeverity returns the finding's severity.
func (f *Finding) EffectiveSeverity() Severity {
	if f.Severity != "" {
		return f.Severity
	}
	return f.Analyzer.Severity
}

// EffectiveConfidence returns the finding's confidence.
func (f *Finding) EffectiveConfidence() Confidence {
	if f.Confidence != "" {
		return f.Confidence
	}
	return f.Analyzer.Confidence
}

// Report records a finding at node n.
func (p *Pass) Report(f Finding) {
	f.Analyzer = p.Analyzer
	f.Evidence.apply(&f, p.Analyzer.Confidence)
	p.capUnresolved(&f)
	if f.Details == nil {
		f.Details = map[string]string{}
	}
	if p.Contract != nil {
		if f.Contract == "" {
			f.Contract = p.Contract.Name
		}
		if _, ok := f.Details["contract_name"]; !ok {
			f.Details["contract_name"] = p.Contract.Name
		}
	}
	p.findings = append(p.findings, f)
}

// Reported returns the findings reported so far in this pass. A language whose detectors run
// over more than one build of a unit (Rust: the default build, then a test build) reads them
// to tell what only the second run found, adjusts those in place and drops repeats (Keep).
func (p *Pass) Reported() []Finding { return p.findings }

// Keep replaces the findings reported so far with fs, a subset of Reported.
func (p *Pass) Keep(fs []Finding) { p.findings = fs }

// Last returns the finding reported last in this pass, for the detector to adjust, or nil.
func (p *Pass) Last() *Finding {
	if len(p.findings) == 0 {
		return nil
	}
	return &p.findings[len(p.findings)-1]
}

// ReportNode reports a finding covering node n in function fn (which may be nil), with details.
func (p *Pass) ReportNode(n ast.Node, fn *sema.Function, details map[string]string) {
	f := Finding{Pos: n.Pos(), End: n.End(), Details: details}
	if fn != nil {
		f.Function = fn.Name
		if f.Details == nil {
			f.Details = map[string]string{}
		}
		if _, ok := f.Details["function_name"]; !ok {
			name := fn.Name
			if name == "" {
				name = fn.Kind.String()
			}
			f.Details["function_name"] = name
		}
		if fn.Contract != nil && f.Contract == "" {
			f.Contract = fn.Contract.Name
		}
	}
	p.Report(f)
}

// Functions returns the functions and modifiers the pass covers: the contract's own, or the
// free functions of the file.
//
// Functions past one of sema's analysis budgets are left out: sema reports them as not analysed.
// The list is shared by every detector's pass: read it, do not change it.
func (p *Pass) Functions() []*sema.Function {
	// Every detector asks, once per contract: the list is made once per contract (or file) and
	// shared, its capacity its length so that a caller's append copies it.
	var holder sema.Memoized = p.File
	if p.Contract != nil {
		holder = p.Contract
	}
	return sema.Memo(holder, functionsKey{}, func() []*sema.Function {
		var all []*sema.Function
		if p.Contract != nil {
			all = append(append(all, p.Contract.Functions...), p.Contract.Modifiers...)
		} else {
			all = append(all, p.Program.FreeIn(p.File)...)
		}
		out := all[:0]
		for _, f := range all {
			if p.Program.Analysed(f) {
				out = append(out, f)
			}
		}
		return slices.Clip(out)
	})
}

type functionsKey struct{}

// capUnresolved keeps a Solidity finding that rests on code the model could not read (an
// unresolved base of its contract, an unresolved modifier or callee on the way) from claiming
// high confidence: that code may hold the check or the effect the finding says is missing.
// Informational and gas findings (style, layout) do not depend on it.
func (p *Pass) capUnresolved(f *Finding) {
	if p.Program == nil || f.EffectiveConfidence() != ConfidenceHigh {
		return
	}
	switch f.EffectiveSeverity() {
	case Informational, Gas:
		return
	}
	rests := p.Contract != nil && p.Contract.UnresolvedBases
	if fn := p.Program.FunctionAt(f.Pos); !rests && fn != nil {
		rests = p.Program.RestsOnUnresolved(fn)
	}
	if !rests {
		return
	}
	f.Confidence = ConfidenceMedium
	if f.Details == nil {
		f.Details = map[string]string{}
	}
	const fact = "rests on code the scan could not read (an unresolved base, modifier or callee)"
	if ev := f.Details["evidence"]; ev == "" {
		f.Details["evidence"] = fact
	} else if !strings.Contains(ev, "could not read") {
		f.Details["evidence"] = ev + "; " + fact
	}
}
