package advisory

import (
	"fmt"
	"math"
	"strings"
)

// Score returns the advisory's CVSS base score, and false when it has no vector or one this
// cannot read. CVSS 3.0 and 3.1 vectors are scored with the 3.1 specification's formula.
// CVSS 4.0 scores come from a table of macro-vectors this package does not carry; a 4.0
// vector is scored instead by reading its base metrics as their 3.1 counterparts (AT:P as
// AC:H, UI:P or UI:A as UI:R, an impact on subsequent systems as a changed scope) and
// applying the 3.1 formula: an approximation, good for the severity band, which is all the
// report uses.
func (a *Advisory) Score() (float64, bool) {
	if a.CVSS == "" {
		return 0, false
	}
	s, err := cvssScore(a.CVSS)
	return s, err == nil
}

func cvssScore(vector string) (float64, error) {
	parts := strings.Split(vector, "/")
	m := map[string]string{}
	for _, p := range parts[1:] {
		k, v, ok := strings.Cut(p, ":")
		if !ok {
			return 0, fmt.Errorf("cvss %q: metric %q", vector, p)
		}
		m[k] = v
	}
	switch parts[0] {
	case "CVSS:3.0", "CVSS:3.1":
	case "CVSS:4.0":
		m = v4As3(m)
	default:
		return 0, fmt.Errorf("cvss %q: unknown version", vector)
	}
	return cvss3(m)
}

// v4As3 maps CVSS 4.0 base metrics to their closest 3.1 counterparts.
func v4As3(m map[string]string) map[string]string {
	worst := func(a, b string) string {
		rank := map[string]int{"N": 0, "L": 1, "H": 2}
		if rank[b] > rank[a] {
			return b
		}
		return a
	}
	out := map[string]string{"AV": m["AV"], "AC": m["AC"], "PR": m["PR"], "UI": "N", "S": "U",
		"C": m["VC"], "I": m["VI"], "A": m["VA"]}
	if m["AT"] == "P" {
		out["AC"] = "H"
	}
	if u := m["UI"]; u == "P" || u == "A" {
		out["UI"] = "R"
	}
	if m["SC"] != "N" || m["SI"] != "N" || m["SA"] != "N" {
		out["S"] = "C"
		out["C"], out["I"], out["A"] = worst(out["C"], m["SC"]), worst(out["I"], m["SI"]), worst(out["A"], m["SA"])
	}
	return out
}

// cvss3 is the CVSS 3.1 base score (specification section 7.1).
func cvss3(m map[string]string) (float64, error) {
	changed := m["S"] == "C"
	weights := map[string]map[string]float64{
		"AV": {"N": 0.85, "A": 0.62, "L": 0.55, "P": 0.2},
		"AC": {"L": 0.77, "H": 0.44},
		"PR": {"N": 0.85, "L": 0.62, "H": 0.27},
		"UI": {"N": 0.85, "R": 0.62},
		"C":  {"H": 0.56, "L": 0.22, "N": 0},
		"I":  {"H": 0.56, "L": 0.22, "N": 0},
		"A":  {"H": 0.56, "L": 0.22, "N": 0},
	}
	if changed {
		weights["PR"] = map[string]float64{"N": 0.85, "L": 0.68, "H": 0.5}
	}
	w := map[string]float64{}
	for k, table := range weights {
		v, ok := table[m[k]]
		if !ok {
			return 0, fmt.Errorf("cvss: metric %s:%s", k, m[k])
		}
		w[k] = v
	}
	if s := m["S"]; s != "U" && s != "C" {
		return 0, fmt.Errorf("cvss: metric S:%s", s)
	}
	iss := 1 - (1-w["C"])*(1-w["I"])*(1-w["A"])
	impact := 6.42 * iss
	if changed {
		impact = 7.52*(iss-0.029) - 3.25*math.Pow(iss-0.02, 15)
	}
	exploit := 8.22 * w["AV"] * w["AC"] * w["PR"] * w["UI"]
	if impact <= 0 {
		return 0, nil
	}
	if changed {
		return roundUp(math.Min(1.08*(impact+exploit), 10)), nil
	}
	return roundUp(math.Min(impact+exploit, 10)), nil
}

// roundUp is the specification's Roundup: the smallest number with one decimal at or above x,
// computed on integers to avoid floating-point surprises.
func roundUp(x float64) float64 {
	i := int64(math.Round(x * 100000))
	if i%10000 == 0 {
		return float64(i) / 100000
	}
	return float64(i/10000+1) / 10
}
