package pdf_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report/pdf"
)

var generated = time.Date(2026, 11, 22, 3, 30, 0, 0, time.UTC)

func TestSWCRegistry(t *testing.T) {
	res := scanDir(t, "swc-registry")
	r := res.Report
	r.ProjectName = "SWC registry"
	r.ProjectURL = "https://github.com/SmartContractSecurity/SWC-registry"
	r.ProjectBranch = "master"
	r.ProjectCommit = "b408709d3b7b1d5e2d3e9a7d0a8f6c1e2d3f4a5b"
	var buf bytes.Buffer
	if err := pdf.Write(&buf, pdf.Input{Report: r, Source: res.Source, Generated: generated}); err != nil {
		t.Fatal(err)
	}
	keep(t, "swc.pdf", buf.Bytes())
	t.Logf("%d bytes", buf.Len())
}
