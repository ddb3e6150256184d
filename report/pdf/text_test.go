package pdf_test

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
)

// pdfText extracts the text of a PDF with pdftotext (poppler-utils), skipping the test when the
// tool is absent: the reading is done by a real, independent PDF reader.
func pdfText(t *testing.T, data []byte) string {
	t.Helper()
	return pdfTextPages(t, data, 0)
}

// pdfTextPages extracts the text of the first pages only (all when last is 0).
func pdfTextPages(t *testing.T, data []byte, last int) string {
	t.Helper()
	tool, err := exec.LookPath("pdftotext")
	if err != nil {
		t.Skip("pdftotext (poppler-utils) not installed")
	}
	file := filepath.Join(t.TempDir(), "r.pdf")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	args := []string{"-enc", "UTF-8", "-layout"}
	if last > 0 {
		args = append(args, "-l", strconv.Itoa(last))
	}
	out, err := exec.Command(tool, append(args, file, "-")...).Output()
	if err != nil {
		t.Fatalf("pdftotext: %v", err)
	}
	return string(out)
}

// pdfPages returns the page count that pdfinfo reads, or 0 when it is absent.
func pdfPages(t *testing.T, data []byte) int {
	t.Helper()
	tool, err := exec.LookPath("pdfinfo")
	if err != nil {
		return 0
	}
	file := filepath.Join(t.TempDir(), "r.pdf")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, file).Output()
	if err != nil {
		t.Fatalf("pdfinfo rejects the file: %v", err)
	}
	for _, l := range bytes.Split(out, []byte("\n")) {
		if rest, ok := bytes.CutPrefix(l, []byte("Pages:")); ok {
			n := 0
			for _, c := range bytes.TrimSpace(rest) {
				n = n*10 + int(c-'0')
			}
			return n
		}
	}
	t.Fatal("pdfinfo gave no page count")
	return 0
}
