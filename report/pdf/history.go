package pdf

import (
	"strconv"

	"github.com/vigil-sec/vigil/report/pdf/document"
)

// hasHistory reports whether there are earlier scans to show: a first scan gets no history
// page (it would hold one row).
func (w *writer) hasHistory() bool { return len(w.doc.History) > 1 }

// historySection lists the project's scans, oldest first, with a score line.
func (w *writer) historySection() {
	w.section("history", "Scan history")
	hs := w.doc.History
	w.scoreHistoryChart(hs)
	cols := []column{{"Date", 26, "L"}, {"Scan", contentW - 140, "L"}, {"Commit", 22, "L"}, {"Score", 13, "R"},
		{"Rating", 13, "L"}, {"Issues", 12, "R"}, {"Crit.", 9, "R"}, {"High", 9, "R"}, {"Med.", 9, "R"},
		{"Low", 9, "R"}, {"Info", 9, "R"}, {"Gas", 9, "R"}}
	var rows [][]string
	for _, h := range hs {
		date := "unknown"
		if !h.Time.IsZero() {
			date = h.Time.UTC().Format("2006-01-02 15:04")
		}
		commit := h.Commit
		if len(commit) > 12 {
			commit = commit[:12]
		}
		row := []string{date, h.ScanID, commit, h.ScoreV2, h.Rating, strconv.Itoa(h.Issues)}
		for _, sev := range []string{"critical", "high", "medium", "low", "informational", "gas"} {
			row = append(row, strconv.Itoa(h.Distribution[sev]))
		}
		rows = append(rows, row)
	}
	w.table(cols, rows, nil, nil)
}

// scoreHistoryChart draws score_v2 over the scans as a line on the rating bands.
func (w *writer) scoreHistoryChart(hs []document.HistoryEntry) {
	f := w.f
	var pts []float64
	for _, h := range hs {
		v, err := strconv.ParseFloat(h.ScoreV2, 64)
		if err != nil || v < 0 || v > 100 {
			v = -1
		}
		pts = append(pts, v)
	}
	const chartH = 45.0
	w.need(chartH + 10)
	y0 := f.GetY() + 2
	left := marginL + 8
	width := contentW - 8
	for _, b := range []struct {
		from, to float64
		rating   string
	}{{0, 50, "Poor"}, {50, 75, "Fair"}, {75, 90, "Good"}, {90, 100, "Great"}} {
		c := document.RatingColour(b.rating)
		// Pale band: the rating colour mixed with white.
		w.fillColour(document.RGB{R: 255 - (255-c.R)/6, G: 255 - (255-c.G)/6, B: 255 - (255-c.B)/6})
		f.Rect(left, y0+chartH*(1-b.to/100), width, chartH*(b.to-b.from)/100, "F")
	}
	f.SetFont(sans, "", 6.5)
	w.textColour(muted)
	for _, v := range []float64{0, 50, 75, 100} {
		f.SetXY(marginL, y0+chartH*(1-v/100)-1.5)
		f.CellFormat(7, 3, strconv.Itoa(int(v)), "", 0, "R", false, 0, "")
	}
	step := width / float64(max(1, len(pts)-1))
	w.drawColour(accent)
	f.SetLineWidth(0.6)
	prevX, prevY := -1.0, -1.0
	for i, v := range pts {
		if v < 0 {
			prevX = -1
			continue
		}
		x := left + float64(i)*step
		if len(pts) == 1 {
			x = left + width/2
		}
		y := y0 + chartH*(1-v/100)
		if prevX >= 0 {
			f.Line(prevX, prevY, x, y)
		}
		w.fillColour(accent)
		f.Circle(x, y, 0.9, "F")
		prevX, prevY = x, y
	}
	f.SetXY(marginL, y0+chartH+3)
	w.textColour(ink)
}
