package evaluation

import (
	"encoding/csv"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/detect/solidity"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

const corpus = "../../../shared/corpus"

func skipWithoutCorpus(t *testing.T, dir string) string {
	path := filepath.Join(corpus, dir)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("corpus not available: %v", err)
	}
	return path
}

// span is a finding's class, SWC ids, severity and line range.
type span struct {
	id, class  string
	swc        []string
	severity   detect.Severity
	contract   string
	file       string
	start, end int
}

// scanFiles runs every detector on one program made of the given files.
func scanFiles(t *testing.T, root string, paths []string) []span {
	var srcs []sema.SourceFile
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, p)
		srcs = append(srcs, sema.SourceFile{Path: filepath.ToSlash(rel), Src: src})
	}
	prog := sema.Load(srcs, nil)
	res := detect.Run(prog, solidity.All)
	for _, d := range res.Diagnostics {
		t.Errorf("detector failure: %s", d.Msg)
	}
	var out []span
	for _, f := range res.Findings {
		start, end := prog.Fset.Position(f.Pos), prog.Fset.Position(f.End)
		out = append(out, span{id: f.Analyzer.ID, class: f.Analyzer.Class, swc: f.Analyzer.SWC,
			severity: f.EffectiveSeverity(), contract: f.Contract, file: start.Filename, start: start.Line, end: end.Line})
	}
	return out
}

// solidifiClass maps SolidiFI's bug types to Vigil's detector classes.
var solidifiClass = map[string]string{
	"Re-entrancy":          "reentrancy",
	"Timestamp-Dependency": "timestamp",
	"Unchecked-Send":       "arbitrary-send",
	"Unhandled-Exceptions": "unchecked-call",
	"TOD":                  "tod",
	"Overflow-Underflow":   "arithmetic",
	"tx.origin":            "tx-origin",
}

// TestSolidiFIRecall prints, per bug type, how many injected bugs a finding of the matching
// class covers. The target is 95% per type.
func TestSolidiFIRecall(t *testing.T) {
	root := skipWithoutCorpus(t, "solidifi-benchmark/buggy_contracts")
	types := make([]string, 0, len(solidifiClass))
	for k := range solidifiClass {
		types = append(types, k)
	}
	sort.Strings(types)
	for _, typ := range types {
		class := solidifiClass[typ]
		var total, found, findings, other, inRange int
		missed := map[string]int{}
		for n := 1; n <= 50; n++ {
			sol := filepath.Join(root, typ, fmt.Sprintf("buggy_%d.sol", n))
			bugs := readBugLog(t, filepath.Join(root, typ, fmt.Sprintf("BugLog_%d.csv", n)))
			var lines []string
			if typ == "Overflow-Underflow" {
				src, err := os.ReadFile(sol)
				if err != nil {
					t.Fatal(err)
				}
				lines = strings.Split(string(src), "\n")
			}
			spans := scanFiles(t, filepath.Join(root, typ), []string{sol})
			for _, s := range spans {
				if s.class == class {
					findings++
				} else {
					other++
				}
			}
			for _, b := range bugs {
				total++
				hit := false
				for _, s := range spans {
					if s.class == class && s.start <= b[1] && s.end >= b[0] {
						hit = true
						break
					}
				}
				switch {
				case hit:
					found++
				case lines != nil && cannotWrap(lines, b[0], b[1]):
					inRange++
				default:
					missed[fmt.Sprintf("buggy_%d.sol:%d", n, b[0])]++
				}
			}
		}
		recall := 100 * float64(found) / float64(max(total, 1))
		t.Logf("%-22s recall %5.1f%% (%d/%d injected bugs); %d findings of the class, %d of other classes", typ, recall, found, total, findings, other)
		if inRange > 0 {
			// Labelled as bugs, these injections cannot wrap: reporting them would be a false
			// alarm. Recall is measured on the injections that can.
			t.Logf("%-22s %d injections cannot wrap (uint8 v = 0; v = v + p with p a uint8: at most 255); recall on the rest %5.1f%% (%d/%d)",
				"", inRange, 100*float64(found)/float64(max(total-inRange, 1)), found, total-inRange)
		}
		if r := 100 * float64(found) / float64(max(total-inRange, 1)); r < 95 {
			t.Errorf("%s: recall %.1f%% on the injections that can be bugs, below the 95%% target", typ, r)
		}
		if testing.Verbose() && len(missed) > 0 {
			var list []string
			for k := range missed {
				list = append(list, k)
			}
			sort.Strings(list)
			if len(list) > 8 {
				list = list[:8]
			}
			t.Logf("    missed, for example: %s", strings.Join(list, " "))
		}
	}
}

// The parts of SolidiFI's injected uint8 sum (see cannotWrap).
var (
	cannotWrapSum  = regexp.MustCompile(`^\s*(\w+)\s*=\s*(\w+)\s*\+\s*(\w+)\s*;`)
	cannotWrapDecl = regexp.MustCompile(`^\s*uint8\s+(\w+)\s*=\s*0\s*;`)
	cannotWrapFn   = regexp.MustCompile(`function\s+\w+\s*\(\s*uint8\s+(\w+)\s*\)`)
)

