package server

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"strings"
	"time"

	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/server/blob"
)

// Config configures the server. Keys in vigil.yaml are the mapstructure names (under a
// "serve" section if the CLI nests them); environment variables are VIGIL_ and the key in upper
// case (VIGIL_LISTEN, VIGIL_DATA_DIR, VIGIL_PUBLIC_URL, VIGIL_ALLOW_PRIVATE_NETWORKS, ...).
// A zero field takes the default written beside it.
type Config struct {
	// Version is the tool version printed in generated reports.
	Version string
	// Listen is the address:port to serve on. Default 127.0.0.1:8080.
	Listen string `mapstructure:"listen"`
	// DataDir holds the database, uploads and temporary workspaces. Required.
	DataDir string `mapstructure:"data_dir"`
	// Database names the database: a postgres:// URL of a PostgreSQL server shared by every
	// process of a deployment, or empty for the SQLite file in DataDir (the default).
	Database string `mapstructure:"database"`
	// PublicURL is the base of the URLs Vigil hands out (pre-signed uploads, webhook links),
	// as clients reach the server: scheme, host and optional path, no query. Default
	// http://<Listen>.
	PublicURL string `mapstructure:"public_url"`
	// AllowPrivateNetworks lets git URLs and webhook endpoints point at loopback and private
	// addresses (tests, local use). Default false.
	AllowPrivateNetworks bool `mapstructure:"allow_private_networks"`

	// Role is what this process does: RoleAll (default) serves the API and runs scans,
	// RoleAPI only serves (its scans run on workers sharing the database), RoleWorker only runs
	// scans (and serves /healthz and /metrics).
	Role string `mapstructure:"role"`
	// Workers is the number of scans run at once by this process. Default 2.
	Workers int `mapstructure:"workers"`
	// QueueLimit is the most scans waiting for a worker; more get 503. Default 1000.
	QueueLimit int `mapstructure:"queue_limit"`
	// ClientQueue is a client's share of the queue: the most scans one client (an API key,
	// or the address of an anonymous one) has waiting; more get 429. Default a quarter of
	// QueueLimit (at least 1). A key's quota (`vigil keys quota`) replaces it for that key.
	ClientQueue int `mapstructure:"client_queue"`
	// ClientWorkers is a client's share of the workers: the most scans of one client running
	// or next in the job queue at once, across the deployment; its other scans wait their
	// turn, so other clients' scans never wait behind them. Default Workers-1 (at least 1),
	// leaving a worker for the others. A key's quota replaces it for that key.
	ClientWorkers int `mapstructure:"client_workers"`
	// ScanWait is how long POST /private/api-project-scan/ and /private/api-file-scan/ wait
	// for the scan before answering it in state scan_in_progress. Default 30 s.
	ScanWait time.Duration `mapstructure:"scan_wait"`
	// ScanTimeout bounds one scan attempt (clone and analysis). Default 10 min.
	ScanTimeout time.Duration `mapstructure:"scan_timeout"`
	// StuckAfter is how long past ScanTimeout a running scan's worker is taken for dead (killed,
	// hung, cut off): its job is then rescued and run again by a live worker. Default 1 min.
	StuckAfter time.Duration `mapstructure:"stuck_after"`
	// MaxAttempts is how many times a scan interrupted by a stopping server is started before
	// it ends as scan_failed. Default 3.
	MaxAttempts int `mapstructure:"max_attempts"`

	// UploadExpiry is how long a pre-signed upload URL is valid. Default 15 min.
	UploadExpiry time.Duration `mapstructure:"upload_expiry"`
	// UploadRetention is how long an uploaded file is kept after its URL expired, for file
	// scans to use it. Default 24 h.
	UploadRetention time.Duration `mapstructure:"upload_retention"`
	// MaxUploadsPerClient bounds the upload slots a client holds at once (kept until their
	// retention ends); more pre-signed URLs get 429. Default 1000.
	MaxUploadsPerClient int `mapstructure:"max_uploads_per_client"`
	// MaxUploadBytesPerClient bounds the bytes of a client's kept uploads; an upload past it
	// gets 413. Default 2 GiB.
	MaxUploadBytesPerClient int64 `mapstructure:"max_upload_bytes_per_client"`
	// BlobStore is where uploads, generated reports and the key of the server's signed links
	// are kept: an s3://bucket/prefix URL of any S3-compatible store shared by every process
	// of a deployment (credentials, region and endpoint from AWS_ACCESS_KEY_ID,
	// AWS_SECRET_ACCESS_KEY, AWS_REGION, AWS_ENDPOINT_URL; path-style addressing with a custom
	// endpoint), or empty for the data folder (the default). With S3, pre-signed upload URLs
	// are the store's own: clients put files into the bucket directly.
	BlobStore string `mapstructure:"blob_store"`
	// BlobPublicEndpoint is the S3 endpoint as clients reach it, when that is not
	// AWS_ENDPOINT_URL (a store in a private network behind a proxy that passes the Host
	// header on): pre-signed upload URLs point there. Empty: AWS_ENDPOINT_URL.
	BlobPublicEndpoint string `mapstructure:"blob_public_endpoint"`
	// Blobs, when set, is an open blob store used instead of BlobStore (tests, embedding).
	Blobs blob.Store `mapstructure:"-"`
	// MaxBodyBytes bounds JSON request bodies. Default 1 MiB.
	MaxBodyBytes int64 `mapstructure:"max_body_bytes"`
	// BodyTimeout and BodyMinRate bound the reading of a request body: it may take
	// BodyTimeout plus the time its bytes need at BodyMinRate bytes per second; a body that
	// falls behind is cut and its connection closed. Defaults 30 s and 4096 (32 kbit/s).
	BodyTimeout time.Duration `mapstructure:"body_timeout"`
	BodyMinRate int64         `mapstructure:"body_min_rate"`
	// MaxConnsPerAddress bounds the connections one client address holds at once (an IPv6
	// client is its /64); more are answered 429 and closed. Behind a reverse proxy every
	// client is the proxy's address: raise it, or set -1 for no limit. Default 128.
	MaxConnsPerAddress int `mapstructure:"max_conns_per_address"`
	// Limits bound workspaces (uploads, archives, clones); see workspace.Limits. The upload
	// size limits are max_file_bytes for .sol and max_archive_bytes for .zip.
	Limits workspace.Limits `mapstructure:"limits"`

	// WebhookMaxAttempts is how many times a webhook event is tried. Default 8.
	WebhookMaxAttempts int `mapstructure:"webhook_max_attempts"`
	// WebhookBackoff is the wait after the first failed attempt; it doubles each time, up to
	// 1 h. Default 10 s.
	WebhookBackoff time.Duration `mapstructure:"webhook_backoff"`
	// WebhookTimeout bounds one delivery attempt. Default 10 s.
	WebhookTimeout time.Duration `mapstructure:"webhook_timeout"`

	// ShutdownTimeout bounds the graceful shutdown of ListenAndServe. Default 30 s.
	ShutdownTimeout time.Duration `mapstructure:"shutdown_timeout"`
	// IdleReclaim is how often the process looks whether it has gone quiet after work, to
	// return its free memory to the system (package memory); an idle server is back to its idle
	// footprint within about two of these. Default 10 s; negative: never.
	IdleReclaim time.Duration `mapstructure:"idle_reclaim"`

	// Logger receives structured logs; nil means slog.Default().
	Logger *slog.Logger `mapstructure:"-"`
}

