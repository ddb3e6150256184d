package scan

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/scan/detect"
)

var updateDetectorsDoc = flag.Bool("update-detectors-doc", false, "rewrite scan/DETECTORS.md from the catalogue")

// TestDetectorsDoc keeps scan/DETECTORS.md, the per-detector reference the README links to,
// equal to the catalogue: for every detector, what it looks for and the facts it decides from
// (its DetectionLogic), its severity and the highest confidence it reports. Regenerate with
//
//	go test ./scan -run DetectorsDoc -update-detectors-doc
func TestDetectorsDoc(t *testing.T) {
	want := detectorsDoc(Catalogue())
	if *updateDetectorsDoc {
		if err := os.WriteFile("DETECTORS.md", []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile("DETECTORS.md")
	if err != nil || string(got) != want {
		t.Fatalf("scan/DETECTORS.md is not the catalogue's reference; run\n  go test ./scan -run DetectorsDoc -update-detectors-doc")
	}
}

func detectorsDoc(all []*detect.Template) string {
	var b strings.Builder
	b.WriteString("# Detector reference\n\n")
	b.WriteString("Generated from the catalogue (`go test ./scan -run DetectorsDoc -update-detectors-doc`); `vigil detectors` prints the same.\n\n")
	b.WriteString("Each detector reports at most the confidence shown. A finding's confidence drops below it by its evidence\n")
	b.WriteString("(`details.evidence`): medium when it rests on an assumption about code the scan could not read (an\n")
	b.WriteString("unresolved import, base, modifier or callee; another contract), low when a name or a heuristic decided. A\n")
	b.WriteString("Solidity finding that rests on unresolved code is never high. The facts each detector decides from are its\n")
	b.WriteString("detection logic below; the README's detector section groups the families and their calibration.\n\n")
	lang := ""
	for _, t := range all {
		l := strings.Join(t.Languages, ", ")
		if l != lang {
			lang = l
			fmt.Fprintf(&b, "## %s\n\n", strings.ToUpper(l[:1])+l[1:])
		}
		fmt.Fprintf(&b, "### `%s`: %s\n\n", t.ID, t.Name)
		fmt.Fprintf(&b, "Severity %s, confidence at most %s, class %s", t.Severity, t.Confidence, t.Class)
		if len(t.SWC) > 0 {
			fmt.Fprintf(&b, ", %s", strings.Join(t.SWC, ", "))
		}
		if len(t.CWE) > 0 {
			fmt.Fprintf(&b, ", %s", strings.Join(t.CWE, ", "))
		}
		b.WriteString(".\n\n")
		fmt.Fprintf(&b, "%s\n\n", strings.TrimSpace(t.DetectionLogic))
	}
	return b.String()
}
