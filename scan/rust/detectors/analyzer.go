package detectors

import (
	"path"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/advisory"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/token"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// Config carries optional inputs of some detectors.
type Config struct {
	// Advisories is a loaded RustSec database; without it the dependency
	// detector reports nothing.
	Advisories *advisory.DB
}

// Pass is what a Rust analyzer sees of one crate: the framework's pass (its analyzer, context,
// budget polling and findings) and the crate's model.
type Pass struct {
	*detect.Pass
	Fset    *token.FileSet
	Crate   *model.Crate
	Program *model.Program
	// Model is the crate's account-validation model, shared by every detector.
	Model  *validation.Model
	Config Config
	cache  *crateCache
}

// analyzer makes a Rust detector: the framework's Analyzer, whose pass carries a crate
// (crateUnit, bound by the workspace's Subject), run over the crate's default build and, when
// its instructions reach test-only code, its test build (runBuilds).
func analyzer(t detect.Template, run func(*Pass)) *detect.Analyzer {
	return &detect.Analyzer{Template: template(t), Run: func(dp *detect.Pass) {
		runBuilds(dp, dp.Facts.(*crateUnit), run)
	}}
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
	// shared holds what every pass of the crate reads alike, built once (nil for a Pass
	// not run by the framework).
	shared *crateShared
	// consts and fields cache the bits of the crate's constants and struct fields
	// (arith_width.go).
	consts, fields map[string]int
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
		if p.cache.shared != nil {
			p.cache.sites = p.cache.shared.sites()
		} else {
			p.cache.sites = indexCallSites(p.Program)
		}
	}
	return p.cache.sites[name]
}

// indexCallSites indexes the non-macro calls of the crate's functions by name.
func indexCallSites(prog *model.Program) map[string][]callSite {
	sites := map[string][]callSite{}
	for _, fn := range prog.Functions {
		for _, c := range fn.Calls() {
			if !c.Macro {
				sites[c.Name()] = append(sites[c.Name()], callSite{fn, c})
			}
		}
	}
	return sites
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
			for seg := range strings.SplitSeq(m, "::") {
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

// Report records a finding covering node n. fn may be nil.
func (p *Pass) Report(n ast.Node, fn *model.Function, details map[string]string) {
	p.ReportRange(n.Pos(), n.End(), fn, details)
}

// ReportRange records a finding over [pos, end) and returns it, for the
// caller to adjust (valid until the next report).
func (p *Pass) ReportRange(pos, end token.Pos, fn *model.Function, details map[string]string) *detect.Finding {
	f := detect.Finding{Pos: pos, End: end, Details: details}
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
	p.Pass.Report(f)
	return p.Last()
}

// ReportLine records a finding on a line of a non-Rust file (Cargo.lock) and returns it, for
// the caller to adjust.
func (p *Pass) ReportLine(file string, line int, details map[string]string) *detect.Finding {
	f := detect.Finding{File: file, Line: line, Details: details}
	if f.Details == nil {
		f.Details = map[string]string{}
	}
	f.Details["crate_name"] = p.Crate.Name()
	p.Pass.Report(f)
	return p.Last()
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
