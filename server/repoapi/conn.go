package repoapi

import (
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/google/uuid"
	"golang.org/x/time/rate"

	"github.com/vigil-sec/vigil/server/clientaddr"
)

// conn is one WebSocket connection. One goroutine reads (and dispatches), one writes from a
// bounded queue, one pings; each scan or report request runs in its own goroutine, bounded by
// jobs. Nothing a scan does ever waits for the client: messages are queued without blocking,
// and a full queue disconnects the client.
type conn struct {
	api      *API
	ws       *websocket.Conn
	id       string
	remoteIP string

	ctx    context.Context
	cancel context.CancelFunc
	out    chan []byte
	jobs   chan struct{} // one token per scan or report being followed
	wg     sync.WaitGroup

	mu   sync.Mutex
	slow bool // disconnected for not reading
}

// goingAway ends the connection because the server is stopping: a close frame (1001) that the
// read loop sees answered, then the end of everything else. Cancelling first would drop the
// connection without a word, since a cancelled read closes it at once.
func (c *conn) goingAway() {
	go func() {
		c.ws.Close(websocket.StatusGoingAway, "server shutting down")
		c.cancel()
	}()
}

// serveWS upgrades GET /app/ws and runs the connection until either side ends it.
func (a *API) serveWS(w http.ResponseWriter, r *http.Request) {
	addr := clientaddr.Of(r)
	if !a.perAddr.Take(addr, a.cfg.MaxConnectionsPerAddress) {
		w.Header().Set("Retry-After", "10")
		writeJSON(w, http.StatusTooManyRequests, errorBody("too many connections from this address; close one or try again later"))
		return
	}
	defer a.perAddr.Give(addr)
	if a.conns.Add(1) > int64(a.cfg.MaxConnections) {
		a.conns.Add(-1)
		writeJSON(w, http.StatusServiceUnavailable, errorBody("too many connections; try again later"))
		return
	}
	defer a.conns.Add(-1)
	ws, err := websocket.Accept(w, r, &websocket.AcceptOptions{
		OriginPatterns:     a.cfg.OriginPatterns,
		InsecureSkipVerify: len(a.cfg.OriginPatterns) == 0, // see Config.OriginPatterns
	})
	if err != nil {
		return // Accept has answered the request
	}
	ws.SetReadLimit(a.cfg.HardMessageBytes)
	// The request's context ends with the hijacked connection's handler; the connection has
	// its own.
	ctx, cancel := context.WithCancel(context.WithoutCancel(r.Context()))
	c := &conn{
		api: a, ws: ws, id: uuid.NewString(), remoteIP: remoteIP(r),
		ctx: ctx, cancel: cancel,
		out:  make(chan []byte, a.cfg.SendQueue),
		jobs: make(chan struct{}, a.cfg.MaxJobs),
	}
	if !a.track(c) {
		cancel()
		ws.Close(websocket.StatusGoingAway, "server shutting down")
		return
	}
	defer a.untrack(c)
	c.run()
}

func (c *conn) run() {
	var bg sync.WaitGroup
	bg.Add(2)
	go func() { defer bg.Done(); c.writeLoop() }()
	go func() { defer bg.Done(); c.pingLoop() }()
	c.send(connectionMsg{Type: typeConnection, ConnectionID: c.id, EventTimestamp: now()})
	c.readLoop()
	c.cancel()
	c.mu.Lock()
	slow := c.slow
	c.mu.Unlock()
	if slow {
		// No close frame: the client is not reading, a polite close would only wait.
		c.api.cfg.Logger.Info("repository scan API: disconnected a client that does not read", "connection_id", c.id)
	}
	c.ws.CloseNow()
	bg.Wait()
	c.wg.Wait() // job goroutines end with ctx; their scans go on in the job runner
}

