package blob_test

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/vigil-sec/vigil/server/blob"
	"github.com/vigil-sec/vigil/server/blob/s3test"
)

// stores runs the suite against both implementations: the local folder and a real
// S3-compatible server (versitygw).
func stores(t *testing.T, run func(t *testing.T, st blob.Store)) {
	t.Run("local", func(t *testing.T) {
		st, err := blob.NewLocal(t.TempDir())
		if err != nil {
			t.Fatal(err)
		}
		run(t, st)
	})
	t.Run("s3", func(t *testing.T) {
		st := s3test.Start(t).NewStore(t, "some/prefix")
		st.PartSize = 5 << 20 // the smallest S3 allows, so that multipart writes are cheap to test
		run(t, st)
	})
}

func read(t *testing.T, st blob.Store, key string) string {
	t.Helper()
	rc, info, err := st.Open(context.Background(), key)
	if err != nil {
		t.Fatalf("open %s: %v", key, err)
	}
	defer rc.Close()
	b, err := io.ReadAll(rc)
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	if info.Size != int64(len(b)) || info.Key != key || info.Modified.IsZero() {
		t.Errorf("open %s: info %+v for %d bytes", key, info, len(b))
	}
	return string(b)
}

func TestPutOpenStatDelete(t *testing.T) {
	stores(t, func(t *testing.T, st blob.Store) {
		ctx := context.Background()
		if err := st.Put(ctx, "reports/a.html", strings.NewReader("first")); err != nil {
			t.Fatal(err)
		}
		if err := st.Put(ctx, "reports/a.html", strings.NewReader("second, longer")); err != nil {
			t.Fatal(err)
		}
		if got := read(t, st, "reports/a.html"); got != "second, longer" {
			t.Fatalf("after overwrite: %q", got)
		}
		if info, err := st.Stat(ctx, "reports/a.html"); err != nil || info.Size != 14 {
			t.Fatalf("stat: %+v %v", info, err)
		}
		if err := st.Put(ctx, "empty", strings.NewReader("")); err != nil || read(t, st, "empty") != "" {
			t.Fatalf("empty blob: %v", err)
		}
		if err := st.Delete(ctx, "reports/a.html"); err != nil {
			t.Fatal(err)
		}
		if err := st.Delete(ctx, "reports/a.html"); err != nil {
			t.Fatalf("deleting a missing blob: %v", err)
		}
		if _, _, err := st.Open(ctx, "reports/a.html"); !errors.Is(err, blob.ErrNotFound) || !strings.Contains(err.Error(), "reports/a.html") {
			t.Fatalf("open after delete: %v", err)
		}
		if _, err := st.Stat(ctx, "reports"); !errors.Is(err, blob.ErrNotFound) {
			t.Fatalf("stat of a folder: %v", err)
		}
	})
}

func TestBadKeys(t *testing.T) {
	stores(t, func(t *testing.T, st blob.Store) {
		ctx := context.Background()
		for _, key := range []string{"", "/etc/passwd", "../x", "a/../../x", "a//b", "a/", ".staging/x", "a b", "a\x00b", "blobs/./x"} {
			if err := st.Put(ctx, key, strings.NewReader("x")); !errors.Is(err, blob.ErrBadKey) {
				t.Errorf("put %q: %v", key, err)
			}
			if _, _, err := st.Open(ctx, key); !errors.Is(err, blob.ErrBadKey) {
				t.Errorf("open %q: %v", key, err)
			}
			if err := st.Delete(ctx, key); !errors.Is(err, blob.ErrBadKey) {
				t.Errorf("delete %q: %v", key, err)
			}
		}
	})
}

// TestCreateOnce races writers of one key: exactly one wins and its content is what is stored.
func TestCreateOnce(t *testing.T) {
	stores(t, func(t *testing.T, st blob.Store) {
		ctx := context.Background()
		const n = 6
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Go(func() { errs[i] = st.Create(ctx, "upload.key", strings.NewReader(fmt.Sprintf("writer %d", i))) })
		}
		wg.Wait()
		winner := -1
		for i, err := range errs {
			switch {
			case err == nil && winner >= 0:
				t.Fatalf("writers %d and %d both created the key", winner, i)
			case err == nil:
				winner = i
			case !errors.Is(err, blob.ErrExists):
				t.Fatalf("writer %d: %v", i, err)
			}
		}
		if winner < 0 {
			t.Fatal("no writer created the key")
		}
		if got := read(t, st, "upload.key"); got != fmt.Sprintf("writer %d", winner) {
			t.Fatalf("stored %q, winner was %d", got, winner)
		}
	})
}

