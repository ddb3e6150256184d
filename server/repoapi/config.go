package repoapi

import (
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"time"
)

// DefaultTurnstileVerifyURL is Cloudflare Turnstile's siteverify endpoint.
const DefaultTurnstileVerifyURL = "https://challenges.cloudflare.com/turnstile/v0/siteverify"

// Config configures the API. Keys are the mapstructure names (under "repo_api" in vigil.yaml);
// a zero field takes the default written beside it.
type Config struct {
	// TurnstileSecret is the Turnstile secret key. Empty: no CAPTCHA is required.
	TurnstileSecret string `mapstructure:"turnstile_secret"`
	// TurnstileVerifyURL is the siteverify endpoint. Default DefaultTurnstileVerifyURL.
	TurnstileVerifyURL string `mapstructure:"turnstile_verify_url"`

	// MaxMessageBytes is the largest client message handled. Default 64 KiB.
	MaxMessageBytes int64 `mapstructure:"max_message_bytes"`
	// HardMessageBytes is the largest message read at all (to drop it); a larger one closes
	// the connection. Default 1 MiB.
	HardMessageBytes int64 `mapstructure:"hard_message_bytes"`
	// MessagesPerSecond and MessageBurst are the token bucket of each connection. Defaults 2
	// and 10.
	MessagesPerSecond float64 `mapstructure:"messages_per_second"`
	MessageBurst      int     `mapstructure:"message_burst"`
	// MaxJobs is how many scans and report generations one connection follows at once.
	// Default 3.
	MaxJobs int `mapstructure:"max_jobs"`
	// SendQueue is how many outgoing messages wait for a slow client before it is
	// disconnected. Default 32.
	SendQueue int `mapstructure:"send_queue"`
	// WriteTimeout bounds the write of one message. Default 10 s.
	WriteTimeout time.Duration `mapstructure:"write_timeout"`
	// PingInterval is how often the server pings; a ping unanswered within WriteTimeout
	// closes the connection. Default 30 s.
	PingInterval time.Duration `mapstructure:"ping_interval"`
	// MaxConnections bounds open WebSocket connections. Default 1000.
	MaxConnections int `mapstructure:"max_connections"`
	// MaxConnectionsPerAddress bounds the open connections of one client address (an IPv6
	// client is its /64), so that one client cannot take every slot: more get 429. It is kept
	// below MaxConnections. Default 16.
	MaxConnectionsPerAddress int `mapstructure:"max_connections_per_address"`
	// OriginPatterns are the host patterns (path.Match syntax, as in
	// websocket.AcceptOptions) browsers may connect from. Empty: any origin, which is safe
	// here because the API uses no cookies or other ambient credentials.
	OriginPatterns []string `mapstructure:"origin_patterns"`

	// HTTPClient calls siteverify. Default: a client with a 10 s timeout.
	HTTPClient *http.Client `mapstructure:"-"`
	// Logger receives the API's logs. Default slog.Default().
	Logger *slog.Logger `mapstructure:"-"`
}

func (c Config) withDefaults() Config {
	if c.TurnstileVerifyURL == "" {
		c.TurnstileVerifyURL = DefaultTurnstileVerifyURL
	}
	if c.MaxMessageBytes <= 0 {
		c.MaxMessageBytes = 64 << 10
	}
	if c.HardMessageBytes <= 0 {
		c.HardMessageBytes = 1 << 20
	}
	if c.HardMessageBytes < c.MaxMessageBytes {
		c.HardMessageBytes = c.MaxMessageBytes
	}
	if c.MessagesPerSecond <= 0 {
		c.MessagesPerSecond = 2
	}
	if c.MessageBurst <= 0 {
		c.MessageBurst = 10
	}
	if c.MaxJobs <= 0 {
		c.MaxJobs = 3
	}
	if c.SendQueue <= 0 {
		c.SendQueue = 32
	}
	if c.WriteTimeout <= 0 {
		c.WriteTimeout = 10 * time.Second
	}
	if c.PingInterval <= 0 {
		c.PingInterval = 30 * time.Second
	}
	if c.MaxConnections <= 0 {
		c.MaxConnections = 1000
	}
	if c.MaxConnectionsPerAddress <= 0 {
		c.MaxConnectionsPerAddress = 16
	}
	c.MaxConnectionsPerAddress = min(c.MaxConnectionsPerAddress, max(c.MaxConnections/2, 1))
	if c.HTTPClient == nil {
		c.HTTPClient = &http.Client{Timeout: 10 * time.Second}
	}
	if c.Logger == nil {
		c.Logger = slog.Default()
	}
	return c
}

// Validate reports a setting that cannot work, naming its key.
func (c Config) Validate() error {
	u, err := url.Parse(c.TurnstileVerifyURL)
	if c.TurnstileVerifyURL != "" && (err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "") {
		return fmt.Errorf("turnstile_verify_url: must be an http(s) URL")
	}
	return nil
}
