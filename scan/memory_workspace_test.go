package scan

import (
	"context"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace"
)

// Loose files uploaded (a workspace in memory, without a folder) scan exactly as the same files
// in a folder on disk: the Solidity and the Rust findings (the Rust model reads the files
// through Workspace.FS, with the manifest it makes for loose Rust files), and the gaps.
func TestUploadedFilesScanAsAFolder(t *testing.T) {
	unsafeRust, err := os.ReadFile("rust/testdata/detectors/unsafe_code/native/src/lib.rs")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"K.sol":     killSol,
		"lib.rs":    string(unsafeRust),
		"broken.rs": "pub fn f( {\n",
	}
	dir := t.TempDir()
	var ups []workspace.Upload
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		ups = append(ups, workspace.Upload{Name: name, Open: func() (io.ReadCloser, error) { return io.NopCloser(strings.NewReader(src)), nil }})
	}
	scanOf := func(ws *workspace.Workspace, err error) string {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
		defer ws.Close()
		res, err := Run(context.Background(), ws, Options{})
		if err != nil {
			t.Fatal(err)
		}
		out, _ := json.MarshalIndent(struct {
			Groups   []*report.Group
			Coverage *report.Coverage
		}{res.Report.MultiFileScanDetails, res.Report.Coverage}, "", " ")
		return string(out)
	}
	tmp := t.TempDir()
	uploaded := scanOf(workspace.FromUploads(context.Background(), ups, workspace.Options{TempDir: tmp}))
	folder := scanOf(workspace.FromFolder(context.Background(), dir, workspace.Options{}))
	if uploaded != folder {
		t.Errorf("uploaded files scan differently from the same folder:\n%s\nfolder:\n%s", uploaded, folder)
	}
	for _, want := range []string{`"lib.rs"`, `"K.sol"`, `"broken.rs"`} {
		if !strings.Contains(uploaded, want) {
			t.Errorf("the scan of the uploaded files has nothing on %s:\n%s", want, uploaded)
		}
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("the uploaded files left %d entries in the temporary folder", len(left))
	}
}