// pattern is a reader of size bytes of a repeating pattern, failing with fail after failAt
// bytes when failAt >= 0.
type pattern struct {
	size, failAt, off int64
	fail              error
}

func (p *pattern) Read(b []byte) (int, error) {
	if p.failAt >= 0 && p.off >= p.failAt {
		return 0, p.fail
	}
	if p.off >= p.size {
		return 0, io.EOF
	}
	n := int64(len(b))
	n = min(n, p.size-p.off)
	if p.failAt >= 0 {
		n = min(n, p.failAt-p.off)
	}
	for i := range n {
		b[i] = byte((p.off + i) % 251)
	}
	p.off += n
	return int(n), nil
}

func digest(r io.Reader) ([32]byte, int64) {
	h := sha256.New()
	n, _ := io.Copy(h, r)
	return [32]byte(h.Sum(nil)), n
}

// TestLargeStreamedWrite writes more than two S3 parts from a reader of unknown length.
func TestLargeStreamedWrite(t *testing.T) {
	stores(t, func(t *testing.T, st blob.Store) {
		ctx := context.Background()
		const size = 11<<20 + 12345
		want, _ := digest(&pattern{size: size, failAt: -1})
		if err := st.Create(ctx, "blobs/big", &pattern{size: size, failAt: -1}); err != nil {
			t.Fatal(err)
		}
		rc, info, err := st.Open(ctx, "blobs/big")
		if err != nil {
			t.Fatal(err)
		}
		got, n := digest(rc)
		rc.Close()
		if got != want || n != size || info.Size != size {
			t.Fatalf("read back %d bytes (info %d), digest match %v", n, info.Size, got == want)
		}
		if err := st.Create(ctx, "blobs/big", &pattern{size: size, failAt: -1}); !errors.Is(err, blob.ErrExists) {
			t.Fatalf("second multipart create: %v", err)
		}
	})
}

// TestFailedWriteLeavesNothing cuts writes off midway, small and multipart: the key keeps its
// earlier content or stays absent, and the error is the reader's, named with the key.
func TestFailedWriteLeavesNothing(t *testing.T) {
	stores(t, func(t *testing.T, st blob.Store) {
		ctx := context.Background()
		cut := errors.New("connection cut")
		for _, failAt := range []int64{1000, 7 << 20} {
			if err := st.Put(ctx, "blobs/kept", strings.NewReader("old content")); err != nil {
				t.Fatal(err)
			}
			err := st.Put(ctx, "blobs/kept", &pattern{size: 20 << 20, failAt: failAt, fail: cut})
			if !errors.Is(err, cut) || !strings.Contains(err.Error(), "blobs/kept") {
				t.Fatalf("cut at %d: %v", failAt, err)
			}
			if got := read(t, st, "blobs/kept"); got != "old content" {
				t.Fatalf("cut at %d: content now %d bytes", failAt, len(got))
			}
			if err := st.Create(ctx, "blobs/new", &pattern{size: 20 << 20, failAt: failAt, fail: cut}); !errors.Is(err, cut) {
				t.Fatalf("cut create at %d: %v", failAt, err)
			}
			if _, err := st.Stat(ctx, "blobs/new"); !errors.Is(err, blob.ErrNotFound) {
				t.Fatalf("cut create at %d left a blob: %v", failAt, err)
			}
		}
	})
}

// TestFailedMultipartLeavesNoParts: a large S3 write cut off midway aborts its multipart
// upload, so no parts stay in the bucket (kept, and billed, until a lifecycle rule).
func TestFailedMultipartLeavesNoParts(t *testing.T) {
	srv := s3test.Start(t)
	bucket := srv.NewBucket(t)
	st, err := blob.OpenS3(context.Background(), "s3://"+bucket+"/x", srv.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	st.PartSize = 5 << 20
	cut := errors.New("connection cut")
	if err := st.Put(context.Background(), "blobs/big", &pattern{size: 20 << 20, failAt: 12 << 20, fail: cut}); !errors.Is(err, cut) {
		t.Fatalf("cut write: %v", err)
	}
	out, err := srv.Client(t).ListMultipartUploads(context.Background(), &s3.ListMultipartUploadsInput{Bucket: &bucket})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Uploads) != 0 {
		t.Fatalf("%d multipart uploads left after a failed write", len(out.Uploads))
	}
}

