package detectors

import (
	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/advisory"
	"github.com/vigil-sec/vigil/scan/rust/model"
)

// VulnerableDependency reports locked crate versions that a RustSec
// advisory affects. It needs Config.Advisories (scans get the bundled
// snapshot or a newer one, see advisory.Current) and reports nothing
// without it.
var VulnerableDependency = analyzer(detect.Template{
	ID:         "SOLANA_VULNERABLE_DEPENDENCY",
	Name:       "Dependency with a known vulnerability",
	Severity:   detect.High,
	Confidence: detect.ConfidenceHigh,
	Description: "<p>Cargo.lock pins <code>${package}</code> ${version}, affected by " +
		"<code>${advisory_id}</code>: ${advisory_title}.</p>",
	Remediation: "<p>Update the dependency to a patched version (<code>cargo update -p ${package}</code>, " +
		"raising the requirement in Cargo.toml when needed) and rebuild.</p>",
	DescriptionKeys: []string{"package", "version", "advisory_id", "advisory_title"},
	DetectionLogic:  "Every [[package]] of the crate's Cargo.lock that the crate's normal dependencies reach (not dev-dependencies, optional dependencies the default features leave out, other workspace members' tools, or off-chain networking and RPC client crates that cannot be built for SBF) checked against the RustSec advisories of that crate: neither patched nor unaffected, and not withdrawn. Informational advisories (unmaintained, unsound) are reported as low, at low confidence; vulnerabilities by the band of their CVSS base score (critical from 9, high from 7, medium from 4, low below), medium when the advisory gives no score.",
	CWE:             []string{"CWE-1395"},
	Class:           "dependencies",
},
	// A lock file shared by several crates of a workspace yields one
	// finding per package: Run removes duplicates by file and line.
	func(p *Pass) {
		db, lock := p.Config.Advisories, p.Crate.Lock
		if db == nil || lock == nil {
			return
		}
		// Only what the program is built from: the crate's normal
		// dependencies and theirs, not dev-dependencies or other members'
		// tools that share the workspace lock file, nor the off-chain
		// clients that cannot be built into an SBF program.
		used := lock.ReachableExcept(p.Crate.BuildDependencies(), model.HostOnly)
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
				f := p.ReportLine(lockPath(lock), pkg.Line, details)
				f.Severity, f.Confidence = advisorySeverity(a)
			}
		}
	})

// advisorySeverity rates an advisory. Informational ones (unmaintained, unsound, notices) are
// no known vulnerability: low, at low confidence. Vulnerabilities take the CVSS band of their
// score; RustSec gives many none, and those are medium: a known flaw of unknown weight, to be
// read, not a presumed critical.
func advisorySeverity(a *advisory.Advisory) (detect.Severity, detect.Confidence) {
	if a.Informational != "" {
		return detect.Low, detect.ConfidenceLow
	}
	score, ok := a.Score()
	switch {
	case !ok:
		return detect.Medium, detect.ConfidenceHigh
	case score >= 9:
		return detect.Critical, detect.ConfidenceHigh
	case score >= 7:
		return detect.High, detect.ConfidenceHigh
	case score >= 4:
		return detect.Medium, detect.ConfidenceHigh
	}
	return detect.Low, detect.ConfidenceHigh
}