// readLoop reads and dispatches messages until the connection ends.
func (c *conn) readLoop() {
	cfg := c.api.cfg
	limiter := rate.NewLimiter(rate.Limit(cfg.MessagesPerSecond), cfg.MessageBurst)
	for {
		_, r, err := c.ws.Reader(c.ctx)
		if err != nil {
			return
		}
		data, err := io.ReadAll(io.LimitReader(r, cfg.MaxMessageBytes+1))
		if err != nil {
			return // beyond HardMessageBytes the library closes with 1009
		}
		if int64(len(data)) > cfg.MaxMessageBytes {
			if _, err := io.Copy(io.Discard, r); err != nil {
				return
			}
			c.sendError("", "", codeTooLarge, "", "message larger than the limit of the connection; it was dropped")
			continue
		}
		if !limiter.Allow() {
			c.sendError("", "", codeRateLimited, "", "too many messages; this one was dropped, slow down")
			continue
		}
		c.dispatch(data)
	}
}

// writeLoop writes queued messages; a write that fails or times out ends the connection.
func (c *conn) writeLoop() {
	for {
		select {
		case <-c.ctx.Done():
			return
		case b := <-c.out:
			wctx, cancel := context.WithTimeout(c.ctx, c.api.cfg.WriteTimeout)
			err := c.ws.Write(wctx, websocket.MessageText, b)
			cancel()
			if err != nil {
				c.cancel()
				return
			}
		}
	}
}

// pingLoop finds clients that vanished without closing.
func (c *conn) pingLoop() {
	t := time.NewTicker(c.api.cfg.PingInterval)
	defer t.Stop()
	for {
		select {
		case <-c.ctx.Done():
			return
		case <-t.C:
			pctx, cancel := context.WithTimeout(c.ctx, c.api.cfg.WriteTimeout)
			err := c.ws.Ping(pctx)
			cancel()
			if err != nil {
				c.cancel()
				return
			}
		}
	}
}

// send queues a message without waiting. A full queue means the client is not reading: it is
// disconnected rather than let it hold anything up.
func (c *conn) send(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		c.api.cfg.Logger.Error("repository scan API: encoding a message", "err", err)
		return
	}
	if c.ctx.Err() != nil {
		return
	}
	select {
	case c.out <- b:
	default:
		c.mu.Lock()
		c.slow = true
		c.mu.Unlock()
		c.cancel()
	}
}

func (c *conn) sendError(requestType, requestUUID, code, field, msg string) {
	c.send(errorMsg{Type: typeError, RequestUUID: requestUUID, EventTimestamp: now(),
		Payload: errorPayload{Code: code, Field: field, Message: msg, RequestType: requestType}})
}

func (c *conn) sendFieldError(requestType, requestUUID string, e *fieldError) {
	c.sendError(requestType, requestUUID, codeInvalidField, e.field, e.Error())
}

// job runs f in its own goroutine holding one of the connection's job slots; false when all
// are taken.
func (c *conn) job(f func()) bool {
	select {
	case c.jobs <- struct{}{}:
	default:
		return false
	}
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		defer func() { <-c.jobs }()
		f()
	}()
	return true
}

// dispatch reads the envelope {"action":"message","payload":{"type":...}} and hands the
// payload to its handler.
func (c *conn) dispatch(data []byte) {
	if !json.Valid(data) {
		c.sendError("", "", codeInvalidJSON, "", "the message is not valid JSON")
		return
	}
	env, ferr := parseObject("", data)
	if ferr != nil {
		c.sendError("", "", codeInvalidMessage, "", "the message must be a JSON object")
		return
	}
	action, ferr := env.str("action", true, 64)
	if ferr != nil {
		c.sendFieldError("", "", ferr)
		return
	}
	if action != "message" {
		c.sendError("", "", codeInvalidField, "action", `action: must be "message"`)
		return
	}
	payload, ferr := env.object("payload")
	if ferr != nil {
		c.sendFieldError("", "", ferr)
		return
	}
	typ, ferr := payload.str("type", true, 64)
	if ferr != nil {
		c.sendFieldError("", "", ferr)
		return
	}
	switch typ {
	case typeInitiate:
		c.initiate(payload)
	case typeGenerate:
		c.generate(payload)
	default:
		c.sendError("", "", codeUnknownType, "payload.type",
			"payload.type: unknown message type; expected "+typeInitiate+" or "+typeGenerate)
	}
}

// remoteIP is the client's address as the server sees it, for siteverify's remoteip. Proxy
// headers are not trusted: anyone can set them.
func remoteIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return ""
	}
	return host
}
