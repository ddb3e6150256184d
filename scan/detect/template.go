package detect

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// Severity of a finding, as the spec names them.
type Severity string

const (
	Critical      Severity = "critical"
	High          Severity = "high"
	Medium        Severity = "medium"
	Low           Severity = "low"
	Informational Severity = "informational"
	Gas           Severity = "gas"
)

// Rank orders severities: critical 0 ... gas 5.
func (s Severity) Rank() int {
	switch s {
	case Critical:
		return 0
	case High:
		return 1
	case Medium:
		return 2
	case Low:
		return 3
	case Informational:
		return 4
	case Gas:
		return 5
	}
	return 6
}

// ParseSeverity reads a severity name.
func ParseSeverity(s string) (Severity, error) {
	sev := Severity(strings.ToLower(strings.TrimSpace(s)))
	if sev.Rank() > 5 {
		return "", fmt.Errorf("unknown severity %q (valid: critical, high, medium, low, informational, gas)", s)
	}
	return sev, nil
}

// Confidence says how sure a detector is that a finding is real.
type Confidence string

const (
	ConfidenceHigh   Confidence = "high"
	ConfidenceMedium Confidence = "medium"
	ConfidenceLow    Confidence = "low"
)

// Percent renders the confidence as the numeric text of the spec's issue_confidence: the
// share of findings of this kind that are expected to be real (90, 60, 30).
func (c Confidence) Percent() string {
	switch c {
	case ConfidenceHigh:
		return "90"
	case ConfidenceMedium:
		return "60"
	}
	return "30"
}

// Template is the catalogue entry of a detector (SPEC.md 2.3).
type Template struct {
	ID          string // upper case with underscores
	Name        string
	Severity    Severity
	Confidence  Confidence
	Description string // HTML; ${key} placeholders are filled from a finding's details
	// StaticDescription is the description without placeholders; derived when empty.
	StaticDescription string
	Remediation       string // HTML
	DescriptionKeys   []string
	DetectionLogic    string
	Version           string
	SWC               []string // SWC-107, ...
	CWE               []string // CWE-841, ...
	Languages         []string // solidity, rust
	Slither           string   // the equivalent Slither check, for its suppression comments
	// Class groups detectors by the weakness they look for (reentrancy, access-control, ...):
	// evaluations match labelled bugs to findings by class.
	Class string
}

var placeholder = regexp.MustCompile(`\$\{([a-zA-Z_][a-zA-Z0-9_]*)\}`)

// Fill replaces ${key} placeholders in the description with details (HTML-escaped).
func (t *Template) Fill(details map[string]string) string {
	return placeholder.ReplaceAllStringFunc(t.Description, func(m string) string {
		key := m[2 : len(m)-1]
		if v, ok := details[key]; ok {
			return htmlEscape(v)
		}
		return m
	})
}

// Static returns the description without placeholders (see staticText).
func (t *Template) Static() string {
	if t.StaticDescription != "" {
		return t.StaticDescription
	}
	return staticTextOnce(t.Description)
}

// staticTexts memoises staticText: every report, SARIF rule and API response shows the static
// text of each reported template, and the regular expressions cost more than the scan of a
// small file. Keys are catalogue texts, so the map stays as small as the catalogue.
var staticTexts sync.Map // text -> static text

func staticTextOnce(text string) string {
	if s, ok := staticTexts.Load(text); ok {
		return s.(string)
	}
	s := staticText(text)
	staticTexts.Store(text, s)
	return s
}

var htmlEscaper = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")

func htmlEscape(s string) string { return htmlEscaper.Replace(s) }

// StaticRemediation returns the remediation without placeholders: it is shown once per
// detector, not per finding.
func (t *Template) StaticRemediation() string { return staticTextOnce(t.Remediation) }

// Check reports what is wrong with a template, for the registry's test.
func (t *Template) Check() error {
	var problems []string
	if !regexp.MustCompile(`^[A-Z][A-Z0-9_]*$`).MatchString(t.ID) {
		problems = append(problems, "id must be upper case with underscores")
	}
	if t.Name == "" || t.Description == "" || t.Remediation == "" || t.DetectionLogic == "" {
		problems = append(problems, "name, description, remediation and detection logic are required")
	}
	if t.Severity.Rank() > 5 {
		problems = append(problems, "unknown severity "+string(t.Severity))
	}
	switch t.Confidence {
	case ConfidenceHigh, ConfidenceMedium, ConfidenceLow:
	default:
		problems = append(problems, "unknown confidence "+string(t.Confidence))
	}
	keys := map[string]bool{}
	for _, k := range t.DescriptionKeys {
		keys[k] = true
	}
	for _, m := range placeholder.FindAllStringSubmatch(t.Description, -1) {
		if !keys[m[1]] {
			problems = append(problems, "placeholder ${"+m[1]+"} not in description keys")
		}
	}
	if t.Class == "" {
		problems = append(problems, "class is required")
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s: %s", t.ID, strings.Join(problems, "; "))
	}
	return nil
}
