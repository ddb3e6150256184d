package main

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/scan"
	"github.com/vigil-sec/vigil/scan/onchain/explorer"
	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/engine"
)

// serveMounts add the other surfaces (the JSON-RPC server at /rpc, the second host's /app/...
// routes) to the server before it listens. A file of this package registers one from init:
//
//	func init() {
//		serveMounts = append(serveMounts, func(srv *server.Server, v *viper.Viper) error {
//			srv.Handle("/rpc", rpcServer)
//			return nil
//		})
//	}
var serveMounts []func(srv *server.Server, v *viper.Viper) error

func newServeCommand(v *viper.Viper) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve every surface: private API, JSON-RPC ss_quickscan, token and repository APIs",
		Long: `Serve the interface of the spec on one listener, with embedded storage (a SQLite file, uploads,
reports and temporary workspaces in the data folder):
  private API      /private/... (project, file and block scans, uploads, retrieval, reports),
                   /api-tag-webhook/; keys from "vigil keys create --name NAME"
  JSON-RPC 2.0     POST /rpc (--rpc-path): ss_quickscan; reports at /quickscan/{scan_id}
  second host      /app/api-validate-solana-token/, /app/api/v1/solana-scan/{mint},
                   /app/api-get-solana-scan-details/ (VIGIL_SOLANA_RPC_URL);
                   WebSocket /app/ws and /app/api-get-rust-details/ (VIGIL_TURNSTILE_SECRET,
                   VIGIL_TURNSTILE_VERIFY_URL; limits in the repo_api section)
  dashboard        web pages at / (sign in at /login with an API key): projects, scans at
                   /scans/{scan_id} with live progress, triage, report downloads
  operations       /healthz, /metrics, /openapi.json

Every flag is also a VIGIL_* environment variable and a key of vigil.yaml (dashes become
underscores): VIGIL_LISTEN, VIGIL_DATA_DIR, VIGIL_DATABASE, VIGIL_PUBLIC_URL, VIGIL_ALLOW_PRIVATE_NETWORKS,
VIGIL_ROLE, VIGIL_WORKERS, VIGIL_SCAN_WAIT, ... Workspace limits are read from the "limits" section of
vigil.yaml (max_file_bytes, max_archive_bytes, git_timeout, ...).

Routes: /private/..., /api-tag-webhook/, /uploads/..., /healthz, /metrics, /openapi.json.
Past one machine: --database postgres://... puts the database, and the job queue (River) with
it, in a PostgreSQL shared by every process; --role api processes answer requests (any of them
answers any request, WebSocket progress included) and --role worker processes run the scans,
each at most --workers at once. A worker killed mid-scan has its scan given to another once it
is stuck-after past scan-timeout.

SIGINT or SIGTERM shuts down gracefully: requests in flight finish, running scans are handed
back to the queue, for another worker or the next start.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			bindUnderscored(v, cmd.Flags())
			return runServe(cmd, v)
		},
	}
	f := cmd.Flags()
	f.String("listen", "127.0.0.1:8080", "address:port to listen on")
	f.String("data-dir", "vigil-data", "folder for the database, uploads and temporary workspaces")
	f.String("database", "", "a postgres:// URL of the database shared by every process (default: the SQLite file in the data folder)")
	f.String("public-url", "", "base URL clients reach this server at (default http://<listen>)")
	f.Bool("allow-private-networks", false, "let git URLs and webhook endpoints point at loopback and private networks")
	f.String("role", "all", "what this process does: all (serve and scan), api (serve; scans run on workers sharing --database) or worker (scan; serves /healthz and /metrics)")
	f.Int("workers", 2, "scans this process runs at once")
	f.Int("queue-limit", 1000, "scans waiting for a worker before new ones get 503")
	f.Int("client-queue", 0, "scans one client (API key, or address when anonymous) may have waiting; more get 429 (default a quarter of --queue-limit)")
	f.Int("client-workers", 0, "scans of one client running or next at once across the deployment; the rest wait their turn (default --workers - 1, at least 1)")
	f.Duration("scan-wait", 0, "how long a scan request waits for its result before answering scan_in_progress (default 30s)")
	f.Duration("scan-timeout", 0, "longest time of one scan attempt, clone and analysis (default 10m); past it the scan fails with the reason")
	addBudgetFlags(f, false)
	f.Duration("stuck-after", 0, "how long past scan-timeout a running scan's worker is taken for dead and the scan given to another (default 1m)")
	f.Int("max-attempts", 0, "times an interrupted scan is started before it fails (default 3)")
	f.Duration("body-timeout", 0, "time a request body may take, plus what its bytes need at --body-min-rate (default 30s)")
	f.Int64("body-min-rate", 0, "slowest a request body may arrive past --body-timeout, in bytes per second (default 4096)")
	f.Int("max-conns-per-address", 0, "connections one client address may hold; more get 429 (default 128; -1: no limit, behind a proxy)")
	f.Duration("idle-reclaim", 0, "how often a quiet process looks to give its free memory back after work (default 10s; negative: never)")
	f.Duration("upload-expiry", 0, "validity of pre-signed upload URLs (default 15m)")
	f.Duration("upload-retention", 0, "how long uploaded files are kept after their URL expired (default 24h)")
	f.String("blob-store", "", "where uploads and reports are kept: s3://bucket/prefix of any S3-compatible store, with\n"+
		"AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_REGION and AWS_ENDPOINT_URL (default: the data folder)")
	f.String("blob-public-endpoint", "", "the S3 endpoint as clients reach it, if not AWS_ENDPOINT_URL: pre-signed upload URLs point there")
	f.String("log-format", "", "log format: json or text (default: text on a terminal, json otherwise)")
	f.String("log-level", "info", "log level: debug, info, warn, error")
	f.StringSlice("enable", nil, "run only these detector ids")
	f.StringSlice("disable", nil, "detector ids not to run")
	f.String("rpc-path", "/rpc", "path of the JSON-RPC 2.0 endpoint (ss_quickscan)")
	f.String("solana-rpc-url", defaultSolanaRPC, "Solana JSON-RPC endpoint for token scans (may hold an API key; never logged)")
	return cmd
}

// bindUnderscored binds each flag to its underscored key as well (data-dir -> data_dir), so the
// flag, VIGIL_DATA_DIR and data_dir in vigil.yaml are one setting.
func bindUnderscored(v *viper.Viper, fs *pflag.FlagSet) {
	fs.VisitAll(func(f *pflag.Flag) {
		if strings.Contains(f.Name, "-") {
			v.BindPFlag(strings.ReplaceAll(f.Name, "-", "_"), f)
		}
	})
}

func runServe(cmd *cobra.Command, v *viper.Viper) error {
	var level slog.Level
	if err := level.UnmarshalText([]byte(v.GetString("log_level"))); err != nil {
		return usageError("log-level: %v", err)
	}
	hopts := &slog.HandlerOptions{Level: level}
	var logger *slog.Logger
	switch logFormat(cmd.ErrOrStderr(), v.GetString("log_format")) {
	case "json":
		logger = slog.New(slog.NewJSONHandler(cmd.ErrOrStderr(), hopts))
	case "text":
		logger = slog.New(slog.NewTextHandler(cmd.ErrOrStderr(), hopts))
	default:
		return usageError("log-format must be json or text")
	}
	cfg := server.Config{
		Version:              version,
		Listen:               v.GetString("listen"),
		DataDir:              v.GetString("data_dir"),
		Database:             v.GetString("database"),
		PublicURL:            v.GetString("public_url"),
		AllowPrivateNetworks: v.GetBool("allow_private_networks"),
		Role:                 v.GetString("role"),
		Workers:              v.GetInt("workers"),
		QueueLimit:           v.GetInt("queue_limit"),
		ClientQueue:          v.GetInt("client_queue"),
		ClientWorkers:        v.GetInt("client_workers"),
		ScanWait:             v.GetDuration("scan_wait"),
		ScanTimeout:          v.GetDuration("scan_timeout"),
		StuckAfter:           v.GetDuration("stuck_after"),
		MaxAttempts:          v.GetInt("max_attempts"),
		UploadExpiry:         v.GetDuration("upload_expiry"),
		UploadRetention:      v.GetDuration("upload_retention"),
		WebhookMaxAttempts:   v.GetInt("webhook_max_attempts"),
		WebhookBackoff:       v.GetDuration("webhook_backoff"),
		WebhookTimeout:       v.GetDuration("webhook_timeout"),
		MaxBodyBytes:         v.GetInt64("max_body_bytes"),
		MaxUploadsPerClient:  v.GetInt("max_uploads_per_client"),
		ShutdownTimeout:      v.GetDuration("shutdown_timeout"),
		Logger:               logger,
	}
	cfg.MaxUploadBytesPerClient = v.GetInt64("max_upload_bytes_per_client")
	cfg.IdleReclaim = v.GetDuration("idle_reclaim")
	cfg.BodyTimeout = v.GetDuration("body_timeout")
	cfg.BodyMinRate = v.GetInt64("body_min_rate")
	cfg.MaxConnsPerAddress = v.GetInt("max_conns_per_address")
	cfg.BlobStore = v.GetString("blob_store")
	cfg.BlobPublicEndpoint = v.GetString("blob_public_endpoint")
	if err := unmarshalSection(v, "limits", &cfg.Limits); err != nil {
		return usageError("config limits: %v", err)
	}
	opts := scan.Options{
		Enable:      listOf(v, "enable", "detectors.enable"),
		Disable:     listOf(v, "disable", "detectors.disable"),
		Severity:    v.GetStringMapString("severity"),
		IncludeDeps: v.GetBool("include_deps"),
	}
	if _, err := opts.Analyzers(); err != nil {
		return usageError("%v", err)
	}
	// A scan's wall clock is scan_timeout (the server's, clone included); these bound the
	// analysis inside it.
	budgets, err := readBudgets(v, false)
	if err != nil {
		return err
	}
	opts.Budgets = budgets
	server.PaceGC() // for the process's life; bounded by the soft limit readBudgets set
	xcfg := explorerConfig(v)
	if err := xcfg.Validate(); err != nil {
		return usageError("%v", err)
	}
	srv, err := server.New(cfg, engine.New(opts, engine.WithExplorer(explorer.NewFetcher(xcfg))))
	if err != nil {
		return usageError("%v", err)
	}
	if cfg.Role == server.RoleWorker {
		serveMounts = nil // a worker serves no API surface
	}
	for _, mount := range serveMounts {
		if err := mount(srv, v); err != nil {
			srv.Close(context.Background())
			return usageError("%v", err)
		}
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		srv.Close(context.Background())
		return fmt.Errorf("serve: %w", err)
	}
	fmt.Fprintln(cmd.ErrOrStderr(), "vigil: "+serveBanner(cfg.Role, cfg.PublicURL, ln.Addr()))
	if err := srv.Serve(ctx, ln); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	return nil
}
