package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/fatih/color"
	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/pkg/twwidth"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/detect"
)

func newDetectorsCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "detectors [ID] [--json] [--wide]",
		Short: "List the detector catalogue, or explain one detector",
		Long: `List the detector catalogue: id, name, severity, confidence and language, fitted to the
terminal's width (80 columns in a pipe); --wide adds the SWC and CWE ids, --json prints the
templates.

vigil detectors ID explains one detector: what it finds, how to fix it, how it decides (the
facts of the semantic model it reads), an example it flags (from its tests) and references.`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 1 {
				return explainDetector(out, args[0], v.GetBool("json"))
			}
			if v.GetBool("json") {
				var list []any
				for _, t := range scan.Catalogue() {
					list = append(list, scan.TemplateOf(t))
				}
				enc := json.NewEncoder(out)
				enc.SetIndent("", "  ")
				return enc.Encode(list)
			}
			colored := out == os.Stdout && isTerminal(os.Stdout) && os.Getenv("NO_COLOR") == ""
			if v.GetBool("wide") {
				if err := wideDetectorTable(out, colored); err != nil {
					return err
				}
			} else {
				compactDetectorList(out, colored, terminalWidth(out))
			}
			fmt.Fprintf(out, "%d detectors; vigil detectors ID explains one\n", len(scan.Catalogue()))
			return nil
		},
	}
	cmd.Flags().Bool("json", false, "print the templates as JSON")
	cmd.Flags().Bool("wide", false, "a table with every column (SWC and CWE ids, languages), whatever the terminal's width")
	return cmd
}

// sevColors paints severities on a terminal.
func sevColors(colored bool) map[string]*color.Color {
	m := map[string]*color.Color{
		"critical": color.New(color.FgHiWhite, color.BgRed), "high": color.New(color.FgRed),
		"medium": color.New(color.FgYellow), "low": color.New(color.FgCyan),
		"informational": color.New(color.FgBlue), "gas": color.New(color.FgGreen),
	}
	for _, c := range m {
		if colored {
			c.EnableColor()
		} else {
			c.DisableColor()
		}
	}
	return m
}

// compactDetectorList lists the detectors by severity, one a line (id, confidence, name), each
// line cut to the terminal's width.
func compactDetectorList(out io.Writer, colored bool, width int) {
	colors := sevColors(colored)
	for _, sev := range report.Severities {
		var group []*detect.Template
		idWidth := 0
		for _, t := range scan.Catalogue() {
			if string(t.Severity) == sev {
				group = append(group, t)
				idWidth = max(idWidth, len(t.ID))
			}
		}
		if len(group) == 0 {
			continue
		}
		fmt.Fprintln(out, colors[sev].Sprint(strings.ToUpper(sev))+fmt.Sprintf(" (%d)", len(group)))
		for _, t := range group {
			fmt.Fprintln(out, fit(fmt.Sprintf("  %-*s  %-6s  %s", idWidth, t.ID, t.Confidence, t.Name), width))
		}
	}
}

// wideDetectorTable is the catalogue as a table with every column.
func wideDetectorTable(out io.Writer, colored bool) error {
	colors := sevColors(colored)
	table := tablewriter.NewWriter(out)
	table.Header([]string{"ID", "Name", "Severity", "Confidence", "SWC", "CWE", "Languages"})
	for _, a := range scan.Catalogue() {
		langs := a.Languages
		if len(langs) == 0 {
			langs = []string{"solidity"}
		}
		if err := table.Append([]string{a.ID, a.Name, colors[string(a.Severity)].Sprint(string(a.Severity)), string(a.Confidence),
			strings.Join(a.SWC, " "), strings.Join(a.CWE, " "), strings.Join(langs, " ")}); err != nil {
			return err
		}
	}
	return table.Render()
}

// fit cuts s to width display columns, ending it with an ellipsis when it was longer.
func fit(s string, width int) string {
	if twwidth.Width(s) <= width {
		return s
	}
	return twwidth.Truncate(s, width, "…")
}
