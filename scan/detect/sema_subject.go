package detect

import "github.com/vigil-sec/vigil/scan/solidity/sema"

// solidityProgram is the Subject of a Solidity program: its units are the contracts not past
// sema's budget (those are reported as not analysed), then the free code of each file.
type solidityProgram struct {
	prog  *sema.Program
	files []string
	index map[*sema.File]int
	// supp caches each file's suppression comments; Silenced runs after the tasks, on one
	// goroutine.
	supp map[*sema.File]*Suppressions
}

func newSolidityProgram(prog *sema.Program) *solidityProgram {
	s := &solidityProgram{prog: prog, files: make([]string, len(prog.Files)), index: make(map[*sema.File]int, len(prog.Files)),
		supp: map[*sema.File]*Suppressions{}}
	for i, f := range prog.Files {
		s.files[i] = f.Path
		s.index[f] = i
	}
	return s
}

func (s *solidityProgram) Files() []string { return s.files }

func (s *solidityProgram) Units() []Unit {
	out := make([]Unit, 0, len(s.prog.Contracts)+len(s.prog.Files))
	for _, c := range s.prog.Contracts {
		if c.OverBudget != "" {
			continue
		}
		out = append(out, Unit{File: s.index[c.File], Where: "contract " + c.Name, Contract: c.Name, Value: c})
	}
	for i, f := range s.prog.Files {
		out = append(out, Unit{File: i, Where: "file " + f.Path, Value: f})
	}
	return out
}

func (s *solidityProgram) Bind(p *Pass, u *Unit) {
	p.Program = s.prog
	switch v := u.Value.(type) {
	case *sema.Contract:
		p.Contract, p.File = v, v.File
	case *sema.File:
		p.Contract, p.File = nil, v
	}
}

// Finished releases the file's derived facts (sema.ReleaseFacts) with the facts' clock as it
// stands when the file's last task ended.
func (s *solidityProgram) Finished(file int) func() {
	f, tick := s.prog.Files[file], sema.Tick()
	return func() { s.prog.ReleaseFacts(f, tick) }
}

func (s *solidityProgram) Silenced(f *Finding) bool {
	file := s.prog.FileOf(f.Pos)
	if file == nil {
		return false
	}
	sup, ok := s.supp[file]
	if !ok {
		sup = parseSuppressions(file)
		s.supp[file] = sup
	}
	return sup.Silenced(f.Analyzer.ID, f.Analyzer.Slither, file.Line(f.Pos))
}
