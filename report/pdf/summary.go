package pdf

import (
	"strconv"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/pdf/document"
)

// classificationSection explains the severities, each with its colour.
func (w *writer) classificationSection() {
	w.section("classification", "Severity classification")
	f := w.f
	w.para("Each finding has a severity (how bad it is if real) and a confidence (how likely it is to be real). "+
		"The colours below are used throughout the report.", bodySize, "", ink)
	f.Ln(3)
	for _, c := range w.doc.Classification {
		f.SetFont(sans, "", bodySize)
		lines := wrapLines(f, printable(c.Meaning), contentW-34, 0)
		h := float64(len(lines))*4.6 + 3
		w.need(h)
		y := f.GetY()
		f.SetXY(marginL, y+1)
		w.pill(c.Label, document.Colour(c.Severity), 8.5)
		f.SetFont(sans, "", bodySize)
		for i, l := range lines {
			f.SetXY(marginL+34, y+1+float64(i)*4.6)
			f.CellFormat(contentW-34, 4.6, l, "", 0, "L", false, 0, "")
		}
		f.SetY(y + h)
		w.drawColour(rule)
		f.SetLineWidth(0.1)
		f.Line(marginL, f.GetY(), pageW-marginR, f.GetY())
	}
}

// summarySection is the executive summary: score, figures, the severity chart, threat checks
// and what the limits left out.
func (w *writer) summarySection() {
	w.sectionHere("summary", "Executive summary", 150)
	f := w.f
	s := w.doc.Summary
	w.incompleteBlock()
	w.configBlock()
	if s.ScoreValue >= 0 {
		w.para("Security score "+s.ScoreV2+" out of 100 ("+s.Rating+"; "+s.Score+" out of 5). "+
			report.Plural(s.Issues, "issue")+" found in "+report.Plural(s.Files, "file")+" ("+
			report.Plural(s.Lines, "line")+" analysed).", 11, "B", ink)
		f.Ln(3)
		w.scoreScale(s.ScoreValue)
	} else {
		w.para(report.Plural(s.Issues, "issue")+" found. The scan carries no score.", 11, "B", ink)
	}
	if s.NotCounted != "" {
		w.para(s.NotCounted, 9.5, "", muted)
	}
	f.Ln(4)

	// Key figures as a row of boxes.
	type fig struct{ label, value string }
	figs := []fig{{"Issues", strconv.Itoa(s.Issues)}, {"Files analysed", strconv.Itoa(s.Files)},
		{"Lines analysed", strconv.Itoa(s.Lines)}, {"Scan duration", s.Duration}}
	if s.Dismissed > 0 {
		figs = append(figs[:1], append([]fig{{"Dismissed", strconv.Itoa(s.Dismissed)}}, figs[1:]...)...)
	}
	if s.ThreatScore != "" {
		figs = append(figs, fig{"Threat score", s.ThreatScore})
	}
	if !s.HasSummary {
		figs = figs[:1]
	}
	bw := (contentW - float64(len(figs)-1)*3) / float64(len(figs))
	w.need(20)
	y := f.GetY()
	for i, g := range figs {
		x := marginL + float64(i)*(bw+3)
		w.fillColour(headerBg)
		f.RoundedRect(x, y, bw, 17, 2, "1234", "F")
		f.SetXY(x, y+2.5)
		f.SetFont(sans, "B", 13)
		w.textColour(accent)
		f.CellFormat(bw, 7, fit(f, printable(g.value), bw), "", 2, "C", false, 0, "")
		f.SetX(x)
		f.SetFont(sans, "", 8)
		w.textColour(muted)
		f.CellFormat(bw, 4, g.label, "", 0, "C", false, 0, "")
	}
	f.SetXY(marginL, y+22)
	w.textColour(ink)

	w.subheading("Severity distribution")
	w.severityChart(s.Distribution)

	for _, n := range w.doc.Notes {
		f.Ln(1)
		w.para("Note: "+n, 8.5, "I", muted)
	}
	if len(s.Threats) > 0 {
		w.subheading("Threat checks")
		rows := make([][]string, 0, len(s.Threats))
		styles := make([]cellStyle, 0, len(s.Threats))
		for _, t := range s.Threats {
			res, c := "FAIL", document.Colour("high")
			if t.Passed {
				res, c = "PASS", document.Colour("gas")
			}
			rows = append(rows, []string{t.Name, res, t.Description})
			styles = append(styles, cellStyle{col: 1, fill: c})
		}
		w.table([]column{{"Check", 50, "L"}, {"Result", 16, "C"}, {"What it looks for", contentW - 66, "L"}}, rows, styles, nil)
	}
	if len(w.doc.Diagnostics) > 0 {
		w.subheading("Scan diagnostics")
		for _, d := range w.doc.Diagnostics {
			w.para("• "+d, 8.5, "", muted)
		}
	}
}

