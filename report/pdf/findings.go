package pdf

import (
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/pdf/document"
)

// tableSection is the findings summary table: one row per finding, most severe first, the bug
// id linking to its group's section.
func (w *writer) tableSection() {
	w.section("table", "Findings summary")
	d := w.doc
	if len(d.Rows) == 0 {
		w.para("No issues were found.", bodySize, "", ink)
		return
	}
	cols := []column{{"Bug id", 22, "L"}, {"Issue", 46, "L"}, {"File and lines", contentW - 22 - 46 - 20 - 20 - 18, "L"},
		{"Severity", 20, "C"}, {"Confidence", 20, "L"}, {"Status", 18, "L"}}
	rows := make([][]string, 0, len(d.Rows))
	styles := make([]cellStyle, 0, len(d.Rows))
	links := make([]int, 0, len(d.Rows))
	for _, r := range d.Rows {
		rows = append(rows, []string{r.BugID, r.Issue, r.Where, document.Label(r.Severity), r.Confidence, status(r.Status)})
		styles = append(styles, cellStyle{col: 3, fill: document.Colour(r.Severity)})
		link := 0
		if i, ok := w.tocByID[r.Anchor]; ok {
			link = w.toc[i].link
		}
		links = append(links, link)
	}
	w.table(cols, rows, styles, links)
	if d.RowsElided > 0 {
		w.para(strconv.Itoa(d.RowsElided)+" more findings are not listed here (table limit); the JSON report lists them all.", 8.5, "I", muted)
	}
}

// status writes a bug status for people, in the words every view uses: pending_fix as "Open".
func status(s string) string { return report.StatusLabel(s) }

// groupSections lays out one section per finding group.
func (w *writer) groupSections() {
	w.section("findings", "Findings")
	if len(w.doc.Groups) == 0 {
		w.para("No issues were found.", bodySize, "", ink)
		return
	}
	for i, g := range w.doc.Groups {
		if i > 0 {
			w.f.Ln(4)
		}
		w.group(g)
	}
}

func (w *writer) group(g document.Group) {
	f := w.f
	w.need(40)
	// A coloured rule and the title.
	y := f.GetY()
	w.fillColour(document.Colour(g.Severity))
	f.Rect(marginL, y, contentW, 1.2, "F")
	f.SetY(y + 2.5)
	w.mark(g.Anchor, 1, g.Name)
	f.SetFont(sans, "B", 12.5)
	w.textColour(ink)
	f.SetX(marginL)
	f.MultiCell(contentW, 6, printable(g.Name), "", "L", false)
	f.Ln(0.8)
	f.SetX(marginL)
	w.pill(document.Label(g.Severity), document.Colour(g.Severity), 7.5)
	f.SetFont(sans, "", 8.5)
	w.textColour(muted)
	meta := []string{g.IssueID, "confidence " + g.Confidence, report.Plural(g.Count, "finding")}
	meta = append(meta, g.SWC...)
	meta = append(meta, g.CWE...)
	f.MultiCell(contentW-(f.GetX()-marginL), 3.8, printable(strings.Join(meta, " · ")), "", "L", false)
	w.textColour(ink)
	f.Ln(1)

	if len(g.Description) > 0 {
		w.subheading("Description")
		w.rich(g.Description, bodySize, 0)
	}
	if len(g.Remediation) > 0 {
		w.subheading("Remediation")
		w.rich(g.Remediation, bodySize, 0)
	}
	if g.Detection != "" {
		w.subheading("Detection method")
		w.para(g.Detection, bodySize, "", ink)
	}
	w.subheading("Affected code")
	for _, fd := range g.Findings {
		w.finding(fd)
	}
	if len(g.Elided) > 0 {
		f.Ln(1)
		w.para(report.Plural(len(g.Elided), "further finding")+" of this issue (section limit):", 8.5, "I", muted)
		// Two findings per row keeps a long list to a few pages.
		half := contentW / 2
		cols := []column{{"Bug id", 20, "L"}, {"File and lines", half - 20, "L"}, {"Bug id", 20, "L"}, {"File and lines", half - 20, "L"}}
		var rows [][]string
		for i := 0; i < len(g.Elided); i += 2 {
			row := []string{g.Elided[i].BugID, g.Elided[i].Where, "", ""}
			if i+1 < len(g.Elided) {
				row[2], row[3] = g.Elided[i+1].BugID, g.Elided[i+1].Where
			}
			rows = append(rows, row)
		}
		w.table(cols, rows, nil, nil)
	}
}

