package pdf

import (
	"github.com/go-pdf/fpdf"

	"github.com/vigil-sec/vigil/report/pdf/document"
)

// column is one column of a table: its title, width in millimetres and alignment.
type column struct {
	title string
	width float64
	align string
}

// cellStyle colours one cell of a row: white bold text on fill.
type cellStyle struct {
	col  int
	fill document.RGB
}

const (
	tableSize     = 7.5 // points
	tableLine     = 3.5 // mm per text line
	tablePad      = 1.2 // mm above and below the text
	maxCellLines  = 8   // a cell taller than this is cut with an ellipsis
	tableCellSide = 1.0 // mm of padding left and right
)

// table lays out rows under a header that is repeated on every page. Cells wrap; a row is
// never split across pages. links, when set, makes the first cell of row i link to links[i].
func (w *writer) table(cols []column, rows [][]string, styles []cellStyle, links []int) {
	f := w.f
	f.SetCellMargin(tableCellSide)
	defer f.SetCellMargin(1)
	w.need(2*(tableLine+2*tablePad) + 2)
	w.tableHeader(cols)
	for i, row := range rows {
		f.SetFont(sans, "", tableSize)
		cells := make([][]string, len(cols))
		n := 1
		for c := range cols {
			text := ""
			if c < len(row) {
				text = printable(row[c])
			}
			cells[c] = wrapLines(f, text, cols[c].width, maxCellLines)
			n = max(n, len(cells[c]))
		}
		h := float64(n)*tableLine + 2*tablePad
		if f.GetY()+h > w.bottom() {
			f.AddPage()
			w.tableHeader(cols)
		}
		y := f.GetY()
		if i%2 == 1 {
			w.fillColour(rgb(0xfa, 0xfa, 0xfa))
			f.Rect(marginL, y, contentW, h, "F")
		}
		x := marginL
		for c, col := range cols {
			style := ""
			w.textColour(ink)
			if i < len(styles) && styles[i].col == c {
				// A label on the first line, not a block the height of the row.
				w.fillColour(styles[i].fill)
				f.RoundedRect(x+0.8, y+tablePad-0.4, col.width-1.6, float64(len(cells[c]))*tableLine+0.8, 0.8, "1234", "F")
				w.textColour(white)
				style = "B"
			}
			f.SetFont(sans, style, tableSize)
			link := 0
			if c == 0 && i < len(links) {
				link = links[i]
			}
			for j, l := range cells[c] {
				f.SetXY(x, y+tablePad+float64(j)*tableLine)
				f.CellFormat(col.width, tableLine, l, "", 0, col.align, false, link, "")
			}
			x += col.width
		}
		w.drawColour(rgb(0xe0, 0xe0, 0xe0))
		f.SetLineWidth(0.1)
		f.Line(marginL, y+h, marginL+contentW, y+h)
		f.SetXY(marginL, y+h)
	}
	w.textColour(ink)
	f.Ln(2)
}

func (w *writer) tableHeader(cols []column) {
	f := w.f
	f.SetFont(sans, "B", tableSize)
	n := 1
	lines := make([][]string, len(cols))
	for c, col := range cols {
		lines[c] = wrapLines(f, col.title, col.width, 2)
		n = max(n, len(lines[c]))
	}
	h := float64(n)*tableLine + 2*tablePad
	y := f.GetY()
	w.fillColour(accent)
	f.Rect(marginL, y, contentW, h, "F")
	w.textColour(white)
	x := marginL
	for c, col := range cols {
		for j, l := range lines[c] {
			f.SetXY(x, y+tablePad+float64(j)*tableLine)
			f.CellFormat(col.width, tableLine, l, "", 0, col.align, false, 0, "")
		}
		x += col.width
	}
	w.textColour(ink)
	f.SetXY(marginL, y+h)
}

func polygon(x1, y1, x2, y2, x3, y3 float64) []fpdf.PointType {
	return []fpdf.PointType{{X: x1, Y: y1}, {X: x2, Y: y2}, {X: x3, Y: y3}}
}
