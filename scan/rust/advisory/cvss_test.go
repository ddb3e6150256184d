package advisory

import "testing"

func TestCVSSScore(t *testing.T) {
	for vector, want := range map[string]float64{
		// Scores published with these vectors (NVD / the CVSS 3.1 calculator).
		"CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H": 9.8,
		"CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H": 7.5,
		"CVSS:3.1/AV:L/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H": 6.2,
		"CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:L/I:H/A:N": 8.2,
		"CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:C/C:H/I:H/A:H": 10,
		"CVSS:3.0/AV:N/AC:H/PR:L/UI:R/S:C/C:L/I:L/A:N": 4.4,
		"CVSS:3.1/AV:P/AC:H/PR:H/UI:R/S:U/C:N/I:N/A:N": 0,
	} {
		got, err := cvssScore(vector)
		if err != nil || got != want {
			t.Errorf("%s: %v, %v; want %v", vector, got, err, want)
		}
	}
	// 4.0 vectors are approximated through their 3.1 counterparts: the band must be right.
	if got, _ := cvssScore("CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:N/VI:H/VA:N/SC:N/SI:N/SA:N"); got < 7 || got >= 9 {
		t.Errorf("4.0 integrity-high vector scored %v, want high", got)
	}
	for _, bad := range []string{"CVSS:2.0/AV:N", "CVSS:3.1/AV:X/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H", "CVSS:3.1/AV:N/AC:L", "CVSS:3.1/garbage"} {
		if _, err := cvssScore(bad); err == nil {
			t.Errorf("%s accepted", bad)
		}
	}
}
