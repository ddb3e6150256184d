package workspace

import (
	"context"
	"errors"
	"io"
	"net/http"
	"sync"

	"github.com/go-git/go-git/v5/plumbing/transport/client"
	githttp "github.com/go-git/go-git/v5/plumbing/transport/http"

	"github.com/vigil-sec/vigil/scan/netguard"
)

// go-git chooses its HTTP client from a process-wide table of protocols, not per clone. This
// package installs, once, a client whose transport takes everything per clone from the request
// context (go-git passes the clone's context to every request): the network policy and the
// download budget. A request without them - another package cloning through go-git - gets the
// strict policy, so installing it can only make other users safer.
var installOnce sync.Once

func installGitTransport() {
	installOnce.Do(func() {
		c := githttp.NewClient(&http.Client{Transport: dispatch{}})
		client.InstallProtocol("http", c)
		client.InstallProtocol("https", c)
	})
}

type fetchKey struct{}

// fetchState is what one FromGit call shares with its HTTP requests.
type fetchState struct {
	rt      *http.Transport // guarded by the clone's policy; its own connection pool
	limit   int64
	mu      sync.Mutex
	read    int64
	over    bool // the download passed limit
	blocked error
}

func (s *fetchState) add(n int) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.read += int64(n)
	if s.read > s.limit {
		s.over = true
	}
	return s.over
}

func (s *fetchState) status() (over bool, blocked error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.over, s.blocked
}

var strictTransport = sync.OnceValue(func() http.RoundTripper { return netguard.Policy{}.Transport() })

// dispatch routes a go-git request through the transport of its clone.
type dispatch struct{}

func (dispatch) RoundTrip(req *http.Request) (*http.Response, error) {
	st, _ := req.Context().Value(fetchKey{}).(*fetchState)
	if st == nil {
		return strictTransport().RoundTrip(req)
	}
	resp, err := st.rt.RoundTrip(req)
	if err != nil {
		// go-git wraps transport errors without Unwrap; remember the refusal here so FromGit
		// can report it as such.
		if errors.Is(err, netguard.ErrBlocked) {
			st.mu.Lock()
			st.blocked = err
			st.mu.Unlock()
		}
		return nil, err
	}
	resp.Body = &countedBody{ReadCloser: resp.Body, st: st}
	return resp, nil
}

// errTooBig ends a download that went past max_repo_bytes.
var errTooBig = errors.New("download limit reached")

// countedBody charges every byte read to the clone's budget and fails once it is spent, which
// aborts go-git mid-pack instead of letting a huge repository fill the disk.
type countedBody struct {
	io.ReadCloser
	st *fetchState
}

func (b *countedBody) Read(p []byte) (int, error) {
	n, err := b.ReadCloser.Read(p)
	if b.st.add(n) {
		return 0, errTooBig
	}
	return n, err
}

func withFetchState(ctx context.Context, st *fetchState) context.Context {
	return context.WithValue(ctx, fetchKey{}, st)
}
