package ecosystem

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestCompareAndMerge(t *testing.T) {
	listed := &List{Findings: []Entry{
		{Project: "p", Detector: "A", Severity: "high", Key: "k1", Verdict: ToFix, Reason: "noise"},
		{Project: "p", Detector: "B", Severity: "medium", Key: "k2", Verdict: RealBug, Reason: "bug"},
		{Project: "p", Detector: "C", Severity: "medium", Key: "k3", Verdict: Unreviewed},
		{Project: "p", Detector: "D", Severity: "medium", Key: "k5", Verdict: "maybe", Reason: "?"},
	}}
	found := []Entry{
		{Project: "p", Detector: "A", Severity: "medium", Key: "k1", Verdict: Unreviewed}, // severity changed
		{Project: "p", Detector: "C", Severity: "medium", Key: "k3", Verdict: Unreviewed},
		{Project: "p", Detector: "D", Severity: "medium", Key: "k5", Verdict: Unreviewed},
		{Project: "p", Detector: "E", Severity: "critical", Key: "k4", Verdict: Unreviewed}, // new
	}
	d := Compare(listed, found)
	if len(d.Unlisted) != 1 || d.Unlisted[0].Key != "k4" {
		t.Errorf("unlisted = %v, want k4", d.Unlisted)
	}
	if len(d.Stale) != 1 || d.Stale[0].Key != "k2" {
		t.Errorf("stale = %v, want k2", d.Stale)
	}
	if len(d.Changed) != 1 || d.Changed[0][0].Key != "k1" {
		t.Errorf("changed = %v, want k1", d.Changed)
	}
	if len(d.Unreviewed) != 1 || len(d.Invalid) != 1 {
		t.Errorf("unreviewed %v, invalid %v: want k3 and k5", d.Unreviewed, d.Invalid)
	}
	if d.Empty() || !strings.Contains(d.String(), "+ findings without an entry") {
		t.Errorf("diff:\n%s", d)
	}

	merged := Merge(listed, found)
	path := filepath.Join(t.TempDir(), "list.yaml")
	if err := merged.Write(path); err != nil {
		t.Fatal(err)
	}
	back, err := Load(path)
	if err != nil {
		t.Fatal(err)
	}
	byKey := map[string]Entry{}
	for _, e := range back.Findings {
		byKey[e.Key] = e
	}
	if len(back.Findings) != 4 || byKey["k1"].Verdict != ToFix || byKey["k1"].Severity != "medium" ||
		byKey["k4"].Verdict != Unreviewed || back.Findings[0].Key != "k4" {
		t.Errorf("merged list = %+v", back.Findings)
	}
	if d := Compare(back, found); len(d.Unlisted)+len(d.Stale)+len(d.Changed) != 0 {
		t.Errorf("merged list still differs:\n%s", d)
	}
}
