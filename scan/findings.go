package scan

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/detect"
)

// record is one finding in a language-neutral form: what the report, the fingerprint and the
// score need.
type record struct {
	tmpl       *detect.Template
	severity   detect.Severity // empty: the template's
	confidence detect.Confidence
	file       string
	line, end  int
	column     int
	endColumn  int // just after the last byte, 0 when unknown
	contract   string
	function   string
	code       string // the finding's source text, whitespace normalised
	details    map[string]string
	dependency bool
	exposed    bool // in dependency code a project contract exposes (surface.go)
}

func (r record) effectiveSeverity() detect.Severity {
	if r.severity != "" {
		return r.severity
	}
	return r.tmpl.Severity
}

// groupRecords builds the finding groups of the report, most severe first.
func groupRecords(records []record, opts Options) []*report.Group {
	prefix := opts.BugPrefix
	if prefix == "" {
		prefix = "VG"
	}
	byID := map[string]*report.Group{}
	var order []*report.Group
	hashes := fingerprinter{seen: map[string]int{}}
	anchors := fingerprinter{seen: map[string]int{}}
	slices.SortStableFunc(records, func(a, b record) int {
		return cmp.Or(
			cmp.Compare(a.effectiveSeverity().Rank(), b.effectiveSeverity().Rank()),
			strings.Compare(a.tmpl.ID, b.tmpl.ID),
			strings.Compare(a.file, b.file),
			cmp.Compare(a.line, b.line),
			cmp.Compare(a.column, b.column),
		)
	})
	// The findings, their locations and line lists are made in one piece each instead of a few
	// allocations per finding.
	recs := make([]report.Finding, len(records))
	locs := make([]report.Location, len(records))
	locPtrs := make([]*report.Location, len(records))
	lineNos := make([]int, 2*len(records))
	for n, r := range records {
		g := byID[r.tmpl.ID]
		if g == nil {
			g = &report.Group{IssueID: r.tmpl.ID, TemplateDetails: TemplateOf(r.tmpl)}
			byID[r.tmpl.ID] = g
			order = append(order, g)
		}
		details := r.details
		if details == nil {
			details = map[string]string{}
		}
		lineNos[2*n], lineNos[2*n+1] = r.line, r.end
		locs[n] = report.Location{
			FilePath:     r.file,
			LineNosStart: lineNos[2*n : 2*n+1 : 2*n+1],
			LineNosEnd:   lineNos[2*n+1 : 2*n+2 : 2*n+2],
			Column:       r.column,
			EndColumn:    r.endColumn,
		}
		locPtrs[n] = &locs[n]
		rec := &recs[n]
		*rec = report.Finding{
			BugHash:            hashes.hash(r),
			BugID:              prefix + "_" + strconv.FormatInt(opts.ProjectSequence, 10) + "_" + strconv.Itoa(n+1),
			BugStatus:          report.BugPendingFix,
			Comment:            "",
			DescriptionDetails: details,
			ScanID:             opts.ScanID,
			Findings:           locPtrs[n : n+1 : n+1],
			Dependency:         r.dependency,
			Anchor:             anchors.anchor(r),
		}
		// Every finding says how severe and how sure it is, so that gates and readers need not
		// look the template up (and see where a detector lowered its confidence).
		rec.Severity = string(r.effectiveSeverity())
		rec.Confidence = string(r.confidence)
		if r.confidence == "" {
			rec.Confidence = string(r.tmpl.Confidence)
		}
		g.MetricWiseAggregatedFindings = append(g.MetricWiseAggregatedFindings, rec)
		g.NoOfFindings++
	}
	return order
}

// catalogueDate is the creation date of the detector catalogue's current version, for the
// templates' bookkeeping fields.
const catalogueDate = "2026-11-22T00:00:00.000000"

// TemplateOf renders a detector's template as SPEC 2.3 shows it.
func TemplateOf(a *detect.Template) *report.Template {
	keys := a.DescriptionKeys
	if keys == nil {
		keys = []string{}
	}
	langs := a.Languages
	if langs == nil {
		langs = []string{"solidity"}
	}
	return &report.Template{
		IssueID:                a.ID,
		IssueName:              a.Name,
		IssueSeverity:          string(a.Severity),
		IssueConfidence:        a.Confidence.Percent(),
		IssueDescription:       a.Description,
		StaticIssueDescription: a.Static(),
		IssueRemediation:       a.StaticRemediation(),
		DescriptionKeys:        keys,
		IssueStatus:            "true",
		MultiFileSupported:     "true",
		IsProductionDisabled:   false,
		DetectionLogic:         a.DetectionLogic,
		Version:                a.Version,
		SWC:                    a.SWC,
		CWE:                    a.CWE,
		Languages:              langs,
		ID:                     strings.ToLower(a.ID),
		Created:                catalogueDate,
		Updated:                catalogueDate,
		Links:                  report.Links{Self: report.LinkRef{Title: a.Name, Href: "/detectors/" + a.ID}},
	}
}
