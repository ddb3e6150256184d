package detectors

import (
	"bytes"
	"path"
	"sync"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// workspaceSubject is a Rust workspace as the detector framework runs it (detect.Subject):
// one unit per crate, named by its manifest; the crate's model is built by the first task that
// needs it and released when its last task is over.
type workspaceSubject struct {
	ws     *model.Workspace
	crates []*crateUnit
	files  []string
	// supp holds the suppression comments of the sources that have some, by path.
	supp map[string]*detect.Suppressions
}

// crateUnit is one crate and its model, shared by the passes of every analyzer on it (they may
// run at once).
type crateUnit struct {
	ws     *model.Workspace
	crate  *model.Crate
	cfg    Config
	stream bool // parse the crate's sources before its first task, release them after its last

	once   sync.Once
	prog   *model.Program
	model  *validation.Model
	units  []unit // the crate's instruction code, shared read-only by every pass
	shared *crateShared
	// The crate's test-only code and the model of its test build (variant.go), made by the
	// first pass that asks.
	variantOnce sync.Once
	spans       []testSpan
	full        *validation.Model

	// A pass abandoned past its budget may still run after the crate's tasks are over: the
	// model is released when the crate is finished and no pass is in it.
	mu       sync.Mutex
	active   int
	finished bool
}

// crateShared is what the passes of a crate compute alike and read only: indexes built by the
// first pass that asks.
type crateShared struct {
	sites func() map[string][]callSite
}

// enter starts a pass on the crate and returns its models and instruction code, built by the
// first pass.
func (cu *crateUnit) enter() (*model.Program, *validation.Model, []unit, *crateShared) {
	cu.mu.Lock()
	cu.active++
	cu.mu.Unlock()
	cu.once.Do(func() {
		if cu.stream {
			cu.crate.Parse()
		}
		cu.prog = model.AnalyzeCrate(cu.ws.Fset, cu.crate)
		cu.model = validation.Build(cu.prog, cu.crate)
		cu.units = units(cu.prog)
		prog := cu.prog
		cu.shared = &crateShared{sites: sync.OnceValue(func() map[string][]callSite { return indexCallSites(prog) })}
	})
	return cu.prog, cu.model, cu.units, cu.shared
}

// leave ends a pass.
func (cu *crateUnit) leave() {
	cu.mu.Lock()
	defer cu.mu.Unlock()
	cu.active--
	cu.releaseIfDone()
}

// finish marks every task of the crate over.
func (cu *crateUnit) finish() {
	cu.mu.Lock()
	defer cu.mu.Unlock()
	cu.finished = true
	cu.releaseIfDone()
}

// releaseIfDone lets go of the model, and of the syntax trees when they were parsed for the
// run, once the crate is finished and no pass is in it (cu.mu held).
func (cu *crateUnit) releaseIfDone() {
	if !cu.finished || cu.active > 0 || cu.prog == nil {
		return
	}
	if cu.stream {
		cu.crate.Release()
	}
	cu.prog, cu.model, cu.units, cu.shared, cu.spans, cu.full = nil, nil, nil, nil, nil, nil
}

func newWorkspaceSubject(ws *model.Workspace, cfg Config, stream bool) *workspaceSubject {
	s := &workspaceSubject{ws: ws, supp: map[string]*detect.Suppressions{}}
	for _, c := range ws.Crates {
		s.crates = append(s.crates, &crateUnit{ws: ws, crate: c, cfg: cfg, stream: stream})
		s.files = append(s.files, path.Join(c.Dir, "Cargo.toml"))
		for _, f := range c.Files {
			if bytes.Contains(f.Src, []byte(suppressPrefix)) {
				s.supp[f.Path] = parseSuppressions(f.Src)
			}
		}
	}
	return s
}

func (s *workspaceSubject) Files() []string { return s.files }

func (s *workspaceSubject) Units() []detect.Unit {
	out := make([]detect.Unit, len(s.crates))
	for i, cu := range s.crates {
		out[i] = detect.Unit{File: i, Where: "crate " + cu.crate.Name(), Value: cu}
	}
	return out
}

func (s *workspaceSubject) Bind(p *detect.Pass, u *detect.Unit) { p.Facts = u.Value }

// Finished lets go of the crate's model (crateUnit.finish).
func (s *workspaceSubject) Finished(i int) func() { return s.crates[i].finish }

func (s *workspaceSubject) Silenced(f *detect.Finding) bool {
	if !f.Pos.IsValid() || len(s.supp) == 0 {
		return false
	}
	pos := s.ws.Fset.Position(f.Pos)
	sup := s.supp[pos.Filename]
	return sup != nil && sup.Silenced(f.Analyzer.ID, "", pos.Line)
}
