package pdf

import (
	"strconv"
	"strings"

	"github.com/go-pdf/fpdf"

	"github.com/vigil-sec/vigil/report/pdf/document"
)

// Page geometry, in millimetres (A4 portrait).
const (
	pageW    = 210.0
	pageH    = 297.0
	marginL  = 16.0
	marginR  = 16.0
	marginT  = 20.0
	marginB  = 18.0
	contentW = pageW - marginL - marginR
	bodySize = 9.5 // points
)

// Colours of text and rules.
var (
	ink      = rgb(0x21, 0x21, 0x21)
	muted    = rgb(0x61, 0x61, 0x61)
	rule     = rgb(0xbd, 0xbd, 0xbd)
	accent   = rgb(0x0d, 0x3b, 0x66)
	codeBg   = rgb(0xf5, 0xf7, 0xfa)
	flagBg   = rgb(0xfd, 0xe7, 0xe7)
	headerBg = rgb(0xe8, 0xee, 0xf4)
	white    = rgb(0xff, 0xff, 0xff)
)

// writer holds the document being laid out.
type writer struct {
	f   *fpdf.Fpdf
	doc *document.Document
	// toc lists the entries of the table of contents, in order; each has a link and an alias
	// for its page number, filled in when its section is laid out.
	toc     []tocEntry
	tocByID map[string]int
	// known holds the page of each contents entry from the first layout pass (nil during it);
	// found collects them during this pass.
	known, found map[string]int
	// inBody is false on the cover, which has no header or footer.
	inBody bool
}

func newWriter(doc *document.Document, known map[string]int) *writer {
	f := fpdf.New("P", "mm", "A4", "")
	f.SetMargins(marginL, marginT, marginR)
	f.SetAutoPageBreak(true, marginB)
	f.SetCompression(true)
	// Sorted catalogs make the output depend only on the input (reports can be cached and compared).
	f.SetCatalogSort(true)
	addFonts(f)
	f.AliasNbPages("{nb}")
	f.SetTitle(printable(doc.Title+": "+doc.Subject), true)
	f.SetSubject(printable("Scan "+doc.ScanID), true)
	f.SetCreator("Vigil", true)
	f.SetAuthor("Vigil", true)
	f.SetCreationDate(doc.Generated)
	f.SetModificationDate(doc.Generated)
	w := &writer{f: f, doc: doc, tocByID: map[string]int{}, known: known, found: map[string]int{}}
	f.SetHeaderFuncMode(w.header, false)
	f.SetFooterFunc(w.footer)
	return w
}

func (w *writer) header() {
	if !w.inBody {
		return
	}
	f := w.f
	f.SetFont(sans, "", 7.5)
	w.textColour(muted)
	f.SetXY(marginL, 9)
	title := printable("Vigil security report · " + w.doc.Subject)
	f.CellFormat(contentW*0.68, 4, fit(f, title, contentW*0.68), "", 0, "L", false, 0, "")
	f.CellFormat(contentW*0.32, 4, fit(f, printable("Scan "+w.doc.ScanID), contentW*0.32), "", 0, "R", false, 0, "")
	w.drawColour(rule)
	f.SetLineWidth(0.2)
	f.Line(marginL, 14, pageW-marginR, 14)
	f.SetXY(marginL, marginT)
	w.textColour(ink)
}

func (w *writer) footer() {
	if !w.inBody {
		return
	}
	f := w.f
	f.SetY(-12)
	f.SetFont(sans, "", 7.5)
	w.textColour(muted)
	f.CellFormat(contentW/2, 4, "Generated "+w.doc.Generated.Format("2006-01-02 15:04 UTC"), "", 0, "L", false, 0, "")
	f.CellFormat(contentW/2, 4, printable("Page ")+itoa(f.PageNo())+" of {nb}", "", 0, "R", false, 0, "")
	w.textColour(ink)
}

func (w *writer) textColour(c document.RGB) { w.f.SetTextColor(int(c.R), int(c.G), int(c.B)) }
func (w *writer) fillColour(c document.RGB) { w.f.SetFillColor(int(c.R), int(c.G), int(c.B)) }
func (w *writer) drawColour(c document.RGB) { w.f.SetDrawColor(int(c.R), int(c.G), int(c.B)) }

// bottom is the y where the automatic page break happens.
func (w *writer) bottom() float64 { return pageH - marginB }

// need starts a new page unless h millimetres are left, so that headings stay with what follows
// them and table rows are not split.
func (w *writer) need(h float64) {
	if w.f.GetY()+h > w.bottom() {
		w.f.AddPage()
	}
}

// section starts a top-level section on a new page, with a bookmark and its table-of-contents
// target.
func (w *writer) section(id, title string) {
	w.f.AddPage()
	w.sectionTitle(id, title)
}

// sectionHere starts a top-level section on the current page when room is left for it.
func (w *writer) sectionHere(id, title string, room float64) {
	w.need(room)
	if w.f.GetY() > marginT+1 {
		w.f.Ln(8)
	}
	w.sectionTitle(id, title)
}

