package server_test

import (
	"archive/zip"
	"bytes"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
)

// presign asks for an upload URL and returns it.
func presign(t testing.TB, a *apiServer, bearer, name string) string {
	t.Helper()
	r := call(t, "GET", a.URL+"/private/api-get-presigned-url/?file_name="+url.QueryEscape(name), bearer, nil)
	if r.status != 200 || r.body["status"] != "success" {
		t.Fatalf("presign %s: %d %s", name, r.status, r.raw)
	}
	u, _ := r.body["result"].(map[string]any)["url"].(string)
	if !strings.HasPrefix(u, a.uploads) {
		t.Fatalf("upload URL %q is not on this server", u)
	}
	return u
}

func put(t testing.TB, u string, body []byte) answer {
	t.Helper()
	return call(t, "PUT", u, "", body)
}

func zipOf(t *testing.T, files map[string]string) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for name, body := range files {
		w, _ := zw.Create(name)
		w.Write([]byte(body))
	}
	zw.Close()
	return buf.Bytes()
}

// TestUploadThenFileScan uploads through the pre-signed URLs with a plain HTTP client and
// scans the files: on the data folder (URLs of this server) and on S3 (the store's own URLs).
func TestUploadThenFileScan(t *testing.T) {
	blobStores(t, testUploadThenFileScan)
}

func testUploadThenFileScan(t *testing.T, blobs func(*server.Config)) {
	a := startServer(t, t.TempDir(), &fakeEngine{}, func(c *server.Config) { blobs(c); c.Limits.MaxFileBytes = 4096 })
	key, client := a.newKey(t, "ci", 0)
	bearer := "Bearer " + key

	u := presign(t, a, bearer, "Wallet.sol")
	if r := put(t, u, []byte(vulnerable)); r.status != 200 {
		t.Fatalf("PUT: %d %s", r.status, r.raw)
	}
	// This server refuses a second file; an object store takes it until the URL expires
	// (what a scan then finds is checked below).
	if r := put(t, u, []byte(vulnerable)); a.blobs == nil && r.status != 409 {
		t.Fatalf("second PUT to one URL: %d %s", r.status, r.raw)
	}
	// The URL without its signature names the same upload.
	bare := strings.SplitN(u, "?", 2)[0]
	rep := scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", bearer,
		map[string]any{"file_urls": []string{bare}, "project_name": "wallet", "project_type": "new"}))
	if rep.ScanStatus != report.StatusDone || !rep.IsQuickScan || rep.ClientID != client || rep.ProjectName != "wallet" ||
		len(rep.FileURLList) != 1 || rep.FileURLList[0] != bare || rep.MultiFileScanSummary.IssuesCount != 2 {
		t.Fatalf("file scan: %s %q %+v", rep.ScanStatus, rep.ScanStatusErrMsg, rep)
	}
	if loc := rep.MultiFileScanDetails[0].MetricWiseAggregatedFindings[0].Findings[0]; loc.FilePath != "Wallet.sol" {
		t.Fatalf("file path %q", loc.FilePath)
	}

	// A zip archive of a project.
	z := presign(t, a, bearer, "project.ZIP")
	if r := put(t, z, zipOf(t, map[string]string{"src/A.sol": vulnerable, "src/B.sol": "contract B {}\n"})); r.status != 200 {
		t.Fatalf("PUT zip: %d %s", r.status, r.raw)
	}
	rep = scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", bearer, map[string]any{"file_urls": []string{z}}))
	if strings.Contains(rep.FileURLList[0], "signature") {
		t.Fatalf("file_url_list shows the upload signature: %s", rep.FileURLList[0])
	}
	if rep.ScanStatus != report.StatusDone || rep.MultiFileScanSummary.CountFilesAnalyzed != 2 || rep.ProjectName != "project.ZIP" {
		t.Fatalf("zip scan: %s %q files %d", rep.ScanStatus, rep.ScanStatusErrMsg, rep.MultiFileScanSummary.CountFilesAnalyzed)
	}
	// Its report, generated into the blob store and downloaded from it.
	resp, err := http.Get(generateReport(t, a, bearer, rep)["pdf"])
	if err != nil {
		t.Fatal(err)
	}
	pdf, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || !bytes.HasPrefix(pdf, []byte("%PDF-")) {
		t.Fatalf("report download: %d %q", resp.StatusCode, pdf[:min(len(pdf), 20)])
	}

	// Another client cannot scan these uploads: the same answer as an unknown one.
	other, _ := a.newKey(t, "other", 0)
	foreign := call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+other, map[string]any{"file_urls": []string{bare}})
	if foreign.status != 400 || !strings.Contains(foreign.body["error"].(string), "file_urls[0]") {
		t.Fatalf("foreign upload: %d %s", foreign.status, foreign.raw)
	}
	unknown := bare[:len(bare)-24] + "0" + bare[len(bare)-24:len(bare)-1]
	if r := call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+other, map[string]any{"file_urls": []string{unknown}}); string(r.raw) != string(foreign.raw) {
		t.Fatalf("unknown upload %s differs from foreign %s", r.raw, foreign.raw)
	}
}

