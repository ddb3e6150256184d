package model

import (
	"sort"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/scan/rust/ast"
	"github.com/vigil-sec/vigil/scan/rust/parser"
	"github.com/vigil-sec/vigil/scan/rust/token"
)

// Which build a piece of code is in. Cargo builds a crate with its default features unless
// told otherwise, and `anchor build`/`cargo build-sbf` deploy that build; code under
// #[cfg(feature = "test")] is compiled only when a test build asks for the feature. Such code
// is not the deployed program: a time-travel hook compiled for a test suite changes state no
// deployed instruction can. Features that are off by default but may be turned on for the
// build that is deployed (mango's and openbook's enable-gpl, which gates their whole
// instruction set; a logging feature) are not test builds: code under them is analysed as
// part of the program. What tells the two apart is the feature's name (test, testing,
// test-bpf, test-sbf, fuzz, mock, bench): the name decides, and findings that rest on such code
// say so.

// Features is what a crate's manifest says about its cargo features.
type Features struct {
	// Default holds the features the default build enables (the default list and what its
	// features enable in turn).
	Default map[string]bool
	// Declared holds every feature of the [features] table.
	Declared map[string]bool
}

// Features reads the crate's features from its manifest.
func (c *Crate) Features() Features {
	f := Features{Default: map[string]bool{}, Declared: map[string]bool{}}
	if c.Manifest == nil {
		return f
	}
	table := c.Manifest.Features
	for name := range table {
		f.Declared[name] = true
	}
	var enable func(name string, depth int)
	enable = func(name string, depth int) {
		if f.Default[name] || depth > 32 {
			return
		}
		f.Default[name] = true
		for _, sub := range table[name] {
			if !strings.Contains(sub, "/") && !strings.HasPrefix(sub, "dep:") {
				enable(sub, depth+1)
			}
		}
	}
	for _, name := range table["default"] {
		if !strings.Contains(name, "/") && !strings.HasPrefix(name, "dep:") {
			enable(name, 0)
		}
	}
	return f
}

// testWords are the words of a feature name that say it builds the program for its tests.
var testWords = map[string]bool{"test": true, "tests": true, "testing": true, "fuzz": true, "fuzzing": true,
	"mock": true, "mocks": true, "bench": true, "benches": true}

// TestFeature reports a feature whose name says it builds the program for tests (test,
// testing, test-bpf, test-sbf, fuzz, mock, bench).
func TestFeature(name string) bool {
	for _, w := range strings.FieldsFunc(name, func(r rune) bool { return r == '-' || r == '_' }) {
		if testWords[w] {
			return true
		}
	}
	return false
}

// TestOnly returns, for code carrying attrs, the #[cfg] that keeps it out of the default build
// while a test build includes it (`feature = "test"`), or "": code in the default build, code
// under a feature that may be deployed, and code no build includes (#[cfg(test)], which Built
// already leaves out) are not test-only.
func (f Features) TestOnly(fset *token.FileSet, attrs []*ast.Attribute) string {
	for _, a := range attrs {
		if a.Doc || attrName(a) != "cfg" || a.Args == nil {
			continue
		}
		items, err := parser.ParseMeta(fset, a.Args.Tokens)
		if err != nil || len(items) != 1 {
			continue
		}
		if v, known := f.inDefault(items[0]); known && !v {
			if v, known := cfgValue(items[0]); known && !v {
				continue // in no build at all
			}
			return f.gate(items[0])
		}
	}
	return ""
}

// inDefault evaluates a cfg predicate in the default build: a default feature is on, a test
// feature off, any other feature unknown (the deployed build may turn it on).
func (f Features) inDefault(it *ast.MetaItem) (value, known bool) {
	return evalCfg(it, func(key string, it *ast.MetaItem) (bool, bool) {
		if key != "feature" {
			return anyBuild(key, it)
		}
		name := featureName(it)
		switch {
		case f.Default[name]:
			return true, true
		case TestFeature(name):
			return false, true
		}
		return false, false
	})
}

// gate names the test features a predicate needs, for evidence: `feature = "test"`.
func (f Features) gate(it *ast.MetaItem) string {
	var names []string
	var walk func(it *ast.MetaItem)
	walk = func(it *ast.MetaItem) {
		if it.Path != nil && it.Path.String() == "feature" {
			if n := featureName(it); TestFeature(n) && !f.Default[n] {
				names = append(names, strconv.Quote(n))
			}
		}
		for _, sub := range it.List {
			walk(sub)
		}
	}
	walk(it)
	sort.Strings(names)
	if len(names) == 0 {
		return "cfg(test)"
	}
	return "feature = " + strings.Join(names, " or ")
}

func featureName(it *ast.MetaItem) string {
	if lit, ok := it.Value.(*ast.LitExpr); ok {
		if s, err := strconv.Unquote(lit.Value); err == nil {
			return s
		}
		return strings.Trim(lit.Value, `"`)
	}
	return ""
}
