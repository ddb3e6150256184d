package main

import (
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/spf13/viper"

	"github.com/vigil-sec/vigil/server"
	"github.com/vigil-sec/vigil/server/repoapi"
)

// The second host's repository-scan API: the WebSocket protocol at /app/ws and
// POST /app/api-get-rust-details/ (package repoapi).
//
// Settings: turnstile_secret and turnstile_verify_url (VIGIL_TURNSTILE_SECRET,
// VIGIL_TURNSTILE_VERIFY_URL); without a secret no CAPTCHA is required. The per-connection
// limits are read from the "repo_api" section of vigil.yaml (max_message_bytes,
// hard_message_bytes, messages_per_second, message_burst, max_jobs, send_queue, write_timeout,
// ping_interval, max_connections, origin_patterns); see repoapi.Config.
func init() {
	serveMounts = append(serveMounts, mountRepoAPI)
}

func mountRepoAPI(srv *server.Server, v *viper.Viper) error {
	var cfg repoapi.Config
	if err := unmarshalSection(v, "repo_api", &cfg); err != nil {
		return fmt.Errorf("repo_api: %v", err)
	}
	// The top-level keys (and their VIGIL_* variables) win over the section.
	if s := v.GetString("turnstile_secret"); s != "" {
		cfg.TurnstileSecret = s
	}
	if u := v.GetString("turnstile_verify_url"); u != "" {
		cfg.TurnstileVerifyURL = u
	}
	cfg.Logger = serveLogger(srv, v)
	api, err := repoapi.New(srv.RepoScans(), cfg)
	if err != nil {
		return err
	}
	api.Register(srv)
	// http.Server.Shutdown neither waits for nor closes WebSocket connections (they are
	// hijacked): end them when the server stops, if it offers a hook for that.
	if h, ok := any(srv).(interface{ OnShutdown(func()) }); ok {
		h.OnShutdown(api.Close)
	}
	return nil
}

// serveLogger is the server's logger when it offers one, else a logger of the same format and
// level on standard error.
func serveLogger(srv *server.Server, v *viper.Viper) *slog.Logger {
	if l, ok := any(srv).(interface{ Logger() *slog.Logger }); ok {
		return l.Logger()
	}
	var level slog.Level
	level.UnmarshalText([]byte(v.GetString("log_level")))
	opts := &slog.HandlerOptions{Level: level}
	if strings.ToLower(v.GetString("log_format")) == "text" {
		return slog.New(slog.NewTextHandler(os.Stderr, opts))
	}
	return slog.New(slog.NewJSONHandler(os.Stderr, opts))
}
