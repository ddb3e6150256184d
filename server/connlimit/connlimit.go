// Package connlimit bounds slow and many connections. The header of a request must arrive
// within the server's ReadHeaderTimeout (server/lifecycle.go); a body is read under a deadline
// that moves with the bytes that arrive (BodyDeadline), so a client trickling a body is cut
// while a slow but real upload goes on; and one client address holds at most a number of
// connections (Listener), so that it cannot take every socket and goroutine of the server.
package connlimit

import (
	"errors"
	"io"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/vigil-sec/vigil/server/clientaddr"
	"github.com/vigil-sec/vigil/server/slots"
)

// BodyDeadline reads request bodies under a deadline: grace from the first read, plus the
// time the bytes read so far need at minRate bytes per second. A body that falls behind fails
// with a timeout; the handler answers as for any broken body, and the server closes the
// connection.
func BodyDeadline(grace time.Duration, minRate int64, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Body != nil && r.Body != http.NoBody {
			r.Body = &deadlineBody{rc: r.Body, ctl: http.NewResponseController(w), grace: grace, minRate: minRate}
		}
		next.ServeHTTP(w, r)
	})
}

type deadlineBody struct {
	rc      io.ReadCloser
	ctl     *http.ResponseController
	grace   time.Duration
	minRate int64

	start time.Time
	read  int64
}

func (b *deadlineBody) Read(p []byte) (int, error) {
	if b.start.IsZero() {
		b.start = time.Now()
	}
	allowed := b.grace + time.Duration(float64(b.read)/float64(b.minRate)*float64(time.Second))
	// A server that cannot set deadlines (a test's recorder) reads without one.
	b.ctl.SetReadDeadline(b.start.Add(allowed))
	n, err := b.rc.Read(p)
	b.read += int64(n)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		err = errSlowBody
	}
	return n, err
}

func (b *deadlineBody) Close() error { return b.rc.Close() }

// errSlowBody is a body that arrived slower than the server reads bodies.
var errSlowBody = errors.New("the request body arrived too slowly; the connection was closed")

// Listener refuses a connection from an address that already holds max of them: it is
// answered 429 (with Retry-After) and closed at once, before anything is read from it.
type Listener struct {
	net.Listener
	max  int
	open slots.Counter[string]
}

// NewListener bounds ln to max connections per client address (clientaddr).
func NewListener(ln net.Listener, max int) *Listener {
	return &Listener{Listener: ln, max: max}
}

// tooManyConns is written to a refused connection: an HTTP/1.1 answer a client can read
// whatever it was about to send.
var tooManyConns = func() string {
	body := `{"error":"too many connections from this address; try again later"}` + "\n"
	return "HTTP/1.1 429 Too Many Requests\r\nContent-Type: application/json\r\nRetry-After: 5\r\nConnection: close\r\n" +
		"Content-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}()

// Accept returns the next connection of an address under its bound.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		addr := clientaddr.OfConn(c)
		if !l.open.Take(addr, l.max) {
			// Written and closed apart from the accept loop: a client that does not read must
			// not hold up the next connection.
			go func() {
				c.SetWriteDeadline(time.Now().Add(2 * time.Second))
				io.WriteString(c, tooManyConns)
				c.Close()
			}()
			continue
		}
		return &countedConn{Conn: c, release: func() { l.open.Give(addr) }}, nil
	}
}

// countedConn gives its address's slot back when closed (once, however often it is closed).
type countedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *countedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
