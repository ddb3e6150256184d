package validation

import (
	"slices"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/semver"
)

// Model is the account-validation model of one crate.
type Model struct {
	prog  *model.Program
	crate *model.Crate
	// Instructions lists the crate's instructions in source order.
	Instructions []*Instruction
	// Reachable holds every function the instructions' code reaches.
	Reachable map[*model.Function]bool

	modules map[string]bool // every segment of every module path
	// cfgs caches each #[cfg] verdict.
	cfgs map[*ast.Attribute]bool
	// feats are the crate's cargo features; all walks test builds too (BuildAll).
	feats model.Features
	all   bool
	// TestOnly lists, when the model is of the default build, the test features whose code
	// the instructions would reach in a test build (`feature = "test"`), each once.
	TestOnly []string
	memo     map[memoKey]*memoEntry
	stack    map[*model.Function]int
	macros   *macroTable
}

// Build walks every instruction of the crate as the default build compiles it: code only a
// test feature compiles (model.Features.TestOnly) is left out, and its gates are listed in
// TestOnly. crate may be nil (no manifest facts: every spl-token builder is then taken as
// checking its program id, and no code is test-only).
func Build(prog *model.Program, crate *model.Crate) *Model { return buildModel(prog, crate, false) }

// BuildAll walks every instruction with the code of test builds too: what a test build of the
// program establishes.
func BuildAll(prog *model.Program, crate *model.Crate) *Model { return buildModel(prog, crate, true) }

func buildModel(prog *model.Program, crate *model.Crate, all bool) *Model {
	m := &Model{prog: prog, crate: crate, modules: map[string]bool{}, memo: map[memoKey]*memoEntry{},
		stack: map[*model.Function]int{}, Reachable: map[*model.Function]bool{}, cfgs: map[*ast.Attribute]bool{}, all: all}
	if crate != nil {
		m.feats = crate.Features()
	}
	for _, mod := range prog.Modules() {
		for seg := range strings.SplitSeq(mod, "::") {
			m.modules[seg] = true
		}
	}
	m.macros = newMacroTable(prog)
	m.anchorInstructions()
	m.nativeInstructions()
	for _, in := range m.Instructions {
		in.summarize()
	}
	return m
}

// Program returns the crate's program model.
func (m *Model) Program() *model.Program { return m.prog }

// InstructionsOf lists the instructions whose code includes fn.
func (m *Model) InstructionsOf(fn *model.Function) []*Instruction {
	var out []*Instruction
	for _, in := range m.Instructions {
		if in.Facts.Code[fn] {
			out = append(out, in)
		}
	}
	return out
}

// tokenCrate reports whether the crate a builder path starts with (segs, before
// "::instruction") is spl-token or spl-token-2022, and whether its builders check the program
// id they are given: spl-token-2022's do, spl-token's from 3.1.1, when it is the registry
// crate; a path or git dependency (a vendored copy) or an older version does not.
func (m *Model) tokenCrate(segs []string, file *model.File) (isToken, trusted bool) {
	if len(segs) == 0 {
		return false, false
	}
	name, direct := segs[0], true
	for _, s := range segs[1:] {
		if s == "spl_token" || s == "spl_token_2022" {
			name, direct = s, false // a re-export (anchor_spl::token::spl_token)
		}
	}
	version := func() string {
		if m.crate == nil {
			return ""
		}
		return m.crate.DependencyVersion("spl-token")
	}
	if m.crate != nil && direct {
		if d, ok := m.crate.ExternCrate(name); ok {
			switch d.Package {
			case "spl-token-2022":
				return true, true
			case "spl-token":
				if d.Path != "" || d.Git != "" {
					return true, false
				}
				return true, semver.AtLeast(version(), "3.1.1")
			}
			return false, false // another crate under that name
		}
	}
	switch name {
	case "spl_token_2022":
		return true, true
	case "spl_token":
		v := version()
		return true, v == "" && !direct || semver.AtLeast(v, "3.1.1")
	}
	return false, false
}

// built reports whether code with these attributes is in the build the model is of
// (model.Built; for the default build, not test-only either), each #[cfg] decided once.
func (m *Model) built(attrs []*ast.Attribute) bool {
	for _, a := range attrs {
		if a.Doc || a.Path == nil || a.Path.Last() == nil || a.Path.Last().Name.Name != "cfg" {
			continue
		}
		v, ok := m.cfgs[a]
		if !ok {
			one := []*ast.Attribute{a}
			v = model.Built(m.prog.Fset, one)
			if gate := m.feats.TestOnly(m.prog.Fset, one); v && gate != "" && !m.all {
				v = false
				if !slices.Contains(m.TestOnly, gate) {
					m.TestOnly = append(m.TestOnly, gate)
				}
			}
			m.cfgs[a] = v
		}
		if !v {
			return false
		}
	}
	return true
}
