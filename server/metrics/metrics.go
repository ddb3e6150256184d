package metrics

import (
	"log/slog"
	"net/http"
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/vigil-sec/vigil/scan"
)

// Metrics are the server's Prometheus series, on a registry of its own so that two servers in
// one process (tests) do not collide. The exported ones are counted by the parts that see
// the events; requests are counted by Observe.
type Metrics struct {
	reg      *prometheus.Registry
	requests *prometheus.CounterVec
	duration *prometheus.HistogramVec
	// Scans counts finished scans by final status; ScanTime times one scan attempt.
	Scans    *prometheus.CounterVec
	ScanTime prometheus.Histogram
	// Webhooks counts delivery attempts by outcome.
	Webhooks *prometheus.CounterVec
	// UploadBytes counts the bytes received through pre-signed uploads.
	UploadBytes prometheus.Counter
	// IdleReturns counts the times the quiet process returned its free memory to the system.
	IdleReturns prometheus.Counter
}

// New makes the series; queue tells the scans queued (in the store) and running (in this
// process) when they are scraped.
func New(queue func() (queued, running int)) *Metrics {
	m := &Metrics{reg: prometheus.NewRegistry()}
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vigil_http_requests_total", Help: "HTTP requests by route pattern and status code.",
	}, []string{"route", "code"})
	m.duration = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "vigil_http_request_duration_seconds", Help: "HTTP request latency by route pattern.",
		Buckets: prometheus.ExponentialBuckets(0.001, 4, 10),
	}, []string{"route"})
	m.Scans = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vigil_scans_total", Help: "Scans finished, by final status.",
	}, []string{"status"})
	m.ScanTime = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "vigil_scan_duration_seconds", Help: "Time of one scan attempt (workspace and engine).",
		Buckets: prometheus.ExponentialBuckets(0.01, 4, 10),
	})
	m.Webhooks = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "vigil_webhook_attempts_total", Help: "Webhook delivery attempts by outcome (delivered, retry, failed).",
	}, []string{"outcome"})
	m.UploadBytes = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "vigil_upload_bytes_total", Help: "Bytes received through pre-signed uploads.",
	})
	m.IdleReturns = prometheus.NewCounter(prometheus.CounterOpts{
		Name: "vigil_idle_memory_returns_total", Help: "Times the process, quiet after work, returned its free memory to the system.",
	})
	m.reg.MustRegister(m.requests, m.duration, m.Scans, m.ScanTime, m.Webhooks, m.UploadBytes, m.IdleReturns,
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "vigil_scans_queued", Help: "Scans waiting for a worker."},
			func() float64 { q, _ := queue(); return float64(q) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "vigil_scans_running", Help: "Scans running now."},
			func() float64 { _, r := queue(); return float64(r) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "vigil_abandoned_analyses",
			Help: "Analyses a scan budget gave up on that still run (Go cannot stop them; they end at their next poll)."},
			func() float64 { return float64(scan.Abandoned()) }),
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return m
}

// Handler serves the series (GET /metrics).
func (m *Metrics) Handler() http.Handler {
	return promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{})
}

// statusRecorder remembers the status code a handler wrote.
type statusRecorder struct {
	http.ResponseWriter
	code int
}

func (s *statusRecorder) WriteHeader(code int) {
	if s.code == 0 {
		s.code = code
	}
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.code == 0 {
		s.code = http.StatusOK
	}
	return s.ResponseWriter.Write(b)
}

func (s *statusRecorder) Unwrap() http.ResponseWriter { return s.ResponseWriter }

// Observe wraps the mux: one log line and two series per request. The route label is the mux
// pattern, never the raw path (unbounded label values), and logs never carry the query (it
// holds upload signatures) or headers (they hold keys).
func (m *Metrics) Observe(next http.Handler, log *slog.Logger) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		if rec.code == 0 {
			rec.code = http.StatusOK
		}
		route := r.Pattern
		if route == "" {
			route = "unmatched"
		}
		elapsed := time.Since(start)
		m.requests.WithLabelValues(route, strconv.Itoa(rec.code)).Inc()
		m.duration.WithLabelValues(route).Observe(elapsed.Seconds())
		log.LogAttrs(r.Context(), levelFor(rec.code), "request",
			slog.String("method", r.Method), slog.String("path", r.URL.Path), slog.Int("status", rec.code),
			slog.Duration("duration", elapsed), slog.String("remote", r.RemoteAddr))
	})
}

// levelFor logs server errors as errors and everything else as info.
func levelFor(code int) slog.Level {
	if code >= 500 {
		return slog.LevelError
	}
	return slog.LevelInfo
}
