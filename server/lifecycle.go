package server

import (
	"context"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/vigil-sec/vigil/server/connlimit"
	"github.com/vigil-sec/vigil/server/memory"
	"github.com/vigil-sec/vigil/server/store"
)

// start begins the process's background work: in a process that scans, the scans and webhook
// deliveries a previous process left are queued again and the queue starts; in every process,
// the janitor, and on PostgreSQL the listener of scans other processes finish.
func (s *Server) start() error {
	ctx, cancel := context.WithCancel(context.Background())
	s.bgCancel = cancel
	if s.scanWorkers() > 0 {
		if err := s.worker.Resume(ctx); err != nil {
			return err
		}
		if err := s.queue.Start(ctx); err != nil {
			return err
		}
	}
	s.bg.Add(1)
	go func() { defer s.bg.Done(); s.janitor(ctx) }()
	if s.cfg.IdleReclaim > 0 {
		s.bg.Add(1)
		go func() {
			defer s.bg.Done()
			memory.ReturnWhenIdle(ctx, s.cfg.IdleReclaim, func() bool { return s.worker.Running() > 0 }, func() {
				s.scans.DropStale(time.Now())
				s.metrics.IdleReturns.Inc()
			})
		}()
	}
	if pg, ok := s.store.(*store.Postgres); ok {
		// Scans finished by other processes wake this one's waiters (requests waiting for a
		// result, WebSocket progress) at once; polling the store stays as the fallback.
		s.bg.Add(1)
		go func() { defer s.bg.Done(); s.scans.ListenFinished(ctx, pg) }()
	}
	return nil
}

// ListenAndServe serves on cfg.Listen until ctx is done, then shuts down gracefully and
// closes the server.
func (s *Server) ListenAndServe(ctx context.Context) error {
	ln, err := net.Listen("tcp", s.cfg.Listen)
	if err != nil {
		s.Close(context.Background())
		return err
	}
	return s.Serve(ctx, ln)
}

// Serve is ListenAndServe on an existing listener, which it bounds to MaxConnsPerAddress
// connections per client address.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if s.cfg.MaxConnsPerAddress > 0 {
		ln = connlimit.NewListener(ln, s.cfg.MaxConnsPerAddress)
	}
	hs := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: 10 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	s.log.Info("serving", "listen", ln.Addr().String(), "public_url", s.cfg.PublicURL, "workers", s.cfg.Workers)
	select {
	case err := <-errc:
		s.Close(context.Background())
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownTimeout)
	defer cancel()
	s.log.Info("shutting down: finishing requests in flight")
	s.beginStop()
	err := hs.Shutdown(sctx)
	if cerr := s.Close(sctx); err == nil {
		err = cerr
	}
	return err
}

// Close stops the queue (running scans are cancelled and handed back, unfinished, to another
// worker or the next New), the webhook dispatcher and the janitor, and closes the store.
// Call it after the HTTP server stopped taking requests.
func (s *Server) Close(ctx context.Context) error {
	s.beginStop()
	s.closeOnce.Do(func() {
		err := s.queue.Stop(ctx)
		if s.bgCancel != nil {
			s.bgCancel()
		}
		s.bg.Wait()
		if cerr := s.store.Close(); err == nil {
			err = cerr
		}
		s.unlockWorker()
		s.closeErr = err
	})
	return s.closeErr
}

func (s *Server) beginStop() {
	s.stoppingOnce.Do(func() {
		close(s.stopping)
		s.hooksMu.Lock()
		hooks := s.shutdownHooks
		s.hooksMu.Unlock()
		for _, f := range hooks {
			f()
		}
	})
}

// OnShutdown registers f to run when the server begins to stop, before the store is closed:
// surfaces that hold long-lived connections (the WebSocket API) close them there, since
// http.Server.Shutdown neither closes nor waits for hijacked connections.
func (s *Server) OnShutdown(f func()) {
	s.hooksMu.Lock()
	s.shutdownHooks = append(s.shutdownHooks, f)
	s.hooksMu.Unlock()
}
