package web_test

import (
	"bufio"
	"context"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/vigil-sec/vigil/report"
	"github.com/vigil-sec/vigil/scan/workspace"
	"github.com/vigil-sec/vigil/server/engine"
)

// stuckEngine runs scans that never end on their own: a scan stays running for as long as a
// test needs it to.
type stuckEngine struct{ started chan string }

func (e stuckEngine) Scan(ctx context.Context, _ *workspace.Workspace, opts engine.ScanOptions) (*report.ScanReport, error) {
	e.started <- opts.ScanID
	<-ctx.Done()
	return nil, ctx.Err()
}

// An open live-progress stream checks its session as a request would, at every poll: revoking
// the key (vigil keys revoke) ends it with a signed_out event, whatever the scan is doing.
func TestLiveProgressEndsWhenTheKeyIsRevoked(t *testing.T) {
	eng := stuckEngine{started: make(chan string, 1)}
	d := newDashWith(t, eng)
	src, err := os.ReadFile("testdata/Vault.sol")
	if err != nil {
		t.Fatal(err)
	}
	b := d.browser(t)
	b.login(d.newKey(t, "alice"))
	b.get("/")
	p := b.postFiles("/projects/upload", url.Values{"name": {"vault"}}, map[string]string{"Vault.sol": string(src)})
	scanID := strings.TrimPrefix(p.header.Get("Location"), "/scans/")
	if got := <-eng.started; got != scanID {
		t.Fatalf("engine ran %s, want %s", got, scanID)
	}
	req, _ := http.NewRequest(http.MethodGet, b.base+"/scans/"+scanID+"/events", nil)
	resp, err := b.c.Do(req)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("events: %v %v", err, resp)
	}
	defer resp.Body.Close()
	events := make(chan string, 16)
	go func() {
		defer close(events)
		sc := bufio.NewScanner(resp.Body)
		for sc.Scan() {
			if name, ok := strings.CutPrefix(sc.Text(), "event: "); ok {
				events <- name
			}
		}
	}()
	if e := <-events; e != "progress" {
		t.Fatalf("first event %q", e)
	}
	keys, _ := d.srv.Store().ListKeys(context.Background())
	for _, k := range keys {
		d.srv.Store().RevokeKey(context.Background(), k.ID, time.Now())
	}
	deadline := time.After(time.Minute) // a bound for a hung stream, not a measured time
	for {
		select {
		case e, open := <-events:
			if !open {
				t.Fatal("the stream ended without saying why")
			}
			if e == "signed_out" {
				if _, open := <-events; open {
					t.Fatal("the stream went on after signed_out")
				}
				return
			}
		case <-deadline:
			t.Fatal("the stream kept sending after its key was revoked")
		}
	}
}
