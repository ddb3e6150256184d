package semver

import (
	"fmt"
	"strings"
)

// Req is a version requirement: comparators that must all hold.
type Req struct {
	text  string
	comps []comparator
}

type comparator struct {
	op string // ">=", ">", "<=", "<", "="
	v  Version
}

// ParseReq reads a requirement in Cargo's syntax. A bare version means
// caret ("0.30" is "^0.30"); "*" or "" matches every release.
func ParseReq(s string) (Req, error) {
	r := Req{text: strings.TrimSpace(s)}
	if r.text == "" || r.text == "*" {
		return r, nil
	}
	for _, part := range strings.Split(r.text, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return Req{}, fmt.Errorf("requirement %q: empty comparator", s)
		}
		op := ""
		for _, o := range []string{">=", "<=", ">", "<", "=", "^", "~"} {
			if strings.HasPrefix(part, o) {
				op = o
				part = strings.TrimSpace(part[len(o):])
				break
			}
		}
		v, n, err := parsePartial(part)
		if err != nil {
			return Req{}, fmt.Errorf("requirement %q: %w", s, err)
		}
		cs, err := expand(op, v, n)
		if err != nil {
			return Req{}, fmt.Errorf("requirement %q: %w", s, err)
		}
		r.comps = append(r.comps, cs...)
	}
	return r, nil
}

// expand turns one operator over a partial version into plain bounds,
// following Cargo's rules for caret, tilde and wildcards.
func expand(op string, v Version, n int) ([]comparator, error) {
	upper := func(v Version) Version { return Version{Major: v.Major, Minor: v.Minor, Patch: v.Patch, Pre: "0"} }
	switch op {
	case ">=", ">", "<=", "<":
		if n == 0 {
			return nil, fmt.Errorf("%s needs a version", op)
		}
		if n < 3 && (op == ">" || op == "<=") {
			// ">1.2" means ">=1.3.0"; "<=1.2" means "<1.3.0".
			next := v
			if n == 1 {
				next = Version{Major: v.Major + 1}
			} else {
				next = Version{Major: v.Major, Minor: v.Minor + 1}
			}
			if op == ">" {
				return []comparator{{">=", next}}, nil
			}
			return []comparator{{"<", upper(next)}}, nil
		}
		return []comparator{{op, v}}, nil
	case "=":
		if n == 3 {
			return []comparator{{"=", v}}, nil
		}
		fallthrough
	case "~":
		if n == 0 {
			return nil, nil
		}
		hi := Version{Major: v.Major + 1}
		if n >= 2 {
			hi = Version{Major: v.Major, Minor: v.Minor + 1}
		}
		return []comparator{{">=", v}, {"<", upper(hi)}}, nil
	case "", "^":
		if n == 0 {
			return nil, nil
		}
		var hi Version
		switch {
		case v.Major > 0 || n == 1:
			hi = Version{Major: v.Major + 1}
		case v.Minor > 0 || n == 2:
			hi = Version{Minor: v.Minor + 1}
		default:
			hi = Version{Patch: v.Patch + 1}
		}
		return []comparator{{">=", v}, {"<", upper(hi)}}, nil
	}
	return nil, fmt.Errorf("unknown operator %q", op)
}

// Matches reports whether v satisfies every comparator. As in Cargo, a
// pre-release only matches when a comparator names a pre-release of the
// same major.minor.patch.
func (r Req) Matches(v Version) bool {
	if v.Pre != "" {
		allowed := false
		for _, c := range r.comps {
			if c.v.Pre != "" && c.v.Pre != "0" && c.v.Major == v.Major && c.v.Minor == v.Minor && c.v.Patch == v.Patch {
				allowed = true
			}
		}
		if !allowed {
			return false
		}
	}
	for _, c := range r.comps {
		d := v.Compare(c.v)
		ok := false
		switch c.op {
		case ">=":
			ok = d >= 0
		case ">":
			ok = d > 0
		case "<=":
			ok = d <= 0
		case "<":
			ok = d < 0
		case "=":
			ok = d == 0
		}
		if !ok {
			return false
		}
	}
	return true
}

// String returns the requirement as written.
func (r Req) String() string { return r.text }
