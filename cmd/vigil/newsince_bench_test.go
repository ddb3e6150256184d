package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// BenchmarkNewSince measures vigil scan --new-since against one plain scan on the clean corpus
// (../shared/corpus/clean) made into a git repository in the test: main holds the corpus, the
// working tree edits one file (a leaf contract, then a library most of its protocol imports).
// It prints both times and their ratio; the diff-aware scan scans the base revision only where
// a change can reach and reuses the unchanged syntax trees. Run it alone:
//
//	go test ./cmd/vigil/ -run '^$' -bench NewSince -benchtime 3x
func BenchmarkNewSince(b *testing.B) {
	corpus := filepath.Join(repoRoot, "..", "shared", "corpus", "clean")
	if _, err := os.Stat(corpus); err != nil {
		b.Skip("no ../shared/corpus/clean")
	}
	for _, edit := range []struct{ name, file string }{
		{"leaf contract", "solmate/src/tokens/ERC20.sol"},
		{"widely imported library", "v3-core/contracts/libraries/FullMath.sol"},
	} {
		b.Run(strings.ReplaceAll(edit.name, " ", "_"), func(b *testing.B) {
			dir := filepath.Join(b.TempDir(), "clean")
			if out, err := exec.Command("cp", "-r", corpus, dir).CombinedOutput(); err != nil {
				b.Fatalf("copying the corpus: %v %s", err, out)
			}
			gitIn(b, dir, "init", "-q", "-b", "main")
			gitIn(b, dir, "add", ".")
			gitIn(b, dir, "commit", "-qm", "corpus")
			p := filepath.Join(dir, edit.file)
			src, err := os.ReadFile(p)
			if err != nil {
				b.Fatal(err)
			}
			// A new function at the end of the first contract: a change a pull request makes.
			i := strings.LastIndex(string(src), "}")
			edited := string(src[:i]) + "\n    function vigilBench(address to) external { require(tx.origin == to); }\n}\n"
			if err := os.WriteFile(p, []byte(edited), 0o644); err != nil {
				b.Fatal(err)
			}
			run := func(args ...string) time.Duration {
				start := time.Now()
				res := vigil(b, append(args, "--format", "json", "--output", os.DevNull)...)
				if res.code != 0 {
					b.Fatalf("vigil %s: exit %d %s", strings.Join(args, " "), res.code, res.stderr)
				}
				return time.Since(start)
			}
			var plain, diff time.Duration
			b.ResetTimer()
			for range b.N {
				plain += run("scan", dir)
				diff += run("scan", dir, "--new-since", "main")
			}
			ratio := float64(diff) / float64(plain)
			b.ReportMetric(ratio, "x-plain-scan")
			fmt.Printf("--new-since, %s edited: %s per diff-aware scan, %s per plain scan: %.2fx\n", edit.name,
				(diff / time.Duration(b.N)).Round(time.Millisecond), (plain / time.Duration(b.N)).Round(time.Millisecond), ratio)
		})
	}
}
