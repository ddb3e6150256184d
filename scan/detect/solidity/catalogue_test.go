package solidity

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	rustdetectors "github.com/vigil-sec/vigil/scan/rust/detectors"
)

// The code and the docs name detectors in three ways: an id in backticks (`REENTRANCY_ETH`), an
// id in a suppression comment (vigil-disable-next-line TX_ORIGIN_AUTHENTICATION), and a class
// said to have its own detector ("read-only reentrancy is its own detector"). Each must name a
// detector of the catalogue: a comment that promises a detector nobody wrote misleads the next
// reader into thinking the class is covered.

var (
	idInBackticks = regexp.MustCompile("`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`")
	suppressIDs   = regexp.MustCompile(`vigil-disable(?:-next-line|-line|-start|-end)[ \t]+([A-Z0-9_, \t]+)`)
	ownDetector   = regexp.MustCompile(`(?i)\b((?:[a-z0-9]+[- ]){0,3}[a-z0-9]+) (?:is|has) its own detector`)
)

// catalogueIDs returns the ids of every Solidity and Rust detector.
func catalogueIDs() map[string]bool {
	ids := map[string]bool{}
	for _, a := range All {
		ids[a.ID] = true
	}
	for _, a := range rustdetectors.All {
		ids[a.ID] = true
	}
	return ids
}

// namesDetector reports whether an id-shaped word names a detector, or a family of them (the
// leading words of ids: REENTRANCY for REENTRANCY_ETH).
func namesDetector(ids map[string]bool, word string) bool {
	if ids[word] {
		return true
	}
	for id := range ids {
		if strings.HasPrefix(id, word+"_") {
			return true
		}
	}
	return false
}

// namesClass reports whether every word of a class name is a word of some detector's id or name.
func namesClass(class string) bool {
	words := strings.FieldsFunc(strings.ToLower(class), func(r rune) bool { return r == ' ' || r == '-' })
	for _, a := range All {
		have := strings.ToLower(a.ID + " " + a.Name)
		all := true
		for _, w := range words {
			if !strings.Contains(have, w) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// TestCatalogueNamesExist checks every detector the repository's Go sources and Markdown
// documents name against the catalogue.
func TestCatalogueNamesExist(t *testing.T) {
	ids := catalogueIDs()
	root := filepath.Join("..", "..", "..")
	checked := 0
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == "testdata" || d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, ".md") || strings.HasSuffix(path, "catalogue_test.go") {
			return nil
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		text := string(b)
		rel, _ := filepath.Rel(root, path)
		for _, m := range idInBackticks.FindAllStringSubmatch(text, -1) {
			checked++
			// Environment variables share the shape; they are documented in backticks too.
			if !strings.HasPrefix(m[1], "VIGIL_") && !namesDetector(ids, m[1]) {
				t.Errorf("%s: `%s` names no detector of the catalogue", rel, m[1])
			}
		}
		// Tests define analyzers of their own (CALLS, OTHER) to exercise suppressions.
		for _, m := range suppressIDs.FindAllStringSubmatch(text, -1) {
			if strings.HasSuffix(path, "_test.go") {
				break
			}
			for _, id := range strings.FieldsFunc(m[1], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
				checked++
				if !ids[id] {
					t.Errorf("%s: the suppression example names %s, which is no detector id (a suppression matches ids exactly)", rel, id)
				}
			}
		}
		for _, m := range ownDetector.FindAllStringSubmatch(text, -1) {
			checked++
			if !namesClass(m[1]) {
				t.Errorf("%s: %q is said to have its own detector, but no detector's id or name covers it", rel, m[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no detector names found in the sources: the patterns are broken")
	}
}

// TestCatalogueNamesPatterns makes sure the patterns catch what they are for.
func TestCatalogueNamesPatterns(t *testing.T) {
	ids := catalogueIDs()
	if !namesDetector(ids, "REENTRANCY") || !namesDetector(ids, "REENTRANCY_ETH") || namesDetector(ids, "REENTRANCY_READ_ONLY_VIEW") {
		t.Error("namesDetector: families and ids should match, unknown ids not")
	}
	if !namesClass("read-only reentrancy") || namesClass("flash-loan oracle sandwich") {
		t.Error("namesClass should find read-only reentrancy and not an invented class")
	}
	m := ownDetector.FindStringSubmatch("// read-only reentrancy is its own detector; here, skip views.")
	if m == nil || m[1] != "read-only reentrancy" {
		t.Errorf("ownDetector: got %q", m)
	}
	s := suppressIDs.FindStringSubmatch("//	// vigil-disable-next-line REENTRANCY_ETH, TX_ORIGIN_AUTHENTICATION")
	if s == nil || !strings.Contains(s[1], "TX_ORIGIN_AUTHENTICATION") {
		t.Errorf("suppressIDs: got %q", s)
	}
}
