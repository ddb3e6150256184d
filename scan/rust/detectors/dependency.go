package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
)

// VulnerableDependency reports locked crate versions that a RustSec
// advisory affects. It needs Config.Advisories (an offline copy of the
// advisory database) and reports nothing without it.
var VulnerableDependency = &Analyzer{
	Template: template(detect.Template{
		ID:         "SOLANA_VULNERABLE_DEPENDENCY",
		Name:       "Dependency with a known vulnerability",
		Severity:   detect.High,
		Confidence: detect.ConfidenceHigh,
		Description: "<p>Cargo.lock pins <code>${package}</code> ${version}, affected by " +
			"<code>${advisory_id}</code>: ${advisory_title}.</p>",
		Remediation: "<p>Update the dependency to a patched version (<code>cargo update -p ${package}</code>, " +
			"raising the requirement in Cargo.toml when needed) and rebuild.</p>",
		DescriptionKeys: []string{"package", "version", "advisory_id", "advisory_title"},
		DetectionLogic:  "Every [[package]] of the crate's Cargo.lock that the crate's normal dependencies reach (not dev-dependencies, not other workspace members' tools) checked against the RustSec advisories of that crate: neither patched nor unaffected, and not withdrawn. Informational advisories (unmaintained, unsound) are reported as low, at low confidence.",
		CWE:             []string{"CWE-1395"},
		Class:           "dependencies",
	}),
	// A lock file shared by several crates of a workspace yields one
	// finding per package: Run removes duplicates by file and line.
	Run: func(p *Pass) {
		db, lock := p.Config.Advisories, p.Crate.Lock
		if db == nil || lock == nil {
			return
		}
		// Only what the program is built from: the crate's normal
		// dependencies and theirs, not dev-dependencies or other members'
		// tools that share the workspace lock file.
		used := lock.Reachable(p.Crate.BuildDependencies())
		for _, pkg := range lock.Packages {
			if !used[pkg.Name+" "+pkg.Version] {
				continue
			}
			advs, err := db.Check(pkg.Name, pkg.Version)
			if err != nil {
				continue
			}
			for _, a := range advs {
				details := map[string]string{
					"package": pkg.Name, "version": pkg.Version, "advisory_id": a.ID, "advisory_title": a.Title,
				}
				p.ReportLine(lockPath(lock), pkg.Line, details)
				if a.Informational != "" {
					// Unmaintained or unsound notices are no known
					// vulnerability: low.
					f := &(*p.findings)[len(*p.findings)-1]
					f.Confidence = detect.ConfidenceLow
					f.Severity = detect.Low
				}
			}
		}
	},
}
