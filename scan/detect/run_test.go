package detect

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

// callFinder reports every call expression: a simple analyzer to exercise the runner.
func callFinder(id, slither string) *Analyzer {
	return &Analyzer{
		Template: Template{ID: id, Name: id, Severity: Medium, Confidence: ConfidenceHigh, Description: "d", Remediation: "r",
			DetectionLogic: "l", Class: "test", Slither: slither},
		Run: func(p *Pass) {
			for _, fn := range p.Functions() {
				if fn.Body == nil {
					continue
				}
				ast.Inspect(fn.Body, func(n ast.Node) bool {
					if c, ok := n.(*ast.CallExpr); ok {
						p.ReportNode(c, fn, nil)
					}
					return true
				})
			}
		},
	}
}

func findingLines(prog *sema.Program, res Result, id string) []int {
	var out []int
	for _, f := range res.Findings {
		if f.Analyzer.ID == id {
			out = append(out, prog.Fset.Position(f.Pos).Line)
		}
	}
	return out
}

func TestSuppressionComments(t *testing.T) {
	src := `pragma solidity ^0.8.0;
contract C {
    function f() public {
        a(); // line 4: reported
        // vigil-disable-next-line CALLS
        b();
        c(); // vigil-disable-line CALLS, OTHER
        // vigil-disable-next-line OTHER
        d(); // line 9: another id was silenced, not this one
        // vigil-disable-start CALLS
        e();
        g();
        // vigil-disable-end CALLS
        h(); // line 14: after the block
        // slither-disable-next-line calls-slither
        i();
        /* vigil-disable-next-line */
        j();
    }
    function a() internal {} function b() internal {} function c() internal {} function d() internal {}
    function e() internal {} function g() internal {} function h() internal {} function i() internal {}
    function j() internal {}
}`
	prog := sema.Load([]sema.SourceFile{{Path: "s.sol", Src: []byte(src)}}, nil)
	res := Run(prog, []*Analyzer{callFinder("CALLS", "calls-slither")})
	got := findingLines(prog, res, "CALLS")
	want := []int{4, 9, 14}
	if len(got) != len(want) {
		t.Fatalf("reported lines %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("reported lines %v, want %v", got, want)
		}
	}
	if res.Suppressed != 6 {
		t.Errorf("suppressed %d, want 6 (lines 6, 7, 11, 12, 16, 18)", res.Suppressed)
	}
	// Comments naming other ids, and Slither comments, do not silence an analyzer that has
	// neither that id nor a Slither equivalent; a comment without ids silences everything.
	res = Run(prog, []*Analyzer{callFinder("NOSLITHER", "")})
	if lines := findingLines(prog, res, "NOSLITHER"); len(lines) != 8 || !contains(lines, 16) || contains(lines, 18) {
		t.Errorf("an analyzer without a Slither equivalent: %v", lines)
	}
}

func contains(list []int, x int) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

// TestPanicBecomesDiagnostic: one analyzer's panic does not stop the others or the scan.
func TestPanicBecomesDiagnostic(t *testing.T) {
	prog := sema.Load([]sema.SourceFile{{Path: "p.sol", Src: []byte("contract A { function f() public { g(); } function g() internal {} }")}}, nil)
	bad := &Analyzer{Template: Template{ID: "BROKEN", Severity: Low, Confidence: ConfidenceLow}, Run: func(p *Pass) {
		if p.Contract != nil {
			var m map[string]int
			m["boom"]++
		}
	}}
	res := Run(prog, []*Analyzer{bad, callFinder("CALLS", "")})
	if len(res.Diagnostics) != 1 || !strings.Contains(res.Diagnostics[0].Msg, "BROKEN failed on contract A") {
		t.Errorf("diagnostics: %+v", res.Diagnostics)
	}
	if len(findingLines(prog, res, "CALLS")) != 1 {
		t.Errorf("the healthy analyzer's findings were lost: %+v", res.Findings)
	}
}

func TestTemplateFillEscapes(t *testing.T) {
	tmpl := Template{Description: "<p>Function <code>${function_name}</code> in ${contract_name}</p>"}
	got := tmpl.Fill(map[string]string{"function_name": "<script>", "contract_name": "A&B"})
	if got != "<p>Function <code>&lt;script&gt;</code> in A&amp;B</p>" {
		t.Errorf("Fill: %s", got)
	}
	if tmpl.Static() != "<p>A function in a contract</p>" {
		t.Errorf("Static: %s", tmpl.Static())
	}
}

// TestTaskBudgetAmongManyTasks: with a task budget, the runners' watchdogs abandon exactly the
// runs past it (each one once, its executor replaced), while the many short runs around them,
// on two workers, all complete: every run is reported to Limits.Done once, each file's last
// once, and the findings are those of a run without budget.
func TestTaskBudgetAmongManyTasks(t *testing.T) {
	var srcs []sema.SourceFile
	for i := range 6 {
		srcs = append(srcs, sema.SourceFile{Path: string(rune('a'+i)) + ".sol",
			Src: []byte("contract C" + string(rune('A'+i)) + " { function f() public { g(); g(); } function g() internal {} }")})
	}
	prog := sema.Load(srcs, nil)
	slow := &Analyzer{Template: Template{ID: "SLOW", Severity: Low, Confidence: ConfidenceLow}, Run: func(p *Pass) {
		if p.Contract != nil && (p.Contract.Name == "CB" || p.Contract.Name == "CE") {
			for !p.Stopped(nil) {
				time.Sleep(time.Millisecond)
			}
		}
	}}
	var analyzers []*Analyzer
	for i := range 20 {
		analyzers = append(analyzers, callFinder("CALLS"+string(rune('A'+i)), ""))
	}
	want := Run(prog, analyzers)
	var mu sync.Mutex
	runs, lasts := 0, map[string]int{}
	res := RunContext(context.Background(), prog, append(analyzers, slow), Limits{Task: 30 * time.Millisecond, Workers: 2,
		Done: func(file string, _ []Finding, last bool) {
			mu.Lock()
			defer mu.Unlock()
			runs++
			if last {
				lasts[file]++
			}
		}})
	if len(res.Findings) != len(want.Findings) || len(res.Findings) != 6*2*20 {
		t.Errorf("%d findings with a budget, %d without", len(res.Findings), len(want.Findings))
	}
	var stopped []string
	for _, d := range res.Diagnostics {
		stopped = append(stopped, d.Contract)
		if d.Analyzer != "SLOW" || !strings.Contains(d.Msg, "ran past its budget") {
			t.Errorf("diagnostic: %+v", d)
		}
	}
	if strings.Join(stopped, ",") != "CB,CE" {
		t.Errorf("abandoned runs on %v, want CB and CE", stopped)
	}
	if total := 21 * (6 + 6); runs != total || len(lasts) != 6 {
		t.Errorf("Done told of %d runs (want %d), last runs %v", runs, total, lasts)
	}
	for f, n := range lasts {
		if n != 1 {
			t.Errorf("%s: last run reported %d times", f, n)
		}
	}
	for i := 0; Abandoned() != 0; i++ {
		if i == 500 {
			t.Fatalf("%d abandoned runs still running", Abandoned())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
