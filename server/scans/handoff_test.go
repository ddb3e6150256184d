package scans

import (
	"fmt"
	"reflect"
	"slices"
	"testing"

	"github.com/vigil-sec/vigil/report"
)

// A report taken leaves the eviction order too: the reports still waiting are evicted only
// past maxFinishedReports of them, the oldest first.
func TestFinishedReportsEvictOnlyPastTheLimit(t *testing.T) {
	var f finishedReports
	id := func(i int) string { return fmt.Sprintf("scan%d", i) }
	for i := range maxFinishedReports {
		f.put(id(i), finishedReport{})
	}
	for i := 1; i <= 3; i++ { // three requests take theirs
		if _, ok := f.take(id(i)); !ok {
			t.Fatalf("%s was not kept", id(i))
		}
	}
	for i := maxFinishedReports; i < maxFinishedReports+3; i++ { // three more finish: the limit again
		f.put(id(i), finishedReport{})
	}
	if _, ok := f.take(id(0)); !ok {
		t.Fatalf("%s was evicted while only %d reports waited", id(0), maxFinishedReports)
	}
	f.put(id(0), finishedReport{})                    // back to the limit
	f.put(id(maxFinishedReports+3), finishedReport{}) // one past it: the oldest goes
	if _, ok := f.take(id(4)); ok {
		t.Errorf("%s, the oldest, was kept past the limit", id(4))
	}
	for _, i := range []int{0, 5, maxFinishedReports + 3} {
		if _, ok := f.take(id(i)); !ok {
			t.Errorf("%s was evicted", id(i))
		}
	}
}

// sameAsStored compares groups and findings field by field: a field added to either must be
// added to it (and to this list), else a change overlay made to it could go unseen and the
// stored bytes be answered.
func TestSameAsStoredListsEveryField(t *testing.T) {
	fields := func(v any) []string {
		var out []string
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			out = append(out, rt.Field(i).Name)
		}
		return out
	}
	want := map[string][]string{
		"Group": {"IssueID", "NoOfFindings", "MetricWiseAggregatedFindings", "TemplateDetails"},
		// Anchor is not stored (json:"-"), so not compared.
		"Finding": {"BugHash", "BugID", "BugStatus", "Comment", "DescriptionDetails", "Findings", "ScanID", "Severity", "Confidence", "Dependency", "Anchor"},
	}
	for name, got := range map[string][]string{"Group": fields(report.Group{}), "Finding": fields(report.Finding{})} {
		if !slices.Equal(got, want[name]) {
			t.Errorf("report.%s has fields %v; sameAsStored compares %v", name, got, want[name])
		}
	}
	// And it agrees with reflect.DeepEqual where that matters: any change overlay can make.
	base := func() *report.ScanReport {
		return &report.ScanReport{ScanID: "s", MultiFileScanDetails: []*report.Group{{IssueID: "X", NoOfFindings: 1,
			MetricWiseAggregatedFindings: []*report.Finding{{BugHash: "h", BugID: "VG_1_1", BugStatus: "pending_fix", DescriptionDetails: map[string]string{"a": "b"}}}}}}
	}
	stored := base()
	changes := map[string]func(r *report.ScanReport){
		"nothing":    func(*report.ScanReport) {},
		"header":     func(r *report.ScanReport) { r.ProjectName = "renamed" },
		"skip paths": func(r *report.ScanReport) { r.SkipFilePaths = []string{"x"} },
		"bug id":     func(r *report.ScanReport) { r.MultiFileScanDetails[0].MetricWiseAggregatedFindings[0].BugID = "VG_1_2" },
		"bug status": func(r *report.ScanReport) {
			r.MultiFileScanDetails[0].MetricWiseAggregatedFindings[0].BugStatus = "wont_fix"
		},
		"comment":   func(r *report.ScanReport) { r.MultiFileScanDetails[0].MetricWiseAggregatedFindings[0].Comment = "ok" },
		"count":     func(r *report.ScanReport) { r.MultiFileScanDetails[0].NoOfFindings = 2 },
		"no groups": func(r *report.ScanReport) { r.MultiFileScanDetails = []*report.Group{} },
	}
	for name, change := range changes {
		rep := copyFindings(stored)
		change(rep)
		if got, want := sameAsStored(rep, stored), reflect.DeepEqual(rep, stored); got != want {
			t.Errorf("%s: sameAsStored %v, reflect.DeepEqual %v", name, got, want)
		}
	}
}
