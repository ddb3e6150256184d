package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter/pkg/twwarp"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/detect"
)

// explainDetector prints what one detector finds, how to fix it, how it decides, an example it
// flags (from its test fixtures) and references, wrapped to the terminal's width.
func explainDetector(out io.Writer, id string, asJSON bool) error {
	var tmpl *detect.Template
	var ids []string
	for _, t := range scan.Catalogue() {
		ids = append(ids, t.ID)
		if strings.EqualFold(t.ID, id) {
			tmpl = t
		}
	}
	if tmpl == nil {
		if hint := suggest(id, ids); hint != "" {
			return usageError("unknown detector %q (did you mean %s?)", id, hint)
		}
		return usageError("unknown detector %q (vigil detectors lists them)", id)
	}
	rt := scan.TemplateOf(tmpl)
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(rt)
	}
	width := terminalWidth(out)
	para := func(indent, text string) {
		lines, _ := twwarp.WrapString(strings.Join(strings.Fields(text), " "), width-len(indent))
		for _, l := range lines {
			fmt.Fprintln(out, indent+l)
		}
	}
	section := func(title string) { fmt.Fprintf(out, "\n%s\n", title) }

	para("", tmpl.ID+": "+tmpl.Name)
	langs := tmpl.Languages
	if len(langs) == 0 {
		langs = []string{"solidity"}
	}
	meta := []string{"severity " + string(tmpl.Severity), "confidence " + string(tmpl.Confidence), strings.Join(langs, ", ")}
	meta = append(append(meta, tmpl.SWC...), tmpl.CWE...)
	para("", strings.Join(meta, " · "))

	section("What it finds")
	para("  ", report.PlainText(tmpl.Static()))
	section("How to fix it")
	para("  ", report.PlainText(tmpl.Remediation))
	if tmpl.DetectionLogic != "" {
		section("How it decides (the facts it reads)")
		para("  ", tmpl.DetectionLogic)
	}
	if ex, ok := scan.ExampleOf(tmpl.ID); ok {
		section(fmt.Sprintf("Example it flags (%s:%d)", ex.File, ex.Line))
		for i, l := range ex.Lines {
			mark := "  "
			if ex.First+i == ex.Line {
				mark = "> "
			}
			line := fmt.Sprintf("%s%4d | %s", mark, ex.First+i, strings.ReplaceAll(l, "\t", "    "))
			fmt.Fprintln(out, fit(line, width))
		}
	}
	if refs := report.References(rt); len(refs) > 0 {
		section("References")
		for _, r := range refs {
			fmt.Fprintf(out, "  %s  %s\n", r.Label, r.URL)
		}
	}
	return nil
}
