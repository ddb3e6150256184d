package detectors

import (
	"path"
	"runtime"
	"sort"
	"strings"
	"sync"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/advisory"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Analyzer is one detector: its template and its analysis.
type Analyzer struct {
	detect.Template
	// Run is called once per crate.
	Run func(*Pass)
}

// Config carries optional inputs of some detectors.
type Config struct {
	// Advisories is a loaded RustSec database; without it the dependency
	// detector reports nothing.
	Advisories *advisory.DB
}

// Pass is what an analyzer sees for one crate.
type Pass struct {
	Analyzer *Analyzer
	Fset     *token.FileSet
	Crate    *model.Crate
	Program  *model.Program
	Config   Config
	findings *[]Finding
	cache    *crateCache
}

// crateCache holds what several analyzers of one crate compute alike.
type crateCache struct {
	units  []unit
	done   bool
	checks map[checkKey]bool
	valid  map[*model.AccountsStruct]*model.Validation
	mods   map[string]bool // every segment of every module path
	sites  map[string][]callSite
	// ordered caches the field-ordering invariants (dup_mut_order.go).
	ordered map[string]bool
}

// callSite is a call in one of the crate's functions.
type callSite struct {
	caller *model.Function
	call   *model.Call
}

// callSites lists the non-macro calls named name (last path segment or
// method name) in the crate's functions, indexed once per crate.
func (p *Pass) callSites(name string) []callSite {
	if p.cache == nil {
		p.cache = &crateCache{}
	}
	if p.cache.sites == nil {
		p.cache.sites = map[string][]callSite{}
		for _, fn := range p.Program.Functions {
			for _, c := range fn.Calls() {
				if !c.Macro {
					p.cache.sites[c.Name()] = append(p.cache.sites[c.Name()], callSite{fn, c})
				}
			}
		}
	}
	return p.cache.sites[name]
}

// validation returns the account-validation model of an Accounts struct,
// built once per crate.
func (p *Pass) validation(as *model.AccountsStruct) *model.Validation {
	if p.cache == nil {
		p.cache = &crateCache{}
	}
	if p.cache.valid == nil {
		p.cache.valid = map[*model.AccountsStruct]*model.Validation{}
	}
	v := p.cache.valid[as]
	if v == nil {
		v = p.Program.Validate(as)
		p.cache.valid[as] = v
	}
	return v
}

// isModule reports a name that is a module of the crate (any segment of
// a module path).
func (p *Pass) isModule(name string) bool {
	if p.cache == nil {
		p.cache = &crateCache{}
	}
	if p.cache.mods == nil {
		p.cache.mods = map[string]bool{}
		for _, m := range p.Program.Modules() {
			for _, seg := range strings.Split(m, "::") {
				p.cache.mods[seg] = true
			}
		}
	}
	return p.cache.mods[name]
}

// units returns the crate's instruction code, computed once per crate.
func (p *Pass) units() []unit {
	if p.cache == nil {
		p.cache = &crateCache{}
	}
	if !p.cache.done {
		p.cache.units = units(p.Program)
		p.cache.done = true
	}
	return p.cache.units
}

// Finding is one reported problem.
type Finding struct {
	Analyzer *Analyzer
	// File is the path relative to the workspace folder; Line and EndLine
	// are 1-based.
	File          string
	Line, EndLine int
	Pos, End      token.Pos // NoPos for findings outside Rust sources (Cargo.lock)
	// Details fill the template's placeholders.
	Details map[string]string
	// Confidence and Severity override the template's when set.
	Confidence detect.Confidence
	Severity   detect.Severity
	// Function names the enclosing function, for fingerprints.
	Function string
}

// EffectiveConfidence returns the finding's confidence.
func (f *Finding) EffectiveConfidence() detect.Confidence {
	if f.Confidence != "" {
		return f.Confidence
	}
	return f.Analyzer.Confidence
}

// EffectiveSeverity returns the finding's severity.
func (f *Finding) EffectiveSeverity() detect.Severity {
	if f.Severity != "" {
		return f.Severity
	}
	return f.Analyzer.Severity
}

// Report records a finding covering node n. fn may be nil.
func (p *Pass) Report(n ast.Node, fn *model.Function, details map[string]string) {
	p.ReportRange(n.Pos(), n.End(), fn, details)
}

// ReportRange records a finding over [pos, end) and returns it, for the
// caller to adjust (valid until the next report).
func (p *Pass) ReportRange(pos, end token.Pos, fn *model.Function, details map[string]string) *Finding {
	from, to := p.Fset.Position(pos), p.Fset.Position(end)
	if !to.IsValid() || to.Line < from.Line {
		to = from
	}
	f := Finding{Analyzer: p.Analyzer, File: from.Filename, Line: from.Line, EndLine: to.Line, Pos: pos, End: end, Details: details}
	if f.Details == nil {
		f.Details = map[string]string{}
	}
	if fn != nil {
		f.Function = fn.Name
		if _, ok := f.Details["function_name"]; !ok {
			f.Details["function_name"] = fn.Name
		}
	}
	if _, ok := f.Details["crate_name"]; !ok {
		f.Details["crate_name"] = p.Crate.Name()
	}
	*p.findings = append(*p.findings, f)
	return &(*p.findings)[len(*p.findings)-1]
}

// ReportLine records a finding on a line of a non-Rust file (Cargo.lock).
func (p *Pass) ReportLine(file string, line int, details map[string]string) {
	f := Finding{Analyzer: p.Analyzer, File: file, Line: line, EndLine: line, Details: details}
	if f.Details == nil {
		f.Details = map[string]string{}
	}
	f.Details["crate_name"] = p.Crate.Name()
	*p.findings = append(*p.findings, f)
}

// Run executes the analyzers over every crate of the workspace and
// returns the findings sorted by file, line and id, without those that
// vigil-disable comments silence.
func Run(ws *model.Workspace, analyzers []*Analyzer, cfg Config) []Finding {
	return run(ws, analyzers, cfg, false)
}

// run is Run; with stream set, each crate's sources are parsed (Crate.Parse) before and its
// syntax trees released after the analysis.
func run(ws *model.Workspace, analyzers []*Analyzer, cfg Config, stream bool) []Finding {
	// Crates are analysed on every core, each into its own list; the lists are joined in
	// crate order and sorted, so the output does not depend on scheduling.
	perCrate := make([][]Finding, len(ws.Crates))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(ws.Crates)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				c := ws.Crates[i]
				if stream {
					c.Parse()
				}
				perCrate[i] = runCrate(ws, c, analyzers, cfg)
				if stream {
					c.Release()
				}
			}
		}()
	}
	for i := range ws.Crates {
		next <- i
	}
	close(next)
	wg.Wait()
	var out []Finding
	for _, fs := range perCrate {
		out = append(out, fs...)
	}
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		return a.Analyzer.ID < b.Analyzer.ID
	})
	return suppress(ws, dedupe(out))
}

// runCrate models one crate and runs the analyzers on it.
func runCrate(ws *model.Workspace, c *model.Crate, analyzers []*Analyzer, cfg Config) []Finding {
	var out []Finding
	prog := model.AnalyzeCrate(ws.Fset, c)
	cache := &crateCache{}
	for _, a := range analyzers {
		pass := &Pass{Analyzer: a, Fset: ws.Fset, Crate: c, Program: prog, Config: cfg, findings: &out, cache: cache}
		a.Run(pass)
	}
	return out
}

// dedupe keeps one finding per analyzer and line.
func dedupe(in []Finding) []Finding {
	type key struct {
		id, file, extra string
		line            int
	}
	seen := map[key]bool{}
	out := in[:0]
	for _, f := range in {
		k := key{f.Analyzer.ID, f.File, f.Details["advisory_id"], f.Line}
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, f)
	}
	return out
}

// template fills the fields every Rust template shares.
func template(t detect.Template) detect.Template {
	t.Languages = []string{"rust"}
	if t.Version == "" {
		t.Version = "1"
	}
	return t
}

// lockPath joins a crate's lock file path for findings.
func lockPath(l *model.Lockfile) string { return path.Clean(l.Path) }
