package web

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"
)

// parseScore reads a summary's numeric-text score; unreadable text counts as 0.
func parseScore(s string) float64 {
	f, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || f < 0 {
		return 0
	}
	return min(f, 100)
}

// sparkline draws scores (0 to 100, oldest first) as a small inline SVG. It is built from
// numbers only, so it is safe to insert as HTML; it carries its figures as an accessible name.
func sparkline(scores []float64) template.HTML {
	if len(scores) == 0 {
		return ""
	}
	const w, hgt, pad = 120.0, 28.0, 2.0
	var pts, names []string
	step := 0.0
	if len(scores) > 1 {
		step = (w - 2*pad) / float64(len(scores)-1)
	}
	for i, s := range scores {
		x := pad + float64(i)*step
		y := hgt - pad - s/100*(hgt-2*pad)
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
		names = append(names, strconv.FormatFloat(s, 'f', -1, 64))
	}
	last := pts[len(pts)-1]
	lx, ly, _ := strings.Cut(last, ",")
	label := "Score history, oldest first: " + strings.Join(names, ", ")
	return template.HTML(fmt.Sprintf(`<svg class="spark" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" role="img" aria-label="%s">`+
		`<title>%s</title><polyline points="%s"/><circle cx="%s" cy="%s" r="2.5"/></svg>`,
		w, hgt, w, hgt, label, label, strings.Join(pts, " "), lx, ly))
}