func (w *writer) sectionTitle(id, title string) {
	w.mark(id, 0, title)
	f := w.f
	f.SetFont(sans, "B", 16)
	w.textColour(accent)
	f.CellFormat(contentW, 9, printable(title), "", 1, "L", false, 0, "")
	w.drawColour(accent)
	f.SetLineWidth(0.5)
	f.Line(marginL, f.GetY(), marginL+30, f.GetY())
	f.Ln(4)
	w.textColour(ink)
}

// subheading writes a small bold heading kept with the next few lines.
func (w *writer) subheading(title string) {
	w.need(14)
	f := w.f
	f.Ln(1.5)
	f.SetFont(sans, "B", 10)
	w.textColour(accent)
	f.CellFormat(contentW, 5.5, printable(title), "", 1, "L", false, 0, "")
	w.textColour(ink)
}

// rich writes paragraphs of prose with inline code, wrapping at the margins, indented by indent.
func (w *writer) rich(r document.Rich, size, indent float64) {
	f := w.f
	lh := size * 0.46
	f.SetLeftMargin(marginL + indent)
	defer f.SetLeftMargin(marginL)
	for i, p := range r {
		if i > 0 {
			f.Ln(lh * 0.5)
		}
		f.SetX(marginL + indent)
		for _, s := range p {
			if s.Code {
				f.SetFont(mono, "", size*0.92)
				w.textColour(rgb(0x6a, 0x1b, 0x9a))
			} else {
				f.SetFont(sans, "", size)
				w.textColour(ink)
			}
			f.Write(lh, printable(s.Text))
		}
		f.Ln(lh)
	}
	w.textColour(ink)
}

// para writes one paragraph of plain text.
func (w *writer) para(text string, size float64, style string, c document.RGB) {
	f := w.f
	f.SetFont(sans, style, size)
	w.textColour(c)
	f.SetX(marginL)
	f.MultiCell(contentW, size*0.46, printable(text), "", "L", false)
	w.textColour(ink)
}

// pill draws a coloured label with white text at the current position and moves right.
func (w *writer) pill(text string, c document.RGB, size float64) {
	f := w.f
	f.SetFont(sans, "B", size)
	tw := f.GetStringWidth(text) + 3
	h := size * 0.5
	x, y := f.GetX(), f.GetY()
	w.fillColour(c)
	f.RoundedRect(x, y, tw, h, 1, "1234", "F")
	w.textColour(white)
	f.SetXY(x, y)
	f.CellFormat(tw, h, text, "", 0, "C", false, 0, "")
	f.SetX(x + tw + 1.5)
	w.textColour(ink)
}

// fit shortens s with an ellipsis so that it fits width in the current font.
func fit(f *fpdf.Fpdf, s string, width float64) string {
	if f.GetStringWidth(s) <= width-1 {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && f.GetStringWidth(string(r)+"…") > width-1 {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// wrapLines splits text into lines that fit width (a cell's width: the cell margins are taken
// off) in the current font, at most maxLines (the last one ends with an ellipsis when text was
// left out). Lines break after spaces and after the separators of paths and identifiers
// (/ , ;); a word wider than the line is cut after its last _ - or . that fits, or else where it
// must be.
func wrapLines(f *fpdf.Fpdf, text string, width float64, maxLines int) []string {
	width -= 2 * cellMargin(f)
	var out []string
	for _, para := range strings.Split(text, "\n") {
		if para == "" {
			out = append(out, "")
			continue
		}
		line := ""
		for _, tok := range tokens(para) {
			if f.GetStringWidth(line+tok) <= width {
				line += tok
				continue
			}
			if strings.TrimSpace(line) != "" {
				out = append(out, strings.TrimRight(line, " "))
			}
			line = strings.TrimLeft(tok, " ")
			// A token wider than the line is cut where it must be.
			for f.GetStringWidth(line) > width {
				r := []rune(line)
				n, w, soft := 0, 0.0, 0
				for n < len(r) {
					w += f.GetStringWidth(string(r[n]))
					if w > width && n > 0 {
						break
					}
					if r[n] == '_' || r[n] == '-' || r[n] == '.' {
						soft = n + 1
					}
					n++
				}
				// Prefer the last separator inside an identifier to a cut mid-word.
				if n < len(r) && soft > n/2 {
					n = soft
				}
				out = append(out, string(r[:n]))
				line = string(r[n:])
			}
		}
		if strings.TrimSpace(line) != "" || len(out) == 0 {
			out = append(out, strings.TrimRight(line, " "))
		}
	}
	if maxLines > 0 && len(out) > maxLines {
		out = out[:maxLines]
		out[maxLines-1] = fit(f, out[maxLines-1]+"…", width)
	}
	return out
}

// tokens splits s after each break opportunity.
func tokens(s string) []string {
	var out []string
	start := 0
	for i, r := range s {
		switch r {
		case ' ', '/', ',', ';':
			out = append(out, s[start:i+1])
			start = i + 1
		}
	}
	if start < len(s) {
		out = append(out, s[start:])
	}
	return out
}

// cellMargin is the padding fpdf puts inside cells, which text must leave room for.
func cellMargin(f *fpdf.Fpdf) float64 { return f.GetCellMargin() }

func itoa(n int) string { return strconv.Itoa(n) }

func rgb(r, g, b uint8) document.RGB { return document.RGB{R: r, G: g, B: b} }
