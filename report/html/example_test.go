package html_test

import (
	"log"
	"os"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/report/html"
)

// Write the HTML report of a stored scan report: without Source there are no code excerpts.
func ExampleWrite() {
	var r *report.ScanReport // loaded from the store
	if err := html.Write(os.Stdout, html.Input{Report: r}); err != nil {
		log.Print(err)
	}
}
