// Package document turns a scan report into the content of a downloadable security report: the
// cover, executive summary, findings table, one section per finding group with code excerpts,
// scan history, methodology and disclaimer. It decides what is shown — order, caps, excerpts,
// filled descriptions, visible control characters — once, so that the PDF renderer
// (report/pdf) and the HTML renderer (report/html) show the same report and only differ in layout.
//
// Build never fails on odd input: missing templates, negative or reversed line numbers, lines
// past the end of a file, unknown severities and huge scans all yield a readable document, with
// notes saying what was left out. Control and bidirectional formatting characters (the "Trojan
// Source" trick) are shown as <U+202E> rather than passed to the renderer, because a report must
// show the reader what the code really contains.
package document
