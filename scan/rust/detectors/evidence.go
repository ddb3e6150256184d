package detectors

import (
	"fmt"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/model"
	"github.com/vigil-sec/vigil/scan/rust/validation"
)

// where renders a fact's site for a finding's evidence: what it is and where.
func (p *Pass) where(s validation.Site) string {
	what := s.What
	if s.Node == nil {
		return what
	}
	pos := p.Fset.Position(s.Node.Pos())
	loc := fmt.Sprintf("%s:%d", pos.Filename, pos.Line)
	if s.Fn != nil {
		loc += " in " + s.Fn.Name
	}
	if what == "" {
		return loc
	}
	return what + " (" + loc + ")"
}

// accountNode is where a finding about an instruction's account points: the Accounts field,
// the native binding, or the instruction.
func accountNode(a *validation.Account) ast.Node {
	if a.Field != nil {
		return fieldNode(a.Field)
	}
	if a.Node != nil {
		return a.Node
	}
	return a.In().Node
}

// evidence joins the parts of a finding's evidence.
func evidence(parts ...string) string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "; ")
}

// reportAccount reports a finding about an instruction's account once per place: an Accounts
// field shared by several instructions is reported once.
func (p *Pass) reportAccount(seen map[ast.Node]bool, a *validation.Account, conf detect.Confidence, details map[string]string) {
	n := accountNode(a)
	if seen[n] {
		return
	}
	seen[n] = true
	f := p.ReportRange(n.Pos(), n.End(), a.Fn, details)
	if a.Field == nil && a.Fn == nil {
		f.Function = a.In().Name
		f.Details["function_name"] = a.In().Name
	}
	f.Confidence = conf
}

// factNode is where a finding about a fact of an instruction points: the fact itself when its
// function belongs to that instruction alone; else, the fact being in code several
// instructions share (a reader, a helper), the account's native binding when that is the
// instruction's own, or the instruction's entry: what is missing is missing on that
// instruction's path, not in the shared code.
func (p *Pass) factNode(in *validation.Instruction, a *validation.Account, s validation.Site) ast.Node {
	if s.Node != nil && s.Fn != nil && p.exclusive(s.Fn, in) {
		return s.Node
	}
	if a != nil && a.Field == nil && a.Fn != nil && a.Node != nil && p.exclusive(a.Fn, in) {
		return a.Node
	}
	if a != nil && a.Field != nil && s.Fn == nil {
		return fieldNode(a.Field)
	}
	return in.Node
}

// exclusive reports a function only one instruction's code reaches.
func (p *Pass) exclusive(fn *model.Function, in *validation.Instruction) bool {
	for _, other := range p.Model.Instructions {
		if other != in && other.Facts.Code[fn] {
			return false
		}
	}
	return true
}

// reportAt reports a finding at node n once and returns it, for the caller to adjust (nil when
// n was reported before).
func (p *Pass) reportAt(seen map[ast.Node]bool, n ast.Node, fn *model.Function, conf detect.Confidence, details map[string]string) *detect.Finding {
	if seen[n] {
		return nil
	}
	seen[n] = true
	f := p.ReportRange(n.Pos(), n.End(), fn, details)
	f.Confidence = conf
	return f
}

// lastSegment returns the last segment of a Rust path.
func lastSegment(path string) string {
	if i := strings.LastIndex(path, "::"); i >= 0 {
		return path[i+2:]
	}
	return path
}

// typeOfCall returns T of "path::T::method".
func typeOfCall(path string) string {
	parts := strings.Split(path, "::")
	if len(parts) < 2 {
		return ""
	}
	return parts[len(parts)-2]
}
