package detectors

import (
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/rust/advisory"
)

// TestAdvisorySeverity checks the rating of real advisories of the bundled snapshot.
func TestAdvisorySeverity(t *testing.T) {
	db, err := advisory.Bundled()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		pkg, version, id string
		want             detect.Severity
	}{
		{"borsh", "0.10.3", "RUSTSEC-2023-0033", detect.Low},              // informational: unsound
		{"bincode", "1.3.3", "RUSTSEC-2025-0141", detect.Low},             // informational: unmaintained
		{"curve25519-dalek", "3.2.1", "RUSTSEC-2024-0344", detect.Medium}, // no CVSS
		{"anchor-lang", "1.0.1", "RUSTSEC-2026-0144", detect.High},        // CVSS 3.1, 8.2
		{"smallvec", "1.6.0", "RUSTSEC-2021-0003", detect.Critical},       // CVSS 3.1, 9.8
		{"time", "0.1.45", "RUSTSEC-2020-0071", detect.Medium},            // CVSS 3.1, 6.2
		{"rustls", "0.23.20", "RUSTSEC-2026-0285", detect.Medium},         // CVSS 3.1, 5.3
		{"anchor-lang", "1.0.0-rc.1", "RUSTSEC-2026-0146", detect.High},   // CVSS 4.0, approximated
	} {
		advs, err := db.Check(c.pkg, c.version)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, a := range advs {
			if a.ID != c.id {
				continue
			}
			found = true
			if got, _ := advisorySeverity(a); got != c.want {
				t.Errorf("%s: %s, want %s", c.id, got, c.want)
			}
		}
		if !found {
			t.Errorf("%s %s: %s not matched", c.pkg, c.version, c.id)
		}
	}
}
