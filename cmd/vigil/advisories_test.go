package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/rust/advisory/advisorytest"
)

// TestAdvisoriesUpdate refreshes the RustSec snapshot from a checkout whose commit is newer
// than the bundled snapshot, and checks that scans then use it and say so.
func TestAdvisoriesUpdate(t *testing.T) {
	t.Setenv("XDG_CACHE_HOME", t.TempDir())
	fixture := filepath.Join(repoRoot, "scan/rust/testdata/detectors/vulnerable_dependency/native")

	scanned := func() (snapshot map[string]any, ids []string) {
		t.Helper()
		r := vigil(t, "scan", fixture, "--format", "json")
		var out struct {
			Report struct {
				RustSec map[string]any `json:"rustsec_advisories"`
				Groups  []struct {
					Findings []struct {
						Details map[string]string `json:"description_details"`
					} `json:"metric_wise_aggregated_findings"`
				} `json:"multi_file_scan_details"`
			} `json:"scan_report"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &out); err != nil {
			t.Fatalf("scan output: %v\n%s%s", err, r.stdout, r.stderr)
		}
		rep := out.Report
		for _, g := range rep.Groups {
			for _, f := range g.Findings {
				if id := f.Details["advisory_id"]; id != "" {
					ids = append(ids, id)
				}
			}
		}
		return rep.RustSec, ids
	}
	before, ids := scanned()
	if before["date"] != "2026-09-14" || !strings.Contains(strings.Join(ids, " "), "RUSTSEC-2024-0344") {
		t.Fatalf("bundled snapshot: %v, advisories %v", before, ids)
	}

	// A checkout holding one real advisory, committed at a later date than the bundled
	// snapshot's newest advisory.
	dir, _ := advisorytest.GitCheckout(t, time.Date(2031, 1, 2, 0, 0, 0, 0, time.UTC),
		filepath.Join(repoRoot, "scan/rust/advisory/testdata/snapshot-source/crates/ed25519-dalek/RUSTSEC-2022-0093.md"))

	r := vigil(t, "advisories", "update", "--from", dir)
	if r.code != 0 || !strings.Contains(r.stdout, "1 advisories of 2031-01-02") {
		t.Fatalf("update: %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := vigil(t, "advisories"); !strings.Contains(r.stdout, "of 2031-01-02: 1 advisories") {
		t.Errorf("advisories: %s%s", r.stdout, r.stderr)
	}
	after, ids := scanned()
	if after["date"] != "2031-01-02" || strings.Join(ids, " ") != "RUSTSEC-2022-0093" {
		t.Errorf("after update: %v, advisories %v", after, ids)
	}

	if r := vigil(t, "advisories", "update", "--from", filepath.Join(dir, "missing")); r.code != exitUsage || !strings.Contains(r.stderr, "missing") {
		t.Errorf("missing folder: %d %s", r.code, r.stderr)
	}
}