// TestNoHalfWrittenBlob reads a key while its new content is still arriving.
func TestNoHalfWrittenBlob(t *testing.T) {
	stores(t, func(t *testing.T, st blob.Store) {
		ctx := context.Background()
		if err := st.Put(ctx, "reports/r.pdf", strings.NewReader("version 1")); err != nil {
			t.Fatal(err)
		}
		pr, pw := io.Pipe()
		done := make(chan error, 1)
		go func() { done <- st.Put(ctx, "reports/r.pdf", pr) }()
		go func() { done <- st.Create(ctx, "reports/other.pdf", strings.NewReader("")) }()
		pw.Write([]byte("version 2, first half "))
		if got := read(t, st, "reports/r.pdf"); got != "version 1" {
			t.Fatalf("mid-write read %q", got)
		}
		pw.Write([]byte("and second half"))
		pw.Close()
		for range 2 {
			if err := <-done; err != nil {
				t.Fatal(err)
			}
		}
		if got := read(t, st, "reports/r.pdf"); got != "version 2, first half and second half" {
			t.Fatalf("after write %q", got)
		}
	})
}

// TestPresignPut puts a blob through the store's own signed URL with a plain HTTP client.
func TestPresignPut(t *testing.T) {
	stores(t, func(t *testing.T, st blob.Store) {
		ctx := context.Background()
		u, err := st.PresignPut(ctx, "blobs/0123456789abcdef01234567", 0)
		if _, local := st.(*blob.Local); local {
			if !errors.Is(err, blob.ErrNoPresign) || st.URL("blobs/x") != "" {
				t.Fatalf("local store presign: %q %v", u, err)
			}
			return
		}
		if u, err = st.PresignPut(ctx, "blobs/0123456789abcdef01234567", 0); err != nil {
			t.Fatal(err)
		}
		if base := st.URL("blobs/0123456789abcdef01234567"); !strings.HasPrefix(u, base+"?") {
			t.Fatalf("presigned %s is not at %s", u, base)
		}
		tampered := strings.Replace(u, "X-Amz-Signature=", "X-Amz-Signature=0", 1)
		if code := httpPut(t, tampered, "evil"); code != http.StatusForbidden {
			t.Fatalf("tampered signature: %d", code)
		}
		if code := httpPut(t, u, "contract A {}"); code != http.StatusOK {
			t.Fatalf("PUT: %d", code)
		}
		if got := read(t, st, "blobs/0123456789abcdef01234567"); got != "contract A {}" {
			t.Fatalf("uploaded %q", got)
		}
	})
}

func httpPut(t *testing.T, u, body string) int {
	t.Helper()
	req, err := http.NewRequest(http.MethodPut, u, bytes.NewReader([]byte(body)))
	if err != nil {
		t.Fatal(err)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

func TestOpenNamesTheStore(t *testing.T) {
	ctx := context.Background()
	if st, err := blob.Open(ctx, "", t.TempDir()); err != nil || !strings.HasPrefix(st.String(), "folder ") {
		t.Fatalf("default store: %v %v", st, err)
	}
	for _, bad := range []string{"gs://bucket", "s3://", "s3://user:pw@bucket/x", "s3://bucket/../x", "/some/folder"} {
		if _, err := blob.Open(ctx, bad, t.TempDir()); err == nil || strings.Contains(err.Error(), "pw") {
			t.Errorf("%q: %v", bad, err)
		}
	}
	srv := s3test.Start(t)
	if _, err := blob.OpenS3(ctx, "s3://no-such-bucket/x", srv.Options()...); err == nil || !strings.Contains(err.Error(), "no-such-bucket") {
		t.Fatalf("missing bucket: %v", err)
	}
}

// TestPublicEndpoint: a store Vigil reaches at one address and clients at another (a proxy
// passing the Host header on, as a load balancer in front of a private S3 server does) signs
// upload URLs for the clients' address.
func TestPublicEndpoint(t *testing.T) {
	srv := s3test.Start(t)
	st := srv.NewStore(t, "p")
	target, _ := url.Parse(srv.Endpoint)
	proxy := httptest.NewServer(httputil.NewSingleHostReverseProxy(target))
	defer proxy.Close()
	if err := st.SetPublicEndpoint("ftp://x"); err == nil {
		t.Fatal("an ftp endpoint was taken")
	}
	if err := st.SetPublicEndpoint(proxy.URL); err != nil {
		t.Fatal(err)
	}
	u, err := st.PresignPut(context.Background(), "blobs/k", time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(u, proxy.URL+"/") || !strings.HasPrefix(u, st.URL("blobs/k")+"?") {
		t.Fatalf("presigned %s, object URL %s, proxy %s", u, st.URL("blobs/k"), proxy.URL)
	}
	if code := httpPut(t, u, "through the proxy"); code != http.StatusOK {
		t.Fatalf("PUT through the proxy: %d", code)
	}
	if got := read(t, st, "blobs/k"); got != "through the proxy" {
		t.Fatalf("stored %q", got)
	}
}
