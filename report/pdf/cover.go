package pdf

import (
	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/pdf/document"
)

// cover lays out the first page: what was scanned, from where, when, and the score.
func (w *writer) cover() {
	f := w.f
	d := w.doc
	f.AddPage()
	// A band of colour across the top.
	w.fillColour(accent)
	f.Rect(0, 0, pageW, 62, "F")
	w.textColour(white)
	f.SetFont(sans, "B", 11)
	f.SetXY(marginL, 16)
	f.CellFormat(contentW, 6, "VIGIL", "", 1, "L", false, 0, "")
	f.SetFont(sans, "B", 24)
	f.SetX(marginL)
	f.CellFormat(contentW, 12, printable(d.Title), "", 1, "L", false, 0, "")
	f.SetFont(sans, "", 15)
	// At most two lines, so that a long name stays inside the band.
	for _, l := range wrapLines(f, printable(d.Subject), contentW, 2) {
		f.SetX(marginL)
		f.CellFormat(contentW, 7, l, "", 1, "L", false, 0, "")
	}

	f.SetY(74)
	w.textColour(ink)
	fields := append([]document.Field(nil), d.Source...)
	fields = append(fields,
		document.Field{Label: "Scan id", Value: d.ScanID},
		document.Field{Label: "Scan type", Value: d.ScanType},
		document.Field{Label: "Scan started", Value: d.ScanTime},
		document.Field{Label: "Report date", Value: d.Generated.Format("2 January 2006, 15:04 UTC")},
	)
	for _, fl := range fields {
		if fl.Value == "" {
			continue
		}
		f.SetFont(sans, "B", 9.5)
		w.textColour(muted)
		y := f.GetY()
		f.SetX(marginL)
		f.CellFormat(38, 5.5, printable(fl.Label), "", 0, "L", false, 0, "")
		f.SetFont(sans, "", 9.5)
		w.textColour(ink)
		f.SetXY(marginL+38, y)
		lines := wrapLines(f, printable(fl.Value), contentW-38, 4)
		for _, l := range lines {
			f.SetX(marginL + 38)
			f.CellFormat(contentW-38, 5.5, l, "", 1, "L", false, 0, "")
		}
	}

	// The score, large, with its rating.
	s := d.Summary
	y := max(f.GetY()+10, 150)
	if s.ScoreValue >= 0 {
		c := document.RatingColour(s.Rating)
		w.fillColour(c)
		f.RoundedRect(marginL, y, 62, 34, 3, "1234", "F")
		w.textColour(white)
		f.SetFont(sans, "B", 28)
		f.SetXY(marginL, y+4)
		f.CellFormat(62, 14, printable(s.ScoreV2), "", 2, "C", false, 0, "")
		f.SetFont(sans, "", 10)
		f.SetX(marginL)
		f.CellFormat(62, 5, "score out of 100", "", 2, "C", false, 0, "")
		f.SetFont(sans, "B", 11)
		f.SetX(marginL)
		f.CellFormat(62, 7, printable(s.Rating), "", 0, "C", false, 0, "")
	}
	// Counts by severity beside the score.
	x := marginL + 70
	f.SetXY(x, y)
	w.textColour(ink)
	f.SetFont(sans, "B", 11)
	f.CellFormat(contentW-70, 7, report.Plural(s.Issues, "issue")+" found", "", 2, "L", false, 0, "")
	for _, c := range s.Distribution {
		yy := f.GetY() + 0.6
		w.fillColour(document.Colour(c.Severity))
		f.Rect(x, yy+0.9, 3, 3, "F")
		f.SetFont(sans, "", 9.5)
		f.SetXY(x+5, yy)
		f.CellFormat(30, 4.6, c.Label, "", 0, "L", false, 0, "")
		f.SetFont(sans, "B", 9.5)
		f.CellFormat(15, 4.6, itoa(c.N), "", 2, "R", false, 0, "")
		f.SetX(x)
	}
	if s.ThreatScore != "" {
		f.SetXY(marginL, y+40)
		f.SetFont(sans, "B", 10)
		f.CellFormat(contentW, 6, printable("Threat score: "+s.ThreatScore+" / 100 (share of threat checks passed)"), "", 1, "L", false, 0, "")
	}
	if d.Incomplete != "" {
		f.SetXY(marginL, y+48)
		f.SetFont(sans, "B", 10)
		w.textColour(document.Colour("critical"))
		for _, l := range wrapLines(f, printable(d.Incomplete), contentW, 4) {
			f.SetX(marginL)
			f.CellFormat(contentW, 5.5, l, "", 1, "L", false, 0, "")
		}
	}

	f.SetXY(marginL, pageH-40)
	f.SetFont(sans, "I", 8)
	w.textColour(muted)
	f.MultiCell(contentW, 4, "Automated static analysis. This report is not a full audit or a guarantee of security; "+
		"see the methodology and disclaimer at the end.", "", "L", false)
	w.textColour(ink)
}
