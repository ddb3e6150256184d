package pdf_test

import (
	"bytes"
	"sync"
	"testing"

	"github.com/vigil-sec/vigil/report/pdf"
)

// TestConcurrent: the server renders reports in background jobs, several at once.
func TestConcurrent(t *testing.T) {
	in := pdf.Input{Report: syntheticReport(60), Generated: generated}
	var wg sync.WaitGroup
	errs := make([]error, 4)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var buf bytes.Buffer
			errs[i] = pdf.Write(&buf, in)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Error(err)
		}
	}
}
