package html

import (
	"fmt"
	"html/template"
	"strconv"
	"strings"

	"github.com/vigil-sec/vigil/report/pdf/document"
)

// The charts are inline SVG built here rather than in the template, because their geometry is
// arithmetic. Only numbers and escaped labels go into them.

var bands = []struct {
	from, to float64
	rating   string
}{{0, 50, "Poor"}, {50, 75, "Fair"}, {75, 90, "Good"}, {90, 100, "Great"}}

// severityChart is a horizontal bar per severity, scaled to the largest count.
func severityChart(dist []document.Count) template.HTML {
	const (
		width  = 640
		labelW = 110
		countW = 50
		rowH   = 26
	)
	most := 0
	for _, c := range dist {
		most = max(most, c.N)
	}
	barMax := float64(width - labelW - countW)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" role="img" aria-label="Findings by severity" viewBox="0 0 %d %d" width="100%%" preserveAspectRatio="xMinYMin meet">`, width, rowH*len(dist))
	for i, c := range dist {
		y := i * rowH
		fmt.Fprintf(&b, `<text x="0" y="%d" class="label">%s</text>`, y+17, template.HTMLEscapeString(c.Label))
		fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="14" fill="#eeeeee"/>`, labelW, y+6, barMax)
		if most > 0 && c.N > 0 {
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%.1f" height="14" fill="%s"><title>%s: %d</title></rect>`,
				labelW, y+6, max(2, barMax*float64(c.N)/float64(most)), document.Colour(c.Severity).Hex(),
				template.HTMLEscapeString(c.Label), c.N)
		}
		fmt.Fprintf(&b, `<text x="%d" y="%d" class="count" text-anchor="end">%d</text>`, width, y+17, c.N)
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// scoreScale is the 0 to 100 scale with its rating bands and a marker at the score.
func scoreScale(score float64) template.HTML {
	if score < 0 || score > 100 {
		return ""
	}
	const width = 640
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" role="img" aria-label="Score %.2f of 100" viewBox="-8 0 %d 40" width="100%%">`, score, width+16)
	for _, band := range bands {
		x := band.from / 100 * width
		w := (band.to - band.from) / 100 * width
		fmt.Fprintf(&b, `<rect x="%.1f" y="10" width="%.1f" height="10" fill="%s"/>`, x, w, document.RatingColour(band.rating).Hex())
		fmt.Fprintf(&b, `<text x="%.1f" y="34" class="small" text-anchor="middle">%s</text>`, x+w/2, band.rating)
	}
	x := score / 100 * width
	fmt.Fprintf(&b, `<path d="M%.1f 9 l-5 -8 h10 z" fill="#212121"/><rect x="%.1f" y="8" width="2" height="14" fill="#212121"/>`, x, x-1)
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}

// historyChart draws score_v2 over the scans on the rating bands; nothing for fewer than two.
func historyChart(hs []document.HistoryEntry) template.HTML {
	if len(hs) < 2 {
		return ""
	}
	const (
		width  = 640
		height = 160
		left   = 30
	)
	var b strings.Builder
	fmt.Fprintf(&b, `<svg class="chart" role="img" aria-label="Score over the project's scans" viewBox="0 0 %d %d" width="100%%">`, width, height+10)
	for _, band := range bands {
		c := document.RatingColour(band.rating)
		y := height * (1 - band.to/100)
		h := height * (band.to - band.from) / 100
		fmt.Fprintf(&b, `<rect x="%d" y="%.1f" width="%d" height="%.1f" fill="%s" fill-opacity="0.15"/>`, left, y+5, width-left, h, c.Hex())
	}
	for _, v := range []float64{0, 50, 75, 100} {
		fmt.Fprintf(&b, `<text x="%d" y="%.1f" class="small" text-anchor="end">%d</text>`, left-4, height*(1-v/100)+8, int(v))
	}
	step := float64(width-left-10) / float64(len(hs)-1)
	var pts []string
	for i, h := range hs {
		v, err := strconv.ParseFloat(h.ScoreV2, 64)
		if err != nil || v < 0 || v > 100 {
			continue
		}
		x := float64(left+5) + float64(i)*step
		y := height*(1-v/100) + 5
		pts = append(pts, fmt.Sprintf("%.1f,%.1f", x, y))
		fmt.Fprintf(&b, `<circle cx="%.1f" cy="%.1f" r="3.5" fill="#0d3b66"><title>%s: %s</title></circle>`,
			x, y, template.HTMLEscapeString(h.ScanID), template.HTMLEscapeString(h.ScoreV2))
	}
	if len(pts) > 1 {
		fmt.Fprintf(&b, `<polyline points="%s" fill="none" stroke="#0d3b66" stroke-width="2"/>`, strings.Join(pts, " "))
	}
	b.WriteString(`</svg>`)
	return template.HTML(b.String())
}