func (w *writer) finding(fd document.Finding) {
	f := w.f
	w.need(22)
	f.Ln(1.5)
	f.SetX(marginL)
	f.SetFont(mono, "B", 8.5)
	w.textColour(ink)
	id := printable(fd.BugID)
	f.CellFormat(f.GetStringWidth(id)+2, 4.5, id, "", 0, "L", false, 0, "")
	f.SetFont(sans, "", 8)
	w.textColour(muted)
	st := status(fd.Status)
	if fd.Severity != "" {
		st += " · severity " + fd.Severity + " (overridden)"
	}
	f.CellFormat(0, 4.5, printable(st), "", 1, "L", false, 0, "")
	w.textColour(ink)
	w.rich(fd.Description, 8.8, 3)
	if fd.Comment != "" {
		w.para("Comment: "+fd.Comment, 8.5, "I", muted)
	}
	for _, p := range fd.Places {
		f.SetFont(mono, "", 7.8)
		w.textColour(accent)
		f.SetX(marginL + 3)
		loc := p.File
		if p.Lines != "" {
			loc += " : " + p.Lines
		}
		f.MultiCell(contentW-3, 3.8, printable(loc), "", "L", false)
		w.textColour(ink)
		if len(p.Excerpt) > 0 {
			w.code(p.Excerpt)
		}
	}
	if fd.PlacesMore > 0 {
		w.para("… and "+report.Plural(fd.PlacesMore, "more place")+" (see the JSON report).", 8, "I", muted)
	}
	if fd.ExcerptNote != "" {
		w.para(fd.ExcerptNote, 8, "I", muted)
	}
}

const (
	codeSize  = 7.3 // points
	codeLine  = 3.4 // mm per line
	codeNumW  = 10  // mm for line numbers
	codeLeft  = marginL + 3
	codeWidth = contentW - 3
)

// code draws an excerpt: line numbers, flagged lines on a red tint with a bar, long lines
// wrapped at the box edge with a continuation mark, and a page break wherever it falls.
func (w *writer) code(lines []document.Line) {
	f := w.f
	f.SetFont(mono, "", codeSize)
	charW := f.GetStringWidth("0")
	// Characters per visual line: the box less the number column, the gap and the cell
	// margins, with half a character to spare so that no glyph touches the edge.
	perLine := max(20, int((codeWidth-codeNumW-2-2*f.GetCellMargin())/charW-0.5))
	f.Ln(0.8)
	for _, l := range lines {
		if l.Gap {
			w.codeRow("⋮", printable(l.Text), false, true)
			continue
		}
		runes := []rune(printable(l.Text))
		first := true
		for first || len(runes) > 0 {
			n := min(perLine, len(runes))
			num := ""
			if first {
				num = strconv.Itoa(l.No)
			}
			w.codeRow(num, string(runes[:n]), l.Flagged, !first)
			runes = runes[n:]
			first = false
		}
	}
	f.Ln(1.5)
}

// codeRow draws one visual line of an excerpt.
func (w *writer) codeRow(num, text string, flagged, continued bool) {
	f := w.f
	if f.GetY()+codeLine > w.bottom() {
		f.AddPage()
	}
	y := f.GetY()
	bg := codeBg
	if flagged {
		bg = flagBg
	}
	w.fillColour(bg)
	f.Rect(codeLeft, y, codeWidth, codeLine, "F")
	if flagged {
		w.fillColour(document.Colour("high"))
		f.Rect(codeLeft, y, 0.9, codeLine, "F")
	}
	f.SetFont(mono, "", codeSize)
	w.textColour(muted)
	f.SetXY(codeLeft, y)
	if continued && num == "" {
		num = "↳"
		if !coverage()['↳'] {
			num = "+"
		}
	}
	f.CellFormat(codeNumW, codeLine, num, "", 0, "R", false, 0, "")
	style := ""
	w.textColour(ink)
	if flagged {
		style = "B"
	}
	f.SetFont(mono, style, codeSize)
	f.SetXY(codeLeft+codeNumW+2, y)
	f.CellFormat(codeWidth-codeNumW-2, codeLine, text, "", 0, "L", false, 0, "")
	f.SetXY(marginL, y+codeLine)
}
