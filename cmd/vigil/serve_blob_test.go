package main

import (
	"encoding/json"
	"net/http"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/vigil-sec/vigil/server/blob/s3test"
)

// TestServeBlobStoreFromEnvironment runs `vigil serve` on an S3 store named by VIGIL_BLOB_STORE
// with the standard AWS variables: the pre-signed upload URL is the store's, a plain HTTP PUT
// lands there, and the file scan reads it back.
func TestServeBlobStoreFromEnvironment(t *testing.T) {
	s3 := s3test.Start(t)
	bucket := s3.NewBucket(t)
	env := append(s3.Env(), "VIGIL_DATA_DIR="+t.TempDir(), "VIGIL_BLOB_STORE=s3://"+bucket+"/vigil", "VIGIL_LOG_FORMAT=text")
	keys := exec.Command(vigilBin, "keys", "create", "--name", "ci")
	keys.Env = append(os.Environ(), env...)
	out, err := keys.CombinedOutput()
	if err != nil {
		t.Fatalf("vigil keys create: %v\n%s", err, out)
	}
	bearer := "Bearer " + regexp.MustCompile(`vgl_[A-Za-z0-9_-]+`).FindString(string(out))
	srv := startVigil(t, env)

	req, _ := http.NewRequest("GET", srv.url+"/private/api-get-presigned-url/?file_name=Wallet.sol", nil)
	req.Header.Set("Authorization", bearer)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var presigned struct{ Result struct{ URL string } }
	json.NewDecoder(resp.Body).Decode(&presigned)
	resp.Body.Close()
	upload := presigned.Result.URL
	if !strings.HasPrefix(upload, s3.Endpoint+"/"+bucket+"/vigil/blobs/") || !strings.Contains(upload, "X-Amz-Signature=") {
		t.Fatalf("upload URL %q is not the S3 store's", upload)
	}
	put, _ := http.NewRequest("PUT", upload, strings.NewReader("pragma solidity ^0.8.0;\ncontract W { function k() external { selfdestruct(payable(msg.sender)); } }\n"))
	if resp, err := http.DefaultClient.Do(put); err != nil || resp.StatusCode != 200 {
		t.Fatalf("PUT to S3: %v %v", resp, err)
	}
	code, body := post(t, srv.url+"/private/api-file-scan/", bearer, `{"file_urls":["`+upload+`"]}`)
	if code != 200 || !strings.Contains(string(body), `"scan_status":"scan_done"`) || !strings.Contains(string(body), "selfdestruct") &&
		!strings.Contains(string(body), "SELFDESTRUCT") {
		t.Fatalf("file scan: %d %s", code, body)
	}
}

// TestServeBlobStoreRefused: a store that cannot be used stops `vigil serve` at start, naming
// the setting and the bucket.
func TestServeBlobStoreRefused(t *testing.T) {
	s3 := s3test.Start(t)
	for _, c := range []struct{ env, want string }{
		{"VIGIL_BLOB_STORE=gs://bucket/x", "blob_store (VIGIL_BLOB_STORE): blob store \"gs://bucket/x\": want s3://bucket/prefix"},
		{"VIGIL_BLOB_STORE=s3://missing-bucket/x", "missing-bucket"},
		{"VIGIL_BLOB_PUBLIC_ENDPOINT=http://s3.example", "blob_public_endpoint (VIGIL_BLOB_PUBLIC_ENDPOINT) needs an s3:// blob_store"},
	} {
		cmd := exec.Command(vigilBin, "serve", "--listen", freeAddr(t))
		cmd.Env = append(append(os.Environ(), s3.Env()...), "VIGIL_DATA_DIR="+t.TempDir(), c.env)
		out, err := cmd.CombinedOutput()
		if err == nil || !strings.Contains(string(out), c.want) {
			t.Errorf("%s: %v\n%s", c.env, err, out)
		}
	}
}
