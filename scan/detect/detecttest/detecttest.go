// Package detecttest checks detectors against fixture files, as golang.org/x/tools' analysistest
// does: every line that must be reported carries a comment `// want "ISSUE_ID"` (several ids may
// follow), and every finding must be wanted. Lines without a want comment are the negative
// fixtures: a finding there fails the test.
package detecttest

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
	"github.com/vigil-sec/vigil/scan/source"
)

var wantRe = regexp.MustCompile(`//\s*want((?:\s+"[A-Z0-9_]+")+)`)
var idRe = regexp.MustCompile(`"([A-Z0-9_]+)"`)

// Result lets a test look at the findings after the check.
type Result struct {
	Program  *sema.Program
	Findings []detect.Finding
}

// Run loads every .sol file under dir (one program per subfolder-free folder) and checks the
// findings of the analyzers against the want comments. Only the ids of the given analyzers are
// checked, so fixtures of one detector may mention others.
func Run(t *testing.T, dir string, analyzers ...*detect.Analyzer) Result {
	t.Helper()
	var srcs []sema.SourceFile
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".sol") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, path)
		srcs = append(srcs, sema.SourceFile{Path: filepath.ToSlash(rel), Src: src})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(srcs) == 0 {
		t.Fatalf("no fixtures in %s", dir)
	}
	prog := sema.Load(srcs, nil)
	for _, d := range prog.Diagnostics {
		if strings.HasPrefix(d.Msg, "syntax error") {
			t.Errorf("fixture does not parse: %s", d)
		}
	}
	ids := map[string]bool{}
	for _, a := range analyzers {
		ids[a.ID] = true
	}
	res := detect.Run(prog, analyzers)
	for _, d := range res.Diagnostics {
		t.Errorf("detector diagnostic: %s", d.Msg)
	}

	type key struct {
		file string
		line int
		id   string
	}
	want := map[key]bool{}
	for _, f := range prog.Files {
		for i, line := range source.SplitLines(string(f.Src)) {
			m := wantRe.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			for _, id := range idRe.FindAllStringSubmatch(m[1], -1) {
				if ids[id[1]] {
					want[key{f.Path, i + 1, id[1]}] = true
				}
			}
		}
	}
	got := map[key]bool{}
	var unexpected []string
	for _, f := range res.Findings {
		pos := prog.Fset.Position(f.Pos)
		k := key{pos.Filename, pos.Line, f.Analyzer.ID}
		got[k] = true
		if !want[k] {
			unexpected = append(unexpected, pos.String()+": unexpected "+f.Analyzer.ID)
		}
	}
	var missing []string
	for k := range want {
		if !got[k] {
			missing = append(missing, k.file+":"+itoa(k.line)+": missing "+k.id)
		}
	}
	sort.Strings(unexpected)
	sort.Strings(missing)
	for _, s := range unexpected {
		t.Error(s)
	}
	for _, s := range missing {
		t.Error(s)
	}
	return Result{Program: prog, Findings: res.Findings}
}

func itoa(n int) string { return strconv.Itoa(n) }
