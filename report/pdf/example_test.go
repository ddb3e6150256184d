package pdf_test

import (
	"context"
	"log"
	"os"
	"time"

	"github.com/vigil-sec/vigil/report/pdf"
	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// Scan a folder and write its PDF report, as `vigil scan DIR --format pdf --output FILE` does.
func ExampleWrite() {
	ctx := context.Background()
	ws, err := workspace.FromFolder(ctx, "contracts", workspace.Options{})
	if err != nil {
		log.Fatal(err)
	}
	res, err := scan.Run(ctx, ws, scan.Options{})
	if err != nil {
		log.Fatal(err)
	}
	out, err := os.Create("report.pdf")
	if err != nil {
		log.Fatal(err)
	}
	defer out.Close()
	err = pdf.Write(out, pdf.Input{
		Report:    res.Report,
		Source:    res.Source, // code excerpts; nil leaves them out
		Generated: time.Now(),
		History: []pdf.HistoryEntry{ // earlier scans of the project, from the store
			{ScanID: "a1b2", Time: time.Now().AddDate(0, -1, 0), ScoreV2: "61.20", Issues: 14},
		},
	})
	if err != nil {
		log.Fatal(err)
	}
}
