package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/vigil-sec/vigil/report"
)

// newReportCommand re-renders a saved JSON report in another format, without rescanning.
func newReportCommand() *cobra.Command {
	cmd := &cobra.Command{
		Use:     "report FILE.json",
		Aliases: []string{"render"},
		Short:   "Render a saved JSON report as table, SARIF, GitHub annotations, Markdown, HTML, PDF or JSON",
		Long: `Render a report saved by vigil scan --format json in another format, without scanning again.

Code excerpts and SARIF paths from the repository root need the scanned sources: give the
project's folder with --source.`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			f := cmd.Flags()
			format, _ := f.GetString("format")
			output, _ := f.GetString("output")
			srcDir, _ := f.GetString("source")
			maxBytes, _ := f.GetInt("max-bytes")
			changedList, _ := f.GetString("changed-files")
			changed, err := readChangedFiles(changedList)
			if err != nil {
				return err
			}
			format = strings.ToLower(format)
			if err := checkFormat(format, maxBytes); err != nil {
				return err
			}
			rep, err := readReport(args[0])
			if err != nil {
				return &exitError{code: exitUsage, msg: err.Error()}
			}
			if format == "pdf" && output == "" && isTerminal(cmd.OutOrStdout()) {
				return usageError("--format pdf writes a binary file: give --output FILE")
			}
			var source func(string) []string
			if srcDir != "" {
				source = sourceLines(srcDir)
			}
			out := cmd.OutOrStdout()
			if output != "" {
				file, err := os.Create(output)
				if err != nil {
					return &exitError{code: exitUsage, msg: err.Error()}
				}
				defer file.Close()
				out = file
			}
			all, _ := f.GetBool("all")
			return render(out, format, rep, source, renderOptions{location: srcDir, maxBytes: maxBytes, changed: changed,
				width: terminalWidth(out), all: all,
				color: output == "" && isTerminal(out) && os.Getenv("NO_COLOR") == ""})
		},
	}
	cmd.Flags().String("format", "table", "output format: table, sarif, github (workflow annotations), markdown, pdf, html, json")
	cmd.Flags().Int("max-bytes", 0, "--format markdown: at most this many bytes, the most severe findings first (default: 65536, a GitHub comment)")
	cmd.Flags().StringP("output", "o", "", "write the report to this file instead of standard output")
	addChangedFilesFlag(cmd.Flags())
	cmd.Flags().Bool("all", false, "--format table: list every finding, also past 50 (by default a large result is shown as a summary)")
	cmd.Flags().String("source", "", "the scanned project's folder, for code excerpts and SARIF paths")
	return cmd
}

// readReport reads a JSON report saved by vigil scan.
func readReport(path string) (*report.ScanReport, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var env report.Envelope
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&env); err != nil || env.ScanReport == nil {
		return nil, fmt.Errorf("%s is not a Vigil JSON report (vigil scan --format json): %v", path, err)
	}
	return env.ScanReport, nil
}

// sourceLines reads a report's file (relative to dir, never outside it) as lines.
func sourceLines(dir string) func(string) []string {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil
	}
	return func(path string) []string {
		data, err := root.ReadFile(filepath.FromSlash(path))
		if err != nil {
			return nil
		}
		return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	}
}