// Roles of a process.
const (
	RoleAll    = "all"
	RoleAPI    = "api"
	RoleWorker = "worker"
)

// withDefaults fills zero fields.
func (c Config) withDefaults() Config {
	if c.Role == "" {
		c.Role = RoleAll
	}
	if c.Listen == "" {
		c.Listen = "127.0.0.1:8080"
	}
	if c.PublicURL == "" {
		c.PublicURL = "http://" + c.Listen
	}
	c.PublicURL = strings.TrimRight(c.PublicURL, "/")
	setInt := func(p *int, d int) {
		if *p <= 0 {
			*p = d
		}
	}
	setDur := func(p *time.Duration, d time.Duration) {
		if *p <= 0 {
			*p = d
		}
	}
	setInt(&c.Workers, 2)
	setInt(&c.QueueLimit, 1000)
	setInt(&c.ClientQueue, max(c.QueueLimit/4, 1))
	setInt(&c.ClientWorkers, max(c.Workers-1, 1))
	setInt(&c.MaxAttempts, 3)
	setInt(&c.MaxUploadsPerClient, 1000)
	if c.MaxUploadBytesPerClient <= 0 {
		c.MaxUploadBytesPerClient = 2 << 30
	}
	setInt(&c.WebhookMaxAttempts, 8)
	setDur(&c.ScanWait, 30*time.Second)
	setDur(&c.ScanTimeout, 10*time.Minute)
	setDur(&c.StuckAfter, time.Minute)
	setDur(&c.UploadExpiry, 15*time.Minute)
	setDur(&c.UploadRetention, 24*time.Hour)
	setDur(&c.WebhookBackoff, 10*time.Second)
	setDur(&c.WebhookTimeout, 10*time.Second)
	setDur(&c.ShutdownTimeout, 30*time.Second)
	if c.IdleReclaim == 0 {
		c.IdleReclaim = 10 * time.Second
	}
	if c.MaxBodyBytes <= 0 {
		c.MaxBodyBytes = 1 << 20
	}
	setDur(&c.BodyTimeout, 30*time.Second)
	if c.BodyMinRate <= 0 {
		c.BodyMinRate = 4096
	}
	if c.MaxConnsPerAddress == 0 {
		c.MaxConnsPerAddress = 128
	}
	// The upload handler enforces these two itself, so they need their values here.
	d := workspace.DefaultLimits()
	if c.Limits.MaxFileBytes <= 0 {
		c.Limits.MaxFileBytes = d.MaxFileBytes
	}
	if c.Limits.MaxArchiveBytes <= 0 {
		c.Limits.MaxArchiveBytes = d.MaxArchiveBytes
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// Validate reports the first invalid setting, naming its key.
func (c Config) Validate() error {
	if c.DataDir == "" {
		return errors.New("data_dir (VIGIL_DATA_DIR) is required")
	}
	if c.Role != RoleAll && c.Role != RoleAPI && c.Role != RoleWorker {
		return fmt.Errorf("role (VIGIL_ROLE) must be all, api or worker; got %q", c.Role)
	}
	if _, _, err := net.SplitHostPort(c.Listen); err != nil {
		return fmt.Errorf("listen (VIGIL_LISTEN) must be address:port: %v", err)
	}
	u, err := url.Parse(c.PublicURL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
		return errors.New("public_url (VIGIL_PUBLIC_URL) must be an http(s) URL with a host and no query, fragment or user")
	}
	return nil
}
