package server_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/auth"
)

// An upload URL dies with the API key that asked for it: after `vigil keys revoke`, a PUT to
// the server's URL is refused, and a file put straight into an object store with the store's
// own URL (which cannot be recalled) is refused by the file scan and removed. URLs of the
// client's other keys keep working. On both engines and both blob stores.
func TestRevokedKeyEndsItsUploadURLs(t *testing.T) {
	for _, e := range engines {
		t.Run(e.name, func(t *testing.T) {
			blobStores(t, func(t *testing.T, blobs func(*server.Config)) {
				db := e.database(t)
				a := startServer(t, t.TempDir(), &fakeEngine{}, func(c *server.Config) { c.Database = db; blobs(c) })
				ctx := context.Background()
				revoked, rec, err := auth.Create(ctx, a.Store(), "laptop", 0)
				if err != nil {
					t.Fatal(err)
				}
				kept, _ := a.newKey(t, "ci", rec.ClientID)
				early := presign(t, a, "Bearer "+revoked, "Early.sol")
				put(t, early, []byte(vulnerable)) // uploaded and scanned while the key was valid: the client's file
				scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+revoked, map[string]any{"file_urls": []string{early}}))
				late := presign(t, a, "Bearer "+revoked, "Late.sol")
				fine := presign(t, a, "Bearer "+kept, "Fine.sol")
				if err := a.Store().RevokeKey(ctx, rec.ID, time.Now()); err != nil {
					t.Fatal(err)
				}

				r := put(t, late, []byte(vulnerable))
				if a.blobs == nil || a.blobs.URL("blobs/") == "" {
					// The server's own URL: refused at the PUT.
					if r.status != 403 || !strings.Contains(string(r.raw), "revoked") {
						t.Fatalf("PUT to a revoked key's URL: %d %s", r.status, r.raw)
					}
				}
				// Either way the file is of no use: a file scan refuses it.
				got := call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+kept, map[string]any{"file_urls": []string{late}})
				if got.status != 400 {
					t.Fatalf("file scan of a revoked key's late upload: %d %s", got.status, got.raw)
				}
				if r := put(t, fine, []byte(vulnerable)); r.status != 200 {
					t.Fatalf("PUT to another key's URL: %d %s", r.status, r.raw)
				}
				rep := scanReport(t, call(t, "POST", a.URL+"/private/api-file-scan/", "Bearer "+kept, map[string]any{"file_urls": []string{fine, early}}))
				if rep.ScanStatus != report.StatusDone || rep.MultiFileScanSummary.IssuesCount != 4 {
					t.Fatalf("scan of the other key's file and the early upload: %s %q", rep.ScanStatus, rep.ScanStatusErrMsg)
				}
			})
		})
	}
}
