package server_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/blob/s3test"
)

// TestStoreSignedUploadChecks: with S3 the client puts files into the bucket directly, so the
// server checks them when a scan first names them (size limit, quota, presence) and refuses a
// file replaced after that.
func TestStoreSignedUploadChecks(t *testing.T) {
	st := s3test.Start(t).NewStore(t, "vigil")
	a := startServer(t, t.TempDir(), &fakeEngine{}, func(c *server.Config) {
		c.Blobs, c.Limits.MaxFileBytes, c.MaxUploadBytesPerClient = st, 1024, 1500
	})
	key, _ := a.newKey(t, "ci", 0)
	bearer := "Bearer " + key
	fileScan := func(u string) answer {
		return call(t, "POST", a.URL+"/private/api-file-scan/", bearer, map[string]any{"file_urls": []string{u}})
	}
	refused := func(r answer, want string) {
		t.Helper()
		if msg, _ := r.body["error"].(string); r.status != 400 || !strings.HasPrefix(msg, "file_urls[0]: ") || !strings.Contains(msg, want) {
			t.Fatalf("want a refusal saying %q: %d %s", want, r.status, r.raw)
		}
	}

	big := presign(t, a, bearer, "big.sol")
	refused(fileScan(big), "nothing was uploaded to this URL yet")
	tampered := strings.Replace(big, "X-Amz-Signature=", "X-Amz-Signature=0", 1)
	if r := put(t, tampered, []byte("contract A {}")); r.status != http.StatusForbidden {
		t.Fatalf("tampered S3 signature: %d %s", r.status, r.raw)
	}
	if r := put(t, big, bytes.Repeat([]byte("a"), 1025)); r.status != 200 {
		t.Fatalf("PUT to S3: %d %s", r.status, r.raw)
	}
	refused(fileScan(big), "larger than 1024 bytes and was removed")
	if _, err := st.Stat(context.Background(), "blobs/"+objectKey(big)); !errors.Is(err, blob.ErrNotFound) {
		t.Fatalf("the oversize object was kept: %v", err)
	}

	ok := presign(t, a, bearer, "Wallet.sol")
	if r := put(t, ok, []byte(vulnerable+strings.Repeat("\n", 1000-len(vulnerable)))); r.status != 200 {
		t.Fatalf("PUT: %d %s", r.status, r.raw)
	}
	if rep := scanReport(t, fileScan(ok)); rep.ScanStatus != report.StatusDone || rep.MultiFileScanSummary.IssuesCount != 2 {
		t.Fatalf("scan: %s %q", rep.ScanStatus, rep.ScanStatusErrMsg)
	}
	// 1000 of the 1500 quota bytes are used: a second file gets 500 at most.
	second := presign(t, a, bearer, "B.sol")
	put(t, second, bytes.Repeat([]byte("b"), 600))
	refused(fileScan(second), "larger than 500 bytes and was removed")

	// The URL still takes a PUT after the checks: the scan refuses the changed file.
	if r := put(t, ok, []byte("contract Replaced {}")); r.status != 200 {
		t.Fatalf("PUT: %d %s", r.status, r.raw)
	}
	if rep := scanReport(t, fileScan(ok)); rep.ScanStatus != report.StatusFailed || !strings.Contains(rep.ScanStatusErrMsg, "changed after it was uploaded") {
		t.Fatalf("scan of a replaced file: %s %q", rep.ScanStatus, rep.ScanStatusErrMsg)
	}
}

func objectKey(uploadURL string) string {
	u, _ := url.Parse(uploadURL)
	return u.Path[len(u.Path)-24:]
}

// TestJanitorRemovesExpiredUploads: once an upload's retention is over, its file goes from the
// store and its slot from the database, whether a scan used it or not.
func TestJanitorRemovesExpiredUploads(t *testing.T) {
	blobStores(t, func(t *testing.T, blobs func(*server.Config)) {
		dir := t.TempDir()
		a := startServer(t, dir, &fakeEngine{}, blobs)
		key, _ := a.newKey(t, "ci", 0)
		bearer := "Bearer " + key
		ctx := context.Background()
		exists := func(u string) bool {
			t.Helper()
			if a.blobs == nil {
				_, err := os.Stat(filepath.Join(dir, "blobs", objectKey(u)))
				return err == nil
			}
			_, err := a.blobs.Stat(ctx, "blobs/"+objectKey(u))
			if err != nil && !errors.Is(err, blob.ErrNotFound) {
				t.Fatal(err)
			}
			return err == nil
		}
		scanned, unused := presign(t, a, bearer, "A.sol"), presign(t, a, bearer, "B.sol")
		for _, u := range []string{scanned, unused} {
			if r := put(t, u, []byte(vulnerable)); r.status != 200 {
				t.Fatalf("PUT: %d %s", r.status, r.raw)
			}
		}
		scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", bearer, map[string]any{"file_urls": []string{scanned}}))
		a.SweepUploads(ctx, time.Now()) // nothing has expired yet
		if !exists(scanned) || !exists(unused) {
			t.Fatal("the janitor removed uploads still in their retention")
		}
		a.SweepUploads(ctx, time.Now().Add(15*time.Minute+24*time.Hour+time.Minute))
		if exists(scanned) || exists(unused) {
			t.Fatal("the janitor left expired uploads in the store")
		}
		r := call(t, "POST", a.URL+"/private/api-file-scan/", bearer, map[string]any{"file_urls": []string{scanned}})
		if r.status != 400 || !strings.Contains(string(r.raw), "no such upload") {
			t.Fatalf("scan of a removed upload: %d %s", r.status, r.raw)
		}
	})
}

// TestSharedStoreServesOtherProcessesLinks: two servers on one S3 store (separate data folders,
// as two API processes on two machines) share the key of the server's signed links, so a report
// link handed out by one downloads from the other.
func TestSharedStoreServesOtherProcessesLinks(t *testing.T) {
	st := s3test.Start(t).NewStore(t, "")
	first := startServer(t, t.TempDir(), &fakeEngine{}, func(c *server.Config) { c.Blobs = st })
	if err := st.Put(context.Background(), "reports/0123456789abcdef01234567.html", strings.NewReader("<p>report</p>")); err != nil {
		t.Fatal(err)
	}
	second := startServer(t, t.TempDir(), &fakeEngine{}, func(c *server.Config) { c.Blobs = st })
	link := first.ReportLink("0123456789abcdef01234567.html")
	resp, err := http.Get(strings.Replace(link, first.URL, second.URL, 1))
	if err != nil {
		t.Fatal(err)
	}
	data, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(data) != "<p>report</p>" || resp.Header.Get("Content-Length") != "13" {
		t.Fatalf("download from the other server: %d %q", resp.StatusCode, data)
	}
}
