package detect

import "strings"

// Evidence: a finding's confidence states how it was established, and the finding says why, so
// that a reviewer sees what the analysis relied on (description_details["evidence"]).
//
//   - Proven: the model's facts prove the path on code it resolved (high confidence).
//   - Assumed: the path rests on an assumption about code the model could not read: an
//     unresolved import or base, an external contract (medium).
//   - Guessed: a name or a heuristic decided (low).

// Basis is how a finding was established.
type Basis int

const (
	Proven Basis = iota
	Assumed
	Guessed
)

// Confidence is the confidence a finding established so may claim.
func (b Basis) Confidence() Confidence {
	switch b {
	case Proven:
		return ConfidenceHigh
	case Assumed:
		return ConfidenceMedium
	}
	return ConfidenceLow
}

// Weaker returns the weaker of two bases.
func (b Basis) Weaker(o Basis) Basis { return max(b, o) }

// Evidence is what a detector hands Report about a finding's proof: its basis and the facts,
// one short clause each ("selfdestruct in Bank._boom", "reached through a function pointer",
// "no check of the caller dominates it").
type Evidence struct {
	Basis Basis
	Facts []string
}

// Add appends a fact.
func (e *Evidence) Add(fact string) { e.Facts = append(e.Facts, fact) }

// Assume records an assumption about code the model cannot read: the basis weakens to Assumed.
func (e *Evidence) Assume(fact string) {
	e.Basis = e.Basis.Weaker(Assumed)
	e.Facts = append(e.Facts, fact)
}

// Guess records a heuristic decision: the basis weakens to Guessed.
func (e *Evidence) Guess(fact string) {
	e.Basis = e.Basis.Weaker(Guessed)
	e.Facts = append(e.Facts, fact)
}

// Text renders the facts as one sentence.
func (e *Evidence) Text() string { return strings.Join(e.Facts, "; ") }

// apply sets a finding's confidence from the evidence and writes the facts into its details.
// The confidence is the weakest of what the evidence supports, the template's (the detector's
// calibrated ceiling) and what the detector set on the finding.
func (e *Evidence) apply(f *Finding, template Confidence) {
	if e == nil {
		return
	}
	c := e.Basis.Confidence()
	if confidenceRank(template) > confidenceRank(c) {
		c = template
	}
	if f.Confidence != "" && confidenceRank(f.Confidence) > confidenceRank(c) {
		c = f.Confidence
	}
	f.Confidence = c
	if len(e.Facts) > 0 {
		if f.Details == nil {
			f.Details = map[string]string{}
		}
		f.Details["evidence"] = e.Text()
	}
}

// confidenceRank orders confidences: high 0, medium 1, low 2.
func confidenceRank(c Confidence) int {
	switch c {
	case ConfidenceHigh:
		return 0
	case ConfidenceMedium:
		return 1
	}
	return 2
}