// cannotWrap reports whether the injection at lines first..last (1-based) is SolidiFI's
// function taking one uint8 parameter p that sets a uint8 local v to 0 and then computes
// v = v + p: the sum is at most 255, so it cannot overflow although the benchmark labels it
// as a bug.
func cannotWrap(lines []string, first, last int) bool {
	if first < 1 || last > len(lines) {
		return false
	}
	for i := max(first-3, 0); i+2 < last && i+2 < len(lines); i++ { // a few logs start at the sum itself
		f := cannotWrapFn.FindStringSubmatch(lines[i])
		d := cannotWrapDecl.FindStringSubmatch(lines[i+1])
		m := cannotWrapSum.FindStringSubmatch(lines[i+2])
		if f != nil && d != nil && m != nil && m[1] == m[2] && m[1] == d[1] && m[3] == f[1] {
			return true
		}
	}
	return false
}

// readBugLog returns [first, last] line pairs of the injected bugs.
func readBugLog(t *testing.T, path string) [][2]int {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	var out [][2]int
	for _, r := range rows[1:] {
		loc, err1 := strconv.Atoi(r[0])
		n, err2 := strconv.Atoi(r[1])
		if err1 != nil || err2 != nil {
			continue
		}
		out = append(out, [2]int{loc, loc + n - 1})
	}
	return out
}

type swcLabel struct {
	Issues []struct {
		ID        string `yaml:"id"`
		Count     int    `yaml:"count"`
		Locations []struct {
			LineNumbers map[string][]int `yaml:"line_numbers"`
		} `yaml:"locations"`
	} `yaml:"issues"`
}

// TestSWCRegistry prints, per SWC id, labelled locations found and fixed samples (count 0)
// left silent.
func TestSWCRegistry(t *testing.T) {
	root := skipWithoutCorpus(t, "swc-registry/test_cases")
	type tally struct{ pos, posFound, neg, negSilent int }
	byID := map[string]*tally{}
	get := func(id string) *tally {
		if byID[id] == nil {
			byID[id] = &tally{}
		}
		return byID[id]
	}
	dirs := map[string][]string{}
	filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sol") {
			dirs[filepath.Dir(path)] = append(dirs[filepath.Dir(path)], path)
		}
		return nil
	})
	var noisy []string
	for dir, files := range dirs {
		spans := scanFiles(t, dir, files)
		for _, sol := range files {
			data, err := os.ReadFile(strings.TrimSuffix(sol, ".sol") + ".yaml")
			if err != nil {
				continue
			}
			var label swcLabel
			if err := yaml.Unmarshal(data, &label); err != nil {
				t.Errorf("%s: %v", sol, err)
				continue
			}
			base := filepath.Base(sol)
			for _, is := range label.Issues {
				tl := get(is.ID)
				if is.Count == 0 {
					tl.neg++
					silent := true
					for _, s := range spans {
						if s.file == base && hasSWC(s, is.ID) {
							silent = false
							noisy = append(noisy, fmt.Sprintf("%s: %s (%s) on a fixed sample", base, s.id, is.ID))
						}
					}
					if silent {
						tl.negSilent++
					}
					continue
				}
				for _, loc := range is.Locations {
					for file, lines := range loc.LineNumbers {
						tl.pos++
						for _, s := range spans {
							if s.file == file && hasSWC(s, is.ID) && coversAny(s, lines) {
								tl.posFound++
								break
							}
						}
					}
				}
			}
		}
	}
	ids := make([]string, 0, len(byID))
	var pos, posFound, neg, negSilent int
	for id, tl := range byID {
		ids = append(ids, id)
		pos, posFound, neg, negSilent = pos+tl.pos, posFound+tl.posFound, neg+tl.neg, negSilent+tl.negSilent
	}
	sort.Strings(ids)
	for _, id := range ids {
		tl := byID[id]
		t.Logf("%-8s positives found %d/%d, fixed samples silent %d/%d", id, tl.posFound, tl.pos, tl.negSilent, tl.neg)
	}
	t.Logf("SWC total: positives found %d/%d, fixed samples silent %d/%d", posFound, pos, negSilent, neg)
	sort.Strings(noisy)
	for _, n := range noisy {
		t.Logf("    %s", n)
	}
}

func hasSWC(s span, id string) bool {
	for _, x := range s.swc {
		if x == id {
			return true
		}
	}
	return false
}

func coversAny(s span, lines []int) bool {
	for _, l := range lines {
		if s.start <= l && s.end >= l {
			return true
		}
	}
	return false
}

// TestCleanCorpus scans widely used audited code and fails on any critical or high finding;
// it prints the medium ones for review.
func TestCleanCorpus(t *testing.T) {
	root := skipWithoutCorpus(t, "clean")
	for _, project := range []string{"solmate", "v2-core", "v3-core"} {
		dir := filepath.Join(root, project)
		var files []string
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.HasSuffix(path, ".sol") {
				files = append(files, path)
			}
			return nil
		})
		spans := scanFiles(t, dir, files)
		dist := map[detect.Severity]int{}
		for _, s := range spans {
			dist[s.severity]++
			where := fmt.Sprintf("%s/%s:%d", project, s.file, s.start)
			switch s.severity {
			case detect.Critical, detect.High:
				t.Errorf("%s finding on audited code: %s %s", s.severity, s.id, where)
			case detect.Medium:
				t.Logf("medium: %s %s", s.id, where)
			}
		}
		t.Logf("%s: %d files, findings by severity: critical %d, high %d, medium %d, low %d, informational %d, gas %d",
			project, len(files), dist[detect.Critical], dist[detect.High], dist[detect.Medium], dist[detect.Low], dist[detect.Informational], dist[detect.Gas])
	}
}
