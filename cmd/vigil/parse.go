package main

import (
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan/solidity/ast"
	"github.com/vigil-sec/vigil/scan/solidity/parser"
	"github.com/vigil-sec/vigil/scan/solidity/token"
)

func newParseCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "parse [--json] [--stats] [--dump] PATH...",
		Short: "Parse Solidity files and report syntax errors",
		Long: `Parse every .sol file under the given files and folders and print their syntax errors.
Exits 1 if any file has a syntax error, 0 otherwise.

  --json   one JSON object per file: {"file", "errors": [{"line", "column", "message"}]}
  --stats  print files, bytes, seconds, MB/s and bytes allocated per source byte
  --dump   print the syntax tree of each file, with positions`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			return runParse(cmd.OutOrStdout(), cmd.ErrOrStderr(), args,
				v.GetBool("json"), v.GetBool("stats"), v.GetBool("dump"))
		},
	}
	cmd.Flags().Bool("json", false, "print one JSON object per file")
	cmd.Flags().Bool("stats", false, "print throughput figures")
	cmd.Flags().Bool("dump", false, "print the syntax tree")
	return cmd
}

type parseResult struct {
	path   string
	size   int
	file   *ast.File
	errors parser.ErrorList
	err    error // reading the file failed
}

func runParse(stdout, stderr io.Writer, args []string, asJSON, stats, dump bool) error {
	paths, err := collectSolidityFiles(args)
	if err != nil {
		return &exitError{code: exitUsage, msg: err.Error()}
	}
	if len(paths) == 0 {
		return &exitError{code: exitUsage, msg: "no .sol files found under " + strings.Join(args, ", ")}
	}
	// Read everything first so that --stats measures parsing, not the disk.
	sources := make([][]byte, len(paths))
	results := make([]parseResult, len(paths))
	var total int
	for i, p := range paths {
		results[i].path = p
		sources[i], results[i].err = os.ReadFile(p)
		results[i].size = len(sources[i])
		total += len(sources[i])
	}
	fset := token.NewFileSet()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	parseAll(fset, sources, results, !dump)
	elapsed := time.Since(start)
	var after runtime.MemStats
	runtime.ReadMemStats(&after)

	failed := false
	enc := json.NewEncoder(stdout)
	for _, r := range results {
		if r.err != nil {
			failed = true
			fmt.Fprintf(stderr, "%s: %v\n", r.path, r.err)
			continue
		}
		if len(r.errors) > 0 {
			failed = true
		}
		switch {
		case asJSON:
			out := jsonFileErrors{File: r.path, Errors: []jsonError{}}
			for _, e := range r.errors {
				out.Errors = append(out.Errors, jsonError{Line: e.Pos.Line, Column: e.Pos.Column, Message: e.Msg})
			}
			if err := enc.Encode(out); err != nil {
				return err
			}
		default:
			for _, e := range r.errors {
				fmt.Fprintln(stdout, e.Error())
			}
		}
		if dump && r.file != nil {
			if err := ast.Fprint(stdout, fset, r.file); err != nil {
				return err
			}
		}
	}
	if stats {
		secs := elapsed.Seconds()
		fmt.Fprintf(stderr, "files: %d\nbytes: %d\nseconds: %.4f\nMB/s: %.1f (on %d cores)\nallocated bytes per source byte: %.2f\n",
			len(paths), total, secs, float64(total)/1e6/secs, runtime.GOMAXPROCS(0),
			float64(after.TotalAlloc-before.TotalAlloc)/float64(max(total, 1)))
	}
	if failed {
		return &exitError{code: exitFindings}
	}
	return nil
}

type jsonFileErrors struct {
	File   string      `json:"file"`
	Errors []jsonError `json:"errors"`
}

type jsonError struct {
	Line    int    `json:"line"`
	Column  int    `json:"column"`
	Message string `json:"message"`
}

// parseAll parses the sources on every core. With dropTrees the syntax trees are not kept, so
// memory stays flat on large folders.
func parseAll(fset *token.FileSet, sources [][]byte, results []parseResult, dropTrees bool) {
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < runtime.GOMAXPROCS(0); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if results[i].err != nil {
					continue
				}
				f, errs := parser.ParseFile(fset, results[i].path, sources[i])
				results[i].errors = errs
				if !dropTrees {
					results[i].file = f
				}
			}
		}()
	}
	for i := range sources {
		next <- i
	}
	close(next)
	wg.Wait()
}

// collectSolidityFiles expands folders into the .sol files below them, sorted; files named on
// the command line are taken whatever their extension.
func collectSolidityFiles(args []string) ([]string, error) {
	var out []string
	for _, arg := range args {
		info, err := os.Stat(arg)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			out = append(out, arg)
			continue
		}
		err = filepath.WalkDir(arg, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.Type()&fs.ModeSymlink != 0 {
				return nil // never follow links out of the folder
			}
			if !d.IsDir() && strings.HasSuffix(path, ".sol") {
				out = append(out, path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}
