package pdf

import (
	"bufio"
	"fmt"
	"io"

	"github.com/vigil-sec/vigil/report/pdf/document"
)

// Input is what a report is made from (see document.Input).
type Input = document.Input

// HistoryEntry is one earlier scan of the project (see document.HistoryEntry).
type HistoryEntry = document.HistoryEntry

// Limits bounds the size of a report (see document.Limits).
type Limits = document.Limits

// Write renders the report of in as a PDF document to w. It fails only when in has no report
// or w fails; odd content is rendered as well as it can be.
func Write(w io.Writer, in Input) error {
	doc, err := document.Build(in)
	if err != nil {
		return err
	}
	return Render(w, doc)
}

// Render lays out an already built document.
func Render(w io.Writer, doc *document.Document) (err error) {
	// fpdf reports most problems through its error state, but a layout bug must not take down
	// a server that renders reports in the background: turn a panic into an error.
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("pdf: rendering failed: %v", p)
		}
	}()
	// Two passes: the first finds the page each section starts on, the second writes those
	// numbers into the contents. (fpdf's page-number aliases would do it in one pass, but they
	// copy every page once per alias: quadratic in the size of the report.) Both passes lay
	// out the same content, so the pages agree; the first is never serialised.
	first := newWriter(doc, nil)
	first.render()
	if first.f.Err() {
		return fmt.Errorf("pdf: %w", first.f.Error())
	}
	pw := newWriter(doc, first.found)
	pw.render()
	if pw.f.Err() {
		return fmt.Errorf("pdf: %w", pw.f.Error())
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if err := pw.f.Output(bw); err != nil {
		return fmt.Errorf("pdf: writing: %w", err)
	}
	return bw.Flush()
}

// render lays the sections out in reading order.
func (w *writer) render() {
	w.cover()
	w.contents()
	w.scopeSection()
	w.classificationSection()
	w.summarySection()
	w.tableSection()
	w.groupSections()
	if w.hasHistory() {
		w.historySection()
	}
	w.closingSections()
}
