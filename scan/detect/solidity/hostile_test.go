package solidity

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/scan/detect"
	"github.com/vigil-sec/vigil/scan/solidity/hostile"
	"github.com/vigil-sec/vigil/scan/solidity/sema"
)

var hostileSize = flag.Int("hostile.size", 0, "BenchmarkHostile: size of every class (0: each class's full size)")
var hostileWrite = flag.String("hostile.write", "", "TestHostile: also write each class at full size into this folder")

func scanHostile(name string, src []byte) (*sema.Program, detect.Result) {
	prog := sema.Load([]sema.SourceFile{{Path: name + ".sol", Src: src}}, nil)
	return prog, detect.Run(prog, All)
}

// TestHostile scans every hostile class at its test size under a time budget per detector task
// (detect.Limits.Task, far above what the class needs once linear): the scan must complete and
// no detector task may be abandoned, which a super-linear trap would make happen; and at this
// size no function may go past sema's default analysis budget.
func TestHostile(t *testing.T) {
	for _, c := range hostile.Classes {
		t.Run(c.Name, func(t *testing.T) {
			prog := sema.Load([]sema.SourceFile{{Path: c.Name + ".sol", Src: c.Gen(c.Test)}}, nil)
			res := detect.RunContext(context.Background(), prog, All, detect.Limits{Task: 2 * time.Minute})
			for _, d := range res.Diagnostics {
				t.Errorf("%s", d.Msg)
			}
			for _, d := range prog.Diagnostics {
				if d.Budget != "" {
					t.Errorf("past the default budget at test size: %s", d)
				}
			}
			if prog.Incomplete() {
				t.Errorf("Incomplete at test size")
			}
		})
	}
}

// TestHostileBudget loads the classes with a small analysis budget: each function or contract
// past it is named in a diagnostic (file, contract, function, budget), the program says the
// scan is incomplete, and the detectors' passes leave the code out.
func TestHostileBudget(t *testing.T) {
	small := sema.Budget{CFGNodes: 500, CallGraph: 20, Inheritance: 50}
	want := map[string]string{"straight": sema.BudgetCFGNodes, "unchecked": sema.BudgetCFGNodes,
		"callclique": sema.BudgetCallGraph, "inheritance": sema.BudgetInheritance}
	for _, c := range hostile.Classes {
		t.Run(c.Name, func(t *testing.T) {
			file := c.Name + ".sol"
			prog := sema.LoadBudget([]sema.SourceFile{{Path: file, Src: c.Gen(c.Test)}}, nil, small)
			hit := map[string]bool{}
			for _, d := range prog.Diagnostics {
				if d.Budget == "" {
					continue
				}
				hit[d.Budget] = true
				if d.Pos.Filename != file || d.Contract == "" || !strings.Contains(d.Msg, d.Contract) || !strings.Contains(d.Msg, d.Budget) {
					t.Errorf("diagnostic does not name file, contract and budget: %s", d)
				}
				if d.Function != "" && !strings.Contains(d.Msg, d.Function) {
					t.Errorf("diagnostic does not name the function: %s", d)
				}
			}
			if b, ok := want[c.Name]; ok && !hit[b] {
				t.Errorf("no %q budget diagnostic", b)
			}
			if prog.Incomplete() != (len(hit) > 0) {
				t.Errorf("Incomplete() = %v with budget diagnostics %v", prog.Incomplete(), hit)
			}
			for _, ct := range prog.Contracts {
				pass := &detect.Pass{Program: prog, Contract: ct, File: ct.File}
				for _, fn := range pass.Functions() {
					if info := prog.Info(fn); info != nil && info.OverBudget != "" || ct.OverBudget != "" {
						t.Fatalf("pass covers %s.%s, past its budget", ct.Name, fn.Name)
					}
				}
			}
			detect.RunContext(context.Background(), prog, All, detect.Limits{Task: 2 * time.Minute})
		})
	}
}

// BenchmarkHostile prints what each hostile class costs at full size:
//
//	go test ./scan/detect/solidity/ -run '^$' -bench Hostile -benchtime 1x -benchmem
func BenchmarkHostile(b *testing.B) {
	for _, c := range hostile.Classes {
		b.Run(c.Name, func(b *testing.B) {
			n := c.Full
			if *hostileSize > 0 {
				n = *hostileSize
			}
			src := c.Gen(n)
			b.SetBytes(int64(len(src)))
			for i := 0; i < b.N; i++ {
				scanHostile(c.Name, src)
			}
		})
	}
}

func TestHostileWrite(t *testing.T) {
	if *hostileWrite == "" {
		t.Skip("no -hostile.write folder")
	}
	for _, c := range hostile.Classes {
		if err := os.WriteFile(filepath.Join(*hostileWrite, c.Name+".sol"), c.Gen(c.Full), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
