// Package s3test runs a real S3-compatible server (versitygw on its posix backend) for tests:
// one process per test on a free loopback port, storing in the test's temporary folder.
//
// The binary is found as $VIGIL_VERSITYGW, on PATH, or in $(go env GOPATH)/bin;
// .ci/services/s3.sh installs it there. Without it a test is skipped with the command that
// installs it, except under CI (VIGIL_CI=1), where it fails.
package s3test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"

	"github.com/vigil-sec/vigil/server/blob"
)

// Install is the command that puts the server where Binary finds it.
const Install = "go install github.com/versity/versitygw/cmd/versitygw@v1.8.0  (or run .ci/services/s3.sh)"

// Server is a running versitygw.
type Server struct {
	Endpoint  string // http://127.0.0.1:port
	AccessKey string
	SecretKey string
	Region    string
}

// Binary returns the path of versitygw, or "".
func Binary() string {
	if p := os.Getenv("VIGIL_VERSITYGW"); p != "" {
		return p
	}
	if p, err := exec.LookPath("versitygw"); err == nil {
		return p
	}
	gopath := os.Getenv("GOPATH")
	if gopath == "" {
		if out, err := exec.Command("go", "env", "GOPATH").Output(); err == nil {
			gopath = strings.TrimSpace(string(out))
		}
	}
	for _, dir := range filepath.SplitList(gopath) {
		if p := filepath.Join(dir, "bin", "versitygw"); isFile(p) {
			return p
		}
	}
	return ""
}

func isFile(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.Mode().IsRegular()
}

// Start runs a server for the test, stopped when the test ends.
func Start(t testing.TB) *Server {
	t.Helper()
	bin := Binary()
	if bin == "" {
		if os.Getenv("VIGIL_CI") == "1" {
			t.Fatalf("versitygw (the S3 server of these tests) is not installed: %s", Install)
		}
		t.Skipf("versitygw (the S3 server of these tests) is not installed; to run this test: %s", Install)
	}
	root := t.TempDir()
	s := &Server{AccessKey: "vigil-test", SecretKey: randomHex(20), Region: "us-east-1"}
	var lastErr error
	// A free port may be taken between asking for it and versitygw binding it: try again.
	for try := 0; try < 3; try++ {
		addr, err := freePort()
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join(root, fmt.Sprint(try))
		data, meta := filepath.Join(dir, "data"), filepath.Join(dir, "meta")
		for _, d := range []string{data, meta} {
			if err := os.MkdirAll(d, 0o700); err != nil {
				t.Fatal(err)
			}
		}
		logf, err := os.Create(filepath.Join(dir, "versitygw.log"))
		if err != nil {
			t.Fatal(err)
		}
		// The sidecar folder keeps object metadata in files, so the test folder needs no
		// extended attributes.
		cmd := exec.Command(bin, "--access", s.AccessKey, "--secret", s.SecretKey, "--region", s.Region,
			"--port", addr, "--quiet", "posix", "--sidecar", meta, data)
		cmd.Stdout, cmd.Stderr = logf, logf
		if err := cmd.Start(); err != nil {
			logf.Close()
			t.Fatalf("starting %s: %v", bin, err)
		}
		exited := make(chan error, 1)
		go func() { exited <- cmd.Wait() }()
		if lastErr = waitReady("http://"+addr, exited); lastErr == nil {
			t.Cleanup(func() {
				cmd.Process.Kill()
				<-exited
				logf.Close()
			})
			s.Endpoint = "http://" + addr
			return s
		}
		cmd.Process.Kill()
		<-exited
		logf.Close()
		log, _ := os.ReadFile(logf.Name())
		lastErr = fmt.Errorf("%v; its log:\n%s", lastErr, log)
	}
	t.Fatalf("versitygw did not start: %v", lastErr)
	return nil
}

func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// waitReady polls until the server answers HTTP (any status), it exits, or a minute passes.
func waitReady(url string, exited <-chan error) error {
	deadline := time.Now().Add(time.Minute)
	for time.Now().Before(deadline) {
		select {
		case err := <-exited:
			return fmt.Errorf("versitygw exited: %v", err)
		default:
		}
		if resp, err := http.Get(url); err == nil {
			resp.Body.Close()
			return nil
		}
		time.Sleep(20 * time.Millisecond)
	}
	return fmt.Errorf("versitygw did not answer on %s within a minute", url)
}

func randomHex(n int) string {
	b := make([]byte, n)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// Options are the AWS settings of this server, for blob.OpenS3 and S3 clients.
func (s *Server) Options() []func(*config.LoadOptions) error {
	return []func(*config.LoadOptions) error{
		config.WithRegion(s.Region),
		config.WithBaseEndpoint(s.Endpoint),
		config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider(s.AccessKey, s.SecretKey, "")),
	}
}

// Env is the same settings as the standard AWS environment variables, for a `vigil serve`
// child process.
func (s *Server) Env() []string {
	return []string{"AWS_ACCESS_KEY_ID=" + s.AccessKey, "AWS_SECRET_ACCESS_KEY=" + s.SecretKey,
		"AWS_REGION=" + s.Region, "AWS_ENDPOINT_URL=" + s.Endpoint}
}

// Client is a plain S3 client of the server, for tests that look behind a store.
func (s *Server) Client(t testing.TB) *s3.Client {
	t.Helper()
	cfg, err := config.LoadDefaultConfig(context.Background(), s.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	return s3.NewFromConfig(cfg, func(o *s3.Options) { o.UsePathStyle = true })
}

// NewBucket creates a bucket with a fresh name and returns it.
func (s *Server) NewBucket(t testing.TB) string {
	t.Helper()
	name := "vigil-" + randomHex(6)
	if _, err := s.Client(t).CreateBucket(context.Background(), &s3.CreateBucketInput{Bucket: aws.String(name)}); err != nil {
		t.Fatalf("creating bucket %s: %v", name, err)
	}
	return name
}

// NewStore opens a store on a fresh bucket of the server, under prefix ("" for none).
func (s *Server) NewStore(t testing.TB, prefix string) *blob.S3 {
	t.Helper()
	st, err := blob.OpenS3(context.Background(), "s3://"+s.NewBucket(t)+"/"+prefix, s.Options()...)
	if err != nil {
		t.Fatal(err)
	}
	return st
}
