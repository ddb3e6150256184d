package pdf

// closingSections are the methodology and the disclaimer.
func (w *writer) closingSections() {
	w.section("methodology", "Methodology")
	for _, p := range w.doc.Methodology {
		w.rich(p, bodySize, 0)
		w.f.Ln(2)
	}
	w.need(40)
	w.f.Ln(4)
	w.mark("disclaimer", 0, "Disclaimer")
	w.f.SetFont(sans, "B", 13)
	w.textColour(accent)
	w.f.CellFormat(contentW, 8, "Disclaimer", "", 1, "L", false, 0, "")
	w.textColour(ink)
	for _, p := range w.doc.Disclaimer {
		w.rich(p, bodySize, 0)
		w.f.Ln(2)
	}
}
