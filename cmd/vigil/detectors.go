package main

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/fatih/color"
	"github.com/olekukonko/tablewriter"
	"github.com/spf13/cobra"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan"
)

func newDetectorsCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "detectors [--json]",
		Short: "List the detector catalogue",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
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
			sevColor := map[string]*color.Color{
				"critical": color.New(color.FgHiWhite, color.BgRed), "high": color.New(color.FgRed),
				"medium": color.New(color.FgYellow), "low": color.New(color.FgCyan),
				"informational": color.New(color.FgBlue), "gas": color.New(color.FgGreen),
			}
			table := tablewriter.NewWriter(out)
			table.Header([]string{"ID", "Name", "Severity", "Confidence", "SWC", "CWE", "Languages"})
			for _, a := range scan.Catalogue() {
				sev := string(a.Severity)
				if c := sevColor[sev]; c != nil {
					if colored {
						c.EnableColor()
					} else {
						c.DisableColor()
					}
					sev = c.Sprint(sev)
				}
				langs := a.Languages
				if len(langs) == 0 {
					langs = []string{"solidity"}
				}
				if err := table.Append([]string{a.ID, a.Name, sev, string(a.Confidence), strings.Join(a.SWC, " "),
					strings.Join(a.CWE, " "), strings.Join(langs, " ")}); err != nil {
					return err
				}
			}
			if err := table.Render(); err != nil {
				return err
			}
			fmt.Fprintf(out, "%d detectors\n", len(scan.Catalogue()))
			return nil
		},
	}
	cmd.Flags().Bool("json", false, "print the templates as JSON")
	return cmd
}
