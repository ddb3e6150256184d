package workspace

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"github.com/go-git/go-git/v5"

	"github.com/vigil-sec/vigil/scan/netguard"
)

// The early host check passes (127.0.0.1 is allowed here), then the server redirects the
// clone to 127.0.0.2, which is not: the guarded transport refuses the second hop when it dials,
// which is also what stops a DNS answer that changes between the check and the dial.
func TestFromGitRedirectToRefusedAddress(t *testing.T) {
	s, _ := newGitServer(t)
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("cannot listen on 127.0.0.2: %v", err)
	}
	inner := httptest.NewUnstartedServer(s.Config.Handler)
	inner.Listener.Close()
	inner.Listener = ln
	inner.Start()
	defer inner.Close()
	outer := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, inner.URL+r.URL.RequestURI(), http.StatusFound)
	}))
	defer outer.Close()

	only1 := netguard.Policy{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
	tmp := t.TempDir()
	_, err = FromGit(bg, GitSource{URL: outer.URL + "/repo.git"}, Options{Network: only1, TempDir: tmp})
	mustRefuse(t, err, netguard.ErrBlocked, "127.0.0.2")
	if left := tempEntries(t, tmp); len(left) != 0 {
		t.Errorf("refused clone left %v", left)
	}

	// Allowed, the same redirect is followed and the clone succeeds.
	w, err := FromGit(bg, GitSource{URL: outer.URL + "/repo.git"}, Options{Network: loopback})
	if err != nil {
		t.Fatal(err)
	}
	w.Close()
}

// Other code cloning through go-git in the same process, without FromGit's context, gets the
// strict policy from the transport this package installs.
func TestInstalledTransportIsStrictByDefault(t *testing.T) {
	s, _ := newGitServer(t)
	installGitTransport()
	_, err := git.PlainCloneContext(bg, t.TempDir(), true, &git.CloneOptions{URL: s.URL + "/repo.git", Depth: 1})
	if err == nil || !(errors.Is(err, netguard.ErrBlocked) || strings.Contains(err.Error(), "loopback")) {
		t.Fatalf("plain go-git clone of a loopback server: %v", err)
	}
}

// Clones running at once each keep their own policy and budget.
func TestFromGitConcurrent(t *testing.T) {
	s, r := newGitServer(t)
	type result struct {
		commit string
		err    error
	}
	opts := []Options{
		{Network: loopback},
		{Network: netguard.Policy{}},                           // refused
		{Network: loopback, Limits: Limits{MaxRepoBytes: 600}}, // over budget
		{Network: netguard.Policy{AllowPrivate: true}},
	}
	results := make([]result, len(opts))
	done := make(chan int)
	for i, o := range opts {
		go func() {
			w, err := FromGit(bg, GitSource{URL: s.URL + "/repo.git"}, o)
			if err == nil {
				results[i].commit = w.Commit
				w.Close()
			}
			results[i].err = err
			done <- i
		}()
	}
	for range opts {
		<-done
	}
	if results[0].commit != r.second || results[3].commit != r.second {
		t.Errorf("allowed clones: %+v %+v", results[0], results[3])
	}
	if !errors.Is(results[1].err, netguard.ErrBlocked) {
		t.Errorf("strict clone: %v", results[1].err)
	}
	if !errors.Is(results[2].err, ErrLimit) {
		t.Errorf("small-budget clone: %v", results[2].err)
	}
}