// scoreScale draws the 0 to 100 scale with its rating bands and a marker at the score.
func (w *writer) scoreScale(score float64) {
	f := w.f
	w.need(16)
	y := f.GetY()
	bands := []struct {
		from, to float64
		rating   string
	}{{0, 50, "Poor"}, {50, 75, "Fair"}, {75, 90, "Good"}, {90, 100, "Great"}}
	scale := contentW / 100
	for _, b := range bands {
		w.fillColour(document.RatingColour(b.rating))
		f.Rect(marginL+b.from*scale, y+3, (b.to-b.from)*scale, 4, "F")
		f.SetFont(sans, "", 7)
		w.textColour(muted)
		f.SetXY(marginL+b.from*scale, y+7.5)
		f.CellFormat((b.to-b.from)*scale, 3.5, b.rating, "", 0, "C", false, 0, "")
	}
	x := marginL + score*scale
	w.fillColour(ink)
	f.Polygon(polygon(x-1.6, y, x+1.6, y, x, y+3), "F")
	w.drawColour(ink)
	f.SetLineWidth(0.6)
	f.Line(x, y+3, x, y+7)
	f.SetY(y + 12)
	w.textColour(ink)
}

// severityChart draws one horizontal bar per severity, scaled to the largest count.
func (w *writer) severityChart(dist []document.Count) {
	f := w.f
	w.need(float64(len(dist))*7 + 4)
	most := 0
	for _, c := range dist {
		most = max(most, c.N)
	}
	labelW, countW := 30.0, 16.0
	barMax := contentW - labelW - countW
	for _, c := range dist {
		y := f.GetY()
		f.SetFont(sans, "", bodySize)
		f.SetXY(marginL, y)
		f.CellFormat(labelW, 6, c.Label, "", 0, "L", false, 0, "")
		w.fillColour(rgb(0xee, 0xee, 0xee))
		f.Rect(marginL+labelW, y+1, barMax, 4, "F")
		if most > 0 && c.N > 0 {
			w.fillColour(document.Colour(c.Severity))
			f.Rect(marginL+labelW, y+1, max(0.8, barMax*float64(c.N)/float64(most)), 4, "F")
		}
		f.SetFont(sans, "B", bodySize)
		f.SetXY(marginL+labelW+barMax, y)
		f.CellFormat(countW, 6, strconv.Itoa(c.N), "", 1, "R", false, 0, "")
		f.SetY(y + 7)
	}
}

// incompleteBlock warns, in red, that the scan left code unanalysed, and lists what.
func (w *writer) incompleteBlock() {
	if w.doc.Incomplete == "" {
		return
	}
	red := document.Colour("critical")
	w.para(w.doc.Incomplete, 10.5, "B", red)
	for _, g := range w.doc.Gaps {
		w.para("• "+g, 8.5, "", red)
	}
	w.f.Ln(3)
}

// configBlock says, in amber, which settings of a config file changed what the scan reports.
func (w *writer) configBlock() {
	if w.doc.ConfigNotice == "" {
		return
	}
	w.para(w.doc.ConfigNotice, 10, "B", document.Colour("medium"))
	w.f.Ln(2)
}
