package sema

import (
	"strconv"
	"strings"
)

// Version is a compiler version major.minor.patch.
type Version struct{ Major, Minor, Patch int }

func (v Version) String() string {
	return strconv.Itoa(v.Major) + "." + strconv.Itoa(v.Minor) + "." + strconv.Itoa(v.Patch)
}

// Less reports whether v comes before w.
func (v Version) Less(w Version) bool {
	if v.Major != w.Major {
		return v.Major < w.Major
	}
	if v.Minor != w.Minor {
		return v.Minor < w.Minor
	}
	return v.Patch < w.Patch
}

// VersionRange is the range of compiler versions a file accepts, from its pragma. Min is
// inclusive, Max exclusive. A file without a pragma accepts everything.
type VersionRange struct {
	Min, Max Version
	Known    bool // a solidity pragma was found and understood
}

var (
	minVersion = Version{0, 0, 0}
	maxVersion = Version{1, 0, 0}
)

// AnyVersion is the range of a file without a pragma.
var AnyVersion = VersionRange{Min: minVersion, Max: maxVersion}

// MayBeBelow reports whether some accepted version is below v: the rules of older compilers
// (unchecked arithmetic before 0.8, default public visibility before 0.5) may apply.
func (r VersionRange) MayBeBelow(v Version) bool { return r.Min.Less(v) }

// AtLeast reports whether every accepted version is at least v.
func (r VersionRange) AtLeast(v Version) bool { return !r.Min.Less(v) }

// CheckedArithmetic reports whether arithmetic reverts on overflow for every accepted version.
func (r VersionRange) CheckedArithmetic() bool { return r.AtLeast(Version{0, 8, 0}) }

// StaticViewCalls reports whether calls to view and pure functions compile to STATICCALL (and
// the compiler enforces that view functions change nothing): from 0.5.0.
func (r VersionRange) StaticViewCalls() bool { return r.AtLeast(Version{0, 5, 0}) }

// ParsePragma reads the text of `pragma solidity ...` (without the word pragma) and returns the
// accepted range. It understands ^, ~, >=, >, <=, <, =, x wildcards, hyphen ranges and ||
// (taking the union's bounds).
func ParsePragma(text string) (VersionRange, bool) {
	text = strings.TrimSpace(text)
	if !strings.HasPrefix(text, "solidity") {
		return VersionRange{}, false
	}
	text = strings.TrimSpace(strings.TrimPrefix(text, "solidity"))
	var out VersionRange
	first := true
	for _, alt := range strings.Split(text, "||") {
		r, ok := parseConjunction(strings.TrimSpace(alt))
		if !ok {
			return VersionRange{}, false
		}
		if first {
			out, first = r, false
			continue
		}
		if r.Min.Less(out.Min) {
			out.Min = r.Min
		}
		if out.Max.Less(r.Max) {
			out.Max = r.Max
		}
	}
	out.Known = !first
	return out, !first
}

func parseConjunction(s string) (VersionRange, bool) {
	r := VersionRange{Min: minVersion, Max: maxVersion}
	if i := strings.Index(s, " - "); i >= 0 {
		lo, _, ok1 := parseVersion(strings.TrimSpace(s[:i]))
		hi, _, ok2 := parseVersion(strings.TrimSpace(s[i+3:]))
		if !ok1 || !ok2 {
			return r, false
		}
		return VersionRange{Min: lo, Max: Version{hi.Major, hi.Minor, hi.Patch + 1}}, true
	}
	// Join operators written apart from their version (">= 0.8.0").
	fields := strings.Fields(s)
	var parts []string
	for i := 0; i < len(fields); i++ {
		f := fields[i]
		if strings.Trim(f, "^~<>=") == "" && i+1 < len(fields) {
			f += fields[i+1]
			i++
		}
		parts = append(parts, f)
	}
	if len(parts) == 0 {
		return r, false
	}
	for _, p := range parts {
		op := strings.TrimRight(p[:len(p)-len(strings.TrimLeft(p, "^~<>="))], " ")
		v, wild, ok := parseVersion(p[len(op):])
		if !ok {
			return r, false
		}
		lo, hi := v, v
		switch {
		case wild == 1:
			hi = Version{v.Major, v.Minor + 1, 0}
		case wild == 2:
			hi = Version{v.Major + 1, 0, 0}
		case wild == 3:
			hi = maxVersion
		default:
			hi = Version{v.Major, v.Minor, v.Patch + 1}
		}
		switch op {
		case "", "=":
			r = intersect(r, lo, hi)
		case "^":
			up := Version{v.Major + 1, 0, 0}
			if v.Major == 0 {
				up = Version{0, v.Minor + 1, 0}
			}
			r = intersect(r, lo, up)
		case "~":
			r = intersect(r, lo, Version{v.Major, v.Minor + 1, 0})
		case ">=":
			r = intersect(r, lo, maxVersion)
		case ">":
			r = intersect(r, hi, maxVersion)
		case "<=":
			r = intersect(r, minVersion, hi)
		case "<":
			r = intersect(r, minVersion, lo)
		default:
			return r, false
		}
	}
	return r, true
}

func intersect(r VersionRange, lo, hi Version) VersionRange {
	if r.Min.Less(lo) {
		r.Min = lo
	}
	if hi.Less(r.Max) {
		r.Max = hi
	}
	return r
}

// parseVersion reads 0.8.19, 0.8, 0.8.x, 0.8.*; wild is 1 when the patch is a wildcard or
// missing, 2 when the minor is, 3 when everything is.
func parseVersion(s string) (v Version, wild int, ok bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "v")
	parts := strings.Split(s, ".")
	if len(parts) == 0 || len(parts) > 3 {
		return v, 0, false
	}
	nums := []*int{&v.Major, &v.Minor, &v.Patch}
	for i, p := range parts {
		if p == "x" || p == "X" || p == "*" {
			return v, 3 - i, true // patch wild: 1, minor wild: 2, all wild: 3
		}
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return v, 0, false
		}
		*nums[i] = n
	}
	switch len(parts) {
	case 1:
		wild = 2
	case 2:
		wild = 1
	}
	return v, wild, true
}

// exactVersion reads a compiler version as explorers give it: "v0.8.20+commit.a1b79de6",
// "0.8.20", "v0.4.24-nightly.2018.5.16+commit...".
func exactVersion(s string) (Version, bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "v")
	if i := strings.IndexAny(s, "+-"); i >= 0 {
		s = s[:i]
	}
	v, wild, ok := parseVersion(s)
	return v, ok && wild == 0 && s != ""
}
