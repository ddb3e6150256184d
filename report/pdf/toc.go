package pdf

import "strconv"

// tocEntry is one line of the table of contents.
type tocEntry struct {
	id    string
	title string
	level int
	link  int
}

const tocLine = 6.2 // mm per entry

// plan lists the entries in the order their sections will be laid out.
func (w *writer) plan() {
	add := func(id, title string, level int) {
		w.tocByID[id] = len(w.toc)
		w.toc = append(w.toc, tocEntry{id: id, title: title, level: level, link: w.f.AddLink()})
	}
	add("scope", "Scope", 0)
	add("classification", "Severity classification", 0)
	add("summary", "Executive summary", 0)
	add("table", "Findings summary", 0)
	add("findings", "Findings", 0)
	for _, g := range w.doc.Groups {
		add(g.Anchor, g.Name, 1)
	}
	if w.hasHistory() {
		add("history", "Scan history", 0)
	}
	add("methodology", "Methodology", 0)
	add("disclaimer", "Disclaimer", 0)
}

// contents lays out the table of contents right after the cover. Its length is known before
// the sections are, but not the pages they start on: Render lays the document out twice, and
// the second time writes the pages the first one found (see Render).
func (w *writer) contents() {
	w.plan()
	f := w.f
	w.inBody = true
	f.AddPage()
	f.SetFont(sans, "B", 16)
	w.textColour(accent)
	f.CellFormat(contentW, 9, "Contents", "", 1, "L", false, 0, "")
	f.Ln(3)
	for _, e := range w.toc {
		if f.GetY()+tocLine > w.bottom() {
			f.AddPage()
		}
		indent, style, size := 0.0, "B", 10.0
		if e.level > 0 {
			indent, style, size = 6, "", 9
		}
		y := f.GetY()
		f.SetFont(sans, style, size)
		w.textColour(ink)
		f.SetX(marginL + indent)
		titleW := contentW - indent - 16
		title := fit(f, printable(e.title), titleW)
		tw := f.GetStringWidth(title)
		f.CellFormat(tw+1, tocLine, title, "", 0, "L", false, e.link, "")
		// Dotted leader to the page number.
		w.drawColour(rule)
		f.SetLineWidth(0.2)
		f.SetDashPattern([]float64{0.4, 1.2}, 0)
		if x0, x1 := marginL+indent+tw+2, pageW-marginR-13; x1 > x0 {
			f.Line(x0, y+tocLine*0.7, x1, y+tocLine*0.7)
		}
		f.SetDashPattern([]float64{}, 0)
		page := "-"
		if n, ok := w.known[e.id]; ok {
			page = strconv.Itoa(n)
		}
		f.SetXY(pageW-marginR-12, y)
		f.CellFormat(12, tocLine, page, "", 1, "R", false, e.link, "")
	}
}

// mark records that the entry id starts here: its link target, bookmark and page number.
func (w *writer) mark(id string, level int, title string) {
	i, ok := w.tocByID[id]
	if !ok {
		return
	}
	f := w.f
	y := f.GetY()
	f.SetLink(w.toc[i].link, y, -1)
	f.Bookmark(printable(title), level, y)
	w.found[id] = f.PageNo()
}