func TestUploadRefusals(t *testing.T) {
	a := startServer(t, t.TempDir(), &fakeEngine{}, func(c *server.Config) { c.Limits.MaxFileBytes = 1024 })
	key, _ := a.newKey(t, "ci", 0)
	bearer := "Bearer " + key

	for _, name := range []string{"evil.exe", "notes.txt", ".sol", "a.sol.js", ""} {
		r := call(t, "GET", a.URL+"/private/api-get-presigned-url/?file_name="+url.QueryEscape(name), bearer, nil)
		if r.status != 400 || r.body["status"] != "failed" || r.body["message"] == nil {
			t.Errorf("file_name %q: %d %s", name, r.status, r.raw)
		}
	}
	u := presign(t, a, bearer, "big.sol")
	if r := put(t, u, bytes.Repeat([]byte("a"), 1025)); r.status != 413 {
		t.Fatalf("oversize PUT: %d %s", r.status, r.raw)
	}
	// Without a Content-Length the limit is enforced while streaming.
	req, _ := http.NewRequest("PUT", u, io.MultiReader(strings.NewReader(strings.Repeat("b", 1000)), strings.NewReader(strings.Repeat("c", 1000))))
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != 413 || req.ContentLength != 0 {
		t.Fatalf("streamed oversize PUT: %d (content length %d)", resp.StatusCode, req.ContentLength)
	}
	if r := put(t, strings.Replace(u, "signature=", "signature=0", 1), []byte("x")); r.status != 403 {
		t.Fatalf("tampered signature: %d %s", r.status, r.raw)
	}
	parsed, _ := url.Parse(u)
	q := parsed.Query()
	q.Set("expires", "99999999999")
	parsed.RawQuery = q.Encode()
	if r := put(t, parsed.String(), []byte("x")); r.status != 403 {
		t.Fatalf("extended expiry: %d %s", r.status, r.raw)
	}
	// The oversize attempt left nothing behind: the URL still takes a proper file.
	if r := put(t, u, []byte(vulnerable[:200])); r.status != 200 {
		t.Fatalf("PUT after refused attempt: %d %s", r.status, r.raw)
	}

	cases := []struct {
		body  any
		field string
	}{
		{map[string]any{}, "file_urls"},
		{map[string]any{"file_urls": "http://x"}, "file_urls"},
		{map[string]any{"file_urls": []string{}}, "file_urls"},
		{map[string]any{"file_urls": []string{"https://evil.example/uploads/0123456789abcdef01234567"}}, "file_urls[0]"},
		{map[string]any{"file_urls": []string{u, u}}, "file_urls[1]"},
		{map[string]any{"file_urls": []string{presign(t, a, bearer, "later.sol")}}, "file_urls[0]"}, // nothing uploaded yet
		{map[string]any{"file_urls": []string{u}, "project_name": 7}, "project_name"},
	}
	for _, c := range cases {
		r := call(t, "POST", a.URL+"/private/api-file-scan/", bearer, c.body)
		msg, _ := r.body["error"].(string)
		if r.status != 400 || !strings.HasPrefix(msg, c.field) {
			t.Errorf("%v: %d %s (want error naming %s)", c.body, r.status, r.raw, c.field)
		}
	}
}

func TestUploadQuotas(t *testing.T) {
	a := startServer(t, t.TempDir(), &fakeEngine{}, func(c *server.Config) {
		c.MaxUploadsPerClient, c.MaxUploadBytesPerClient = 3, 1000
	})
	key, _ := a.newKey(t, "ci", 0)
	bearer := "Bearer " + key
	first := presign(t, a, bearer, "a.sol")
	if r := put(t, first, bytes.Repeat([]byte("a"), 900)); r.status != 200 {
		t.Fatalf("first upload: %d %s", r.status, r.raw)
	}
	second := presign(t, a, bearer, "b.sol")
	if r := put(t, second, bytes.Repeat([]byte("b"), 200)); r.status != 413 {
		t.Fatalf("upload past the byte quota: %d %s", r.status, r.raw)
	}
	presign(t, a, bearer, "c.sol")
	r := call(t, "GET", a.URL+"/private/api-get-presigned-url/?file_name=d.sol", bearer, nil)
	if r.status != 429 || r.body["status"] != "failed" {
		t.Fatalf("fourth slot with a limit of three: %d %s", r.status, r.raw)
	}
	// Quotas are per client.
	other, _ := a.newKey(t, "other", 0)
	presign(t, a, "Bearer "+other, "a.sol")
}
