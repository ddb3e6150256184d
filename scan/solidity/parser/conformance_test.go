package parser

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/solidity/token"
)

// corpusDir is the shared test corpus, beside the repository.
const corpusDir = "../../../../shared/corpus"

// solcCase is one test file of the Solidity compiler's own suite.
type solcCase struct {
	path            string
	sources         [][]byte // split on "==== Source: name ====" markers
	wantParserError bool     // the expectations name a ParserError
	experimental    bool     // written in the unreleased experimental dialect
}

var (
	sourceMarker   = regexp.MustCompile(`(?m)^==== Source: .* ====\s*$`)
	externalMarker = regexp.MustCompile(`(?m)^==== ExternalSource: .* ====\s*$`)
)

func loadSolcCases(t testing.TB, dir, ext string) []solcCase {
	root := filepath.Join(corpusDir, "solc-tests", "test", dir)
	if _, err := os.Stat(root); err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	var cases []solcCase
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ext) {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		c := solcCase{path: path}
		// External sources name files kept elsewhere in the suite; the marker line is not Solidity.
		body := externalMarker.ReplaceAll(src, nil)
		if i := bytes.Index(src, []byte("\n// ----")); i >= 0 {
			c.wantParserError = bytes.Contains(src[i:], []byte("ParserError"))
		}
		if sourceMarker.Match(body) {
			for _, part := range sourceMarker.Split(string(body), -1) {
				if strings.TrimSpace(part) != "" {
					c.sources = append(c.sources, []byte(part))
				}
			}
		} else {
			c.sources = [][]byte{body}
		}
		c.experimental = bytes.Contains(src, []byte("pragma experimental solidity"))
		cases = append(cases, c)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

func parseCase(c solcCase, yul bool) ErrorList {
	var all ErrorList
	for _, src := range c.sources {
		fset := token.NewFileSet()
		var errs ErrorList
		if yul {
			_, errs = ParseYul(fset, c.path, src)
		} else {
			_, errs = ParseFile(fset, c.path, src)
		}
		all = append(all, errs...)
	}
	return all
}

// knownRejects lists valid compiler tests that Vigil's parser rejects on purpose, with the
// reason. Keep it short and explained.
var knownRejects = map[string]string{}

// TestSolcConformance parses the compiler's syntax and semantic tests. Every file whose
// expectations name no ParserError must parse without a diagnostic; files that expect a
// ParserError are counted (rejecting them is not required: Vigil accepts some older syntax on
// purpose). Run with -v to see the figures.
func TestSolcConformance(t *testing.T) {
	for _, dir := range []string{"libsolidity/syntaxTests", "libsolidity/semanticTests"} {
		cases := loadSolcCases(t, dir, ".sol")
		var valid, validOK, invalid, rejected, experimental int
		var failures []string
		for _, c := range cases {
			if c.experimental {
				// `pragma experimental solidity` switches the compiler to a research dialect
				// (type classes, forall, instantiation) that no released compiler accepts.
				experimental++
				continue
			}
			errs := parseCase(c, false)
			rel, _ := filepath.Rel(filepath.Join(corpusDir, "solc-tests", "test"), c.path)
			if c.wantParserError {
				invalid++
				if len(errs) > 0 {
					rejected++
				}
				continue
			}
			valid++
			if len(errs) == 0 {
				validOK++
			} else if _, known := knownRejects[rel]; !known {
				failures = append(failures, rel+": "+errs[0].Error())
			}
		}
		sort.Strings(failures)
		t.Logf("%s: %d/%d valid files parse without diagnostics (%.2f%%); %d/%d files expecting a ParserError rejected; %d experimental-dialect files not counted",
			dir, validOK, valid, 100*float64(validOK)/float64(max(valid, 1)), rejected, invalid, experimental)
		for _, f := range failures {
			t.Errorf("valid file rejected: %s", f)
		}
	}
}

// TestYulConformance does the same for the stand-alone Yul syntax tests.
func TestYulConformance(t *testing.T) {
	cases := loadSolcCases(t, "libyul/yulSyntaxTests", ".yul")
	var valid, validOK, invalid, rejected int
	var failures []string
	for _, c := range cases {
		errs := parseCase(c, true)
		if c.wantParserError {
			invalid++
			if len(errs) > 0 {
				rejected++
			}
			continue
		}
		valid++
		if len(errs) == 0 {
			validOK++
		} else {
			failures = append(failures, filepath.Base(c.path)+": "+errs[0].Error())
		}
	}
	t.Logf("yulSyntaxTests: %d/%d valid files parse without diagnostics; %d/%d files expecting a ParserError rejected",
		validOK, valid, rejected, invalid)
	for _, f := range failures {
		t.Errorf("valid Yul file rejected: %s", f)
	}
}

// TestCorpusParsesCleanly parses every .sol file of the labelled and clean corpora.
func TestCorpusParsesCleanly(t *testing.T) {
	for _, dir := range []string{"clean", "swc-registry", "solidifi-benchmark"} {
		root := filepath.Join(corpusDir, dir)
		if _, err := os.Stat(root); err != nil {
			t.Skipf("corpus not available: %v", err)
		}
		n := 0
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sol") {
				return err
			}
			src, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			n++
			if _, errs := ParseFile(token.NewFileSet(), path, src); len(errs) > 0 {
				t.Errorf("%s", errs[0])
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		t.Logf("%s: %d files", dir, n)
	}
}

// TestListAcceptedInvalid lists the files expecting a ParserError that parse cleanly; it is a
// tool for reading, run with -run ListAcceptedInvalid -v.
func TestListAcceptedInvalid(t *testing.T) {
	if !testing.Verbose() {
		t.Skip("only with -v")
	}
	cases := loadSolcCases(t, "libsolidity/syntaxTests", ".sol")
	for _, c := range cases {
		if c.wantParserError && !c.experimental && len(parseCase(c, false)) == 0 {
			src, _ := os.ReadFile(c.path)
			i := bytes.Index(src, []byte("// ParserError"))
			line, _, _ := bytes.Cut(src[i:], []byte("\n"))
			t.Logf("%s: %s", filepath.Base(c.path), line)
		}
	}
}
