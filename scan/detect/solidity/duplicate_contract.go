package solidity

import (
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// DuplicateContractName reports two different contracts (or libraries) with the same name in
// one project. Build tools that key their artifacts by contract name (Truffle's build folder,
// deployment scripts and verification that name a contract, library linking by name) keep one
// of them: the other is silently shadowed, and the code deployed, linked or verified may not be
// the code that was reviewed.
var DuplicateContractName = &detect.Analyzer{
	Template: detect.Template{
		ID:         "DUPLICATE_CONTRACT_NAME",
		Name:       "Two contracts with the same name",
		Severity:   detect.Low,
		Confidence: detect.ConfidenceHigh,
		Description: `<p>${kind} <code>${contract_name}</code> is declared here and, with different code, in ` +
			`<code>${other_file}</code> (line ${other_line}). Tools that key compilation artifacts by contract name keep ` +
			`only one of them, so a deployment, a library link or a verification that names <code>${contract_name}</code> ` +
			`may use the other one.</p>`,
		Remediation: `<p>Give each contract a unique name (or delete the stale copy), so that every artifact, deployment ` +
			`and link refers to exactly one piece of code.</p>`,
		DescriptionKeys: []string{"kind", "contract_name", "other_file", "other_line"},
		DetectionLogic: "Contracts and libraries (interfaces, which carry no code, excepted) of the project's own files " +
			"(dependencies and test, mock and script files excepted) that share a name while their source text, blanks " +
			"and comments aside, differs; each declaration after the first in the program's file order is reported, " +
			"naming the first.",
		Version:   "1.0.0",
		SWC:       []string{},
		CWE:       []string{"CWE-694"},
		Languages: []string{"solidity"},
		Slither:   "name-reused",
		Class:     "shadowing",
	},
	Run: runDuplicateContractName,
}

func runDuplicateContractName(pass *detect.Pass) {
	c := pass.Contract
	if c == nil || !namedArtifact(c) {
		return
	}
	first := sema.Memo(pass.Program, duplicateNamesKey{}, func() map[*sema.Contract]*sema.Contract {
		return firstDeclarations(pass.Program)
	})[c]
	if first == nil {
		return
	}
	kind := "Contract"
	if c.IsLibrary() {
		kind = "Library"
	}
	pos := pass.Program.Fset.Position(first.Decl.Pos())
	pass.Report(detect.Finding{Pos: c.Decl.Pos(), End: c.Decl.Name.End(), Details: map[string]string{
		"kind": kind, "other_file": first.File.Path, "other_line": strconv.Itoa(pos.Line)}})
}

type duplicateNamesKey struct{}

// firstDeclarations maps each project contract that repeats an earlier one's name, with
// different code, to that earlier contract.
func firstDeclarations(p *sema.Program) map[*sema.Contract]*sema.Contract {
	out := map[*sema.Contract]*sema.Contract{}
	byName := map[string][]*sema.Contract{}
	for _, c := range p.Contracts {
		if namedArtifact(c) {
			byName[c.Name] = append(byName[c.Name], c)
		}
	}
	for _, list := range byName {
		if len(list) < 2 {
			continue
		}
		for _, c := range list[1:] {
			if contractCode(c) != contractCode(list[0]) {
				out[c] = list[0]
			}
		}
	}
	return out
}

// namedArtifact reports whether c is a contract or library of the project's own code: an
// interface compiles to no code, and dependencies, tests and mocks are not deployed as the
// project's artifacts.
func namedArtifact(c *sema.Contract) bool {
	return !c.IsInterface() && !c.File.Dependency && !hygIsTest(c) && !isTestContract(c)
}

// contractCode is the contract's source text without blanks and comments, so that two copies
// of the same code (a vendored file copied twice) compare equal.
func contractCode(c *sema.Contract) string {
	text := c.File.Text(c.Decl)
	var b strings.Builder
	for i := 0; i < len(text); i++ {
		switch {
		case strings.HasPrefix(text[i:], "//"):
			for i < len(text) && text[i] != '\n' {
				i++
			}
		case strings.HasPrefix(text[i:], "/*"):
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				i = len(text)
			} else {
				i += end + 3
			}
		case text[i] == ' ' || text[i] == '\t' || text[i] == '\n' || text[i] == '\r':
		default:
			b.WriteByte(text[i])
		}
	}
	return b.String()
}
